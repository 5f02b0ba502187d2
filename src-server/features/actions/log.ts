/**
 * The log of actions: everything an organiser may have to answer for besides the points themselves
 * (those keep `score_events`): a round replayed, points given by hand and their context, later ballots
 * discarded, an event archived, results locked… Append-only (the database refuses UPDATE, DELETE and
 * TRUNCATE). An action is recorded in the transaction of the change it describes, so both commit or
 * neither does.
 */
import type { Kysely, Transaction } from 'kysely';
import { messages } from '../../../src/messages';
import type { TActionEntry, TActionValue } from '../../../src/schemas/actions';
import { z } from '../../../src/schemas/zod';
import { formatNumber, formatPoint } from '../../../src/valueFormat';
import { parseStored } from '../../db/json';
import type { Database } from '../../db/types';

type Db = Transaction<Database> | Kysely<Database>;

const ZStoredValue = z.json().nullable();

/**
 * Appends one action, in the caller's transaction, and returns its id. The actor's name is looked up
 * here and kept with the entry, so the log still says who after the account is renamed or deleted.
 *
 * `summary` is for people, in Vietnamese ("Chơi lại Phần 3 — Vượt chướng ngại vật"); `kind` is for
 * code (`round.restart`). `target` says what it was done to (ids). `before` and `after` are shown on
 * the dashboard: a string or a number as it is, an object by its `text` (Vietnamese), a list item by
 * item; keep ids and codes out of them, or inside an object beside its `text`.
 */
export async function recordAction(
  trx: Transaction<Database> | Kysely<Database>,
  entry: { actorId: string | null; kind: string; summary: string; target?: unknown; before?: unknown; after?: unknown },
): Promise<number> {
  const actor = entry.actorId
    ? await trx.selectFrom('users').select(['full_name', 'username']).where('id', '=', entry.actorId).executeTakeFirst()
    : undefined;
  const json = (value: unknown) => (value === undefined ? null : JSON.stringify(value));
  const row = await trx
    .insertInto('action_log')
    .values({
      actor_id: entry.actorId,
      actor_name: actor ? actor.full_name || actor.username : null,
      kind: entry.kind,
      summary: entry.summary,
      target: json(entry.target),
      before: json(entry.before),
      after: json(entry.after),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/**
 * A stored `before` or `after` as people read it; null when there is none. An object says itself by
 * its `text` (or `label`, `name`, `title`), else by its `point` or `points`; anything else in it is
 * for code.
 */
export function actionValueText(value: TActionValue | null): string | null {
  if (value === null) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return formatNumber(value);
  if (typeof value === 'boolean') return value ? messages.results.actionYes : messages.results.actionNo;
  if (Array.isArray(value)) {
    const items = value.map(actionValueText).filter((text): text is string => text !== null);
    return items.length ? items.join(', ') : messages.results.actionNothing;
  }
  for (const key of ['text', 'label', 'name', 'title']) {
    const text = value[key];
    if (typeof text === 'string') return text;
  }
  for (const key of ['point', 'points']) {
    if (!(key in value)) continue;
    const point = value[key];
    if (point === null) return messages.results.empty;
    if (typeof point === 'number') return formatPoint(point);
  }
  return null;
}

/** The newest actions first. */
export async function readActionLog(db: Db, filter: { limit: number }): Promise<TActionEntry[]> {
  const rows = await db
    .selectFrom('action_log')
    .select(['id', 'created_at', 'actor_id', 'actor_name', 'kind', 'summary', 'target', 'before', 'after'])
    .orderBy('id', 'desc')
    .limit(filter.limit)
    .execute();
  return rows.map((r) => {
    const id = Number(r.id);
    const read = (column: 'target' | 'before' | 'after') => parseStored(ZStoredValue, r[column], `action_log.${column} of entry ${id}`);
    const before = read('before');
    const after = read('after');
    return {
      id,
      at: r.created_at.getTime(),
      actorId: r.actor_id,
      actorName: r.actor_name,
      kind: r.kind,
      summary: r.summary,
      target: read('target'),
      before,
      after,
      beforeText: actionValueText(before),
      afterText: actionValueText(after),
    };
  });
}
