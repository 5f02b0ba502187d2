/**
 * Which option a question's answer names, one rule for the import, the admin screens and the
 * projector. An answer names an option by its text (any case, with or without diacritics) or by its
 * letter: "B", "b", "B.", "B)", "Phương án B", "Đáp án: B", or both: "B. Huế". A letter is read as a position only when
 * no option's own text is that letter (options "A", "B", "C" are texts).
 */
import { foldVietnamese } from './text';

export const OPTION_LETTERS = 'ABCDEFGHIJ';

/** A, B, C… for the option at this position. */
export function optionLetter(index: number): string {
  return OPTION_LETTERS[index] ?? String(index + 1);
}

// "b", "b.", "b)", "phuong an b", "dap an: b", "pa b", "option b", "cau b": the letter is the last word.
const LETTER_ANSWER = /^(?:(?:phuong an|dap an|lua chon|pa|option|answer|cau)\s*[:.]?\s*)?([a-j])\s*[.):]?$/;

/** The letter an answer is written as ("Phương án B" → 1), or -1 when it is not a letter. */
export function answerLetterIndex(answer: string): number {
  const match = LETTER_ANSWER.exec(foldVietnamese(answer));
  return match ? OPTION_LETTERS.indexOf(match[1]!.toUpperCase()) : -1;
}

export type AnswerReading =
  /** No options: the answer is free text, kept as written. */
  | { kind: 'free' }
  /** No answer given. */
  | { kind: 'empty' }
  /** The option at `index`, named by its text or by its letter. */
  | { kind: 'option'; index: number; by: 'text' | 'letter' }
  /** A letter past the last option ("E" with four). */
  | { kind: 'letterOutOfRange'; letter: string }
  /** Neither an option's text nor a letter. */
  | { kind: 'noMatch' };

export function readAnswer(answer: string, options: readonly string[]): AnswerReading {
  const text = answer.trim();
  if (!text) return { kind: 'empty' };
  if (!options.length) return { kind: 'free' };
  const folded = foldVietnamese(text);
  const byText = options.findIndex((option) => foldVietnamese(option) === folded);
  if (byText >= 0) return { kind: 'option', index: byText, by: 'text' };
  // "B. Huế": a letter followed by its own option's text.
  const spelled = /^([a-j])\s*[.):]\s*(.+)$/.exec(folded);
  if (spelled) {
    const index = OPTION_LETTERS.indexOf(spelled[1]!.toUpperCase());
    if (index < options.length && foldVietnamese(options[index]!) === spelled[2]) return { kind: 'option', index, by: 'letter' };
  }
  const letter = answerLetterIndex(text);
  if (letter < 0) return { kind: 'noMatch' };
  if (letter >= options.length) return { kind: 'letterOutOfRange', letter: optionLetter(letter) };
  return { kind: 'option', index: letter, by: 'letter' };
}

/** The position of the right option, or -1 (no options, no answer, or one that names none). */
export function rightOptionIndex(question: { answer?: string | null; options: readonly string[] }): number {
  const reading = readAnswer(question.answer ?? '', question.options);
  return reading.kind === 'option' ? reading.index : -1;
}
