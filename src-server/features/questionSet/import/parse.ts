/**
 * Stage 1 of an import, file bytes → sheets of rows: reads a spreadsheet (XLSX, every sheet; CSV in
 * UTF-8, UTF-16 or Windows-1258), a Word file or a JSON file into one ParsedRow per question, with
 * its row number and the problems found while reading its cells. Headers are read as people write
 * them (src/importColumns.ts, with the mappings an organiser remembered); a column nobody maps is
 * ignored and listed. Letter answers become their option's text. Nothing is validated against the
 * question schema here (validate.ts does that) and nothing is written (write.ts).
 *
 * Row numbers are what the author sees: for CSV and XLSX the row in the sheet with the header as row 1
 * (a CSV record whose quoted field holds a line break is still one row, as Excel shows it); for JSON
 * the item's position, from 1; for Word the question's number.
 */
import { CsvError, parse as parseCsvRecords } from 'csv-parse/sync';
import type ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import { headerKey, readColumns } from '../../../../src/importColumns';
import { messages } from '../../../../src/messages';
import { optionLetter, readAnswer } from '../../../../src/questionAnswer';
import {
  FORMAT_SHEET_NAME,
  isOptionField,
  optionFieldIndex,
  QUESTION_COLUMN_RULES,
  type QuestionImportField,
  type TImportColumn,
  type TImportRowError,
} from '../../../../src/schemas/questionImport';
import { mediaKindOfUrl, type TMedia } from '../../../../src/schemas/questionSet';
import { badRequest } from '../../../errors';
import { loadExcel } from '../../../heavy';
import { DOCX_MAX_BYTES, type DocxQuestion, readDocxQuestions } from './docx';
import { readFormatSheet } from './formatSheet';

export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;
export const IMPORT_EXTENSIONS = ['xlsx', 'csv', 'docx', 'json'] as const;

/** The headers an organiser mapped by hand: header key → field (null: always ignored). */
export type RememberedColumns = ReadonlyMap<string, QuestionImportField | null>;

export interface ParsedRow {
  row: number;
  /** The question's fields as read, before validation. */
  question: Record<string, unknown>;
  /** Problems found while reading the cells (a number that is not one, an answer that names no option). */
  errors: TImportRowError[];
  /** A Word file's pictures inside the question: the first becomes its media when the set is written. */
  images?: DocxQuestion['images'];
  /** An uploaded file named by its address ("/media/<id>", as an export writes it): its kind is the stored file's. */
  upload?: { id: string; field: string };
}

export interface ParsedSheet {
  name: string;
  /** How rows are counted: sheet rows, or a Word file's question numbers. */
  unit: 'row' | 'question';
  /** How each header was read (none for JSON and Word). */
  columns: TImportColumn[];
  /** What the author calls each field in this sheet (its header), for the errors' wording. */
  labels: Partial<Record<QuestionImportField, string>>;
  rows: ParsedRow[];
  /** Problems with the sheet as a whole: no question column, a column that repeats another. */
  errors: TImportRowError[];
  /** The round's format as the file gives it, unchecked (write.ts checks it); absent when it gives none. */
  format?: unknown;
}

export interface ParsedFile {
  title?: string;
  sheets: ParsedSheet[];
  /** Problems with the file as a whole (its "Thể thức" sheet). */
  errors: TImportRowError[];
}

export function fileExtension(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot < 0 ? '' : fileName.slice(dot + 1).toLowerCase();
}

export function isImportExtension(ext: string): ext is (typeof IMPORT_EXTENSIONS)[number] {
  return (IMPORT_EXTENSIONS as readonly string[]).includes(ext);
}

/** A file this import cannot read, refused with what to do about it (an old .xls or .doc says to save it again). */
export function refuseExtension(fileName: string): never {
  const ext = fileExtension(fileName);
  if (ext === 'xls') throw badRequest(messages.importOldExcel, 'file');
  if (ext === 'doc') throw badRequest(messages.importOldWord, 'file');
  throw badRequest(messages.importUnknownExtension, 'file');
}

