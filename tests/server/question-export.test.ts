/**
 * A set downloaded as the workbook a teacher keeps (GET /api/question-sets/:set/:id/export.xlsx):
 * Vietnamese headers the import reads, one option per column, the answer as its letter (or as text
 * where a letter would name another option, or where there are no options), the media's address, and
 * a "Thể thức" sheet that reads back to the set's format for every kind. LibreOffice opens the file.
 */
import { execFile, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { TQuestionInput } from '../../src/schemas/questionSet';
import { type TFormat, type TFormatInput, ZFormatInputSchema } from '../../src/schemas/roundFormat';
import { readFormatSheet } from '../../src-server/features/questionSet/import/formatSheet';
import { testAppForFile } from '../helpers/app-for-file';

const t = testAppForFile({ staff: ['admin', 'master'] });
const PNG_1X1 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

const TITLE = 'Vòng 1: Khởi động – "Tin học" dành cho khối 10 [2026]';
const CITIES = ['Hà Nội', 'Huế', 'Đà Nẵng', 'Thành phố Hồ Chí Minh'];
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
      [
        'STT',
        'Câu hỏi',
        'Phương án A',
        'Phương án B',
        'Phương án C',
        'Phương án D',
        'Phương án E',
        'Phương án F',
        'Đáp án',
        'Giải thích',
        'Điểm',
        'Thời gian (giây)',
        'Hình ảnh',
      ],
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
    const formats: TFormatInput[] = [
      { kind: 'classic', tieBreak: true, buzzer: { wrongPenalty: 5, pauseTimer: false } },
      { kind: 'speed', timeLimit: 40, placePoints: [50, 40, 30, 20, 10] },
      {
        kind: 'obstacle',
        keyword: 'INTERNET',
        picture: media,
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
    const kindNames: Record<TFormat['kind'], string> = {
      classic: 'Thông thường',
      speed: 'Tăng tốc',
      obstacle: 'Vượt chướng ngại vật',
      finish: 'Về đích',
      judged: 'Giám khảo chấm',
    };
    for (const format of formats) {
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

const run = promisify(execFile);
const withLibreOffice = spawnSync('soffice', ['--version'], { timeout: 60_000 }).error === undefined;

describe.runIf(withLibreOffice)('a set’s workbook in LibreOffice', () => {
  it('opens, and its first sheet reads as the questions', async () => {
    const created = await createSet(6, 'Vòng Tăng tốc', QUESTIONS.slice(0, 2), { kind: 'speed' });
    const res = await download(6, created._id);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hoithi-export-'));
    try {
      fs.writeFileSync(path.join(dir, 'bo.xlsx'), new Uint8Array(await res.arrayBuffer()));
      await run(
        'soffice',
        [
          `-env:UserInstallation=file://${path.join(dir, 'profile')}`,
          '--headless',
          '--norestore',
          // UTF-8 CSV, comma-separated.
          '--convert-to',
          'csv:Text - txt - csv (StarCalc):44,34,76,1',
          '--outdir',
          dir,
          path.join(dir, 'bo.xlsx'),
        ],
        { timeout: 150_000 },
      );
      const csv = fs.readFileSync(path.join(dir, 'bo.csv'), 'utf8').trim().split(/\r?\n/);
      // Text in quotes, numbers bare: points and times stay numbers.
      expect(csv).toEqual([
        '"STT","Câu hỏi","Phương án A","Phương án B","Phương án C","Phương án D","Đáp án","Giải thích","Điểm","Thời gian (giây)","Hình ảnh"',
        '1,"Thủ đô của Việt Nam?","Hà Nội","Huế","Đà Nẵng","Thành phố Hồ Chí Minh","A","Từ năm 1010",10,20,',
        '2,"Cố đô triều Nguyễn?","Hà Nội","Huế","Đà Nẵng","Thành phố Hồ Chí Minh","B",,7.5,30,',
      ]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 180_000);
});
