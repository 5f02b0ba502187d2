/** Stored points, their audit log, and the ranking built from them. */
import type { Kysely, Transaction } from 'kysely';
import type { ScoreChange as LiveScoreChange } from '../../../src/live';
import type { Database, ScoreSource } from '../../db/types';
import { refuseLockedPoint } from '../results/gate';

type Db = Kysely<Database> | Transaction<Database>;

export interface ScoreItem {
  teamId: string;
  gkId: string;
  fieldName: string;
  point: number;
  updatedAt: number;
}

export interface ScoreChange {
  teamId: string;
  gkId: string;
  fieldName: string;
  /**
   * The new point; null removes it. A function computes it from the point it replaces, read under
   * the row's lock (a delta, an undo by difference), so no concurrent change slips between.
   */
  point: number | null | ((current: number | null) => number | null);
  actorId: string | null;
  source: ScoreSource;
  reason?: string | null;
  /** The concrete rule applied (`speed:place=2:30`), for the points a format computes. */
  rule?: string | null;
  key?: string | null;
  requestHash?: string | null;
  undoes?: number | null;
  /** When it happens; now by default. */
  at?: Date;
}

type Cell = Pick<ScoreChange, 'teamId' | 'gkId' | 'fieldName'>;

function lockPoint(trx: Transaction<Database>, cell: Cell) {
  return trx
    .selectFrom('scores')
    .select('point')
    .where('team_id', '=', cell.teamId)
    .where('gk_id', '=', cell.gkId)
    .where('field_name', '=', cell.fieldName)
    .forUpdate()
    .executeTakeFirst();
}

/**
 * The cell's row locked by this transaction, and the point it held before (null: none). A cell with
 * no row yet is claimed by inserting it: FOR UPDATE cannot lock a row that does not exist, and two
 * writers that both saw none would each log "∅ → point". The insert waits for a concurrent one and,
 * if that one committed, the row is locked and read again.
 */
async function claimCell(trx: Transaction<Database>, cell: Cell, placeholder: number, actorId: string | null, at: Date) {
  for (;;) {
    const current = await lockPoint(trx, cell);
    if (current) return { old: current.point, inserted: false };
    const inserted = await trx
      .insertInto('scores')
      .values({
        team_id: cell.teamId,
        gk_id: cell.gkId,
        field_name: cell.fieldName,
        point: placeholder,
        updated_by: actorId,
        updated_at: at,
      })
      .onConflict((oc) => oc.columns(['team_id', 'gk_id', 'field_name']).doNothing())
      .returning('point')
      .executeTakeFirst();
    if (inserted) return { old: null, inserted: true };
  }
}

/**
 * Writes one point and appends its audit event, in the caller's transaction: the event's old point
 * is the one the row held under this transaction's lock. Returns the stored item (null when removed)
 * and the change as the live model follows it. Refused while the point's results are locked
 * (`results/gate.ts`): every point but a judge's own comes through here.
 */
export async function applyScoreChange(
  trx: Transaction<Database>,
  change: ScoreChange,
): Promise<{ item: ScoreItem | null; live: LiveScoreChange; eventId: number }> {
  await refuseLockedPoint(trx, change.fieldName);
  const now = change.at ?? new Date();
  const fixed = typeof change.point === 'function' ? undefined : change.point;
  const claimed = await claimCell(trx, change, fixed ?? 0, change.actorId, now);
  const point = typeof change.point === 'function' ? change.point(claimed.old) : change.point;
  let item: ScoreItem | null = null;
  if (point === null) {
    await trx
      .deleteFrom('scores')
      .where('team_id', '=', change.teamId)
      .where('gk_id', '=', change.gkId)
      .where('field_name', '=', change.fieldName)
      .execute();
  } else {
    if (!claimed.inserted || point !== fixed) {
      await trx
        .updateTable('scores')
        .set({ point, updated_by: change.actorId, updated_at: now })
        .where('team_id', '=', change.teamId)
        .where('gk_id', '=', change.gkId)
        .where('field_name', '=', change.fieldName)
        .execute();
    }
    item = { teamId: change.teamId, gkId: change.gkId, fieldName: change.fieldName, point, updatedAt: now.getTime() };
  }
  const event = await trx
    .insertInto('score_events')
    .values({
      team_id: change.teamId,
      gk_id: change.gkId,
      field_name: change.fieldName,
      old_point: claimed.old,
      new_point: point,
      actor_id: change.actorId,
      source: change.source,
      reason: change.reason ?? null,
      rule: change.rule ?? null,
      idempotency_key: change.key ?? null,
      request_hash: change.requestHash ?? null,
      undoes: change.undoes ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const live = { teamId: change.teamId, gkId: change.gkId, fieldName: change.fieldName, point, updatedAt: now.getTime() };
  return { item, live, eventId: Number(event.id) };
}

export async function listScores(db: Db): Promise<ScoreItem[]> {
  const rows = await db.selectFrom('scores').select(['team_id', 'gk_id', 'field_name', 'point', 'updated_at']).execute();
  return rows.map((r) => ({
    teamId: r.team_id,
    gkId: r.gk_id,
    fieldName: r.field_name,
    point: r.point,
    updatedAt: r.updated_at.getTime(),
  }));
}

/**
 * Takes back what each of these audit events gave, as `undo` events: the point moves by the event's
 * change in reverse, so later changes to the same point are kept.
 */
export async function reverseScoreEvents(
  trx: Transaction<Database>,
  eventIds: readonly number[],
  actorId: string | null,
  source: 'undo' | 'restart' = 'undo',
): Promise<LiveScoreChange[]> {
  const changes: LiveScoreChange[] = [];
  for (const eventId of eventIds) {
    const event = await trx
      .selectFrom('score_events')
      .select(['team_id', 'gk_id', 'field_name', 'old_point', 'new_point'])
      .where('id', '=', eventId)
      .executeTakeFirst();
    if (!event) continue;
    const delta = Number(event.new_point ?? 0) - Number(event.old_point ?? 0);
    const { live } = await applyScoreChange(trx, {
      teamId: event.team_id,
      gkId: event.gk_id,
      fieldName: event.field_name,
      // From the point as it is under the row's lock. A point that did not exist before the event,
      // and is back at nothing, is removed again.
      point: (current) => {
        const point = Number(current ?? 0) - delta;
        return event.old_point === null && point === 0 ? null : point;
      },
      actorId,
      source,
      undoes: eventId,
    });
    changes.push(live);
  }
  return changes;
}
