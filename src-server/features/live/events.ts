/**
 * The event store: every committed domain change is a row of `events`, its id taken under an advisory
 * lock so ids commit in order. Other instances learn of new rows through NOTIFY on EVENTS_CHANNEL.
 */
import { type Kysely, sql, type Transaction } from 'kysely';
import { DOMAIN_EVENT_TYPES, type DomainEvent } from '../../../src/live';
import { ZDomainEventPayloads } from '../../../src/schemas/live';
import { parseStored } from '../../db/json';
import { scopeOf } from '../../db/scope';
import type { Database } from '../../db/types';

type Db = Kysely<Database> | Transaction<Database>;

export interface StoredEvent {
  id: number;
  event: DomainEvent;
  /** The contest the change is of (the writing handle's scope); null for the installation's own. */
  contestId: string | null;
}

export const EVENTS_CHANNEL = 'hoithi_events';
/** What a reconnecting screen could still ask for, and a good margin; older rows only weigh. */
export const EVENTS_KEPT = 20_000;
// Events are written one transaction at a time, so ids commit in order and no reader skips one.
const EVENTS_LOCK = 73_911;

/** Takes the events lock, held until the transaction ends, so event ids commit in order. */
export async function lockEvents(trx: Db): Promise<void> {
  await sql`select pg_advisory_xact_lock(${EVENTS_LOCK})`.execute(trx);
}

/** Writes a domain change inside the caller's transaction; hand it to `hub.published` after commit. */
export async function recordEvent(trx: Db, event: DomainEvent): Promise<StoredEvent> {
  await lockEvents(trx);
  return insertEvent(trx, event);
}

/**
 * Inserts one event row; with `lock`, takes the events lock in the same statement, and with
 * `notify`, announces the new id to the other instances (delivered at commit).
 */
export async function insertEvent(trx: Db, event: DomainEvent, options: { lock?: boolean; notify?: boolean } = {}): Promise<StoredEvent> {
  const payload = JSON.stringify(event.payload);
  const contestId = scopeOf(trx)?.contestId ?? null;
  const locked = options.lock ? sql`select pg_advisory_xact_lock(${EVENTS_LOCK})` : sql`select 1`;
  const announce = options.notify ? sql`pg_notify(${EVENTS_CHANNEL}, id::text)` : sql`null`;
  const { rows } = await sql<{ id: number }>`
    with locked as (${locked}),
    inserted as (
      insert into events (type, payload, contest_id) select ${event.type}, cast(${payload} as jsonb), cast(${contestId} as text) from locked returning id
    )
    select id, ${announce} as notified from inserted`.execute(trx);
  return { id: Number(rows[0]!.id), event, contestId };
}

/** One event of a group commit, with the contest of the write that recorded it. */
export interface PendingEvent {
  event: DomainEvent;
  contestId: string | null;
}

/**
 * Inserts a group commit's events in one statement, their ids in the order given; with `lock`, takes
 * the events lock in the same statement, and with `notify`, announces the last id (delivered at
 * commit). The rows travel as one JSON parameter, read back in order (`with ordinality`).
 */
export async function insertEvents(
  trx: Db,
  pending: readonly PendingEvent[],
  options: { lock: boolean; notify: boolean },
): Promise<StoredEvent[]> {
  if (!pending.length) return [];
  const rows = JSON.stringify(pending.map(({ event, contestId }) => ({ type: event.type, payload: event.payload, contestId })));
  const locked = options.lock ? sql`select pg_advisory_xact_lock(${EVENTS_LOCK})` : sql`select 1`;
  const announce = options.notify
    ? sql`case when id = (select max(id) from inserted) then pg_notify(${EVENTS_CHANNEL}, id::text) end`
    : sql`null`;
  // The sequence's nextval is taken row by row as the ordered rows are inserted, so ids follow `n`.
  const { rows: ids } = await sql<{ id: number }>`
    with locked as (${locked}),
    inserted as (
      insert into events (type, payload, contest_id)
      select item->>'type', item->'payload', item->>'contestId'
      from locked, jsonb_array_elements(cast(${rows} as jsonb)) with ordinality as given(item, n)
      order by given.n
      returning id
    )
    select id, ${announce} as notified from inserted order by id`.execute(trx);
  if (ids.length !== pending.length) throw new Error(`inserted ${ids.length} events of ${pending.length}`);
  return pending.map(({ event, contestId }, i) => ({ id: Number(ids[i]!.id), event, contestId }));
}

/** Tells the other instances, at commit, that events up to `id` are there to read. */
export async function announceEvents(trx: Db, id: number): Promise<void> {
  await sql`select pg_notify(${EVENTS_CHANNEL}, ${String(id)})`.execute(trx);
}

/** The id of the last stored event (0 when none). */
export async function lastEventId(db: Db): Promise<number> {
  const last = await db
    .selectFrom('events')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  return Number(last?.id ?? 0);
}

/** The stored events after `after` (up to `until` when given), oldest first, at most `limit`. */
export async function readEventsAfter(db: Db, after: number, until: number | undefined, limit: number) {
  let query = db.selectFrom('events').select(['id', 'type', 'payload', 'contest_id']).where('id', '>', after);
  if (until !== undefined) query = query.where('id', '<=', until);
  return query.orderBy('id').limit(limit).execute();
}

/** Drops the events older than the last EVENTS_KEPT before `lastId`. */
export async function pruneEvents(db: Db, lastId: number): Promise<void> {
  await db
    .deleteFrom('events')
    .where('id', '<=', lastId - EVENTS_KEPT)
    .execute();
}

/**
 * `events.payload` read back (another instance's change), parsed with its type's schema; null for a
 * type this version does not follow. Throws StoredValueError, naming the event, when it is malformed.
 */
export function domainEventOf(row: { id: number; type: string; payload: unknown }): DomainEvent | null {
  const type = DOMAIN_EVENT_TYPES.find((t) => t === row.type);
  if (!type) return null;
  const payload = parseStored(ZDomainEventPayloads[type], row.payload, `events.payload of event ${row.id} (${type})`);
  // Sound: the payload was parsed with its own type's schema (TypeScript cannot pair the two here).
  return { type, payload } as DomainEvent;
}
