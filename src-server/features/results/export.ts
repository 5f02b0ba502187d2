/**
 * Results as files.
 *
 * XLSX (exceljs), ready to print: a "Kết quả" sheet (rank, team, unit, each field's score, total, and
 * the tie-break reason when the chain put a team below an equal total) and
 * one sheet per judged field (each judge's point per team and the field's score). Every sheet is
 * landscape A4, fitted to one page wide, its title and header rows repeated on every page and frozen
 * with the team column, "Trang N/M" in the footer; columns are as wide as their headers (wrapped on up to
 * three lines), the teams' names and the judges' names need; points are numbers shown with one decimal
 * (`0.0`, so a comma under Vietnamese settings). A judge who never scored a field gets no column
 * on its sheet: they are named under its table, as on the biên bản.
 *
 * CSV: one flat table with every judge's point (stable columns for other programs), UTF-8 with a
 * byte-order mark, `;` between cells and a comma before decimals, which Excel with Vietnamese settings
 * opens as it is (the README says how to open it elsewhere).
 *
 * Teams come in the order of the results (`buildResults`), never re-sorted here.
 */
import ExcelJS from 'exceljs';
import { messages } from '../../../src/messages';
import { formatDate, formatPoint } from '../../../src/valueFormat';
import type { ResultsTable } from './data';

const t = messages.results;

export interface ResultsSheet {
  headers: string[];
  rows: (string | number | null)[][];
}

/**
 * The flat table of the CSV: rank, team, unit, then per field its score and (judged) each judge's
 * point, then the total and the tie-break reason ("xếp sau do Phần 2", empty for most teams).
 */
export function resultsSheet(table: ResultsTable): ResultsSheet {
  const headers: string[] = [t.rank, t.team, t.unit];
  for (const field of table.fields) {
    headers.push(field.label);
    if (field.kind === 'judges') for (const judge of table.judges) headers.push(t.judgeColumn(field.label, judge.name));
  }
  headers.push(t.total, t.tieBreak.column);
  const rows = table.items.map((item) => {
    const row: (string | number | null)[] = [item.rank, item.name, item.unit];
    for (const field of item.fields) {
      row.push(field.score);
      if (field.kind === 'judges') for (const judge of field.judges) row.push(judge.point);
    }
    row.push(item.total, item.tieBreak);
    return row;
  });
  return { headers, rows };
}

/** The judges with at least one point on a judged field, and those with none, in the judges' order. */
export function judgesOnField(table: ResultsTable, fieldName: string): { scored: ResultsTable['judges']; never: ResultsTable['judges'] } {
  const scoredIds = new Set<string>();
  for (const item of table.items) {
    for (const judge of item.fields.find((f) => f.fieldName === fieldName)?.judges ?? []) {
      if (judge.point !== null) scoredIds.add(judge.gkId);
    }
  }
  return {
    scored: table.judges.filter((j) => scoredIds.has(j.gkId)),
    never: table.judges.filter((j) => !scoredIds.has(j.gkId)),
  };
}

// ---------------------------------------------------------------------------------------------
// XLSX

const FONT = 'Arial';
const FONT_SIZE = 10;
/** Points of row height per line of 10-point text. */
const LINE_HEIGHT = 12.75;
const POINT_FORMAT = '0.0';
const THIN: Partial<ExcelJS.Border> = { style: 'thin', color: { argb: 'FF000000' } };
const BORDER: Partial<ExcelJS.Borders> = { top: THIN, left: THIN, bottom: THIN, right: THIN };
const HEADER_FILL: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE9ECEF' } };

/** Greedy word wrap: how many lines `text` takes at `width` characters. */
function lineCount(text: string, width: number): number {
  let lines = 1;
  let used = 0;
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (used === 0) used = word.length;
    else if (used + 1 + word.length <= width) used += 1 + word.length;
    else {
      lines += 1;
      used = word.length;
    }
  }
  return lines;
}

/** The narrowest width (in characters) at which `text` wraps onto at most `maxLines` lines. */
function wrapWidth(text: string, maxLines: number): number {
  const longestWord = Math.max(0, ...text.split(/\s+/).map((w) => w.length));
  let width = Math.max(longestWord, Math.ceil(text.length / maxLines));
  while (lineCount(text, width) > maxLines) width += 1;
  return width;
}

