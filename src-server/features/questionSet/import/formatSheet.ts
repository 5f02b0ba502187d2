/**
 * The "Thể thức" sheet of a question workbook: each round's format, read on import and written on
 * export. Pure: cells in, cells out (ExcelJS stays with the caller).
 *
 * Row 1 is `Mục` then one column per question sheet, headed by that sheet's name (`Giá trị` alone,
 * as an export of one set writes it, means the first question sheet). Below, one row per field of
 * the formats, labelled as the format editor labels it: `Thể thức` (the kind, by its Vietnamese name
 * or its code), times, points, lists as "40; 30; 20; 10", packages as "20 20 20; 20 20 30", yes/no
 * as "Có"/"Không". Labels and names are compared as headers are (headerKey: any case, with or without
 * diacritics, units in brackets left out). A field that is not the column's kind's is left blank on
 * export and ignored on import; a blank cell keeps the default; a row nobody knows is ignored.
 */

import { headerKey } from '../../../../src/importColumns';
import { messages } from '../../../../src/messages';
import { FORMAT_KINDS, type FormatKind, type TFormat, ZFormatInputSchema } from '../../../../src/schemas/roundFormat';

const f = messages.qs.format;
const t = messages.formatSheet;

type Cell = string | number;
/** A cell read: its value in the format input, or why it does not read. */
type Reading = { value: unknown } | { error: string };

interface FormatRow {
  /** Where the value goes in the format input: a field, or `buzzer.<field>`. */
  path: string;
  label: string;
  /** Other labels read as this row. */
  aliases?: string[];
  /** The kinds that have this field; every kind when missing. */
  kinds?: readonly FormatKind[];
  write(format: TFormat): Cell;
  read(text: string, cell: Cell): Reading;
}

type FormatOf<K extends FormatKind> = Extract<TFormat, { kind: K }>;
/** A field of one kind's format (a row is only written for its own kinds). */
const of =
  <K extends FormatKind, V>(_kind: K, pick: (format: FormatOf<K>) => V) =>
  (format: TFormat) =>
    pick(format as FormatOf<K>);

/** A number as a teacher writes one: 10, 7.5 or 7,5. */
function readNumber(text: string, cell: Cell): number | null {
  if (typeof cell === 'number') return Number.isFinite(cell) ? cell : null;
  return /^[+-]?\d+(?:[.,]\d+)?$/.test(text) ? Number(text.replace(',', '.')) : null;
}

/** Numbers separated by ";" (each may have a decimal comma), or by commas or spaces when there is no ";". */
function readList(text: string, cell: Cell): number[] | null {
  if (typeof cell === 'number') return [cell];
  const parts = (text.includes(';') ? text.split(';') : text.split(/[,\s]+/)).map((part) => part.trim()).filter(Boolean);
  const numbers = parts.map((part) => readNumber(part, part));
  return numbers.length && numbers.every((n) => n !== null) ? (numbers as number[]) : null;
}

/** Packages separated by ";" or lines, each its point values separated by spaces (or "-" or ","). */
function readPackages(text: string): number[][] | null {
  const packages = text
    .split(/[;\n]+/)
    .map((part) => part.split(/[-,\s]+/).filter(Boolean))
    .filter((part) => part.length > 0);
  if (!packages.length || packages.some((part) => part.some((n) => !/^\d+$/.test(n)))) return null;
  return packages.map((part) => part.map(Number));
}

const YES = new Set(['co', 'x', 'yes', 'true', '1']);
const NO = new Set(['khong', 'no', 'false', '0']);

const numberRow = (path: string, label: string, kinds: readonly FormatKind[] | undefined, write: FormatRow['write']): FormatRow => ({
  path,
  label,
  kinds,
  write,
  read: (text, cell) => {
    const n = readNumber(text, cell);
    return n === null ? { error: messages.importNotANumber } : { value: n };
  },
});

const textRow = (path: string, label: string, write: FormatRow['write']): FormatRow => ({
  path,
  label,
  kinds: ['obstacle'],
  write,
  read: (text) => ({ value: text }),
});

const listRow = (path: string, label: string, kinds: readonly FormatKind[], write: (format: TFormat) => number[]): FormatRow => ({
  path,
  label,
  kinds,
  write: (format) => write(format).join('; '),
  read: (text, cell) => {
    const numbers = readList(text, cell);
    return numbers ? { value: numbers } : { error: t.notAList };
  },
});

