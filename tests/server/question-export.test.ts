/**
 * A set downloaded as the workbook a teacher keeps (GET /api/question-sets/:set/:id/export.xlsx):
 * Vietnamese headers the import reads, one option per column, the answer as its letter (or as text
 * where a letter would name another option, or where there are no options), the media's address, and
 * a "Thể thức" sheet that reads back to the set's format for every kind. LibreOffice opens the file.
 */
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { TMedia, TQuestionInput } from '../../src/schemas/questionSet';
import { type TFormat, type TFormatInput, ZFormatInputSchema } from '../../src/schemas/roundFormat';
import { readFormatSheet } from '../../src-server/features/questionSet/import/formatSheet';
import { testAppForFile } from '../helpers/app-for-file';
import { convertWithLibreOffice, libreOfficeAvailable } from '../helpers/libreoffice';

const t = testAppForFile({ staff: ['admin', 'master'] });
const PNG_1X1 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

const TITLE = 'Vòng 1: Khởi động – "Tin học" dành cho khối 10 [2026]';
const CITIES = ['Hà Nội', 'Huế', 'Đà Nẵng', 'Thành phố Hồ Chí Minh'];
/** The export's header row for a set whose widest question has six options. */
const SIX_OPTIONS_HEADER = [
  'STT',
  'Câu hỏi',
  ...'ABCDEF'.split('').map((l) => `Phương án ${l}`),
  'Đáp án',
  'Giải thích',
  'Điểm',
  'Thời gian (giây)',
  'Hình ảnh',
];
const QUESTIONS: TQuestionInput[] = [
  { content: 'Thủ đô của Việt Nam?', options: CITIES, answer: 'Hà Nội', explanation: 'Từ năm 1010', point: 10, timeLimit: 20 },
  { content: 'Cố đô triều Nguyễn?', options: CITIES, answer: 'huế', point: 7.5, timeLimit: 30 },
  // Stored as a letter, as sets imported before issue 29 were.
  { content: 'Chọn phương án cuối', options: ['Một', 'Hai', 'Ba', 'Bốn', 'Năm', 'Sáu'], answer: 'F', point: 10, timeLimit: 30 },
  { content: 'Năm nào Lý Công Uẩn dời đô?', answer: '1010', point: 20, timeLimit: 45 },
  // Options that are letters themselves: "C" would name the first option, so the answer stays its text.
  {
    content: 'Ô nào được tô màu trong hình?',
    options: ['C', 'B', 'A'],
    answer: 'A',
    media: { kind: 'image', url: 'https://truong.edu.vn/hinh/o-mau.png' },
    point: 10,
    timeLimit: 30,
  },
];

/** A format of each kind with every field unlike its default; the obstacle's picture is an upload. */
const changedFormats = (picture: TMedia): TFormatInput[] => [
  { kind: 'classic', tieBreak: true, buzzer: { wrongPenalty: 5, pauseTimer: false } },
  { kind: 'speed', timeLimit: 40, placePoints: [50, 40, 30, 20, 10] },
  {
    kind: 'obstacle',
    keyword: 'INTERNET',
    picture,
    tiles: 6,
    centreClue: 'Mạng của các mạng',
    rowTimeLimit: 20,
    rowPoints: 15,
    keywordPoints: [90, 70, 50],
    cluePoints: 5,
  },
  {
    kind: 'finish',
    packages: [
      [20, 20],
      [30, 30, 40],
    ],
    stealSeconds: 7,
    buzzer: { wrongPenalty: 10, pauseTimer: true },
  },
  { kind: 'judged', timeLimit: 420 },
];

const download = (set: number | string, id: string, cookie?: string) =>
  t.request('GET', `/api/question-sets/${set}/${encodeURIComponent(id)}/export.xlsx`, { cookie: cookie ?? t.cookies.admin });

async function workbookOf(res: Response): Promise<ExcelJS.Workbook> {
  expect(res.status).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(await res.arrayBuffer());
  return workbook;
}

/** A sheet's cells, row by row (blanks as ''), each row as long as the header. */
function cellsOf(sheet: ExcelJS.Worksheet): (string | number)[][] {
  const width = sheet.getRow(1).cellCount;
  const rows: (string | number)[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row) => {
    rows.push(Array.from({ length: width }, (_, i) => (row.getCell(i + 1).value as string | number | null) ?? ''));
  });
  return rows;
}

async function createSet(set: number, title: string, items: TQuestionInput[], format: TFormatInput = { kind: 'classic' }) {
  return (await t.callers.admin.questionSet.create({ set, data: { title, items, format } })).item;
}

