/**
 * Results as an XLSX workbook (exceljs), ready to print: a "Kết quả" sheet (rank, team, unit, each
 * field's score, total, and the tie-break reason when the chain put a team below an equal total),
 * one sheet per judged field (each judge's point per team and the field's score) and one per closed
 * audience vote. A judge who never scored a field gets no column on its sheet: they are named under
 * its table, as on the biên bản. Teams come in the order of the results (`buildResults`), never
 * re-sorted here.
 */
import { messages } from '../../../src/messages';
import { judgesOnField } from '../../../src/results';
import { formatDate, formatPoint } from '../../../src/valueFormat';
import { loadExcel } from '../../heavy';
import type { ResultsTable } from './data';
import { type ColumnSpec, pointText } from './layout';
import { addTableSheet, sheetName } from './sheet';

const t = messages.results;

export async function resultsXlsx(table: ResultsTable, title: string): Promise<Uint8Array> {
  const ExcelJS = await loadExcel();
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
