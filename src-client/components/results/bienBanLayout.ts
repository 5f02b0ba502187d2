/**
 * How the biên bản fits its tables on A4: portrait while every table fits 180 mm (A4 less 15 mm
 * margins), else landscape (267 mm). In portrait that is up to 4 criteria in the ranking (2 when the
 * tie-break reason column is printed) and up to 6 judges on a criterion; any more and the whole
 * record turns landscape. The room a page leaves widens the criteria's columns first (to 22 mm, so
 * their names wrap less), then the unit's (to 48 mm), the rest going to the team names. Names keep
 * to two lines: the font steps down from 11 pt (to 8.5 pt at the least) until the name, measured in
 * the sheet's font, wraps on two; a name is never cut.
 */

const PORTRAIT_MM = 180;
const LANDSCAPE_MM = 267;

/** Column widths in mm; `name` and `unit` are the least they take, and share what the page leaves. */
const W = { rank: 17, field: 14, total: 17, reason: 28, unit: 30, name: 50, judge: 17, fieldScore: 20 } as const;
/** How wide the criteria's and the unit's columns grow with room to spare. */
const FIELD_MAX_MM = 22;
const UNIT_MAX_MM = 48;

export interface RecordLayout {
  landscape: boolean;
  /** The width of the page's text, mm. */
  pageMm: number;
  /** The ranking's name, unit and criteria's columns, mm. */
  nameMm: number;
  unitMm: number;
  fieldMm: number;
  /** The team column of the judges' tables, mm. */
  judgeTableNameMm: number;
  widths: typeof W;
}

export function recordLayout({
  fields,
  reasons,
  judgesOnField,
}: {
  fields: number;
  reasons: boolean;
  judgesOnField: number;
}): RecordLayout {
  const rankingFixed = W.rank + W.total + W.field * fields + (reasons ? W.reason : 0);
  const judgesFixed = W.fieldScore + W.judge * judgesOnField;
  const landscape = rankingFixed + W.unit + W.name > PORTRAIT_MM || judgesFixed + W.name > PORTRAIT_MM;
  const pageMm = landscape ? LANDSCAPE_MM : PORTRAIT_MM;
  let spare = Math.max(0, pageMm - rankingFixed - W.unit - W.name);
  // Half the room at most to the criteria, then half of what is left to the unit.
  const fieldMm = fields ? W.field + Math.min(spare / 2 / fields, FIELD_MAX_MM - W.field) : W.field;
  spare -= (fieldMm - W.field) * fields;
  const unitMm = W.unit + Math.min(spare / 2, UNIT_MAX_MM - W.unit);
  return {
    landscape,
    pageMm,
    unitMm,
    fieldMm,
    nameMm: Math.max(W.name, pageMm - rankingFixed - (fieldMm - W.field) * fields - unitMm),
    judgeTableNameMm: Math.max(W.name, Math.min(80, pageMm - judgesFixed)),
    widths: W,
  };
}

const SHEET_FONT = "'Times New Roman', Times, 'Noto Serif', serif";
const PX_PER_MM = 96 / 25.4;
/** A cell's padding (5 pt each side, PrintSheet.module.css) and borders, mm. */
const CELL_PADDING_MM = 3.9;

let context: CanvasRenderingContext2D | null | undefined;

/** How many lines `text` takes at this font and width, wrapped at spaces as the browser wraps it. */
function linesOf(text: string, font: string, widthPx: number): number {
  context ??= document.createElement('canvas').getContext('2d');
  if (!context) return 1;
  context.font = font;
  const space = context.measureText(' ').width;
  let lines = 1;
  let used = 0;
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const width = context.measureText(word).width;
    if (used > 0 && used + space + width > widthPx) {
      lines++;
      used = width;
    } else used += (used > 0 ? space : 0) + width;
  }
  return lines;
}

/** The font size (pt) at which `text` keeps to `lines` lines in a column `columnMm` wide: 11 pt when it fits. */
export function fittingFontPt(text: string, columnMm: number, { bold = false, lines = 2 } = {}): number {
  // 3 % to spare: the PDF's glyph positions round differently from the canvas's.
  const widthPx = (columnMm - CELL_PADDING_MM) * PX_PER_MM * 0.97;
  for (let pt = 11; pt > 8.5; pt -= 0.5) {
    if (linesOf(text, `${bold ? 'bold ' : ''}${pt}pt ${SHEET_FONT}`, widthPx) <= lines) return pt;
  }
  return 8.5;
}
