/**
 * The "Thể thức" sheet: every round format written by an export reads back the same, whatever its
 * kind and whether its fields are defaults or not; the sheet reads as a teacher edits it (kind names
 * with or without diacritics, any case, decimal commas); and every problem names its row.
 */
import { describe, expect, it } from 'vitest';
import { FORMAT_KINDS, formatWithDefaults, type TFormat, ZFormatInputSchema } from '../../src/schemas/roundFormat';
import { formatSheetRows, readFormatSheet } from '../../src-server/features/questionSet/import/formatSheet';

const parse = (input: unknown) => ZFormatInputSchema.parse(input) as TFormat;

/** Formats unlike their defaults in every field they have. */
const CHANGED: TFormat[] = [
  { kind: 'classic', tieBreak: true, buzzer: { wrongPenalty: 2.5, pauseTimer: true } },
  { kind: 'speed', timeLimit: 45, placePoints: [50, 35.5, 20], buzzer: { wrongPenalty: 0, pauseTimer: false } },
  {
    kind: 'obstacle',
    keyword: 'MÁY TÍNH',
    picture: { kind: 'image', url: '/media/anh-nen.png' },
    tiles: 6,
    centreClue: 'Thiết bị có bàn phím',
    rowTimeLimit: 20,
    rowPoints: 15,
    keywordPoints: [100, 80, 60, 40, 20],
    cluePoints: 5,
    tieBreak: false,
  },
  {
    kind: 'finish',
    packages: [
      [10, 20],
      [30, 30, 40],
    ],
    stealSeconds: 8,
    buzzer: { wrongPenalty: 10, pauseTimer: false },
  },
  { kind: 'judged', timeLimit: 600, tieBreak: true },
];

/** The sheet's rows with the row labelled `label` set to `value` in column `column` (1 = the first value column). */
function withCell(rows: (string | number)[][], label: string, value: string | number, column = 1): (string | number)[][] {
  const index = rows.findIndex((row) => row[0] === label);
  expect(index, label).toBeGreaterThanOrEqual(0);
  return rows.map((row, i) => (i === index ? row.map((cell, c) => (c === column ? value : cell)) : row));
}

const rowOf = (rows: (string | number)[][], label: string) => rows.findIndex((row) => row[0] === label) + 1;

