/**
 * One print-ready XLSX sheet: landscape A4, fitted to one page wide, its title and header rows
 * repeated on every page and frozen with the team column, "Trang N/M" in the footer; columns as wide
 * as `layout.ts` works out, points shown with one decimal (`0.0`, a comma under Vietnamese settings).
 */
import type ExcelJS from 'exceljs';
import { messages } from '../../../src/messages';
import { type ColumnSpec, charsPerLine, columnWidth, lineCount } from './layout';

const t = messages.results;

const FONT = 'Arial';
const FONT_SIZE = 10;
/** Points of row height per line of 10-point text. */
const LINE_HEIGHT = 12.75;
const POINT_FORMAT = '0.0';
const THIN: Partial<ExcelJS.Border> = { style: 'thin', color: { argb: 'FF000000' } };
const BORDER: Partial<ExcelJS.Borders> = { top: THIN, left: THIN, bottom: THIN, right: THIN };
const HEADER_FILL: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE9ECEF' } };

/** "&" is a format code in a header or footer; a literal one is doubled. */
function footerText(text: string): string {
  return text.replace(/&/g, '&&');
}

/** A sheet name Excel accepts: no : \ / ? * [ ], at most 31 characters, unique in the workbook; `fallback` when nothing is left. */
export function sheetName(label: string, taken: Set<string>, fallback: string = t.sheetResults): string {
  const base =
    label
      .replace(/[:\\/?*[\]]/g, ' ')
      .replace(/\s+/g, ' ')
      .replace(/^'+|'+$/g, '')
      .trim()
      .slice(0, 31)
      .trim() || fallback;
  let name = base;
  for (let n = 2; taken.has(name.toLowerCase()); n++) name = `${base.slice(0, 31 - ` (${n})`.length).trimEnd()} (${n})`;
  taken.add(name.toLowerCase());
  return name;
}

/**
 * One print-ready sheet: the title on row 1 and the header on row 2 (both repeated on every printed
 * page, and frozen with the columns up to the team's), the rows from row 3, and notes under the table.
 */
export function addTableSheet(
  workbook: ExcelJS.Workbook,
  name: string,
  title: string,
  columns: ColumnSpec[],
  rows: (string | number | null)[][],
  notes: string[],
  frozenColumns: number,
): void {
  const sheet = workbook.addWorksheet(name, {
    views: [{ state: 'frozen', xSplit: frozenColumns, ySplit: 2, topLeftCell: `${columnLetter(frozenColumns + 1)}3`, activeCell: 'A3' }],
    pageSetup: {
      paperSize: 9,
      orientation: 'landscape',
      fitToPage: true,
      fitToWidth: 1,
      fitToHeight: 0,
      horizontalCentered: true,
      printTitlesRow: '1:2',
      margins: { left: 0.4, right: 0.4, top: 0.5, bottom: 0.6, header: 0.3, footer: 0.3 },
    },
    headerFooter: { oddFooter: `&C${footerText(t.page)} &P/&N` },
  });
  const widths = columns.map(columnWidth);
  sheet.columns = columns.map((_, i) => ({ width: widths[i] }));
  const last = columns.length;
  const font = { name: FONT, size: FONT_SIZE };

  sheet.getCell(1, 1).value = title;
  sheet.getCell(1, 1).font = { name: FONT, size: 13, bold: true };
  sheet.getRow(1).height = 22;
  if (last > 1) sheet.mergeCells(1, 1, 1, last);

  const header = sheet.getRow(2);
  let headerLines = 1;
  columns.forEach((column, i) => {
    const cell = header.getCell(i + 1);
    cell.value = column.header;
    cell.font = { ...font, bold: true };
    cell.alignment = { horizontal: 'center', vertical: 'middle', wrapText: true };
    cell.border = BORDER;
    cell.fill = HEADER_FILL;
    headerLines = Math.max(headerLines, lineCount(column.header, charsPerLine(widths[i]!, true)));
  });
  header.height = headerLines * LINE_HEIGHT + 5;

  rows.forEach((values, r) => {
    const row = sheet.getRow(3 + r);
    let lines = 1;
    columns.forEach((column, i) => {
      const cell = row.getCell(i + 1);
      const value = values[i] ?? null;
      cell.value = value;
      cell.font = column.bold ? { ...font, bold: true } : font;
      cell.border = BORDER;
      if (column.kind === 'point') {
        cell.numFmt = POINT_FORMAT;
        cell.alignment = { horizontal: 'right', vertical: 'middle', indent: 1 };
      } else if (column.kind === 'rank') {
        cell.alignment = { horizontal: 'center', vertical: 'middle' };
      } else {
        cell.alignment = { vertical: 'middle', wrapText: true };
        if (typeof value === 'string') lines = Math.max(lines, lineCount(value, charsPerLine(widths[i]!, column.bold === true)));
      }
    });
    row.height = lines * LINE_HEIGHT + 4;
  });

  let next = 3 + rows.length + 1;
  for (const note of notes) {
    const cell = sheet.getCell(next, 1);
    cell.value = note;
    cell.font = { ...font, italic: true };
    cell.alignment = { vertical: 'top', wrapText: true };
    if (last > 1) sheet.mergeCells(next, 1, next, last);
    const totalWidth = widths.reduce((s, w) => s + w, 0);
    sheet.getRow(next).height = lineCount(note, charsPerLine(totalWidth, false)) * LINE_HEIGHT + 4;
    next += 1;
  }
}

function columnLetter(n: number): string {
  let s = '';
  for (let x = n; x > 0; x = Math.floor((x - 1) / 26)) s = String.fromCharCode(65 + ((x - 1) % 26)) + s;
  return s;
}
