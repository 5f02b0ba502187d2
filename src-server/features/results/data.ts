/** The ranking with each team's breakdown: field scores and every judge's point. */
import type { Kysely } from 'kysely';
import { compareTeamOrder, computeResults } from '../../../src/scoring';
import type { TResultItem } from '../../../src/schemas/scoring';
import type { Database } from '../../db/types';
import { listScores } from '../scoring/data';

export interface ResultsTable {
  items: TResultItem[];
  judges: { gkId: string; name: string }[];
  fields: { fieldName: string; label: string; kind: 'judges' | 'answers'; weight: number; dropExtremes: boolean }[];
}

export async function buildResults(db: Kysely<Database>): Promise<ResultsTable> {
  const [teams, fields, judges, scores] = await Promise.all([
    db
      .selectFrom('teams')
      .select(['id', 'name', 'unit', 'priority'])
      .where('active', '=', true)
      .orderBy('priority')
      .orderBy('name')
      .execute(),
    db.selectFrom('score_fields').selectAll().orderBy('position').orderBy('label').execute(),
    db
      .selectFrom('users')
      .select(['id', 'full_name', 'username'])
      .where('role', '=', 'judge')
      .orderBy('priority')
      .orderBy('username')
      .execute(),
    listScores(db),
  ]);
  teams.sort(compareTeamOrder);
  const results = computeResults(
    teams.map((t) => t.id),
    fields.map((f) => ({ name: f.name, kind: f.kind, weight: f.weight, dropExtremes: f.drop_extremes, position: f.position })),
    scores,
  );
  const point = new Map(scores.map((s) => [`${s.teamId}|${s.gkId}|${s.fieldName}`, s.point]));
  const teamById = new Map(teams.map((t) => [t.id, t]));
  const items: TResultItem[] = results.map((r) => {
    const team = teamById.get(r.teamId)!;
    return {
      rank: r.rank,
      teamId: r.teamId,
      name: team.name,
      unit: team.unit,
      total: r.total,
      fields: fields.map((f) => ({
        fieldName: f.name,
        label: f.label,
        kind: f.kind,
        score: r.fieldScores[f.name] ?? null,
        judges:
          f.kind === 'judges'
            ? judges.map((j) => ({
                gkId: j.id,
                name: j.full_name || j.username,
                point: point.get(`${r.teamId}|${j.id}|${f.name}`) ?? null,
              }))
            : [],
      })),
    };
  });
  return {
    items,
    judges: judges.map((j) => ({ gkId: j.id, name: j.full_name || j.username })),
    fields: fields.map((f) => ({ fieldName: f.name, label: f.label, kind: f.kind, weight: f.weight, dropExtremes: f.drop_extremes })),
  };
}