interface ColumnSpec {
  header: string;
  /** The cells' texts as shown (points with one decimal), for the width. */
  texts: string[];
  kind: 'rank' | 'text' | 'point';
  /** Cells in bold (the rank and the team's name). */
  bold?: boolean;
  /** How many lines the header may take, and the widest a text column may grow before its cells wrap. */
  headerLines: number;
  maxWidth: number;
}

/**
 * Units of Excel's column width (one digit of the default font) a character of 10-point Arial takes,
 * bold and plain: a little generous, so that nothing is cut off in Excel or LibreOffice.
 */
const BOLD_CHAR = 1;
const PLAIN_CHAR = 0.92;
/** Room for the cell's padding and borders, in width units. */
const PADDING = 2.5;

/** The width (Excel's units) that shows the header on its allowed lines and every cell on one line, up to `maxWidth`. */
function columnWidth(spec: ColumnSpec): number {
  const header = wrapWidth(spec.header, spec.headerLines) * BOLD_CHAR;
  const cells = Math.max(0, ...spec.texts.map((text) => text.length)) * (spec.kind === 'text' && !spec.bold ? PLAIN_CHAR : BOLD_CHAR);
  const width = Math.ceil(Math.min(spec.maxWidth, Math.max(header, cells, spec.kind === 'point' ? 6 : 4)) + PADDING);
  // exceljs leaves a width of exactly 9 (its default) out of the file, and Excel's default is narrower.
  return width === 9 ? 9.5 : width;
}

/** How many characters fit on one line of a column `width` wide. */
function charsPerLine(width: number, bold: boolean): number {
  return Math.floor((width - PADDING) / (bold ? BOLD_CHAR : PLAIN_CHAR));
}

function pointText(value: number | null): string {
  return value === null ? '' : value.toFixed(1);
}

/** "&" is a format code in a header or footer; a literal one is doubled. */
function footerText(text: string): string {
  return text.replace(/&/g, '&&');
}

/** A sheet name Excel accepts: no : \ / ? * [ ], at most 31 characters, unique in the workbook. */
function sheetName(label: string, taken: Set<string>): string {
  const base =
    label
      .replace(/[:\\/?*[\]]/g, ' ')
      .replace(/\s+/g, ' ')
      .replace(/^'+|'+$/g, '')
      .trim()
      .slice(0, 31)
      .trim() || t.sheetResults;
  let name = base;
  for (let n = 2; taken.has(name.toLowerCase()); n++) name = `${base.slice(0, 31 - ` (${n})`.length).trimEnd()} (${n})`;
  taken.add(name.toLowerCase());
  return name;
}

/**
 * One print-ready sheet: the title on row 1 and the header on row 2 (both repeated on every printed
 * page, and frozen with the columns up to the team's), the rows from row 3, and notes under the table.
 */
