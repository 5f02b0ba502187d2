/**
 * The one rule for the letters shown in place of a missing logo or photo, on every screen (projector,
 * ballot, team cards, the home page, the user menu), so a team reads the same everywhere:
 *
 * 1. Words are runs of letters and digits; brackets, quotes, dashes, emoji and other marks are not
 *    part of any word ("«Đèn xanh»" → "Đèn", "xanh").
 * 2. Generic words that many names share are skipped (school types "Trường", "THPT", "THCS", "TH",
 *    "Chuyên", and team kinds "Đội", "Lớp", "Nhóm", "CLB"), unless nothing else is left.
 * 3. Two words or more: the first letter of the first and of the last word ("Trường THCS Chu Văn
 *    An" → "CA", "Nguyễn Thị Hoa" → "NH"). One word: its first letter ("Sen" → "S"), except a class
 *    code that starts with a digit, which keeps up to three characters ("(Lớp 9A1)" → "9A1").
 * 4. Letters keep their diacritics and are upper-cased the Vietnamese way ("đèn" → "Đ", "ước" → "Ư").
 * 5. Nothing usable (an empty name, emoji only): "?".
 */

const GENERIC_WORDS = new Set(['trường', 'thpt', 'thcs', 'th', 'chuyên', 'đội', 'lớp', 'nhóm', 'clb']);
const CLASS_CODE_LENGTH = 3;

export function initials(name: string): string {
  const all = name.normalize('NFC').match(/[\p{L}\p{N}][\p{L}\p{M}\p{N}]*/gu) ?? [];
  const distinctive = all.filter((word) => !GENERIC_WORDS.has(word.toLocaleLowerCase('vi')));
  const words = distinctive.length > 0 ? distinctive : all;
  const first = words[0];
  const last = words[words.length - 1];
  if (first === undefined || last === undefined) return '?';
  const letters =
    words.length > 1
      ? firstCharacter(first) + firstCharacter(last)
      : /^\p{N}/u.test(first)
        ? [...first].slice(0, CLASS_CODE_LENGTH).join('')
        : firstCharacter(first);
  return letters.toLocaleUpperCase('vi');
}

/** The word's first character with any combining marks that belong to it (NFC leaves few). */
function firstCharacter(word: string): string {
  return word.match(/^.\p{M}*/u)?.[0] ?? '';
}
