/** The ranking with each team's breakdown: field scores and every judge's point. */
import type { Kysely } from 'kysely';
import { cellStates, decisionKey, decisionsOf, isRecused, teamsAwaitingHeadJudge } from '../../../src/jury';
import type { TResultItem } from '../../../src/schemas/scoring';
import { computeResults } from '../../../src/scoring';
import { compareTeamOrder } from '../../../src/teamOrder';
import { speedTimes, type TieBreakContext, tieBreakReason } from '../../../src/tieBreak';
import type { Database } from '../../db/types';
import { readJury } from '../jury/data';
import { readSheet } from '../scoreField/sheet';
import { listScores } from '../scoring/data';
import { readSettings } from '../settings/data';
import { readAnswers } from '../show/answer-rows';
import { readAnswerOpenings } from '../tieBreak/data';
import { readSuddenDeaths } from '../tieBreak/suddenDeath';
import { storedVoteOf } from '../vote/data';

/** A closed audience vote as the record shows it: each team's votes, most first, and the award. */
export interface TResultVote {
  id: string;
  openedAt: number;
  closedAt: number;
  ballots: number;
  rows: { rank: number; teamId: string; name: string; unit: string; count: number; winner: boolean }[];
  award: { fieldName: string; label: string; points: number } | null;
}

export interface ResultsTable {
  items: TResultItem[];
  /** Every closed audience vote, in the order they were held. */
  votes: TResultVote[];
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
    readSheet(db),
    // The panel's judges, and any who gave this event points before leaving it: the record keeps them.
    db
      .selectFrom('users')
      .select(['id', 'full_name', 'username'])
      .where('role', '=', 'judge')
      .where((eb) =>
        eb.or([
          eb.exists(eb.selectFrom('contest_judges').select('contest_judges.user_id').whereRef('contest_judges.user_id', '=', 'users.id')),
          eb.exists(eb.selectFrom('scores').select('scores.gk_id').whereRef('scores.gk_id', '=', 'users.id')),
        ]),
      )
      .orderBy('priority')
      .orderBy('username')
      .execute(),
    listScores(db),
  ]);
  teams.sort(compareTeamOrder);
  const sheet = fields.map((f) => ({
    name: f.name,
    label: f.label,
    kind: f.kind,
    weight: f.weight,
    dropExtremes: f.dropExtremes,
    position: f.position,
    minPoint: f.minPoint,
    round: f.round,
  }));
  const jury = await readJury(db);
  const results = computeResults(
    teams.map((t) => t.id),
    sheet,
    scores,
    {
      ...(await tieBreakContext(db)),
      decided: decisionsOf(jury),
      counts: (teamId, gkId) => !isRecused(jury, gkId, teamId),
    },
  );
  const awaiting = teamsAwaitingHeadJudge(cellStates(fields, scores, jury));
  const decided = decisionsOf(jury);
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
      tieBreak: tieBreakReason(r.decidedBy, sheet),
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
                ...(isRecused(jury, j.id, r.teamId) && { recused: true as const }),
              }))
            : [],
        ...(f.kind === 'judges' && decided.has(decisionKey(r.teamId, f.name)) && { decided: true as const }),
      })),
      ...(awaiting.has(r.teamId) && { awaitingHeadJudge: true as const }),
    };
  });
  return {
    items,
    votes: await readClosedVotes(db, fields),
    judges: judges.map((j) => ({ gkId: j.id, name: j.full_name || j.username })),
    fields: fields.map((f) => ({ fieldName: f.name, label: f.label, kind: f.kind, weight: f.weight, dropExtremes: f.dropExtremes })),
  };
}

/** Every closed vote with its counts ranked (competition style), for the exports and the record. */
async function readClosedVotes(db: Kysely<Database>, fields: { name: string; label: string }[]): Promise<TResultVote[]> {
  const rows = await db
    .selectFrom('votes')
    .select(['id', 'team_ids', 'choices', 'changeable', 'opened_at', 'closes_at', 'closed_at', 'tally', 'ballots', 'award'])
    .where('closed_at', 'is not', null)
    .orderBy('id')
    .execute();
  if (rows.length === 0) return [];
  const teams = await db.selectFrom('teams').select(['id', 'name', 'unit', 'priority']).execute();
  teams.sort(compareTeamOrder);
  const order = new Map(teams.map((t, index) => [t.id, index]));
  const teamById = new Map(teams.map((t) => [t.id, t]));
  return rows.map((row) => {
    const vote = storedVoteOf(row);
    const counted = vote.tally
      .filter((c) => teamById.has(c.teamId))
      .sort((a, b) => b.count - a.count || order.get(a.teamId)! - order.get(b.teamId)!);
    const best = counted[0]?.count ?? 0;
    return {
      id: vote._id,
      openedAt: vote.openedAt,
      closedAt: vote.closedAt ?? vote.openedAt,
      ballots: vote.ballots,
      rows: counted.map((c) => ({
        rank: 1 + counted.filter((o) => o.count > c.count).length,
        teamId: c.teamId,
        name: teamById.get(c.teamId)!.name,
        unit: teamById.get(c.teamId)!.unit,
        count: c.count,
        winner: best > 0 && c.count === best,
      })),
      award: vote.award
        ? {
            fieldName: vote.award.fieldName,
            label: fields.find((f) => f.name === vote.award!.fieldName)?.label ?? vote.award.fieldName,
            points: vote.award.points,
          }
        : null,
    };
  });
}

/** What the chain needs beyond the points: its rules, the speed rounds' times, the sudden deaths. */
async function tieBreakContext(db: Kysely<Database>): Promise<TieBreakContext> {
  const rules = (await readSettings(db)).tieBreakRules ?? null;
  const suddenDeaths = await readSuddenDeaths(db);
  if (!rules?.some((r) => r.kind === 'speedTime')) return { rules, suddenDeaths };
  const [openings, answers] = await Promise.all([readAnswerOpenings(db), readAnswers(db)]);
  return { rules, suddenDeaths, speedMs: speedTimes(openings, (questionId) => answers[questionId] ?? []) };
}
