/**
 * Scores and ranking (SPEC section 6). Pure: the server, the screens and the tests use the same rules.
 * - A `judges` field is the mean of the judges who scored (missing judges are left out); with
 *   `dropExtremes` and at least five points, the highest and the lowest are dropped first.
 * - An `answers` field is the sum of the points won by right answers.
 * - The total is the weighted sum; both rounded to 2 decimals.
 * - Ranking by total, then by each field in sheet order; teams still equal share a rank.
 */
import { round } from './format';

export const ANSWERS_GK_ID = 'answers';

export interface FieldRule {
  name: string;
  kind: 'judges' | 'answers';
  weight: number;
  dropExtremes: boolean;
  position: number;
}

export interface PointRow {
  teamId: string;
  gkId: string;
  fieldName: string;
  point: number;
}

export interface TeamResult {
  teamId: string;
  fieldScores: Record<string, number | null>;
  total: number;
  rank: number;
}

export function judgesFieldScore(points: number[], dropExtremes: boolean): number | null {
  if (points.length === 0) return null;
  let used = [...points].sort((a, b) => a - b);
  if (dropExtremes && used.length >= 5) used = used.slice(1, -1);
  return round(used.reduce((sum, p) => sum + p, 0) / used.length, 2);
}

/** Compares two results by total, then by the fields in sheet order; 0 means a shared rank. */
function compareResults(a: TeamResult, b: TeamResult, fieldOrder: string[]): number {
  if (a.total !== b.total) return b.total - a.total;
  for (const name of fieldOrder) {
    const x = a.fieldScores[name] ?? Number.NEGATIVE_INFINITY;
    const y = b.fieldScores[name] ?? Number.NEGATIVE_INFINITY;
    if (x !== y) return y > x ? 1 : -1;
  }
  return 0;
}

export function computeResults(teamIds: string[], fields: FieldRule[], rows: PointRow[]): TeamResult[] {
  const ordered = [...fields].sort((a, b) => a.position - b.position);
  const byTeamField = new Map<string, number[]>();
  for (const row of rows) {
    const key = `${row.teamId}\u0000${row.fieldName}`;
    const list = byTeamField.get(key) ?? [];
    list.push(row.point);
    byTeamField.set(key, list);
  }

  const results: TeamResult[] = teamIds.map((teamId) => {
    const fieldScores: Record<string, number | null> = {};
    let total = 0;
    for (const field of ordered) {
      const points = byTeamField.get(`${teamId}\u0000${field.name}`) ?? [];
      const score =
        field.kind === 'answers' ? round(points.reduce((s, p) => s + p, 0), 2) : judgesFieldScore(points, field.dropExtremes);
      fieldScores[field.name] = score;
      total += (score ?? 0) * field.weight;
    }
    return { teamId, fieldScores, total: round(total, 2), rank: 0 };
  });

  const fieldOrder = ordered.map((f) => f.name);
  const sorted = [...results].sort((a, b) => compareResults(a, b, fieldOrder));
  sorted.forEach((result, index) => {
    const previous = sorted[index - 1];
    result.rank = previous && compareResults(previous, result, fieldOrder) === 0 ? previous.rank : index + 1;
  });
  return sorted;
}
