/**
 * Stage 1 of an import, file bytes → rows: reads a JSON, CSV or XLSX file into one ParsedRow per
 * question, with its row number and the problems found while reading its cells. Nothing is validated
 * against the question schema here (validate.ts does that) and nothing is written (write.ts).
 *
 * Row numbers are what the author sees: for CSV and XLSX the row in the sheet with the header as row 1
 * (a CSV record whose quoted field holds a line break is still one row, as Excel shows it); for JSON
 * the item's position, from 1.
 */
import { CsvError, parse as parseCsvRecords } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { messages } from '../../../../src/messages';
import { mediaKindOfUrl, type TMedia } from '../../../../src/schemas/questionSet';
import { badRequest } from '../../../errors';

export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;
export const IMPORT_EXTENSIONS = ['json', 'csv', 'xlsx'] as const;
export const IMPORT_COLUMNS = ['content', 'options', 'answer', 'explanation', 'point', 'timeLimit', 'mediaUrl'] as const;
type Column = (typeof IMPORT_COLUMNS)[number];

export interface ImportRowError {
  row: number;
  field: string;
  message: string;
}

export interface ParsedRow {
  row: number;
  /** The question's fields as read, before validation. */
  question: Record<string, unknown>;
  /** Problems found while reading the cells (a number that is not one, an unknown media type). */
  errors: ImportRowError[];
}

export interface ParsedFile {
  title?: string;
  /** A JSON file's `format`, as read (checked in write.ts with the rows). */
  format?: unknown;
  rows: ParsedRow[];
}

export function fileExtension(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot < 0 ? '' : fileName.slice(dot + 1).toLowerCase();
}

export function isImportExtension(ext: string): ext is (typeof IMPORT_EXTENSIONS)[number] {
  return (IMPORT_EXTENSIONS as readonly string[]).includes(ext);
}

export async function parseQuestionFile(fileName: string, bytes: Uint8Array): Promise<ParsedFile> {
  if (bytes.byteLength > IMPORT_MAX_BYTES) throw badRequest(messages.importFileTooLarge(IMPORT_MAX_BYTES / 1024 / 1024), 'file');
  const ext = fileExtension(fileName);
  if (ext === 'json') return parseJson(bytes);
  if (ext === 'csv') return { rows: rowsFromTable(parseCsv(decodeUtf8(bytes))) };
  if (ext === 'xlsx') return { rows: rowsFromTable(await readXlsx(bytes)) };
  throw badRequest(messages.importUnknownExtension, 'file');
}

// ---------------------------------------------------------------------------------------------- JSON

function parseJson(bytes: Uint8Array): ParsedFile {
  let data: unknown;
  try {
    data = JSON.parse(decodeUtf8(bytes));
  } catch (error) {
    if ((error as { field?: string }).field) throw error;
    throw badRequest(messages.importBadJson, 'file');
  }
  let title: string | undefined;
  let format: unknown;
  let items: unknown;
  if (Array.isArray(data)) items = data;
  else if (data && typeof data === 'object' && Array.isArray((data as { items?: unknown }).items)) {
    const rawTitle = (data as { title?: unknown }).title;
    if (typeof rawTitle === 'string' && rawTitle.trim()) title = rawTitle.trim().slice(0, 300);
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
  return { rows, ...(title === undefined ? {} : { title }), ...(format === undefined ? {} : { format }) };
}

/** JSON items carry the API's fields; be as forgiving as the spreadsheet columns are. */
function jsonRow(row: number, item: Record<string, unknown>): ParsedRow {
  const errors: ImportRowError[] = [];
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
  return { row, question, errors };
}

// ----------------------------------------------------------------------------------- CSV and XLSX

type Cell = string | number;
interface TableRow {
  row: number;
  cells: Cell[];
}

const isBlank = (cell: Cell | undefined) => cell === undefined || String(cell).trim() === '';

function rowsFromTable(table: TableRow[]): ParsedRow[] {
  const headerAt = table.findIndex((r) => r.cells.some((c) => !isBlank(c)));
  if (headerAt < 0) return [];
  const header = table[headerAt]!;
  const body = table.slice(headerAt + 1).filter((r) => r.cells.some((c) => !isBlank(c)));
  const columns = readHeader(header.cells, body);
  return body.map(({ row, cells }) => tableRow(row, columns, cells));
}

/** Maps each column position to a known column; unknown, repeated or unnamed-but-filled columns are errors. */
function readHeader(cells: Cell[], body: TableRow[]): (Column | null)[] {
  const seen = new Set<Column>();
  const width = Math.max(cells.length, ...body.map((r) => r.cells.length));
  const columns: (Column | null)[] = [];
  for (let i = 0; i < width; i++) {
    const name = String(cells[i] ?? '').trim();
    if (!name) {
      if (body.some((r) => !isBlank(r.cells[i]))) throw badRequest(messages.importUnnamedColumn(i + 1), 'file');
      columns.push(null);
      continue;
    }
    const column = IMPORT_COLUMNS.find((c) => c.toLowerCase() === name.toLowerCase());
    if (!column) throw badRequest(messages.importUnknownColumn(name), 'file');
    if (seen.has(column)) throw badRequest(messages.importDuplicateColumn(column), 'file');
    seen.add(column);
    columns.push(column);
  }
  if (!seen.has('content')) throw badRequest(messages.importMissingContent, 'file');
  return columns;
}

function tableRow(row: number, columns: (Column | null)[], cells: Cell[]): ParsedRow {
  const question: Record<string, unknown> = {};
  const errors: ImportRowError[] = [];
  columns.forEach((column, i) => {
    const cell = cells[i];
    if (!column || isBlank(cell)) return;
    const text = String(cell).trim();
    switch (column) {
      case 'options':
        question.options = splitOptions(text);
        break;
      case 'point':
      case 'timeLimit': {
        const value = typeof cell === 'number' ? cell : readNumber(text);
        if (value === null || value === undefined) errors.push({ row, field: column, message: messages.importNotANumber });
        else question[column] = value;
        break;
      }
      case 'mediaUrl': {
        question.mediaUrl = text;
        const media = readMedia(text);
        if (media === 'unknown') errors.push({ row, field: 'mediaUrl', message: messages.importUnknownMediaKind });
        else question.media = media;
        break;
      }
      default:
        question[column] = text;
    }
  });
  // `mediaUrl` stays only to name media errors after the column; ZQuestionSchema drops unknown keys.
  return { row, question, errors };
}

function splitOptions(text: string): string[] {
  return text
    .split('|')
    .map((o) => o.trim())
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

function decodeUtf8(bytes: Uint8Array): string {
  try {
    // TextDecoder drops a leading byte-order mark by itself.
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw badRequest(messages.importNotUtf8, 'file');
  }
}

/**
 * RFC 4180 CSV (csv-parse) with the separator (`,` or `;`) taken from the header line. Every record,
 * an empty line included, is one row, so a record's position is the row Excel shows for it.
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

/** `;` when the header line (outside quotes) holds more semicolons than commas, else `,`. */
function detectSeparator(text: string): ',' | ';' {
  let commas = 0;
  let semicolons = 0;
  let quoted = false;
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    else if (quoted) continue;
    else if (ch === '\n' || ch === '\r') {
      if (commas || semicolons) break;
    } else if (ch === ',') commas++;
    else if (ch === ';') semicolons++;
  }
  return semicolons > commas ? ';' : ',';
}

async function readXlsx(bytes: Uint8Array): Promise<TableRow[]> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) as unknown as ExcelJS.Buffer);
  } catch {
    throw badRequest(messages.importBadXlsx, 'file');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) return [];
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
