/** The audit log: reading it, undoing one change, and resetting every score. */
import type { Kysely } from 'kysely';
import { messages } from '../../../src/messages';
import type { TAuditEntry, TScoreItem } from '../../../src/schemas/scoring';
import type { Context } from '../../context';
import type { Database } from '../../db/types';
import { badRequest, notFound } from '../../errors';
import type { ScoreChange } from '../../../src/live';
import { readAnswers } from '../live/load';
import { liveTransaction } from '../live/record';
import { applyScoreChange } from './data';
import { recordScores } from './submit';

export interface AuditFilter {
  teamId?: string;
  gkId?: string;
  fieldName?: string;
  source?: TAuditEntry['source'];
  limit: number;
}

export async function readAuditLog(db: Kysely<Database>, filter: AuditFilter): Promise<TAuditEntry[]> {
  let query = db
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
      'score_events.source',
      'score_events.reason',
      'score_events.idempotency_key',
      'score_events.undoes',
      'score_events.created_at',
    ])
    .orderBy('score_events.id', 'desc')
    .limit(filter.limit);
  if (filter.teamId) query = query.where('score_events.team_id', '=', filter.teamId);
  if (filter.gkId) query = query.where('score_events.gk_id', '=', filter.gkId);
  if (filter.fieldName) query = query.where('score_events.field_name', '=', filter.fieldName);
  if (filter.source) query = query.where('score_events.source', '=', filter.source as never);
  const rows = await query.execute();
  return rows.map((r) => ({
    id: r.id,
    teamId: r.team_id,
    gkId: r.gk_id,
    fieldName: r.field_name,
    oldPoint: r.old_point,
    newPoint: r.new_point,
    actorId: r.actor_id,
    actorName: r.actor_name,
    source: r.source,
    reason: r.reason,
    key: r.idempotency_key,
    undoes: r.undoes,
    at: r.created_at.getTime(),
  }));
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
    // Events last, as everywhere: the events lock is held only for their inserts and the commit.
    await recordScores(recorder, changes);
    for (const [questionId, items] of Object.entries(answers)) {
      await recorder.record({ type: 'answers', payload: { questionId, items, teamId: null } });
    }
    return rows.length;
  });
  return { removed: count };
}
