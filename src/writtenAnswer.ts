/**
 * Written answers judged fairly: before a reveal the answers are grouped by their normalised form,
 * so "Hồ Gươm", "hồ gươm." and "Ho Guom" are one group, counted once, and matched against the
 * accepted answers. Shared by the server (grouping, matching) and the console (showing the groups).
 *
 * The normalised form folds case, spaces, punctuation and diacritics (đ as d). When the accepted
 * answer is a number, an answer that reads as a number is compared as that number: a comma is the
 * decimal mark, a dot or a space followed by exactly three digits separates thousands ("1.500" =
 * "1500", "1,5" = "1.5" = "1,50"). Otherwise digits keep their separators ("1,5" and "1.5" differ).
 */

/** A number as written in Vietnamese ("1.234,5", "-0,25", "1 500"), or null when the text is not one. */
export function readNumber(text: string): number | null {
  const match = /^([+\-\u2212]?)\s*(\d+(?:[., ]\d+)*)$/.exec(text.trim());
  if (!match) return null;
  const negative = match[1] === '-' || match[1] === '\u2212';
  const parts = match[2]!.split(/([., ])/);
  const groups = parts.filter((_, i) => i % 2 === 0);
  const separators = parts.filter((_, i) => i % 2 === 1);
  let whole = groups[0]!;
  let fraction = '';
  for (const [i, separator] of separators.entries()) {
    const next = groups[i + 1]!;
    const last = i === separators.length - 1;
    const thousands = next.length === 3 && separator !== ',';
    if (thousands && !fraction) whole += next;
    else if (last && separator !== ' ') fraction = next;
    else return null;
  }
  const value = Number(`${whole}.${fraction || '0'}`);
  if (!Number.isFinite(value)) return null;
  return negative && value !== 0 ? -value : value;
}

/**
 * The text form of an answer: lower case, no diacritics (đ as d), punctuation gone, one space between
 * words. A dot or comma between two digits is kept as it is ("1,5" is neither "15" nor "1.5").
 */
export function foldAnswer(text: string): string {
  const words = text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[đĐ]/g, 'd')
    .toLowerCase()
    .replace(/['\u2018\u2019`\u00b4]/g, '')
    .match(/(?:[\p{L}\p{N}]|(?<=\d)[.,](?=\d))+/gu);
  return words?.join(' ') ?? '';
}

/** Whether the accepted answers ask for a number: then answers are compared as numbers. */
export function numericAnswers(accepted: readonly string[]): boolean {
  return accepted.length > 0 && accepted.every((answer) => readNumber(answer) !== null);
}

/**
 * The key two answers share when they are the same answer: `#1500` for a number (only when `numeric`),
 * otherwise the folded text. An empty answer has the key ''.
 */
export function answerKey(answer: string, numeric: boolean): string {
  if (numeric) {
    const value = readNumber(answer);
    if (value !== null) return `#${value}`;
  }
  return foldAnswer(answer);
}

export interface AnswerGroup<T> {
  key: string;
  /** The form most of the group wrote (the first seen among equals), to show for the group. */
  shown: string;
  count: number;
  /** It matches an accepted answer. */
  accepted: boolean;
  items: T[];
}

/**
 * The answers grouped by key, most common first (then by the form shown), each marked when it
 * matches one of `accepted` or one of the groups accepted by hand (`alsoAccepted`, keys). Empty
 * answers are left out: a missing answer is wrong whatever was accepted.
 */
export function groupAnswers<T>(
  items: readonly T[],
  answerOf: (item: T) => string,
  accepted: readonly string[],
  alsoAccepted: readonly string[] = [],
): AnswerGroup<T>[] {
  const numeric = numericAnswers(accepted);
  const acceptedKeys = new Set([...accepted.map((answer) => answerKey(answer, numeric)), ...alsoAccepted]);
  acceptedKeys.delete('');
  const groups = new Map<string, { items: T[]; forms: Map<string, number> }>();
  for (const item of items) {
    const answer = answerOf(item).trim();
    const key = answerKey(answer, numeric);
    if (!key) continue;
    let group = groups.get(key);
    if (!group) {
      group = { items: [], forms: new Map() };
      groups.set(key, group);
    }
    group.items.push(item);
    group.forms.set(answer, (group.forms.get(answer) ?? 0) + 1);
  }
  return [...groups.entries()]
    .map(([key, group]) => {
      let shown = '';
      let most = 0;
      for (const [form, count] of group.forms) {
        if (count > most) [shown, most] = [form, count];
      }
      return { key, shown, count: group.items.length, accepted: acceptedKeys.has(key), items: group.items };
    })
    .sort((a, b) => b.count - a.count || a.shown.localeCompare(b.shown, 'vi'));
}
