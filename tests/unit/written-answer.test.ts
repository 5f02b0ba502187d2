/**
 * Written answers grouped by their normalised form (src/writtenAnswer.ts), on answers as students
 * type them: with and without diacritics, in any case, with stray punctuation and spaces, numbers
 * with a decimal comma or thousands dots.
 */
import { describe, expect, it } from 'vitest';
import { answerKey, foldAnswer, groupAnswers, numericAnswers, readNumber } from '../../src/writtenAnswer';

describe('the text form of an answer', () => {
  it.each([
    ['Hồ Gươm', 'ho guom'],
    ['hồ gươm.', 'ho guom'],
    ['HO GUOM', 'ho guom'],
    ['  Hồ   Gươm  ', 'ho guom'],
    ['Hồ Hoàn Kiếm!', 'ho hoan kiem'],
    ['Đống Đa', 'dong da'],
    ['đống đa', 'dong da'],
    ['Dong Da', 'dong da'],
    ['Nguyễn Trãi', 'nguyen trai'],
    ['Nguyễn Trải', 'nguyen trai'],
    ['hoà bình', 'hoa binh'],
    ['hòa bình', 'hoa binh'],
    ['Bà Rịa – Vũng Tàu', 'ba ria vung tau'],
    ['Bà Rịa-Vũng Tàu', 'ba ria vung tau'],
    ['"Truyện Kiều"', 'truyen kieu'],
    ['Chiến thắng Điện Biên Phủ (1954)', 'chien thang dien bien phu 1954'],
    ['Thánh Gióng', 'thanh giong'],
    ['Ngô Quyền; năm 938', 'ngo quyen nam 938'],
    ["O'Neill", 'oneill'],
    ['H₂O', 'h₂o'],
    ['1,5 lít', '1,5 lit'],
    ['1.5 lít', '1.5 lit'],
    ['', ''],
    ['...', ''],
  ])('%j → %j', (answer, folded) => {
    expect(foldAnswer(answer)).toBe(folded);
  });

  it('keeps "ư" and "u", "ơ" and "o" apart from other letters only by their marks', () => {
    expect(foldAnswer('Trưng Trắc')).toBe(foldAnswer('Trung Trac'));
    expect(foldAnswer('Trưng Trắc')).not.toBe(foldAnswer('Trưng Nhị'));
  });
});

describe('a number as written in Vietnamese', () => {
  it.each([
    ['1945', 1945],
    ['05', 5],
    ['1,5', 1.5],
    ['1.5', 1.5],
    ['1,50', 1.5],
    ['0,25', 0.25],
    ['1.500', 1500],
    ['1 500', 1500],
    ['1.234.567', 1234567],
    ['1.234,5', 1234.5],
    ['-3', -3],
    ['\u22123,5', -3.5],
    ['-0', 0],
    ['+7', 7],
    [' 42 ', 42],
  ])('%j is %d', (text, value) => {
    expect(readNumber(text)).toBe(value);
  });

  it.each(['', 'mười', '1,234.5', '1.23.456', '1 5', '1,2,3', '12a', '1.500,5,0', '1/2', '50%'])('%j is not a number', (text) => {
    expect(readNumber(text)).toBeNull();
  });

  it('reads a comma with three digits after it as a decimal mark', () => {
    expect(readNumber('1,500')).toBe(1.5);
  });
});

describe('answer keys', () => {
  it('compares as numbers only when the accepted answer is a number', () => {
    expect(numericAnswers(['1,5'])).toBe(true);
    expect(numericAnswers(['Hồ Gươm'])).toBe(false);
    expect(numericAnswers([])).toBe(false);
    expect(answerKey('1,5', true)).toBe(answerKey('1.50', true));
    expect(answerKey('1,5', false)).not.toBe(answerKey('1.5', false));
    expect(answerKey('15', false)).not.toBe(answerKey('1,5', false));
    expect(answerKey('1.500', true)).toBe(answerKey('1500', true));
    expect(answerKey('1.500', false)).not.toBe(answerKey('1500', false));
  });

  it('falls back to the text form for an answer that is no number, when a number is asked', () => {
    expect(answerKey('mười lăm', true)).toBe('muoi lam');
  });
});

describe('grouping', () => {
  const answers = [
    { sbd: '001', answer: 'Hồ Gươm' },
    { sbd: '002', answer: 'ho guom' },
    { sbd: '003', answer: 'Hồ Hoàn Kiếm' },
    { sbd: '004', answer: 'Hồ Gươm.' },
    { sbd: '005', answer: 'Hồ Tây' },
    { sbd: '006', answer: '   ' },
    { sbd: '007', answer: 'HỒ GƯƠM' },
    { sbd: '008', answer: 'hồ hoàn kiếm' },
  ];

  it('puts each answer in the group of its normalised form, most common first, and leaves out empty ones', () => {
    const groups = groupAnswers(answers, (a) => a.answer, ['Hồ Gươm']);
    expect(groups.map((g) => [g.key, g.count, g.accepted])).toEqual([
      ['ho guom', 4, true],
      ['ho hoan kiem', 2, false],
      ['ho tay', 1, false],
    ]);
    expect(groups[0]!.items.map((a) => a.sbd)).toEqual(['001', '002', '004', '007']);
    expect(groups.flatMap((g) => g.items).map((a) => a.sbd)).not.toContain('006');
  });

  it('shows a group by the form most wrote', () => {
    const groups = groupAnswers([{ answer: 'ho guom' }, { answer: 'Hồ Gươm' }, { answer: 'Hồ Gươm' }], (a) => a.answer, ['Hồ Gươm']);
    expect(groups[0]!.shown).toBe('Hồ Gươm');
  });

  it('marks a group the master accepts by hand', () => {
    const groups = groupAnswers(answers, (a) => a.answer, ['Hồ Gươm'], ['ho hoan kiem']);
    expect(groups.filter((g) => g.accepted).map((g) => g.key)).toEqual(['ho guom', 'ho hoan kiem']);
  });

  it('groups numbers by their value when the accepted answer is a number', () => {
    const numbers = ['1,5', '1.5', '1,50', '15', '1.500', '1500', 'một phẩy năm'].map((answer) => ({ answer }));
    const groups = groupAnswers(numbers, (a) => a.answer, ['1,5']);
    expect(groups.map((g) => [g.key, g.count, g.accepted])).toEqual([
      ['#1.5', 3, true],
      ['#1500', 2, false],
      ['#15', 1, false],
      ['mot phay nam', 1, false],
    ]);
  });

  it('never accepts an empty answer, even against an empty accepted one', () => {
    expect(groupAnswers([{ answer: '' }, { answer: '?' }], (a) => a.answer, [''])).toEqual([]);
  });
});
