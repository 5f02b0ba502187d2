/**
 * Question files as Vietnamese teachers keep them, on both databases: workbooks saved by LibreOffice
 * from the CSVs this test writes (Vietnamese headers, one column per option, letter answers, an STT
 * column and columns nobody maps), CSVs saved as UTF-16 or Windows-1258, every error of every row at
 * once, a header mapped by hand and remembered, a workbook with a sheet per round and a "Thể thức"
 * sheet, and the append/replace choice.
 */
import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import { beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/messages';
import { testAppForFile } from '../helpers/app-for-file';
import { convertWithLibreOffice, libreOfficeAvailable } from '../helpers/libreoffice';
import type { Caller } from '../helpers/test-app';

const t = testAppForFile({ staff: ['admin', 'master'] });
let admin: Caller;
let master: Caller;

const HEADER = 'STT;Câu hỏi;Phương án A;Phương án B;Phương án C;Phương án D;Đáp án;Điểm;Thời gian (giây);Ghi chép riêng';
const CITIES = ['Hà Nội', 'Huế', 'Đà Nẵng', 'Thành phố Hồ Chí Minh'];
/** 15 questions, the answer a letter in each of the ways teachers write it. */
const LETTERS = ['A', 'b', 'C.', 'Phương án D', 'B)', 'a', 'D', 'c', 'B', 'A', 'd.', 'C', 'b', 'A', 'D'];
const teacherRows = LETTERS.map(
  (letter, i) =>
    `${i + 1};Câu ${i + 1}: Thành phố nào được nhắc đến ở đây?;${CITIES.join(';')};${letter};${10 + i};${20 + i};ghi chú ${i + 1}`,
);
const teacherCsv = `${HEADER}\n${teacherRows.join('\n')}\n`;
/** Three bad rows: a letter past D, an answer naming no option, a point that is not a number. */
const badCsv = `${HEADER}\n${[
  `1;Câu một?;${CITIES.join(';')};B;10;20;`,
  `2;Câu hai?;${CITIES.join(';')};E;10;20;`,
  `3;Câu ba?;${CITIES.join(';')};Hải Phòng;10;20;`,
  `4;Câu bốn?;${CITIES.join(';')};A;mười;20;`,
].join('\n')}\n`;

let teacherXlsx: Uint8Array;
let badXlsx: Uint8Array;
let roundsXlsx: Uint8Array;

const file = (fileName: string, bytes: Uint8Array) => ({ fileName, dataBase64: Buffer.from(bytes).toString('base64') });

/** A workbook with a sheet per round and a "Thể thức" sheet, re-saved by LibreOffice. */
async function roundsWorkbook(convert: boolean): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  const one = workbook.addWorksheet('Khởi động');
  one.addRow(['STT', 'Câu hỏi', 'A', 'B', 'C', 'Đáp án']);
  one.addRow([1, 'Sông nào chảy qua Hà Nội?', 'Sông Hồng', 'Sông Hương', 'Sông Hàn', 'A']);
  one.addRow([2, 'Hồ nào ở trung tâm Hà Nội?', 'Hồ Tây', 'Hồ Gươm', '', 'B']);
  const two = workbook.addWorksheet('Tăng tốc');
  two.addRow(['Nội dung', 'Đáp án', 'Thời gian (phút)']);
  two.addRow(['Năm Thăng Long được đặt tên?', '1010', 1]);
  const bad = workbook.addWorksheet('Nháp');
  bad.addRow(['Câu hỏi', 'Phương án A', 'Phương án B', 'Đáp án']);
  bad.addRow(['Chưa xong', 'X', 'Y', 'Z']);
  const format = workbook.addWorksheet('Thể thức');
  format.addRow(['Mục', 'Khởi động', 'Tăng tốc']);
  format.addRow(['Thể thức', 'Thông thường', 'Tăng tốc']);
  const bytes = new Uint8Array(await workbook.xlsx.writeBuffer());
  if (!convert) return bytes;
  return (await convertWithLibreOffice({ 'vong-thi.xlsx': bytes }, 'xlsx'))['vong-thi.xlsx']!;
}

const withLibreOffice = libreOfficeAvailable();