export async function parseQuestionFile(
  fileName: string,
  bytes: Uint8Array,
  remembered: RememberedColumns = new Map(),
): Promise<ParsedFile> {
  const ext = fileExtension(fileName);
  if (!isImportExtension(ext)) refuseExtension(fileName);
  // A Word file's pictures make it larger: it has a limit of its own.
  const limit = ext === 'docx' ? DOCX_MAX_BYTES : IMPORT_MAX_BYTES;
  if (bytes.byteLength > limit) throw badRequest(messages.importFileTooLarge(limit / 1024 / 1024), 'file');
  if (ext === 'docx') return parseDocx(bytes, fileName);
  if (ext === 'json') return parseJson(bytes);
  if (ext === 'csv') return { sheets: [tableSheet('CSV', parseCsv(decodeCsv(bytes)), remembered)], errors: [] };
  if (ext === 'xlsx') return readXlsx(bytes, remembered);
  refuseExtension(fileName);
}

// ---------------------------------------------------------------------------------------------- JSON

const nfc = (text: string) => text.normalize('NFC').trim();

function parseJson(bytes: Uint8Array): ParsedFile {
  let data: unknown;
  try {
    data = JSON.parse(decodeCsv(bytes));
  } catch {
    throw badRequest(messages.importBadJson, 'file');
  }
  let title: string | undefined;
  let format: unknown;
  let items: unknown;
  if (Array.isArray(data)) items = data;
  else if (data && typeof data === 'object' && Array.isArray((data as { items?: unknown }).items)) {
    const rawTitle = (data as { title?: unknown }).title;
    if (typeof rawTitle === 'string' && rawTitle.trim()) title = nfc(rawTitle).slice(0, 300);
    items = (data as { items: unknown[] }).items;
    format = (data as { format?: unknown }).format;
  } else throw badRequest(messages.importBadJsonShape, 'file');

  const rows: ParsedRow[] = [];
  (items as unknown[]).forEach((item, index) => {
    const row = index + 1;
    if (item === null || (typeof item === 'object' && !Array.isArray(item) && Object.keys(item).length === 0)) return;
    if (typeof item !== 'object' || Array.isArray(item)) {
      rows.push({ row, question: {}, errors: [{ row, field: 'item', message: messages.importItemNotObject }] });
      return;
    }
    rows.push(jsonRow(row, item as Record<string, unknown>));
  });
  const sheet: ParsedSheet = { name: title ?? 'JSON', unit: 'row', columns: [], labels: {}, rows, errors: [] };
  if (format !== undefined) sheet.format = format;
  return { sheets: [sheet], errors: [], ...(title === undefined ? {} : { title }) };
}

/** JSON items carry the API's fields; be as forgiving as the spreadsheet columns are. */
function jsonRow(row: number, item: Record<string, unknown>): ParsedRow {
  const errors: TImportRowError[] = [];
  const { mediaUrl, ...question } = item;
  if (typeof question.options === 'string') question.options = splitOptions(question.options);
  for (const field of ['point', 'timeLimit'] as const) {
    if (typeof question[field] !== 'string') continue;
    const value = readNumber(question[field]);
    if (value === undefined) delete question[field];
    else if (value === null) errors.push({ row, field, message: messages.importNotANumber });
    else question[field] = value;
  }
  if (question.media === undefined && typeof mediaUrl === 'string') {
    question.mediaUrl = mediaUrl;
    const media = readMedia(mediaUrl);
    if (media === 'unknown') errors.push({ row, field: 'mediaUrl', message: messages.importUnknownMediaKind });
    else question.media = media;
  }
  const options = Array.isArray(question.options) && question.options.every((o) => typeof o === 'string') ? question.options : [];
  if (typeof question.answer === 'string') resolveAnswer(question, options, row, 'answer', errors);
  return { row, question, errors };
}

/**
 * The answer as its option's text when it names one (by text or by letter); an error on the row when
 * the question has options and the answer names none of them.
 */
export function resolveAnswer(
  question: Record<string, unknown>,
  options: readonly string[],
  row: number,
  label: string,
  errors: TImportRowError[],
): void {
  const answer = String(question.answer ?? '');
  const reading = readAnswer(answer, options);
  const last = optionLetter(options.length - 1);
  if (reading.kind === 'option') question.answer = options[reading.index];
  else if (reading.kind === 'letterOutOfRange') {
    errors.push({ row, field: label, message: messages.importAnswerLetterMissing(reading.letter, last) });
  } else if (reading.kind === 'noMatch') errors.push({ row, field: label, message: messages.importAnswerNoMatch(answer.trim(), last) });
}

// ---------------------------------------------------------------------------------------------- Word

