/**
 * Reads the live picture from the database: once at start, after a gap the events cannot bridge,
 * and in the tests that compare it with the model. Also the table readers the domain events carry.
 */
import { readCurrentVote } from '../vote/data';
import type { Kysely, Transaction } from 'kysely';
import type { LiveTeam, Seat, SheetField, StoredShow } from '../../../src/live';
import { ZStoredShowRowSchema } from '../../../src/schemas/live';
import type { TBuzz, TTeamAnswer } from '../../../src/schemas/show';
import { defaultShowState } from '../../../src/schemas/show';
import { parseStored } from '../../db/json';
import type { Database } from '../../db/types';
import { readAnswerOpenings } from '../tieBreak/data';
import { readSuddenDeaths } from '../tieBreak/suddenDeath';
import { readSettings } from '../settings/data';
import type { LiveData } from './model';

type Db = Kysely<Database> | Transaction<Database>;

export interface ShowRow {
  version: number;
  scoringVersion: number;
  stored: StoredShow;
}

export async function readShow(db: Db, forUpdate = false): Promise<ShowRow> {
  let query = db.selectFrom('show_state').select(['version', 'scoring_version', 'state']).where('id', '=', 1);
  if (forUpdate) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  const { version: _v, title: _t, event: _e, nextMedia: _n, ...defaults } = defaultShowState();
  const state = row ? storedShowOf(row.state, 'show_state.state') : {};
  return { version: row?.version ?? 0, scoringVersion: row?.scoring_version ?? 0, stored: { ...defaults, ...state } };
}

/**
 * A stored show (`show_state.state`, and each `show_history.state` kept for undo): any field may be
 * missing (the defaults fill it in), one of the wrong type throws, and fields the show no longer
 * keeps (an older row's `event`, `nextMedia`) are dropped.
 */
export function storedShowOf(state: unknown, where: string): Partial<StoredShow> {
  return parseStored(ZStoredShowRowSchema, state, where);
}

export async function readSheet(db: Db): Promise<SheetField[]> {
  const rows = await db
    .selectFrom('score_fields')
    .select(['name', 'label', 'kind', 'min_point', 'max_point', 'step', 'weight', 'drop_extremes', 'position', 'round'])
    .orderBy('position')
    .orderBy('label')
    .execute();
  return rows.map((r) => ({
    name: r.name,
    label: r.label,
    kind: r.kind,
    minPoint: r.min_point,
    maxPoint: r.max_point,
    step: r.step,
    weight: r.weight,
    dropExtremes: r.drop_extremes,
    position: r.position,
    round: r.round,
  }));
}

export async function readTeams(db: Db): Promise<LiveTeam[]> {
  const rows = await db
    .selectFrom('teams')
    .select(['id', 'name', 'unit', 'logo_url', 'priority', 'active'])
    .orderBy('priority')
    .orderBy('name')
    .execute();
  return rows.map((r) => ({ id: r.id, name: r.name, unit: r.unit, logoUrl: r.logo_url, priority: r.priority, active: r.active }));
}

/** The judges' seats: active judge accounts, by priority then username. */
export async function readSeats(db: Db): Promise<Seat[]> {
  const rows = await db
    .selectFrom('users')
    .select(['id', 'full_name', 'username'])
    .where('role', '=', 'judge')
    .where('active', '=', true)
    .orderBy('priority')
    .orderBy('username')
    .execute();
  return rows.map((r) => ({ gkId: r.id, name: r.full_name || r.username }));
}

export async function readAnswers(db: Db, questionId?: string): Promise<Record<string, TTeamAnswer[]>> {
  // The round's current attempt only: a replayed round's earlier answers stay stored, set aside.
  let query = db
    .selectFrom('team_answers')
    .select(['question_id', 'team_id', 'answer', 'at', 'verdict', 'points'])
    .where('archived_attempt', 'is', null);
  if (questionId) query = query.where('question_id', '=', questionId);
  const rows = await query.orderBy('at').orderBy('team_id').execute();
  const byQuestion: Record<string, TTeamAnswer[]> = {};
  for (const r of rows) {
    byQuestion[r.question_id] ??= [];
    byQuestion[r.question_id]!.push({
      teamId: r.team_id,
      answer: r.answer,
      at: Number(r.at),
      verdict: r.verdict,
      points: Number(r.points),
    });
  }
  return byQuestion;
}

export async function readBuzzes(db: Db, questionId?: string): Promise<Record<string, TBuzz[]>> {
  let query = db.selectFrom('buzzes').select(['question_id', 'team_id', 'at', 'verdict', 'points']).where('archived_attempt', 'is', null);
  if (questionId) query = query.where('question_id', '=', questionId);
  const rows = await query.orderBy('at').orderBy('seq').execute();
  const byQuestion: Record<string, TBuzz[]> = {};
  for (const r of rows) {
    byQuestion[r.question_id] ??= [];
    byQuestion[r.question_id]!.push({ teamId: r.team_id, at: Number(r.at), verdict: r.verdict, points: Number(r.points) });
  }
  return byQuestion;
}

/** Everything the read model holds, and the id of the last event it includes, as one consistent read. */
export async function loadLiveData(db: Kysely<Database>): Promise<{ data: LiveData; eventId: number }> {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      // The first statement fixes the snapshot; every read below sees the same committed state.
      const last = await trx
        .selectFrom('events')
        .select((eb) => eb.fn.max('id').as('id'))
        .executeTakeFirst();
      const show = await readShow(trx);
      const settings = await readSettings(trx);
      const fields = await readSheet(trx);
      const teams = await readTeams(trx);
      const seats = await readSeats(trx);
      const scoreRows = await trx.selectFrom('scores').select(['team_id', 'gk_id', 'field_name', 'point', 'updated_at']).execute();
      const answers = await readAnswers(trx);
      const buzz = await readBuzzes(trx);
      const openings = await readAnswerOpenings(trx);
      const suddenDeaths = await readSuddenDeaths(trx);
      const vote = await readCurrentVote(trx);
      const scores = scoreRows.map((r) => ({
        teamId: r.team_id,
        gkId: r.gk_id,
        fieldName: r.field_name,
        point: r.point,
        updatedAt: r.updated_at.getTime(),
      }));
      return {
        data: { show, settings, fields, teams, seats, scores, answers, buzz, openings, suddenDeaths, vote },
        eventId: Number(last?.id ?? 0),
      };
    });
}
