/**
 * Results as a spreadsheet: one row per team with its unit, each field's score, each judge's point
 * on each judged field, the total and the rank, under Vietnamese headers. XLSX through exceljs; CSV
 * as UTF-8 with a byte-order mark and `;` separators, which Excel with Vietnamese settings opens.
 */
import ExcelJS from 'exceljs';
import type { ResultsTable } from './data';

export interface ResultsSheet {
  headers: string[];
  rows: (string | number | null)[][];
}

export function resultsSheet(table: ResultsTable): ResultsSheet {
  const headers = ['Hạng', 'Đội thi', 'Đơn vị'];
  for (const field of table.fields) {
    headers.push(field.label);
    if (field.kind === 'judges') for (const judge of table.judges) headers.push(`${field.label} — ${judge.name}`);
  }
  headers.push('Tổng điểm');
  const rows = table.items.map((item) => {
    const row: (string | number | null)[] = [item.rank, item.name, item.unit];
    for (const field of item.fields) {
      row.push(field.score);
      if (field.kind === 'judges') for (const judge of field.judges) row.push(judge.point);
    }
    row.push(item.total);
    return row;
  });
  return { headers, rows };
}

export async function resultsXlsx(table: ResultsTable, title: string): Promise<Uint8Array> {
  const { headers, rows } = resultsSheet(table);
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Hội thi';
  const sheet = workbook.addWorksheet('Kết quả');
  sheet.addRow([title]).font = { bold: true, size: 14 };
  const header = sheet.addRow(headers);
  header.font = { bold: true };
  for (const row of rows) sheet.addRow(row);
  sheet.columns.forEach((column, index) => {
    column.width = index === 1 ? 34 : index === 2 ? 24 : 14;
  });
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

function csvCell(value: string | number | null): string {
  if (value === null) return '';
  // Vietnamese Excel reads a comma as the decimal separator.
  const text = typeof value === 'number' ? String(value).replace('.', ',') : value;
  return /[;"\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function resultsCsv(table: ResultsTable): string {
  const { headers, rows } = resultsSheet(table);
  const lines = [headers, ...rows].map((row) => row.map(csvCell).join(';'));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