/**
 * A Word file's numbered questions, one row each under its number. The key is "Đáp án: …" when the
 * question has one, else the option marked bold or underlined.
 */
async function parseDocx(bytes: Uint8Array, fileName: string): Promise<ParsedFile> {
  const read = await readDocxQuestions(bytes);
  const answerLabel = messages.importFields.answer;
  const rows = read.questions.map((q): ParsedRow => {
    const errors: TImportRowError[] = [];
    const question: Record<string, unknown> = { content: q.content, options: q.options, explanation: q.explanation };
    if (q.point !== undefined) question.point = q.point;
    if (q.timeLimit !== undefined) question.timeLimit = q.timeLimit;
    if (q.answer) {
      question.answer = q.answer;
      resolveAnswer(question, q.options, q.number, answerLabel, errors);
    } else if (q.markedOption >= 0) question.answer = q.options[q.markedOption];
    return { row: q.number, question, errors, ...(q.images.length ? { images: q.images } : {}) };
  });
  const errors = read.problems.map((p) => ({ row: p.number, unit: 'question' as const, field: '', message: p.message }));
  const name = read.title ?? titleFromFileName(fileName);
  return {
    sheets: [{ name, unit: 'question', columns: [], labels: {}, rows, errors }],
    errors: [],
    ...(read.title ? { title: read.title } : {}),
  };
}

/** "cau-hoi.xlsx" → "cau-hoi": a set's title when neither the caller nor the file gives one. */
export function titleFromFileName(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? fileName;
  const dot = base.lastIndexOf('.');
  return ((dot > 0 ? base.slice(0, dot) : base).trim() || base).slice(0, 300);
}

// ----------------------------------------------------------------------------------- CSV and XLSX

type Cell = string | number;
export interface TableRow {
  row: number;
  cells: Cell[];
}

const isBlank = (cell: Cell | undefined) => cell === undefined || String(cell).trim() === '';

/** One question sheet of a table: its header row read, then one ParsedRow per filled row below it. */
function tableSheet(name: string, table: TableRow[], remembered: RememberedColumns): ParsedSheet {
  const sheet: ParsedSheet = { name, unit: 'row', columns: [], labels: {}, rows: [], errors: [] };
  const headerAt = table.findIndex((r) => r.cells.some((c) => !isBlank(c)));
  if (headerAt < 0) return sheet;
  const header = table[headerAt]!;
  const body = table.slice(headerAt + 1).filter((r) => r.cells.some((c) => !isBlank(c)));
  const width = Math.max(header.cells.length, ...body.map((r) => r.cells.length));
  const headers = Array.from({ length: width }, (_, i) => nfc(String(header.cells[i] ?? '')));
  const { columns, duplicates } = readColumns(headers, QUESTION_COLUMN_RULES, remembered);
  // A filled column without a header is listed as ignored, under its position.
  headers.forEach((name, index) => {
    if (!name && body.some((r) => !isBlank(r.cells[index]))) {
      columns.push({ index, header: messages.importUnnamedHeader(index + 1), field: null, source: 'ignored', unit: null });
    }
  });
  sheet.columns = columns.sort((a, b) => a.index - b.index);
  for (const column of sheet.columns) if (column.field) sheet.labels[column.field] = column.header;
  for (const duplicate of duplicates) {
    sheet.errors.push({
      row: header.row,
      field: duplicate.header,
      message: messages.importDuplicateColumn(duplicate.header, duplicate.first),
    });
  }
  if (!sheet.labels.content) {
    sheet.errors.push({ row: header.row, field: messages.importFields.content, message: messages.importMissingContent });
    return sheet;
  }
  sheet.rows = body.map(({ row, cells }) => tableRow(row, sheet, cells));
  return sheet;
}

