import fs from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { formatImportError, parseCsv, parseQuestionFile, readNumber, validateSheet } from '../../src-server/features/questionSet/import';

const utf8 = (text: string) => new TextEncoder().encode(text);
const samples = path.resolve('scripts/samples');
const fixtures = path.resolve('tests/fixtures/import');
const read = (dir: string, name: string) => new Uint8Array(fs.readFileSync(path.join(dir, name)));

/** The first sheet's questions and errors, as the import checks them. */
async function checkFile(fileName: string, bytes: Uint8Array) {
  const parsed = await parseQuestionFile(fileName, bytes);
  return { parsed, ...validateSheet(parsed.sheets[0]!, false) };
}
const importText = (fileName: string, text: string) => checkFile(fileName, utf8(text));

async function xlsx(rows: ExcelJS.CellValue[][]): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Câu hỏi');
  for (const row of rows) sheet.addRow(row);
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

/** The errors of a bad-rows fixture, after checking that its one good question is read. */
async function badRowsErrors(name: string) {
  const { items, errors } = await checkFile(name, read(fixtures, name));
  expect(items).toHaveLength(1);
  return errors;
}

const HEADER = 'content,options,answer,explanation,point,timeLimit,mediaUrl';

describe('the sample files', () => {
  it.each([
    ['cau-hoi.json', 8],
    ['cau-hoi.csv', 8],
    ['cau-hoi-champhay.csv', 7],
    ['cau-hoi.xlsx', 8],
  ])('%s holds %i valid questions', async (name, count) => {
    const { items, errors } = await checkFile(name, read(samples, name));
    expect(errors).toEqual([]);
    expect(items).toHaveLength(count);
    for (const item of items) {
      expect(item.content).not.toBe('');
      expect(item.options.length).toBeGreaterThanOrEqual(2);
      expect(item.answer).not.toBe('');
      expect(item.options).toContain(item.answer);
    }
  });

  it('the teachers’ samples: a workbook with a sheet per round and its Thể thức, and a Word file', async () => {
    const workbook = await parseQuestionFile('de-thi-giao-vien.xlsx', read(samples, 'de-thi-giao-vien.xlsx'));
    expect(workbook.errors).toEqual([]);
    expect(workbook.sheets.map((s) => [s.name, s.rows.length, (s.format as { kind?: string } | undefined)?.kind])).toEqual([
      ['Khởi động', 4, 'classic'],
      ['Tăng tốc', 2, 'speed'],
    ]);
    const warmUp = validateSheet(workbook.sheets[0]!, true);
    expect(warmUp.errors).toEqual([]);
    expect(warmUp.items.map((q) => q.answer)).toEqual(['Hồ Hoàn Kiếm', 'Lý Thánh Tông', 'Sông Hồng', 'Bát Tràng']);
    const word = await checkFile('de-thi-giao-vien.docx', read(samples, 'de-thi-giao-vien.docx'));
    expect(word.errors).toEqual([]);
    expect(word.parsed.title).toBe('ĐỀ THI VÒNG KHỞI ĐỘNG');
    expect(word.items.map((q) => q.answer)).toEqual(['Hồ Hoàn Kiếm', 'Sông Hồng', 'Bát Tràng']);
  });

  it('takes the JSON title', async () => {
    const parsed = await parseQuestionFile('cau-hoi.json', read(samples, 'cau-hoi.json'));
    expect(parsed.title).toBe('Hà Nội nghìn năm văn hiến');
  });
});

describe('JSON', () => {
  it('reads a bare array, numbering items from 1', async () => {
    const { items, errors } = await importText('a.json', JSON.stringify([{ content: 'Một' }, { content: '' }]));
    expect(items).toHaveLength(1);
    expect(errors).toEqual([{ row: 2, field: 'content', message: 'Vui lòng nhập nội dung câu hỏi' }]);
  });

  it('accepts comma decimals, "|" options and a mediaUrl', async () => {
    const { items, errors } = await importText(
      'a.json',
      JSON.stringify({ items: [{ content: 'Một', options: 'A | B', point: '7,5', timeLimit: '20', mediaUrl: '/media/abc.mp3' }] }),
    );
    expect(errors).toEqual([]);
    expect(items[0]).toMatchObject({ options: ['A', 'B'], point: 7.5, timeLimit: 20, media: { kind: 'audio', url: '/media/abc.mp3' } });
    expect(items[0]).not.toHaveProperty('mediaUrl');
  });

  it('names the rows of the bad fixture', async () => {
    const errors = await badRowsErrors('bad-rows.json');
    expect(errors.map((e) => [e.row, e.field])).toEqual([
      [2, 'content'],
      [3, 'timeLimit'],
    ]);
    expect(formatImportError(errors[0]!)).toBe('dòng 2, content: Vui lòng nhập nội dung câu hỏi');
  });

  it('refuses what is not JSON or not a list of questions', async () => {
    await expect(parseQuestionFile('a.json', utf8('{"items": [1,'))).rejects.toThrow('Tệp JSON không hợp lệ');
    await expect(parseQuestionFile('a.json', utf8('{"questions": []}'))).rejects.toThrow('danh sách câu hỏi');
    const { errors } = await importText('a.json', '[1]');
    expect(errors[0]).toMatchObject({ row: 1, field: 'item' });
  });
});