function addTableSheet(
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

export async function resultsXlsx(table: ResultsTable, title: string): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = messages.appName;
  const taken = new Set<string>();
  const teamNames = table.items.map((i) => i.name);
  const rankTexts = table.items.map((i) => String(i.rank));
  const rankColumn: ColumnSpec = { header: t.rank, texts: rankTexts, kind: 'rank', bold: true, headerLines: 1, maxWidth: 8 };
  const teamColumn: ColumnSpec = { header: t.team, texts: teamNames, kind: 'text', bold: true, headerLines: 1, maxWidth: 42 };

  // The ranking with each field's score, and why a team is below an equal total when the chain decided.
  const reasons = table.items.some((i) => i.tieBreak !== null);
  const reasonColumn: ColumnSpec[] = reasons
    ? [{ header: t.tieBreak.column, texts: table.items.map((i) => i.tieBreak ?? ''), kind: 'text', headerLines: 2, maxWidth: 36 }]
    : [];
  addTableSheet(
    workbook,
    sheetName(t.sheetResults, taken),
    title,
    [
      rankColumn,
      teamColumn,
      { header: t.unit, texts: table.items.map((i) => i.unit), kind: 'text', headerLines: 1, maxWidth: 32 },
      ...table.fields.map(
        (field, f): ColumnSpec => ({
          header: field.label,
          texts: table.items.map((i) => pointText(i.fields[f]?.score ?? null)),
          kind: 'point',
          headerLines: 3,
          maxWidth: 30,
        }),
      ),
      { header: t.total, texts: table.items.map((i) => pointText(i.total)), kind: 'point', headerLines: 2, maxWidth: 12 },
      ...reasonColumn,
    ],
    table.items.map((item) => [
      item.rank,
      item.name,
      item.unit,
      ...item.fields.map((f) => f.score),
      item.total,
      ...(reasons ? [item.tieBreak] : []),
    ]),
    [],
    2,
  );

  // Each judged field: every judge's point per team, in the ranking's order.
  for (const field of table.fields) {
    if (field.kind !== 'judges') continue;
    const { scored, never } = judgesOnField(table, field.fieldName);
    const pointsOf = (teamIndex: number) => {
      const judges = table.items[teamIndex]!.fields.find((f) => f.fieldName === field.fieldName)?.judges ?? [];
      return new Map(judges.map((j) => [j.gkId, j.point]));
    };
    const rows = table.items.map((item, i) => {
      const points = pointsOf(i);
      const score = item.fields.find((f) => f.fieldName === field.fieldName)?.score ?? null;
      return [item.rank, item.name, ...scored.map((j) => points.get(j.gkId) ?? null), score];
    });
    const notes: string[] = [];
    if (table.judges.length > 0 && never.length > 0) {
      notes.push(scored.length === 0 ? t.nobodyScored : t.notScoredBy(never.map((j) => j.name).join(', ')));
    }
    addTableSheet(
      workbook,
      sheetName(field.label, taken),
      t.recordFieldNote(field.label, field.dropExtremes),
      [
        rankColumn,
        teamColumn,
        ...scored.map(
          (judge, j): ColumnSpec => ({
            header: judge.name,
            texts: rows.map((row) => pointText(row[2 + j] as number | null)),
            kind: 'point',
            // A short name on one line, a longer one on two: many judges still print at a readable size.
            headerLines: judge.name.length <= 16 ? 1 : 2,
            maxWidth: 32,
          }),
        ),
        {
          header: t.fieldScore,
          texts: rows.map((row) => pointText(row.at(-1) as number | null)),
          kind: 'point',
          headerLines: 2,
          maxWidth: 12,
        },
      ],
      rows,
      notes,
      2,
    );
  }
  // Each closed audience vote: the teams by votes, most first, and the points it became.
  table.votes.forEach((vote, index) => {
    const heading = t.voteHeading(index + 1, vote.ballots, formatDate(vote.openedAt, true), formatDate(vote.closedAt, true));
    addTableSheet(
      workbook,
      sheetName(table.votes.length > 1 ? `${t.voteSheet} ${index + 1}` : t.voteSheet, taken),
      heading,
      [
        { ...rankColumn, texts: vote.rows.map((r) => String(r.rank)) },
        { ...teamColumn, texts: vote.rows.map((r) => r.name) },
        { header: t.unit, texts: vote.rows.map((r) => r.unit), kind: 'text', headerLines: 1, maxWidth: 32 },
        { header: t.voteCount, texts: vote.rows.map((r) => String(r.count)), kind: 'rank', headerLines: 1, maxWidth: 10 },
        { header: t.voteWinner, texts: vote.rows.map((r) => (r.winner ? '✓' : '')), kind: 'rank', headerLines: 2, maxWidth: 14 },
      ],
      vote.rows.map((r) => [r.rank, r.name, r.unit, r.count, r.winner ? '✓' : '']),
      [vote.award ? t.voteAward(vote.award.label, formatPoint(vote.award.points)) : t.voteNoAward],
      2,
    );
  });
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

// ---------------------------------------------------------------------------------------------
// CSV

function csvCell(value: string | number | null): string {
  if (value === null) return '';
  // Vietnamese settings read a comma as the decimal separator.
  const text = typeof value === 'number' ? String(value).replace('.', ',') : value;
  return /[;"\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function resultsCsv(table: ResultsTable): string {
  const { headers, rows } = resultsSheet(table);
  const lines = [headers, ...rows].map((row) => row.map(csvCell).join(';'));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