describe('the Thể thức sheet', () => {
  it.each(FORMAT_KINDS)('gives back a %s format left at its defaults', (kind) => {
    const format = formatWithDefaults(kind);
    const { formats, errors } = readFormatSheet(formatSheetRows([{ name: 'Vòng 1', format }]), ['Vòng 1']);
    expect(errors).toEqual([]);
    expect(parse(formats.get('Vòng 1'))).toEqual(format);
  });

  it.each(CHANGED.map((format) => [format.kind, format] as const))('gives back a %s format with every field changed', (_kind, format) => {
    const { formats, errors } = readFormatSheet(formatSheetRows([{ name: 'Khởi động', format }]), ['Khởi động']);
    expect(errors).toEqual([]);
    expect(parse(formats.get('Khởi động'))).toEqual(parse(format));
  });

  it('writes one column headed Giá trị for one set, in Vietnamese, leaving other kinds’ fields blank', () => {
    const rows = formatSheetRows([{ name: 'Tăng tốc', format: CHANGED[1]! }]);
    expect(rows[0]).toEqual(['Mục', 'Giá trị']);
    expect(rows[1]).toEqual(['Thể thức', 'Tăng tốc']);
    const value = (label: string) => rows.find((row) => row[0] === label)?.[1];
    expect(value('Thời gian trả lời / thời gian trình bày (giây)')).toBe(45);
    expect(value('Điểm theo thứ tự trả lời đúng')).toBe('50; 35.5; 20');
    expect(value('Dừng đồng hồ khi một đội giành quyền trả lời')).toBe('Không');
    expect(value('Từ khoá (chướng ngại vật)')).toBe('');
    expect(value('Các gói câu hỏi')).toBe('');
    const finish = formatSheetRows([{ name: 'Về đích', format: formatWithDefaults('finish') }]);
    expect(finish.find((row) => row[0] === 'Các gói câu hỏi')?.[1]).toBe('20 20 20; 20 20 30; 20 30 30');
    expect(
      formatSheetRows([{ name: 'x', format: formatWithDefaults('speed') }]).find((row) => row[0] === 'Điểm theo thứ tự trả lời đúng')?.[1],
    ).toBe('40; 30; 20; 10');
  });

  it('writes and reads one column per question sheet, by the sheet’s name', () => {
    const sets = CHANGED.map((format, i) => ({ name: `Vòng ${i + 1}`, format }));
    const rows = formatSheetRows(sets);
    expect(rows[0]).toEqual(['Mục', 'Vòng 1', 'Vòng 2', 'Vòng 3', 'Vòng 4', 'Vòng 5']);
    // Columns in another order than the sheets, one of them written without diacritics.
    const names = ['Vòng 5', 'Vòng 4', 'Vòng 3', 'Vòng 2', 'Vòng 1'];
    const { formats, errors } = readFormatSheet(withCell(rows, 'Mục', 'vong 2', 2), names);
    expect(errors).toEqual([]);
    expect([...formats.keys()].sort()).toEqual([...names].sort());
    for (const { name, format } of sets) expect(parse(formats.get(name))).toEqual(parse(format));
  });

  it('reads Giá trị as the first question sheet', () => {
    const rows = formatSheetRows([{ name: 'x', format: CHANGED[4]! }]);
    const { formats } = readFormatSheet(rows, ['Phần thi 4', 'Phần thi 5']);
    expect([...formats.keys()]).toEqual(['Phần thi 4']);
  });

  it.each([
    ['Vượt chướng ngại vật', 'obstacle'],
    ['VUOT CHUONG NGAI VAT', 'obstacle'],
    ['ve dich', 'finish'],
    ['  Tăng Tốc ', 'speed'],
    ['Giám khảo chấm', 'judged'],
    ['thong thuong', 'classic'],
    ['Speed', 'speed'],
    ['judged', 'judged'],
  ])('reads the kind «%s» as %s', (written, kind) => {
    const rows = [
      ['Mục', 'Giá trị'],
      ['the thuc', written],
    ];
    const { formats, errors } = readFormatSheet(rows, ['Câu hỏi']);
    expect(errors).toEqual([]);
    expect(parse(formats.get('Câu hỏi'))).toEqual(formatWithDefaults(kind as TFormat['kind']));
  });

  it('reads labels without diacritics, numbers typed as numbers or with a decimal comma, and yes/no loosely', () => {
    const rows = [
      ['Muc', 'Giá trị'],
      ['THE THUC', 'vuot chuong ngai vat'],
      ['so manh ghep', 9],
      ['Thoi gian moi hang (s)', '25'],
      ['Diem tu khoa theo so hang da choi', '90; 70,5; 50'],
      ['Diem tru khi tra loi sai', '2,5'],
      ['dung dong ho khi mot doi gianh quyen tra loi', 'khong'],
      ['Bo cau hoi phu', 'x'],
      ['Ghi chú của thầy', 'không đọc dòng này'],
    ];
    const { formats, errors } = readFormatSheet(rows, ['Hàng ngang']);
    expect(errors).toEqual([]);
    expect(parse(formats.get('Hàng ngang'))).toEqual({
      ...formatWithDefaults('obstacle'),
      tiles: 9,
      rowTimeLimit: 25,
      keywordPoints: [90, 70.5, 50],
      buzzer: { wrongPenalty: 2.5, pauseTimer: false },
      tieBreak: true,
    });
  });

  it('ignores the fields of another kind and keeps defaults for blank cells', () => {
    const rows = withCell(
      withCell(formatSheetRows([{ name: 'x', format: formatWithDefaults('judged') }]), 'Các gói câu hỏi', '1 2 3'),
      'Thời gian trả lời / thời gian trình bày (giây)',
      '',
    );
    const { formats, errors } = readFormatSheet(rows, ['Thuyết trình']);
    expect(errors).toEqual([]);
    expect(parse(formats.get('Thuyết trình'))).toEqual(formatWithDefaults('judged'));
  });

  it('gives no format for a column left blank, so the set keeps its own', () => {
    const { formats, errors } = readFormatSheet(
      [
        ['Mục', 'Giá trị'],
        ['Thể thức', ''],
        ['Số mảnh ghép', ''],
      ],
      ['Câu hỏi'],
    );
    expect(errors).toEqual([]);
    expect(formats.size).toBe(0);
  });

  it('lists every problem with its row, in Vietnamese, and gives no format for a column with one', () => {
    const base = formatSheetRows([{ name: 'x', format: formatWithDefaults('obstacle') }]);
    let rows = withCell(base, 'Số mảnh ghép', 'sáu');
    rows = withCell(rows, 'Điểm từ khoá theo số hàng đã chơi', '80; tám mươi');
    rows = withCell(rows, 'Dừng đồng hồ khi một đội giành quyền trả lời', 'có lẽ');
    const { formats, errors } = readFormatSheet(rows, ['Câu hỏi']);
    expect(formats.size).toBe(0);
    expect(errors).toEqual([
      { row: rowOf(base, 'Số mảnh ghép'), field: 'Số mảnh ghép', message: 'phải là một số (ví dụ 10 hoặc 7,5)' },
      {
        row: rowOf(base, 'Điểm từ khoá theo số hàng đã chơi'),
        field: 'Điểm từ khoá theo số hàng đã chơi',
        message: expect.stringContaining('dấu chấm phẩy'),
      },
      {
        row: rowOf(base, 'Dừng đồng hồ khi một đội giành quyền trả lời'),
        field: 'Dừng đồng hồ khi một đội giành quyền trả lời',
        message: 'phải là «Có» hoặc «Không»',
      },
    ]);
  });

  it('names an unknown kind on its row with the kinds it could be', () => {
    const { formats, errors } = readFormatSheet(
      [
        ['Mục', 'Giá trị'],
        ['Thể thức', 'Đấu trường 100'],
      ],
      ['Câu hỏi'],
    );
    expect(formats.size).toBe(0);
    expect(errors).toEqual([
      {
        row: 2,
        field: 'Thể thức',
        message:
          '«Đấu trường 100» không phải một thể thức; hãy ghi một trong: Thông thường, Tăng tốc, Vượt chướng ngại vật, Về đích, Giám khảo chấm',
      },
    ]);
  });

  it('names a value out of range on its own row and column', () => {
    const rows = formatSheetRows([
      { name: 'Vòng 1', format: formatWithDefaults('obstacle') },
      { name: 'Vòng 2', format: formatWithDefaults('finish') },
    ]);
    const bad = withCell(withCell(rows, 'Số mảnh ghép', 20, 1), 'Thời gian bấm chuông cướp điểm (giây)', 0, 2);
    const { formats, errors } = readFormatSheet(bad, ['Vòng 1', 'Vòng 2']);
    expect(formats.size).toBe(0);
    expect(errors.map((e) => [e.row, e.field])).toEqual([
      [rowOf(rows, 'Số mảnh ghép'), 'Số mảnh ghép («Vòng 1»)'],
      [rowOf(rows, 'Thời gian bấm chuông cướp điểm (giây)'), 'Thời gian bấm chuông cướp điểm (giây) («Vòng 2»)'],
    ]);
    for (const error of errors) expect(error.message).toMatch(/\d/);
  });

  it('refuses a picture that is not an upload, on the picture’s row', () => {
    const rows = withCell(
      formatSheetRows([{ name: 'x', format: formatWithDefaults('obstacle') }]),
      'Ảnh nền (đường dẫn)',
      'https://example.com/a.png',
    );
    const { errors } = readFormatSheet(rows, ['Câu hỏi']);
    expect(errors).toEqual([{ row: rowOf(rows, 'Ảnh nền (đường dẫn)'), field: 'Ảnh nền (đường dẫn)', message: expect.any(String) }]);
  });

  it('names a column that is no question sheet, a sheet named twice, a field without a kind and a repeated row', () => {
    const rows = [
      ['Mục', 'Vòng 1', 'Vòng 9', 'vong 1', 'Vòng 2'],
      ['Thể thức', 'Tăng tốc', 'Tăng tốc', 'Tăng tốc', ''],
      ['Số mảnh ghép', '', '', '', 4],
      ['so manh ghep', '', '', '', 5],
    ];
    const { formats, errors } = readFormatSheet(rows, ['Vòng 1', 'Vòng 2']);
    expect([...formats.keys()]).toEqual(['Vòng 1']);
    expect(errors).toEqual([
      { row: 1, field: 'Vòng 9', message: 'cột «Vòng 9» không trùng tên trang câu hỏi nào của tệp (Vòng 1, Vòng 2)' },
      { row: 1, field: 'vong 1', message: 'cột này chỉ cùng trang câu hỏi với cột «Vòng 1»' },
      { row: 4, field: 'so manh ghep', message: 'mục này đã có ở dòng 3' },
      { row: 2, field: 'Thể thức («Vòng 2»)', message: expect.stringContaining('chưa ghi thể thức') },
    ]);
  });
});
