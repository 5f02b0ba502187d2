/**
 * Results as CSV: one flat table with every judge's point (stable columns for other programs), UTF-8
 * with a byte-order mark, `;` between cells and a comma before decimals, which Excel with Vietnamese
 * settings opens as it is (the README says how to open it elsewhere).
 */
import type { ResultsTable } from './data';
import { resultsSheet } from './table';

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
