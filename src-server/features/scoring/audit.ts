/** The audit log: reading it, undoing one change, and resetting every score. */
import type { Kysely } from 'kysely';
import type { ScoreChange } from '../../../src/live';
import { messages } from '../../../src/messages';
import type { TAuditEntry, TScoreItem } from '../../../src/schemas/scoring';
import type { Context } from '../../context';
import type { Database } from '../../db/types';
import { badRequest, notFound } from '../../errors';
import { recordAction } from '../actions/log';
import { recordJury } from '../jury/actions';
import { liveTransaction } from '../live/record';
import { readAnswers } from '../show/answer-rows';
import { applyScoreChange } from './data';
import { type AuditRow, describeEntry, readNames } from './describe';
import { recordScores } from './submit';

export interface AuditFilter {
  teamId?: string;
  gkId?: string;
  fieldName?: string;
  source?: TAuditEntry['source'];
  limit: number;
}

export function auditQuery(db: Kysely<Database>) {
  return db
    .selectFrom('score_events')
    .leftJoin('users', 'users.id', 'score_events.actor_id')
    .select([
      'score_events.id',
      'score_events.team_id',
      'score_events.gk_id',
      'score_events.field_name',
      'score_events.old_point',
      'score_events.new_point',
      'score_events.actor_id',
      'users.full_name as actor_name',
      'users.username as actor_username',
      'score_events.source',
      'score_events.reason',
      'score_events.rule',
      'score_events.idempotency_key',
      'score_events.undoes',
      'score_events.created_at',
    ]);
}

type AuditQueryRow = Awaited<ReturnType<ReturnType<typeof auditQuery>['execute']>>[number];

export function toAuditRow(r: AuditQueryRow): AuditRow {
  return {
    id: Number(r.id),
    teamId: r.team_id,
    gkId: r.gk_id,
    fieldName: r.field_name,
    oldPoint: r.old_point,
    newPoint: r.new_point,
    actorName: r.actor_name?.trim() || r.actor_username || null,
    source: r.source,
    reason: r.reason,
    rule: r.rule,
    undoes: r.undoes === null ? null : Number(r.undoes),
    at: r.created_at.getTime(),
  };
}

/** The log, newest first, each change told in Vietnamese with its team, field, judge and question names. */
export async function readAuditLog(db: Kysely<Database>, filter: AuditFilter): Promise<TAuditEntry[]> {
  let query = auditQuery(db).orderBy('score_events.id', 'desc').limit(filter.limit);
  if (filter.teamId) query = query.where('score_events.team_id', '=', filter.teamId);
  if (filter.gkId) query = query.where('score_events.gk_id', '=', filter.gkId);
  if (filter.fieldName) query = query.where('score_events.field_name', '=', filter.fieldName);
  if (filter.source) query = query.where('score_events.source', '=', filter.source as never);
  const rows = await query.execute();
  const undoneIds = [...new Set(rows.flatMap((r) => (r.undoes === null ? [] : [Number(r.undoes)])))];
  const undone = undoneIds.length ? (await auditQuery(db).where('score_events.id', 'in', undoneIds).execute()).map(toAuditRow) : [];
  const names = await readNames(db, new Map(undone.map((u) => [u.id, u])));
  return rows.map((r) => {
    const row = toAuditRow(r);
    return {
      id: row.id,
      teamId: row.teamId,
      teamName: names.team(row.teamId),
      gkId: row.gkId,
      judgeName: names.judge(row.gkId),
      fieldName: row.fieldName,
      fieldLabel: names.field(row.fieldName),
      oldPoint: row.oldPoint,
      newPoint: row.newPoint,
      actorId: r.actor_id,
      actorName: row.actorName,
      source: row.source,
      description: describeEntry(row, names),
      reason: row.reason,
      key: r.idempotency_key,
      undoes: row.undoes,
      at: row.at,
    };
  });
}

/** Puts a point back to what it was before one logged change, as a new `undo` event. */
export async function undoScoreChange(ctx: Context & { user: { _id: string } }, eventId: number, reason?: string) {
  const items = await liveTransaction(ctx, async (recorder) => {
    const { trx } = recorder;
    const event = await trx
      .selectFrom('score_events')
      .select(['team_id', 'gk_id', 'field_name', 'old_point'])
      .where('id', '=', eventId)
      .executeTakeFirst();
    if (!event) throw notFound(messages.scoreEventNotFound);
    // A change to a team deleted since: nothing to put back.
    const team = await trx.selectFrom('teams').select('id').where('id', '=', event.team_id).executeTakeFirst();
    if (!team) throw notFound(messages.teamNotFound);
    const { item, live } = await applyScoreChange(trx, {
      teamId: event.team_id,
      gkId: event.gk_id,
      fieldName: event.field_name,
      point: event.old_point,
      actorId: ctx.user._id,
      source: 'undo',
      reason: reason ?? null,
      undoes: eventId,
    });
    await recordScores(recorder, [live]);
    return item ? [item] : ([] as TScoreItem[]);
  });
  return { items };
}

/** Removes every score, appending a `reset` event for each; the log itself keeps everything. */
export async function resetAllScores(ctx: Context & { user: { _id: string } }, reason: string) {
  const count = await liveTransaction(ctx, async (recorder) => {
    const { trx } = recorder;
    const rows = await trx.selectFrom('scores').select(['team_id', 'gk_id', 'field_name']).execute();
    if (!rows.length) throw badRequest(messages.nothingToReset, 'confirm');
    const changes: ScoreChange[] = [];
    for (const row of rows) {
      const { live } = await applyScoreChange(trx, {
        teamId: row.team_id,
        gkId: row.gk_id,
        fieldName: row.field_name,
        point: null,
        actorId: ctx.user._id,
        source: 'reset',
        reason,
      });
      changes.push(live);
    }
    // Verdicts go with the points they gave: every answer is open to marking again.
    await trx.updateTable('team_answers').set({ points: 0, verdict: null }).execute();
    const answers = await readAnswers(trx);
    // The head judge's rulings were on the points the reset removes: they go with them (recusals,
    // thresholds and the head judge stay: they are about people and criteria, not points).
    const rulings = await trx.deleteFrom('jury_rulings').returning('id').execute();
    if (rulings.length) {
      await recordAction(trx, {
        actorId: ctx.user._id,
        kind: 'jury.reset',
        summary: messages.jury.rulingsReset(rulings.length, reason),
        before: { rulings: rulings.length },
        after: { rulings: 0 },
      });
    }
    // Events last, as everywhere: the events lock is held only for their inserts and the commit.
    await recordScores(recorder, changes);
    if (rulings.length) await recordJury(recorder);
    for (const [questionId, items] of Object.entries(answers)) {
      await recorder.record({ type: 'answers', payload: { questionId, items, teamId: null } });
    }
    return rows.length;
  });
  return { removed: count };
}