beforeAll(async () => {
  ({ admin, master } = t.callers);
  const utf8 = (text: string) => new TextEncoder().encode(text);
  if (withLibreOffice) {
    const made = await convertWithLibreOffice({ 'cau-hoi-gv.csv': utf8(teacherCsv), 'loi.csv': utf8(badCsv) }, 'xlsx');
    teacherXlsx = made['cau-hoi-gv.csv']!;
    badXlsx = made['loi.csv']!;
  }
  roundsXlsx = await roundsWorkbook(withLibreOffice);
}, 180_000);

describe.runIf(withLibreOffice)('a teacher’s workbook saved by LibreOffice', () => {
  it('reads Vietnamese headers, one column per option and letter answers; STT and unknown columns are listed as ignored', async () => {
    const preview = await admin.questionSet.importFile({ set: 1, mode: 'preview', ...file('cau-hoi-gv.xlsx', teacherXlsx) });
    expect(preview.errors).toEqual([]);
    expect(preview.sheets).toHaveLength(1);
    expect(preview.sheets[0]!.columns.map((c) => [c.header, c.field, c.source])).toEqual([
      ['STT', null, 'ignored'],
      ['Câu hỏi', 'content', 'known'],
      ['Phương án A', 'optionA', 'known'],
      ['Phương án B', 'optionB', 'known'],
      ['Phương án C', 'optionC', 'known'],
      ['Phương án D', 'optionD', 'known'],
      ['Đáp án', 'answer', 'known'],
      ['Điểm', 'point', 'known'],
      ['Thời gian (giây)', 'timeLimit', 'known'],
      ['Ghi chép riêng', null, 'ignored'],
    ]);
    const written = await admin.questionSet.importFile({ set: 1, mode: 'create', ...file('cau-hoi-gv.xlsx', teacherXlsx) });
    const stored = (await admin.questionSet.adminGet({ set: 1, _id: written.item!._id })).item;
    expect(stored.items).toHaveLength(15);
    const rightIndex = (letter: string) =>
      'ABCD'.indexOf(
        letter
          .replace(/^Phương án /, '')
          .charAt(0)
          .toUpperCase(),
      );
    stored.items.forEach((question, i) => {
      expect(question.content).toBe(`Câu ${i + 1}: Thành phố nào được nhắc đến ở đây?`);
      expect(question.options).toEqual(CITIES);
      // The letter is stored as its option's text.
      expect(question.answer).toBe(CITIES[rightIndex(LETTERS[i]!)]);
      expect([question.point, question.timeLimit]).toEqual([10 + i, 20 + i]);
    });
  });

  it('lists every error of every row at once, and writes nothing', async () => {
    const preview = await admin.questionSet.importFile({ set: 2, mode: 'preview', ...file('loi.xlsx', badXlsx) });
    expect(preview.items).toHaveLength(1);
    expect(preview.errors.map((e) => messages.importErrorLine(e))).toEqual([
      'dòng 3, Đáp án: đáp án «E» nhưng câu này chỉ có phương án A–D',
      expect.stringMatching(/^dòng 4, Đáp án: «Hải Phòng» không trùng với phương án nào/),
      'dòng 5, Điểm: phải là một số (ví dụ 10 hoặc 7,5)',
    ]);
    await expect(admin.questionSet.importFile({ set: 2, mode: 'create', ...file('loi.xlsx', badXlsx) })).rejects.toThrow(
      /Tệp có 3 lỗi, chưa ghi gì/,
    );
    expect((await admin.questionSet.adminList({ set: 2 })).items).toEqual([]);
  });
});

