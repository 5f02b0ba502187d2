/** Stored points, their audit log, and the ranking built from them. */
import type { Kysely, Transaction } from 'kysely';
import type { ScoreChange as LiveScoreChange } from '../../../src/live';
import type { z } from '../../../src/schemas/zod';
import { parseStored } from '../../db/json';
import type { Database, ScoreSource } from '../../db/types';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * `idempotency_keys.response`: the answer first given to a key, in the form the call answers (one
 * point, or one per judge), to give again to a retry.
 */
export function storedAnswerOf<T>(schema: z.ZodType<T>, row: { actorId: string; key: string; response: unknown }): T {
  return parseStored(schema, row.response, `idempotency_keys.response of key ${JSON.stringify(row.key)} (user ${row.actorId})`);
}

/** The answer first given to `actorId`'s `key` and the hash of the request it answered, if any. */
export async function readStoredAnswer<T>(
  db: Pick<Db, 'selectFrom'>,
  schema: z.ZodType<T>,
  actorId: string,
  key: string,
): Promise<{ hash: string; response: T } | null> {
  const row = await db
    .selectFrom('idempotency_keys')
    .select(['request_hash', 'response'])
    .where('actor_id', '=', actorId)
    .where('key', '=', key)
    .executeTakeFirst();
  return row ? { hash: row.request_hash, response: storedAnswerOf(schema, { actorId, key, response: row.response }) } : null;
}

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
  /** null removes the point. */
  point: number | null;
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

/**
 * Writes one point and appends its audit event, in the caller's transaction. Returns the stored
 * item (null when removed) and the change as the live model follows it.
 */
export async function applyScoreChange(
  trx: Transaction<Database>,
  change: ScoreChange,
): Promise<{ item: ScoreItem | null; live: LiveScoreChange; eventId: number }> {
  const current = await trx
    .selectFrom('scores')
    .select('point')
    .where('team_id', '=', change.teamId)
    .where('gk_id', '=', change.gkId)
    .where('field_name', '=', change.fieldName)
    .forUpdate()
    .executeTakeFirst();
  let item: ScoreItem | null = null;
  const now = change.at ?? new Date();
  if (change.point === null) {
    await trx
      .deleteFrom('scores')
      .where('team_id', '=', change.teamId)
      .where('gk_id', '=', change.gkId)
      .where('field_name', '=', change.fieldName)
      .execute();
  } else {
    await trx
      .insertInto('scores')
      .values({
        team_id: change.teamId,
        gk_id: change.gkId,
        field_name: change.fieldName,
        point: change.point,
        updated_by: change.actorId,
        updated_at: now,
      })
      .onConflict((oc) =>
        oc.columns(['team_id', 'gk_id', 'field_name']).doUpdateSet({ point: change.point!, updated_by: change.actorId, updated_at: now }),
      )
      .execute();
    item = { teamId: change.teamId, gkId: change.gkId, fieldName: change.fieldName, point: change.point, updatedAt: now.getTime() };
  }
  const event = await trx
    .insertInto('score_events')
    .values({
      team_id: change.teamId,
      gk_id: change.gkId,
      field_name: change.fieldName,
      old_point: current?.point ?? null,
      new_point: change.point,
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
  const live = { teamId: change.teamId, gkId: change.gkId, fieldName: change.fieldName, point: change.point, updatedAt: now.getTime() };
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
): Promise<LiveScoreChange[]> {
  const changes: LiveScoreChange[] = [];
  for (const eventId of eventIds) {
    const event = await trx
      .selectFrom('score_events')
      .select(['team_id', 'gk_id', 'field_name', 'old_point', 'new_point'])
      .where('id', '=', eventId)
      .executeTakeFirst();
    if (!event) continue;
    const current = await trx
      .selectFrom('scores')
      .select('point')
      .where('team_id', '=', event.team_id)
      .where('gk_id', '=', event.gk_id)
      .where('field_name', '=', event.field_name)
      .executeTakeFirst();
    const delta = Number(event.new_point ?? 0) - Number(event.old_point ?? 0);
    const point = Number(current?.point ?? 0) - delta;
    const { live } = await applyScoreChange(trx, {
      teamId: event.team_id,
      gkId: event.gk_id,
      fieldName: event.field_name,
      // A point that did not exist before the event, and is back at nothing, is removed again.
      point: event.old_point === null && point === 0 ? null : point,
      actorId,
      source: 'undo',
      undoes: eventId,
    });
    changes.push(live);
  }
  return changes;
}
