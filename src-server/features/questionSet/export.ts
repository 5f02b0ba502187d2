/**
 * A question set as the workbook a teacher keeps (issue 29, "the way back"): the first sheet, named
 * after the set, holds `STT | Câu hỏi | Phương án A… | Đáp án | Giải thích | Điểm | Thời gian (giây) |
 * Hình ảnh` under the headers the import reads, one option per column and the answer as its letter;
 * the second, "Thể thức", the round's format (import/formatSheet.ts). Edited in Excel or LibreOffice,
 * it imports again unchanged.
 */
import type ExcelJS from 'exceljs';
import { messages } from '../../../src/messages';
import { optionLetter, readAnswer, rightOptionIndex } from '../../../src/questionAnswer';
import { FORMAT_SHEET_NAME, OPTION_FIELDS } from '../../../src/schemas/questionImport';
import type { TQuestion, TQuestionSet } from '../../../src/schemas/questionSet';
import { loadExcel } from '../../heavy';
import { sheetName } from '../results/sheet';
import { formatSheetRows } from './import/formatSheet';

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const fields = messages.importFields;
/** The import reads one column per option up to F; a wider question's further options get the editor's name for them. */
const optionHeader = (index: number) => {
  const field = OPTION_FIELDS[index];
  return field ? fields[field] : messages.qs.optionPlaceholder(optionLetter(index));
};

/**
 * The answer as the import reads it back: the right option's letter when it names one (unless a
 * letter would name another option, as with options that are letters themselves: then its text);
 * otherwise the answer as written.
 */
function answerCell(question: TQuestion): string {
  const index = rightOptionIndex(question);
  if (index < 0) return question.answer;
  const letter = optionLetter(index);
  const reading = readAnswer(letter, question.options);
  return reading.kind === 'option' && reading.index === index ? letter : question.options[index]!;
}

interface Column {
  header: string;
  width: number;
  value(question: TQuestion, index: number): string | number;
}

function columnsFor(items: TQuestion[]): Column[] {
  const widest = Math.max(0, ...items.map((q) => q.options.length));
  const optionCount = widest > 0 ? Math.max(4, widest) : 0;
  return [
    { header: messages.exportRowNumber, width: 6, value: (_q, i) => i + 1 },
    { header: fields.content, width: 60, value: (q) => q.content },
    ...Array.from({ length: optionCount }, (_, o) => ({ header: optionHeader(o), width: 28, value: (q: TQuestion) => q.options[o] ?? '' })),
    { header: fields.answer, width: optionCount ? 10 : 30, value: answerCell },
    { header: fields.explanation, width: 40, value: (q) => q.explanation },
    { header: fields.point, width: 8, value: (q) => q.point },
    { header: fields.timeLimit, width: 11, value: (q) => q.timeLimit },
    { header: fields.mediaUrl, width: 36, value: (q) => q.media?.url ?? '' },
  ];
}

const HEADER_FILL: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE9ECEF' } };
const WRAP: Partial<ExcelJS.Alignment> = { wrapText: true, vertical: 'top' };

function addTable(sheet: ExcelJS.Worksheet, widths: number[], rows: (string | number)[][]) {
  sheet.columns = widths.map((width) => ({ width }));
  // A blank is no cell at all, as a teacher's own blank would be.
  sheet.addRows(rows.map((row) => row.map((cell) => (cell === '' ? null : cell))));
  sheet.eachRow((row) => {
    row.alignment = WRAP;
  });
  const header = sheet.getRow(1);
  header.font = { bold: true };
  header.eachCell((cell) => {
    cell.fill = HEADER_FILL;
  });
}

export async function questionSetXlsx(set: TQuestionSet): Promise<Uint8Array<ArrayBuffer>> {
  const Excel = await loadExcel();
  const workbook = new Excel.Workbook();
  workbook.creator = messages.appName;
  const taken = new Set([FORMAT_SHEET_NAME.toLowerCase()]);
  const name = sheetName(set.title, taken, fields.content);

  const columns = columnsFor(set.items);
  const questions = workbook.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] });
  addTable(
    questions,
    columns.map((c) => c.width),
    [columns.map((c) => c.header), ...set.items.map((q, i) => columns.map((c) => c.value(q, i)))],
  );

  const format = workbook.addWorksheet(FORMAT_SHEET_NAME);
  addTable(format, [48, 36], formatSheetRows([{ name, format: set.format }]));
  format.getColumn(1).font = { bold: true };

  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

/** Characters no file name may hold, on any system a teacher uses. */
const NOT_IN_FILE_NAMES = /[\\/:*?"<>|\p{Cc}]+/gu;

/**
 * The download's Content-Disposition: the set's title as the file name, in plain ASCII for old
 * clients (diacritics dropped) and whole in UTF-8 (RFC 5987 `filename*`).
 */
export function attachmentFor(title: string): string {
  const name = title.replace(NOT_IN_FILE_NAMES, ' ').replace(/\s+/g, ' ').trim().slice(0, 100).trim();
  const ascii =
    name
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/đ/g, 'd')
      .replace(/Đ/g, 'D')
      .replace(/[^\x20-\x7e]+/g, ' ')
      .replace(/[%\\"]/g, ' ')
      .replace(/\s+/g, ' ')
      .trim() || messages.exportFallbackName;
  const utf8 = encodeURIComponent(`${name || ascii}.xlsx`).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}.xlsx"; filename*=UTF-8''${utf8}`;
}