describe('a header mapped by hand', () => {
  const csv = 'Câu hỏi;Ghi chép riêng\nCâu một?;Lời giải một\n';
  it('is read as the chosen field from then on, for any file and in any case, until forgotten', async () => {
    const bytes = new TextEncoder().encode(csv);
    let preview = await admin.questionSet.importFile({ set: 3, mode: 'preview', ...file('a.csv', bytes) });
    expect(preview.sheets[0]!.columns[1]).toMatchObject({ header: 'Ghi chép riêng', field: null, source: 'ignored' });

    await admin.questionSet.rememberImportColumn({ header: 'Ghi chép riêng', field: 'explanation' });
    const other = new TextEncoder().encode('CÂU HỎI;GHI CHEP RIENG\nCâu hai?;Lời giải hai\n');
    preview = await admin.questionSet.importFile({ set: 3, mode: 'preview', ...file('b.csv', other) });
    expect(preview.sheets[0]!.columns[1]).toMatchObject({ field: 'explanation', source: 'remembered' });
    expect(preview.items[0]).toMatchObject({ content: 'Câu hai?', explanation: 'Lời giải hai' });
    expect((await admin.questionSet.importColumns()).items).toEqual([{ header: 'Ghi chép riêng', field: 'explanation' }]);

    await admin.questionSet.forgetImportColumn({ header: 'ghi chép riêng' });
    preview = await admin.questionSet.importFile({ set: 3, mode: 'preview', ...file('a.csv', bytes) });
    expect(preview.sheets[0]!.columns[1]!.field).toBeNull();
    expect((await admin.questionSet.importColumns()).items).toEqual([]);
  });

  it('is the admin’s to change', async () => {
    await expect(master.questionSet.rememberImportColumn({ header: 'X', field: 'content' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(master.questionSet.importColumns()).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });
});

/**
 * Text as Windows-1258 writes it: the code page has â, ê, ô, ơ, ư, ă, đ whole but the five tone marks
 * only as combining marks after them ("ệ" is "ê" then a dot below).
 */
function windows1258Form(text: string): string {
  const TONES = /[\u0300\u0301\u0303\u0309\u0323]/g;
  return [...text.normalize('NFC')]
    .map((ch) => {
      const parts = ch.normalize('NFD');
      const tones = parts.match(TONES)?.join('') ?? '';
      return parts.replace(TONES, '').normalize('NFC') + tones;
    })
    .join('');
}

describe('CSVs as school PCs save them', () => {
  const text = 'Câu hỏi,Phương án A,Phương án B,Đáp án\nĐâu là thủ đô của Việt Nam?,Hà Nội,Huế,A\n';
  it.each([
    [
      'UTF-16 with its mark (Excel’s Unicode text, tab-separated)',
      Buffer.concat([Buffer.from([0xff, 0xfe]), iconv.encode(text.replaceAll(',', '\t'), 'utf-16le')]),
    ],
    ['UTF-16 big-endian with its mark', Buffer.concat([Buffer.from([0xfe, 0xff]), iconv.encode(text, 'utf-16be')])],
    ['Windows-1258', iconv.encode(windows1258Form(text), 'windows-1258')],
    ['UTF-8 with a byte-order mark', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)])],
  ])('%s', async (_name, bytes) => {
    const preview = await admin.questionSet.importFile({ set: 3, mode: 'preview', ...file('cu.csv', new Uint8Array(bytes)) });
    expect(preview.errors).toEqual([]);
    expect(preview.items).toEqual([
      expect.objectContaining({ content: 'Đâu là thủ đô của Việt Nam?', options: ['Hà Nội', 'Huế'], answer: 'Hà Nội' }),
    ]);
  });

  it('asks to save an .xls or a .doc again in the new format', async () => {
    const old = new Uint8Array([0xd0, 0xcf, 0x11, 0xe0]);
    await expect(admin.questionSet.importFile({ set: 3, mode: 'preview', ...file('cu.xls', old) })).rejects.toThrow(
      messages.importOldExcel,
    );
    await expect(admin.questionSet.importFile({ set: 3, mode: 'preview', ...file('cu.doc', old) })).rejects.toThrow(messages.importOldWord);
  });
});

