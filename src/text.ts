/** Text helpers shared by server and client. */

/** Lowercase without Vietnamese diacritics ("Đỗ Thị Ánh" → "do thi anh"), for searching. */
export function foldVietnamese(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/đ/g, 'd')
    .replace(/Đ/g, 'D')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}