describe('a set exported to .xlsx', () => {
  it('writes the questions under the import’s Vietnamese headers, one option per column, answers as letters', async () => {
    const created = await createSet(2, TITLE, QUESTIONS);
    const res = await download(2, created._id);
    expect(res.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const disposition = res.headers.get('content-disposition') ?? '';
    expect(disposition).toContain('attachment; filename="Vong 1 Khoi dong Tin hoc danh cho khoi 10 [2026].xlsx"');
    expect(decodeURIComponent(/filename\*=UTF-8''(\S+)/.exec(disposition)?.[1] ?? '')).toBe(
      'Vòng 1 Khởi động – Tin học dành cho khối 10 [2026].xlsx',
    );
    const workbook = await workbookOf(res);
    expect(workbook.worksheets.map((s) => s.name)).toEqual(['Vòng 1 Khởi động – "Tin học" dà', 'Thể thức']);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).font?.bold).toBe(true);
    expect(cellsOf(sheet)).toEqual([
      SIX_OPTIONS_HEADER,
      [1, 'Thủ đô của Việt Nam?', ...CITIES, '', '', 'A', 'Từ năm 1010', 10, 20, ''],
      [2, 'Cố đô triều Nguyễn?', ...CITIES, '', '', 'B', '', 7.5, 30, ''],
      [3, 'Chọn phương án cuối', 'Một', 'Hai', 'Ba', 'Bốn', 'Năm', 'Sáu', 'F', '', 10, 30, ''],
      [4, 'Năm nào Lý Công Uẩn dời đô?', '', '', '', '', '', '', '1010', '', 20, 45, ''],
      [5, 'Ô nào được tô màu trong hình?', 'C', 'B', 'A', '', '', '', 'A', '', 10, 30, 'https://truong.edu.vn/hinh/o-mau.png'],
    ]);
  });

  it('writes four option columns when every question has fewer, and none when no question has options', async () => {
    const twoOptions = await createSet(2, 'Đúng sai', [
      { content: 'Trái Đất quay quanh Mặt Trời?', options: ['Đúng', 'Sai'], answer: 'Đúng' },
    ]);
    let header = cellsOf((await workbookOf(await download(2, twoOptions._id))).worksheets[0]!)[0];
    expect(header).toEqual([
      'STT',
      'Câu hỏi',
      'Phương án A',
      'Phương án B',
      'Phương án C',
      'Phương án D',
      'Đáp án',
      'Giải thích',
      'Điểm',
      'Thời gian (giây)',
      'Hình ảnh',
    ]);
    const free = await createSet(2, 'Tự luận', [{ content: 'Kể tên ba con sông', answer: 'Hồng, Hương, Hàn' }]);
    header = cellsOf((await workbookOf(await download(2, free._id))).worksheets[0]!)[0];
    expect(header).toEqual(['STT', 'Câu hỏi', 'Đáp án', 'Giải thích', 'Điểm', 'Thời gian (giây)', 'Hình ảnh']);
  });

  it('writes a "Thể thức" sheet that reads back to the set’s format, for every kind', async () => {
    const { media } = await t.callers.admin.media.upload({ fileName: 'anh-nen.png', contentType: 'image/png', dataBase64: PNG_1X1 });
    const kindNames: Record<TFormat['kind'], string> = {
      classic: 'Thông thường',
      speed: 'Tăng tốc',
      obstacle: 'Vượt chướng ngại vật',
      finish: 'Về đích',
      judged: 'Giám khảo chấm',
    };
    for (const format of changedFormats(media)) {
      const created = await createSet(3, `Thể thức ${format.kind}`, QUESTIONS.slice(0, 1), format);
      const workbook = await workbookOf(await download(3, created._id));
      const rows = cellsOf(workbook.getWorksheet('Thể thức')!);
      expect(rows.slice(0, 2)).toEqual([
        ['Mục', 'Giá trị'],
        ['Thể thức', kindNames[format.kind]],
      ]);
      const { formats: read, errors } = readFormatSheet(rows, [workbook.worksheets[0]!.name]);
      expect(errors).toEqual([]);
      expect(ZFormatInputSchema.parse(read.get(workbook.worksheets[0]!.name))).toEqual(created.format);
    }
  });

  it('answers 404 for a set that does not exist and 400 for a round number out of 1–6, in Vietnamese; staff other than admins are refused', async () => {
    const created = await createSet(4, 'Bộ của phần 4', QUESTIONS.slice(0, 1));
    let res = await download(5, created._id);
    expect(res.status).toBe(404);
    expect((await res.json()).error.message).toBe('Không tìm thấy bộ câu hỏi');
    for (const set of ['7', '0', 'abc']) {
      res = await download(set, created._id);
      expect(res.status).toBe(400);
      expect((await res.json()).error.message).toBe('Phần thi phải là một số từ 1 đến 6');
    }
    expect((await download(4, created._id, t.cookies.master)).status).toBe(403);
  });
});