function tableRow(row: number, sheet: ParsedSheet, cells: Cell[]): ParsedRow {
  const question: Record<string, unknown> = {};
  const errors: TImportRowError[] = [];
  let upload: ParsedRow['upload'];
  let listed: string[] = [];
  const lettered: string[] = [];
  for (const column of sheet.columns) {
    const cell = cells[column.index];
    const field = column.field;
    if (!field || isBlank(cell)) continue;
    const text = nfc(String(cell));
    if (isOptionField(field)) lettered[optionFieldIndex(field)] = text;
    else if (field === 'options') listed = splitOptions(text);
    else if (field === 'point' || field === 'timeLimit') {
      const value = typeof cell === 'number' ? cell : readNumber(text);
      if (value === null || value === undefined) errors.push({ row, field: column.header, message: messages.importNotANumber });
      // "Thời gian (phút)": the app counts seconds.
      else question[field] = field === 'timeLimit' && isMinutes(column.unit) ? value * 60 : value;
    } else if (field === 'mediaUrl') {
      question.mediaUrl = text;
      const uploaded = UPLOADED.exec(text);
      const media = readMedia(text);
      if (uploaded && media === 'unknown') upload = { id: uploaded[1]!, field: column.header };
      else if (media === 'unknown') errors.push({ row, field: column.header, message: messages.importUnknownMediaKind });
      else question.media = media;
    } else question[field] = text;
  }
  // One column of options joined with "|", or one column per option (blank ones skipped), in order.
  const options = [...listed, ...lettered.filter(Boolean)];
  if (options.length) question.options = options;
  if (question.answer !== undefined) resolveAnswer(question, options, row, sheet.labels.answer ?? messages.importFields.answer, errors);
  // `mediaUrl` stays only to name media errors after the column; ZQuestionSchema drops unknown keys.
  return { row, question, errors, ...(upload ? { upload } : {}) };
}

/** An uploaded file's address: its kind is not in its name. */
const UPLOADED = /^\/media\/([^/?#.]+)$/;

const isMinutes = (unit: string | null) => unit !== null && /^(phut|min|minutes?|p)$/.test(unit);

function splitOptions(text: string): string[] {
  return text
    .split('|')
    .map((o) => nfc(o))
    .filter(Boolean);
}

/** "7,5" and "7.5" → 7.5; blank → undefined; anything else → null. */
export function readNumber(value: unknown): number | null | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  const text = String(value ?? '').trim();
  if (!text) return undefined;
  if (!/^[+-]?(\d+([.,]\d*)?|[.,]\d+)$/.test(text)) return null;
  return Number(text.replace(',', '.'));
}

/** A media URL with its kind guessed from the extension; 'unknown' when the extension says nothing. */
export function readMedia(url: string): TMedia | null | 'unknown' {
  const trimmed = url.trim();
  if (!trimmed) return null;
  const kind = mediaKindOfUrl(trimmed);
  return kind ? { kind, url: trimmed } : 'unknown';
}

/**
 * A text file's characters, however a school PC saved it: UTF-8 (with or without its mark), UTF-16
 * with its byte-order mark (Excel's "Unicode text"), UTF-16 without one (every other byte zero), else
 * Windows-1258, the Vietnamese code page of older Windows and Excel's plain "CSV". Vietnamese text in
 * Windows-1258 is written with combining tone marks: the result is normalised to composed form.
 */
export function decodeCsv(bytes: Uint8Array): string {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let text: string;
  if (buffer[0] === 0xff && buffer[1] === 0xfe) text = iconv.decode(buffer, 'utf-16le');
  else if (buffer[0] === 0xfe && buffer[1] === 0xff) text = iconv.decode(buffer, 'utf-16be');
  else {
    const utf16 = utf16WithoutMark(buffer);
    if (utf16) text = iconv.decode(buffer, utf16);
    else {
      try {
        // TextDecoder drops a leading byte-order mark by itself.
        text = new TextDecoder('utf-8', { fatal: true }).decode(buffer);
      } catch {
        text = iconv.decode(buffer, 'windows-1258');
      }
    }
  }
  return text.replace(/^\uFEFF/, '').normalize('NFC');
}

/** UTF-16 without a mark: most of the first bytes' odd (LE) or even (BE) positions are zero. */
function utf16WithoutMark(buffer: Buffer): 'utf-16le' | 'utf-16be' | null {
  const sample = buffer.subarray(0, Math.min(buffer.length, 400));
  if (sample.length < 4) return null;
  let evenZeros = 0;
  let oddZeros = 0;
  for (let i = 0; i < sample.length; i++) if (sample[i] === 0) i % 2 ? oddZeros++ : evenZeros++;
  const half = sample.length / 2;
  if (oddZeros > half * 0.6 && evenZeros < half * 0.1) return 'utf-16le';
  if (evenZeros > half * 0.6 && oddZeros < half * 0.1) return 'utf-16be';
  return null;
}

/**
 * RFC 4180 CSV (csv-parse) with the separator (`,`, `;` or a tab) taken from the header line. Every
 * record, an empty line included, is one row, so a record's position is the row Excel shows for it.
 */
export function parseCsv(text: string): TableRow[] {
  let records: string[][];
  try {
    records = parseCsvRecords(text, {
      delimiter: detectSeparator(text),
      // Any mix of Windows, Unix and old Mac line ends; the longest first.
      record_delimiter: ['\r\n', '\n', '\r'],
      bom: true,
      // A quote opens a quoted field only at its start; elsewhere it is an ordinary character.
      relax_quotes: true,
      relax_column_count: true,
    });
  } catch (error) {
    // The records read before the unclosed quote are complete; the quote opened in the next one.
    if (error instanceof CsvError && error.code === 'CSV_QUOTE_NOT_CLOSED') {
      throw badRequest(messages.importUnclosedQuote(Number(error.records) + 1), 'file');
    }
    throw error;
  }
  return records.map((cells, index) => ({ row: index + 1, cells }));
}

/** The separator the header line (outside quotes) uses most: `;`, a tab (Excel's "Unicode text") or `,`. */
function detectSeparator(text: string): ',' | ';' | '\t' {
  const counts = { ',': 0, ';': 0, '\t': 0 };
  let quoted = false;
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    else if (quoted) continue;
    else if (ch === '\n' || ch === '\r') {
      if (counts[','] || counts[';'] || counts['\t']) break;
    } else if (ch === ',' || ch === ';' || ch === '\t') counts[ch]++;
  }
  if (counts['\t'] > counts[','] && counts['\t'] > counts[';']) return '\t';
  return counts[';'] > counts[','] ? ';' : ',';
}