describe('CSV', () => {
  it('reads quoted separators, doubled quotes and line breaks', () => {
    const rows = parseCsv('a,b,c\n"x, y","say ""hi""","one\ntwo"\r\nlast,,\n');
    expect(rows.map((r) => r.cells)).toEqual([
      ['a', 'b', 'c'],
      ['x, y', 'say "hi"', 'one\ntwo'],
      ['last', '', ''],
    ]);
    expect(rows.map((r) => r.row)).toEqual([1, 2, 3]);
  });

  it('detects ";" from the header and reads "7,5" as 7.5', async () => {
    const { items, errors } = await importText(
      'a.csv',
      'Content;Options;Answer;Point;TimeLimit\nHồ nào lớn nhất?;Hồ Tây|Hồ Gươm;Hồ Tây;7,5;20\n',
    );
    expect(errors).toEqual([]);
    expect(items).toEqual([
      {
        content: 'Hồ nào lớn nhất?',
        options: ['Hồ Tây', 'Hồ Gươm'],
        answer: 'Hồ Tây',
        explanation: '',
        media: null,
        point: 7.5,
        timeLimit: 20,
      },
    ]);
  });

  it('reads a quoted "7,5" in a comma-separated file', async () => {
    const { items } = await importText('a.csv', `${HEADER}\nMột,,,,"7,5",10,\n`);
    expect(items[0]?.point).toBe(7.5);
  });

  it('ignores a byte-order mark and header case, spaces and order', async () => {
    const text = '\uFEFF  TIMELIMIT , Content ,answer\n15,Câu hỏi,Đáp án\n';
    const { items, errors } = await importText('a.csv', text);
    expect(errors).toEqual([]);
    expect(items[0]).toMatchObject({ content: 'Câu hỏi', answer: 'Đáp án', timeLimit: 15 });
  });

  it('guesses the media kind from the extension', async () => {
    const { items, errors } = await importText(
      'a.csv',
      `content,mediaUrl\nẢnh,https://example.com/a.JPEG?x=1\nTiếng,/media/b.ogg\nPhim,/media/c.mov\nTài liệu,/media/d.pdf\n`,
    );
    expect(items.map((i) => i.media?.kind)).toEqual(['image', 'audio', 'video']);
    expect(errors).toEqual([expect.objectContaining({ row: 5, field: 'mediaUrl' })]);
  });

  it('skips empty rows and counts them in the row numbers', async () => {
    const { items, errors } = await checkFile('bad-rows.csv', read(fixtures, 'bad-rows.csv'));
    expect(items.map((i) => i.content)).toEqual(['Hồ Gươm còn có tên gọi nào khác?', 'Chùa Một Cột\ndựng năm nào?']);
    expect(errors.map(formatImportError)).toEqual([
      'dòng 3, point: phải là một số (ví dụ 10 hoặc 7,5)',
      expect.stringMatching(/^dòng 6, mediaUrl: không đoán được loại tệp/),
      'dòng 8, content: Vui lòng nhập nội dung câu hỏi',
    ]);
  });

  it('ignores an unknown column and lists it as ignored', async () => {
    const { parsed, items, errors } = await checkFile('unknown-column.csv', read(fixtures, 'unknown-column.csv'));
    expect(errors).toEqual([]);
    expect(items.length).toBeGreaterThan(0);
    expect(parsed.sheets[0]!.columns.find((c) => c.header === 'level')).toMatchObject({ field: null, source: 'ignored' });
  });

  it('lists a repeated column and a missing question column with the header row; refuses an unclosed quote', async () => {
    const repeated = await importText('a.csv', 'content,Câu hỏi\na,b\n');
    expect(repeated.errors.map(formatImportError)).toEqual([
      expect.stringMatching(/^dòng 1, Câu hỏi: cột «Câu hỏi» trùng ý nghĩa với cột «content»/),
    ]);
    const missing = await importText('a.csv', 'answer,STT\nx,1\n');
    expect(missing.errors.map(formatImportError)).toEqual([expect.stringMatching(/^dòng 1, Câu hỏi: không có cột nội dung câu hỏi/)]);
    expect(missing.parsed.sheets[0]!.columns.map((c) => [c.header, c.field])).toEqual([
      ['answer', 'answer'],
      ['STT', null],
    ]);
    await expect(parseQuestionFile('a.csv', utf8('content\n"abc\n'))).rejects.toThrow('dòng 2: thiếu dấu ngoặc kép đóng');
  });

  it('finds no questions in an empty file or a header alone', async () => {
    for (const bytes of [new Uint8Array(), read(fixtures, 'empty.csv')]) {
      const parsed = await parseQuestionFile('empty.csv', bytes);
      expect(validateSheet(parsed.sheets[0]!, false).errors.map(formatImportError)).toEqual(['Tệp không có câu hỏi nào']);
    }
  });
});