describe('a workbook with a sheet per round', () => {
  it('previews each sheet with its format, and writes the sheets chosen, each to its round, skipping the rest', async () => {
    const preview = await admin.questionSet.importFile({ set: 4, mode: 'preview', ...file('vong-thi.xlsx', roundsXlsx) });
    expect(preview.sheets.map((s) => [s.name, s.items.length, s.errors.length, s.format?.kind ?? null])).toEqual([
      ['Khởi động', 2, 0, 'classic'],
      ['Tăng tốc', 1, 0, 'speed'],
      ['Nháp', 0, 1, null],
    ]);
    expect(preview.errors.map((e) => messages.importErrorLine(e))).toEqual([
      expect.stringMatching(/^«Nháp», dòng 2, Đáp án: «Z» không trùng/),
    ]);
    // "Thời gian (phút)": one minute is 60 seconds.
    expect(preview.sheets[1]!.items[0]).toMatchObject({ timeLimit: 60, answer: '1010' });

    const written = await admin.questionSet.importFile({
      set: 4,
      mode: 'create',
      ...file('vong-thi.xlsx', roundsXlsx),
      sheets: [
        { sheet: 0, set: 4, mode: 'create' },
        { sheet: 1, set: 5, mode: 'create' },
      ],
    });
    expect(written.written.map((s) => [s.set, s.title, s.items.length, s.format.kind])).toEqual([
      [4, 'Khởi động', 2, 'classic'],
      [5, 'Tăng tốc', 1, 'speed'],
    ]);
    expect(written.written[0]!.items[1]).toMatchObject({ options: ['Hồ Tây', 'Hồ Gươm'], answer: 'Hồ Gươm' });

    // Naming the bad sheet refuses the whole file: nothing more is written.
    await expect(
      admin.questionSet.importFile({
        set: 6,
        mode: 'create',
        ...file('vong-thi.xlsx', roundsXlsx),
        sheets: [{ sheet: 2, set: 6, mode: 'create' }],
      }),
    ).rejects.toThrow(/Tệp có 1 lỗi/);
    await expect(
      admin.questionSet.importFile({
        set: 6,
        mode: 'create',
        ...file('vong-thi.xlsx', roundsXlsx),
        sheets: [{ sheet: 7, set: 6, mode: 'create' }],
      }),
    ).rejects.toThrow(messages.importNoSuchSheet(8));
    expect((await admin.questionSet.adminList({ set: 6 })).items).toEqual([]);
  });
});

describe('append or replace', () => {
  it('appends by default and replaces the questions (and the format the file gives) when asked', async () => {
    const first = new TextEncoder().encode('Câu hỏi;Đáp án\nMột?;1\nHai?;2\n');
    const created = (await admin.questionSet.importFile({ set: 6, mode: 'create', title: 'Vòng phụ', ...file('a.csv', first) })).item!;
    const second = new TextEncoder().encode('Câu hỏi;Đáp án\nBa?;3\n');
    const appended = (await admin.questionSet.importFile({ set: 6, mode: 'append', _id: created._id, ...file('b.csv', second) })).item!;
    expect(appended.items.map((q) => q.content)).toEqual(['Một?', 'Hai?', 'Ba?']);
    const replaced = (
      await admin.questionSet.importFile({ set: 6, mode: 'replace', _id: created._id, version: appended.version, ...file('b.csv', second) })
    ).item!;
    expect(replaced.items.map((q) => q.content)).toEqual(['Ba?']);
    expect(replaced.title).toBe('Vòng phụ');
    // A stale version is refused, and the set keeps what it had.
    await expect(
      admin.questionSet.importFile({ set: 6, mode: 'replace', _id: created._id, version: appended.version, ...file('a.csv', first) }),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
    // Replacing with a workbook's sheet takes its "Thể thức".
    const speed = (
      await admin.questionSet.importFile({
        set: 6,
        mode: 'replace',
        ...file('vong-thi.xlsx', roundsXlsx),
        sheets: [{ sheet: 1, set: 6, mode: 'replace', _id: created._id }],
      })
    ).item!;
    expect([speed.format.kind, speed.items.length]).toEqual(['speed', 1]);
    // Every import that wrote is in the action log, under the admin who made it.
    const all = (await master.actions.log({ limit: 100 })).items;
    const logged = all.filter((entry) => entry.kind === 'questionSet.import');
    expect(logged[0]).toMatchObject({
      summary: 'Nhập câu hỏi từ tệp «vong-thi.xlsx»: 1 câu thay toàn bộ câu hỏi của bộ «Vòng phụ» (phần thi 6)',
    });
    const admins = (await t.deps.base.selectFrom('users').select('id').where('role', '=', 'admin').execute()).map((u) => u.id);
    expect(logged.length).toBeGreaterThanOrEqual(3);
    for (const entry of logged) expect(admins).toContain(entry.actorId);
    await expect(admin.questionSet.importFile({ set: 6, mode: 'replace', ...file('b.csv', second) })).rejects.toThrow(
      messages.importTargetMissing,
    );
  });
});