/**
 * Questions as a teacher's workbook can hold them, answers stored as their option's text (as the
 * import stores them): several lines, a leading "=", a decimal point, letters as options.
 */
const ROUND_TRIP: TQuestionInput[] = [
  QUESTIONS[0]!,
  { ...QUESTIONS[1]!, answer: 'Huế' },
  { ...QUESTIONS[2]!, answer: 'Sáu' },
  QUESTIONS[3]!,
  QUESTIONS[4]!,
  { content: '=1+1 bằng mấy?', options: ['1', '2', '3'], answer: '2', explanation: 'Dòng một\nDòng hai', point: 0, timeLimit: 5 },
];

const uploadPicture = async () =>
  (await t.callers.admin.media.upload({ fileName: 'anh-nen.png', contentType: 'image/png', dataBase64: PNG_1X1 })).media;
const withoutIds = (set: { items: { id: string }[] }) => set.items.map(({ id: _id, ...question }) => question);

/** Imports a workbook as a new set of `set` and reads back what was stored. */
async function importAgain(set: number, bytes: Uint8Array) {
  const admin = t.callers.admin;
  const dataBase64 = Buffer.from(bytes).toString('base64');
  const { item } = await admin.questionSet.importFile({ set, mode: 'create', fileName: 'bo-cau-hoi.xlsx', dataBase64 });
  return (await admin.questionSet.adminGet({ set, _id: item!._id })).item;
}

const exported = async (set: number, id: string) => new Uint8Array(await (await download(set, id)).arrayBuffer());

describe('a set exported and imported again', () => {
  it('gives back the same questions and format, for every kind with every field changed', async () => {
    for (const format of changedFormats(await uploadPicture())) {
      const created = await createSet(5, `Vòng ${format.kind}`, ROUND_TRIP, format);
      const again = await importAgain(5, await exported(5, created._id));
      expect(withoutIds(again), format.kind).toEqual(withoutIds(created));
      expect(again.format).toEqual(created.format);
    }
  });

  it('gives back every kind’s defaults', async () => {
    for (const kind of ['classic', 'speed', 'obstacle', 'finish', 'judged'] as const) {
      const created = await createSet(5, `Mặc định ${kind}`, ROUND_TRIP.slice(0, 1), { kind });
      const again = await importAgain(5, await exported(5, created._id));
      expect(again.format).toEqual(created.format);
    }
  });

  // An upload's address (/media/<id>) names no extension: the import takes its kind from the stored file.
  it('gives back a question’s uploaded picture', async () => {
    const media = await uploadPicture();
    const created = await createSet(5, 'Ảnh tải lên', [{ content: 'Đây là con vật gì?', answer: 'Con mèo', media }]);
    const again = await importAgain(5, await exported(5, created._id));
    expect(withoutIds(again)).toEqual(withoutIds(created));
  });

  it('stores an answer that was kept as a letter as its option’s text', async () => {
    const created = await createSet(5, 'Đáp án chữ cái', [QUESTIONS[2]!]);
    expect(created.items[0]!.answer).toBe('F');
    const again = await importAgain(5, await exported(5, created._id));
    expect(again.items[0]!.answer).toBe('Sáu');
  });
});

describe.runIf(libreOfficeAvailable())('a set’s workbook in LibreOffice', () => {
  it('opens, and what LibreOffice saves again imports back unchanged, questions and format', async () => {
    const picture = await uploadPicture();
    const sets = await Promise.all(changedFormats(picture).map((format) => createSet(6, `LibreOffice ${format.kind}`, ROUND_TRIP, format)));
    const files = Object.fromEntries(await Promise.all(sets.map(async (set) => [`${set.format.kind}.xlsx`, await exported(6, set._id)])));
    const saved = await convertWithLibreOffice(files, 'xlsx');

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(saved['speed.xlsx']!.buffer as ArrayBuffer);
    expect(workbook.worksheets.map((s) => s.name)).toEqual(['LibreOffice speed', 'Thể thức']);
    expect(cellsOf(workbook.worksheets[0]!).slice(0, 2)).toEqual([
      SIX_OPTIONS_HEADER,
      [1, 'Thủ đô của Việt Nam?', ...CITIES, '', '', 'A', 'Từ năm 1010', 10, 20, ''],
    ]);

    for (const set of sets) {
      const again = await importAgain(6, saved[`${set.format.kind}.xlsx`]!);
      expect(withoutIds(again), set.format.kind).toEqual(withoutIds(set));
      expect(again.format).toEqual(set.format);
    }
  }, 180_000);
});