describe('XLSX', () => {
  it('reads numbers, rich text and formula results from the first sheet', async () => {
    const bytes = await xlsx([
      ['Content', 'Options', 'Answer', 'Point', 'TimeLimit'],
      [
        { richText: [{ text: 'Năm ' }, { text: '1010', font: { bold: true } }, { text: ' có sự kiện gì?' }] },
        'Dời đô|Lập Văn Miếu',
        'Dời đô',
        { formula: '5*3', result: 15 },
        30,
      ],
      ['Văn Miếu lập năm nào?', '1070|1076', 1070, '7,5', { formula: '10+10', result: 20 }],
    ]);
    const { items, errors } = await checkFile('a.xlsx', bytes);
    expect(errors).toEqual([]);
    expect(items.map((i) => [i.content, i.answer, i.point, i.timeLimit])).toEqual([
      ['Năm 1010 có sự kiện gì?', 'Dời đô', 15, 30],
      ['Văn Miếu lập năm nào?', '1070', 7.5, 20],
    ]);
  });

  it('names the rows of the bad fixture by their sheet row', async () => {
    const errors = await badRowsErrors('bad-rows.xlsx');
    expect(errors.map((e) => [e.row, e.field])).toEqual([
      // Named as the sheet's headers name them.
      [3, 'Point'],
      [4, 'MediaUrl'],
      [5, 'TimeLimit'],
    ]);
  });

  it('reads options past F, and names a Thể thức error by its sheet row, blank rows counted', async () => {
    const workbook = new ExcelJS.Workbook();
    const questions = workbook.addWorksheet('Câu hỏi');
    const letters = 'ABCDEFGH'.split('');
    questions.addRow(['Câu hỏi', ...letters.map((l) => `Phương án ${l}`), 'Đáp án']);
    questions.addRow(['Chọn chữ cuối?', ...letters.map((l) => `Chữ ${l}`), 'H']);
    const format = workbook.addWorksheet('Thể thức');
    format.addRow(['Mục', 'Giá trị']);
    format.addRow(['Thể thức', 'Tăng tốc']);
    format.addRow([]);
    format.addRow(['Thời gian trả lời / thời gian trình bày (giây)', 'nửa phút']);
    const parsed = await parseQuestionFile('a.xlsx', new Uint8Array(await workbook.xlsx.writeBuffer()));
    const { items } = validateSheet(parsed.sheets[0]!, false);
    expect(items[0]).toMatchObject({ options: letters.map((l) => `Chữ ${l}`), answer: 'Chữ H' });
    expect(parsed.errors.map((e) => e.row)).toEqual([4]);
  });

  it('refuses a file that is not a workbook', async () => {
    await expect(parseQuestionFile('a.xlsx', utf8('không phải excel'))).rejects.toThrow('Không đọc được tệp Excel');
  });
});

describe('the rest', () => {
  it('reads numbers with a comma or a point', () => {
    expect([readNumber('7,5'), readNumber(' 10 '), readNumber('0.5'), readNumber(''), readNumber('mười'), readNumber('1,2,3')]).toEqual([
      7.5,
      10,
      0.5,
      undefined,
      null,
      null,
    ]);
  });

  it('refuses an unknown extension', async () => {
    await expect(parseQuestionFile('cau-hoi.txt', utf8('x'))).rejects.toThrow('.xlsx, .csv, .docx hoặc .json');
    await expect(parseQuestionFile('cau-hoi.xls', utf8('x'))).rejects.toThrow('Lưu thành» .xlsx');
    await expect(parseQuestionFile('cau-hoi.DOC', utf8('x'))).rejects.toThrow('Lưu thành» .docx');
  });
});