/** Yes or no, for every kind; blank on export while the format leaves it unset (its default). */
const yesNoRow = (path: string, label: string, value: (format: TFormat) => boolean | undefined): FormatRow => ({
  path,
  label,
  write: (format) => {
    const v = value(format);
    return v === undefined ? '' : v ? t.yes : t.no;
  },
  read: (text) => {
    const key = headerKey(text);
    if (YES.has(key)) return { value: true };
    if (NO.has(key)) return { value: false };
    return { error: t.notYesNo };
  },
});

const seconds = (label: string) => `${label} (${f.secondsSuffix})`;

/** The rows after `Thể thức`, in the order an export writes them. */
const ROWS: FormatRow[] = [
  {
    ...numberRow('timeLimit', seconds(`${f.timeLimit} / ${f.performanceTime.toLowerCase()}`), ['speed', 'judged'], (format) =>
      'timeLimit' in format ? format.timeLimit : '',
    ),
    aliases: [f.timeLimit, f.performanceTime],
  },
  listRow(
    'placePoints',
    f.placePoints,
    ['speed'],
    of('speed', (format) => format.placePoints),
  ),
  textRow(
    'keyword',
    f.keyword,
    of('obstacle', (format) => format.keyword),
  ),
  {
    ...textRow(
      'picture',
      f.picture,
      of('obstacle', (format) => format.picture?.url ?? ''),
    ),
    read: (url) => ({ value: { kind: 'image', url } }),
  },
  numberRow(
    'tiles',
    f.tiles,
    ['obstacle'],
    of('obstacle', (format) => format.tiles),
  ),
  textRow(
    'centreClue',
    f.centreClue,
    of('obstacle', (format) => format.centreClue),
  ),
  numberRow(
    'rowTimeLimit',
    seconds(f.rowTime),
    ['obstacle'],
    of('obstacle', (format) => format.rowTimeLimit),
  ),
  numberRow(
    'rowPoints',
    f.rowPoints,
    ['obstacle'],
    of('obstacle', (format) => format.rowPoints),
  ),
  listRow(
    'keywordPoints',
    f.keywordPoints,
    ['obstacle'],
    of('obstacle', (format) => format.keywordPoints),
  ),
  numberRow(
    'cluePoints',
    f.cluePoints,
    ['obstacle'],
    of('obstacle', (format) => format.cluePoints),
  ),
  {
    path: 'packages',
    label: f.packages,
    kinds: ['finish'],
    write: of('finish', (format) => format.packages.map((points) => points.join(' ')).join('; ')),
    read: (text) => {
      const packages = readPackages(text);
      return packages ? { value: packages } : { error: t.notPackages };
    },
  },
  numberRow(
    'stealSeconds',
    seconds(f.stealSeconds),
    ['finish'],
    of('finish', (format) => format.stealSeconds),
  ),
  // Blank while the format has no buzzer rule of its own, so that it reads back the same.
  numberRow('buzzer.wrongPenalty', f.wrongPenalty, undefined, (format) => format.buzzer?.wrongPenalty ?? ''),
  yesNoRow('buzzer.pauseTimer', f.pauseTimer, (format) => format.buzzer?.pauseTimer),
  yesNoRow('tieBreak', t.tieBreak, (format) => format.tieBreak),
];

const belongs = (row: FormatRow, kind: FormatKind) => !row.kinds || row.kinds.includes(kind);

/** The sheet's cells for these sets' formats: one column per set, headed `Giá trị` when there is one. */
export function formatSheetRows(formats: { name: string; format: TFormat }[]): Cell[][] {
  const headers = formats.length === 1 ? [t.valueHeader] : formats.map((entry) => entry.name);
  return [
    [t.itemHeader, ...headers],
    [t.kindRow, ...formats.map(({ format }) => f.kinds[format.kind])],
    ...ROWS.map((row) => [row.label, ...formats.map(({ format }) => (belongs(row, format.kind) ? row.write(format) : ''))]),
  ];
}

interface FormatSheetError {
  /** The sheet's row, header = 1. */
  row: number;
  /** The row's label as written (with its column's header when the sheet has several). */
  field: string;
  message: string;
}

const KIND_BY_KEY = new Map<string, FormatKind>(
  FORMAT_KINDS.flatMap((kind) => [
    [headerKey(kind), kind],
    [headerKey(f.kinds[kind]), kind],
  ]),
);
const KIND_ROW_KEY = headerKey(t.kindRow);
const ROW_BY_KEY = new Map<string, FormatRow>(
  ROWS.flatMap((row) => [row.label, ...(row.aliases ?? [])].map((label) => [headerKey(label), row] as const)),
);

const cellText = (cell: Cell | undefined) => String(cell ?? '').trim();

/** Puts `value` at `path` ("buzzer.pauseTimer") of the format input. */
function place(input: Record<string, unknown>, path: string, value: unknown) {
  const [head, tail] = path.split('.') as [string, string | undefined];
  input[head] = tail === undefined ? value : { ...(input[head] as object | undefined), [tail]: value };
}

