/**
 * The header and answer rules, on headers and answers as teachers write them: how each header is
 * read, what is ignored, what a remembered mapping changes, and which option an answer names.
 */
import { describe, expect, it } from 'vitest';
import { headerKey, headerUnit, readColumns } from '../../src/importColumns';
import { answerLetterIndex, readAnswer, rightOptionIndex } from '../../src/questionAnswer';
import { QUESTION_COLUMN_RULES, type QuestionImportField } from '../../src/schemas/questionImport';

const fieldOf = (header: string, remembered = new Map<string, QuestionImportField | null>()) =>
  readColumns([header], QUESTION_COLUMN_RULES, remembered).columns[0]?.field ?? null;

describe('headers as people write them', () => {
  it.each([
    ['Câu hỏi', 'content'],
    ['CÂU HỎI', 'content'],
    ['cau hoi', 'content'],
    ['  Nội dung câu hỏi ', 'content'],
    ['Nội dung', 'content'],
    ['content', 'content'],
    ['Question', 'content'],
    ['Phương án A', 'optionA'],
    ['PHƯƠNG ÁN B', 'optionB'],
    ['phuong an c', 'optionC'],
    ['Phương án D:', 'optionD'],
    ['A', 'optionA'],
    ['f', 'optionF'],
    ['Đáp án A', 'optionA'],
    ['Lựa chọn E', 'optionE'],
    ['Option B', 'optionB'],
    ['options', 'options'],
    ['Các phương án', 'options'],
    ['Đáp án', 'answer'],
    ['Đáp án đúng', 'answer'],
    ['dap an', 'answer'],
    ['Answer', 'answer'],
    ['Giải thích', 'explanation'],
    ['Lời giải', 'explanation'],
    ['explanation', 'explanation'],
    ['Điểm', 'point'],
    ['Số điểm', 'point'],
    ['Điểm (đ)', 'point'],
    ['point', 'point'],
    ['Thời gian (giây)', 'timeLimit'],
    ['Thời gian [s]', 'timeLimit'],
    ['thoi gian (phut)', 'timeLimit'],
    ['timeLimit', 'timeLimit'],
    ['TimeLimit', 'timeLimit'],
    ['Hình ảnh', 'mediaUrl'],
    ['Media', 'mediaUrl'],
    ['mediaUrl', 'mediaUrl'],
    ['STT', null],
    ['Số thứ tự', null],
    ['Ghi chép riêng', null],
    ['Mức độ', null],
  ])('«%s» is read as %s', (header, field) => {
    expect(fieldOf(header)).toBe(field);
  });

  it('keys and units: folded, brackets out, camelCase split', () => {
    expect(headerKey('Thời gian (giây)')).toBe('thoi gian');
    expect(headerUnit('Thời gian (giây)')).toBe('giay');
    expect(headerUnit('Thời gian (Phút)')).toBe('phut');
    expect(headerUnit('Câu hỏi')).toBeNull();
    expect(headerKey('timeLimit')).toBe('time limit');
    expect(headerKey('  ĐÁP   ÁN:  ')).toBe('dap an');
  });

  it('lists ignored columns with their position and header, and a second column for one field as a duplicate', () => {
    const { columns, duplicates } = readColumns(['STT', 'Câu hỏi', '', 'Nội dung', 'Ghi chú'], QUESTION_COLUMN_RULES);
    expect(columns.map((c) => [c.index, c.header, c.field, c.source])).toEqual([
      [0, 'STT', null, 'ignored'],
      [1, 'Câu hỏi', 'content', 'known'],
      [3, 'Nội dung', null, 'ignored'],
      [4, 'Ghi chú', null, 'ignored'],
    ]);
    expect(duplicates).toEqual([{ index: 3, header: 'Nội dung', field: 'content', first: 'Câu hỏi' }]);
  });

  it('a remembered mapping wins, in any case or accent, and can ignore a known header', () => {
    const remembered = new Map<string, QuestionImportField | null>([
      [headerKey('Ghi chép riêng'), 'explanation'],
      [headerKey('Điểm'), null],
    ]);
    const { columns } = readColumns(['GHI CHEP RIENG', 'Điểm', 'Câu hỏi'], QUESTION_COLUMN_RULES, remembered);
    expect(columns.map((c) => [c.field, c.source])).toEqual([
      ['explanation', 'remembered'],
      [null, 'ignored'],
      ['content', 'known'],
    ]);
  });
});

describe('letter answers', () => {
  const four = ['Hà Nội', 'Huế', 'Đà Nẵng', 'Sài Gòn'];

  it.each([
    ['B', 1],
    ['b', 1],
    ['B.', 1],
    ['B)', 1],
    [' Phương án B ', 1],
    ['phuong an b', 1],
    ['Đáp án: C', 2],
    ['PA D', 3],
    ['Huế', 1],
    ['HUẾ', 1],
    ['hue', 1],
    ['B. Huế', 1],
    ['c) Đà Nẵng', 2],
  ])('«%s» against four options names option %i', (answer, index) => {
    expect(readAnswer(answer, four)).toMatchObject({ kind: 'option', index });
    expect(rightOptionIndex({ answer, options: four })).toBe(index);
  });

  it('a letter past the last option, an answer that names none, no options, no answer', () => {
    expect(readAnswer('E', four)).toEqual({ kind: 'letterOutOfRange', letter: 'E' });
    expect(readAnswer('Hải Phòng', four)).toEqual({ kind: 'noMatch' });
    // A letter with another option's text is a contradiction, not a key.
    expect(readAnswer('B. Đà Nẵng', four)).toEqual({ kind: 'noMatch' });
    expect(readAnswer('B', [])).toEqual({ kind: 'free' });
    expect(readAnswer('  ', four)).toEqual({ kind: 'empty' });
    expect(rightOptionIndex({ answer: 'Hải Phòng', options: four })).toBe(-1);
  });

  it('reads a letter as a position only when no option is that letter itself', () => {
    // Options that are letters: "B" is the option whose text is "B", wherever it stands.
    expect(readAnswer('B', ['C', 'B', 'A'])).toEqual({ kind: 'option', index: 1, by: 'text' });
    expect(readAnswer('A', ['C', 'B', 'A'])).toEqual({ kind: 'option', index: 2, by: 'text' });
    expect(answerLetterIndex('Hà Nội')).toBe(-1);
    expect(answerLetterIndex('câu a')).toBe(0);
  });
});
