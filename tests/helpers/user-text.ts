/**
 * What must never reach a person's eyes: English words that leak from code (a failed fetch, a type
 * name, true/false), zod's generic locale wording, raw ids and raw rule strings. `findUnfitText` is
 * shared by the unit tests over the catalogue and the schemas and by browser tests that read a screen.
 */

/** English words of code and errors, matched as whole words in any case ("Failed to fetch", "NaN"). */
export const DENIED_WORDS = [
  'failed',
  'error',
  'fetch',
  'undefined',
  'null',
  'NaN',
  'string',
  'number',
  'boolean',
  'object',
  'array',
  'true',
  'false',
  'invalid',
  'required',
  'expected',
  'received',
  'websocket',
  'unknown',
] as const;

/** zod's own wording (English and its Vietnamese locale), which names types instead of fields. */
const ZOD_GENERIC = [
  'mong đợi',
  'Quá nhỏ:',
  'Quá lớn:',
  'Đầu vào không hợp lệ',
  'Tùy chọn không hợp lệ',
  'Khóa không được nhận biết',
  'Chuỗi không hợp lệ',
  'Số không hợp lệ',
  'Giá trị không hợp lệ trong',
  'Invalid input',
  'Too small',
  'Too big',
  'Unrecognized key',
];

const wordPattern = new RegExp(`(?<![\\p{L}\\p{N}_])(${DENIED_WORDS.join('|')})(?![\\p{L}\\p{N}_])`, 'giu');
/** A uuid, whole or cut short ("7b3ae5cc-…", "7b3ae5cc-1f2e"). */
const uuidPattern = /(?<![\p{L}\p{N}])[0-9a-f]{8}-(?:[0-9a-f]{4}|…|\.\.\.)[0-9a-f-]*…?/giu;
/** A long random token or hash: 20+ letters, digits, '-' or '_', with both letters and digits. */
const tokenPattern = /(?<![\p{L}\p{N}_/=?-])(?=[A-Za-z0-9_-]*\d)(?=[A-Za-z0-9_-]*[A-Za-z])[A-Za-z0-9_-]{20,}(?![\p{L}\p{N}_-])/gu;
/** A rule or reason as code writes it: `star:wrong:-30`, `keyword:7b3a…: right` (a web address is not one). */
const rulePattern = /(?<![\p{L}\p{N}_/.])(?!https?:|mailto:)[a-z][A-Za-z]*:(?!\/\/)[A-Za-z0-9_-][^\s,;)]*/gu;

/** The fragments of `text` no person should read; empty when the text is fit to show. */
export function findUnfitText(text: string): string[] {
  const found: string[] = [];
  for (const phrase of ZOD_GENERIC) if (text.includes(phrase)) found.push(phrase);
  for (const pattern of [wordPattern, uuidPattern, tokenPattern, rulePattern]) {
    for (const match of text.matchAll(pattern)) found.push(match[0]);
  }
  return [...new Set(found)];
}

/** Whether a text is written in Vietnamese: it has at least one letter with a Vietnamese diacritic or đ. */
export function looksVietnamese(text: string): boolean {
  return /[àáảãạăằắẳẵặâầấẩẫậèéẻẽẹêềếểễệìíỉĩịòóỏõọôồốổỗộơờớởỡợùúủũụưừứửữựỳýỷỹỵđ]/i.test(text);
}