interface LabelledRow {
  /** The sheet's row, header = 1. */
  row: number;
  label: string;
  cells: Cell[];
}

/**
 * Each question sheet's format input, by the sheet's name, ready for ZFormatInputSchema; every
 * problem with its row, values out of range included (only this sheet knows their rows). A column
 * with a problem gives no format (the file is refused anyway); a column left blank gives none
 * either, so that sheet keeps its set's own format.
 */
export function readFormatSheet(rows: Cell[][], sheetNames: string[]): { formats: Map<string, unknown>; errors: FormatSheetError[] } {
  const errors: FormatSheetError[] = [];
  const [header = [], ...body] = rows;

  // The columns: each a question sheet, by its name as written or folded, or `Giá trị` for the first.
  const columns: { index: number; header: string; sheet: string }[] = [];
  const named = new Map<string, string>();
  header.forEach((cell, index) => {
    const name = cellText(cell);
    if (index === 0 || !name) return;
    const sheet =
      sheetNames.find((s) => s.trim() === name) ??
      sheetNames.find((s) => headerKey(s) === headerKey(name)) ??
      (headerKey(name) === headerKey(t.valueHeader) ? sheetNames[0] : undefined);
    const first = sheet === undefined ? undefined : named.get(sheet);
    if (sheet === undefined) errors.push({ row: 1, field: name, message: t.unknownColumn(name, sheetNames.join(', ')) });
    else if (first !== undefined) errors.push({ row: 1, field: name, message: t.sameSheetTwice(first) });
    else {
      named.set(sheet, name);
      columns.push({ index, header: name, sheet });
    }
  });
  const several = header.slice(1).filter((cell) => cellText(cell)).length > 1;
  const fieldOf = (label: string, column: { header: string }) => (several ? t.fieldOf(label, column.header) : label);

  // The rows: the kind's and each field's, by their labels.
  let kindRow: LabelledRow | null = null;
  const fieldRows: (LabelledRow & { spec: FormatRow })[] = [];
  const seen = new Map<string, number>();
  for (const [i, cells] of body.entries()) {
    const row = i + 2;
    const label = cellText(cells[0]);
    const key = headerKey(label);
    const spec = ROW_BY_KEY.get(key);
    const id = key === KIND_ROW_KEY ? 'kind' : spec?.path;
    if (!id) continue;
    const first = seen.get(id);
    if (first !== undefined) {
      errors.push({ row, field: label, message: t.duplicateRow(first) });
      continue;
    }
    seen.set(id, row);
    if (spec) fieldRows.push({ row, label, cells, spec });
    else kindRow = { row, label, cells };
  }

  const formats = new Map<string, unknown>();
  for (const column of columns) {
    const filled = fieldRows.filter((r) => cellText(r.cells[column.index]));
    const kindText = cellText(kindRow?.cells[column.index]);
    if (!kindRow || !kindText) {
      if (filled.length)
        errors.push({ row: kindRow?.row ?? 1, field: fieldOf(kindRow?.label ?? t.kindRow, column), message: t.missingKind });
      continue;
    }
    const kind = KIND_BY_KEY.get(headerKey(kindText));
    if (!kind) {
      const names = FORMAT_KINDS.map((k) => f.kinds[k]).join(', ');
      errors.push({ row: kindRow.row, field: fieldOf(kindRow.label, column), message: t.unknownKind(kindText, names) });
      continue;
    }
    const before = errors.length;
    const input: Record<string, unknown> = { kind };
    const read: LabelledRow[] = [];
    const paths: string[] = [];
    for (const fieldRow of filled) {
      if (!belongs(fieldRow.spec, kind)) continue;
      const cell = fieldRow.cells[column.index] ?? '';
      const reading = fieldRow.spec.read(cellText(cell), cell);
      if ('error' in reading) errors.push({ row: fieldRow.row, field: fieldOf(fieldRow.label, column), message: reading.error });
      else place(input, fieldRow.spec.path, reading.value);
      read.push(fieldRow);
      paths.push(fieldRow.spec.path);
    }
    if (errors.length > before) continue;
    const checked = ZFormatInputSchema.safeParse(input);
    if (!checked.success) {
      for (const issue of checked.error.issues) {
        const path = issue.path.join('.');
        const at = read[paths.findIndex((p) => path === p || path.startsWith(`${p}.`))] ?? kindRow;
        errors.push({ row: at.row, field: fieldOf(at.label, column), message: issue.message });
      }
      continue;
    }
    formats.set(column.sheet, input);
  }
  return { formats, errors };
}