const isFormatSheet = (name: string) => headerKey(name) === headerKey(FORMAT_SHEET_NAME);

/** Every sheet of a workbook: each non-empty one a round's questions, and the "Thể thức" sheet their formats. */
async function readXlsx(bytes: Uint8Array, remembered: RememberedColumns): Promise<ParsedFile> {
  const Excel = await loadExcel();
  const workbook = new Excel.Workbook();
  try {
    await workbook.xlsx.load(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) as unknown as ExcelJS.Buffer);
  } catch {
    throw badRequest(messages.importBadXlsx, 'file');
  }
  const sheets: ParsedSheet[] = [];
  let formatRows: Cell[][] | null = null;
  for (const worksheet of workbook.worksheets) {
    const table = sheetTable(worksheet);
    if (isFormatSheet(worksheet.name)) formatRows = atSheetRows(table);
    else if (table.some((r) => r.cells.some((c) => !isBlank(c)))) sheets.push(tableSheet(nfc(worksheet.name), table, remembered));
  }
  const errors: TImportRowError[] = [];
  if (formatRows) {
    const read = readFormatSheet(
      formatRows,
      sheets.map((s) => s.name),
    );
    for (const sheet of sheets) if (read.formats.has(sheet.name)) sheet.format = read.formats.get(sheet.name);
    errors.push(...read.errors.map((e) => ({ ...e, sheet: FORMAT_SHEET_NAME })));
  }
  return { sheets, errors };
}

/** The rows' cells at their sheet positions (row N at index N − 1), blank rows as empty lists. */
function atSheetRows(table: TableRow[]): Cell[][] {
  const rows: Cell[][] = Array.from({ length: table.at(-1)?.row ?? 0 }, () => []);
  for (const { row, cells } of table) rows[row - 1] = cells;
  return rows;
}

function sheetTable(sheet: ExcelJS.Worksheet): TableRow[] {
  const rows: TableRow[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    const cells: Cell[] = [];
    for (let col = 1; col <= row.cellCount; col++) cells.push(cellValue(row.getCell(col).value));
    rows.push({ row: rowNumber, cells });
  });
  return rows;
}

/** A cell's text, or its number: rich text joined, a formula's cached result, a link's text. */
function cellValue(value: ExcelJS.CellValue): Cell {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return value;
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) return value.toISOString();
  if ('richText' in value) return value.richText.map((part) => part.text).join('');
  if ('formula' in value || 'sharedFormula' in value) {
    const result = value.result;
    return result === undefined ? '' : cellValue(result as ExcelJS.CellValue);
  }
  if ('hyperlink' in value) return cellValue(value.text as ExcelJS.CellValue);
  if ('error' in value) return value.error;
  return '';
}
