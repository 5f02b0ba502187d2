/**
 * The layout maths of the XLSX sheets: how wide a column must be to show its header on its allowed
 * lines and its cells on one, and how many lines a text wraps onto, in Excel's width units.
 */

/** Greedy word wrap: how many lines `text` takes at `width` characters. */
export function lineCount(text: string, width: number): number {
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

export interface ColumnSpec {
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
export function columnWidth(spec: ColumnSpec): number {
  const header = wrapWidth(spec.header, spec.headerLines) * BOLD_CHAR;
  const cells = Math.max(0, ...spec.texts.map((text) => text.length)) * (spec.kind === 'text' && !spec.bold ? PLAIN_CHAR : BOLD_CHAR);
  const width = Math.ceil(Math.min(spec.maxWidth, Math.max(header, cells, spec.kind === 'point' ? 6 : 4)) + PADDING);
  // exceljs leaves a width of exactly 9 (its default) out of the file, and Excel's default is narrower.
  return width === 9 ? 9.5 : width;
}

/** How many characters fit on one line of a column `width` wide. */
export function charsPerLine(width: number, bold: boolean): number {
  return Math.floor((width - PADDING) / (bold ? BOLD_CHAR : PLAIN_CHAR));
}

export function pointText(value: number | null): string {
  return value === null ? '' : value.toFixed(1);
}
