/** The results as one flat table: the CSV's. */
import { messages } from '../../../src/messages';
import type { ResultsTable } from './data';

const t = messages.results;

export interface ResultsSheet {
  headers: string[];
  rows: (string | number | null)[][];
}

/** A field's score or the official total as the XLSX and every screen show it: one decimal, a comma ("35,8", "23,0"). */
function shownPoint(value: number | null): string | null {
  return value === null ? null : value.toFixed(1).replace('.', ',');
}

/**
 * The flat table of the CSV: rank, team, unit, then per field its score and (judged) each judge's
 * point as given, then the official total and the tie-break reason ("xếp sau do Phần 2", empty for
 * most teams).
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
      row.push(shownPoint(field.score));
      if (field.kind === 'judges') for (const judge of field.judges) row.push(judge.point);
    }
    row.push(shownPoint(item.total), item.tieBreak);
    return row;
  });
  return { headers, rows };
}
