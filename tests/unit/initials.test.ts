import { describe, expect, it } from 'vitest';
import { initials } from '../../src/initials';

/** Names and the initials they give, by the rule they show. */
const CASES: [rule: string, cases: [name: string, expected: string][]][] = [
  [
    'skips the school type and takes the first and last distinctive words',
    [
      ['Trường THCS Chu Văn An', 'CA'],
      ['THPT Chuyên Lê Hồng Phong', 'LP'],
      ['Đội Hoa Sen', 'HS'],
      ['CLB Tin học trẻ', 'TT'],
    ],
  ],
  [
    'keeps a letter with its diacritics, upper-cased',
    [
      ['đội ước mơ', 'ƯM'],
      ['Ơn Đời', 'ƠĐ'],
      ['Nguyễn Thị Hoa', 'NH'],
      ['đèn', 'Đ'],
    ],
  ],
  ['reads the same letters from a name written in decomposed Unicode', [['Đội Ước mơ'.normalize('NFD'), 'ƯM']]],
  [
    'ignores brackets, quotes and dashes',
    [
      ['«Đèn xanh»', 'ĐX'],
      ['"Ánh Dương"', 'ÁD'],
      ['Chu Văn An – Hà Nội', 'CN'],
      ['(Lớp 9A1)', '9A1'],
    ],
  ],
  [
    'gives one letter for a one-word name and keeps a class code whole up to three characters',
    [
      ['Sen', 'S'],
      ['  admin  ', 'A'],
      ['Lớp 12A', '12A'],
      ['Lớp 10A12', '10A'],
    ],
  ],
  [
    'drops emoji and keeps numbers',
    [
      ['🐉 Rồng Vàng 🐉', 'RV'],
      ['Đội 1', '1'],
      ['Nhóm 2 Sao', '2S'],
    ],
  ],
  [
    'keeps generic words when nothing else is left',
    [
      ['Đội', 'Đ'],
      ['Trường THCS', 'TT'],
    ],
  ],
  [
    'shows a question mark when nothing is usable',
    [
      ['', '?'],
      ['   ', '?'],
      ['🎉🎉', '?'],
      ['«»', '?'],
    ],
  ],
];

describe('initials', () => {
  describe.each(CASES)('%s', (_rule, cases) => {
    it.each(cases)('%j gives %j', (name, expected) => {
      expect(initials(name)).toBe(expected);
    });
  });
});
