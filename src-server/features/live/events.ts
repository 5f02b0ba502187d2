/**
 * The event store: every committed domain change is a row of `events`, its id from the table's
 * sequence. On PostgreSQL transactions commit side by side, so ids may commit out of order: a writer
 * takes its transaction id before its event ids (`WRITER_FIRST`), and readers wait at a missing id
 * until every transaction that could hold it has ended (`inFlight`, `stillInFlight`; the hub). Other
 * instances learn of new rows through NOTIFY on EVENTS_CHANNEL, sent after commit (`announceEvents`).
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
/**
 * The first step of an events statement: the writing transaction takes its id (if it has none yet)
 * before the insert draws any event id, so a reader that finds an id missing while a higher one has
 * committed knows its writer is among the transactions in progress (`inFlight`). The insert reads
 * from it, so it runs first whatever the plan.
 */
const WRITER_FIRST = sql`select pg_current_xact_id()`;

/** Inserts one event row inside the caller's transaction; hand it to `hub.published` after commit. */
export async function insertEvent(trx: Db, event: DomainEvent): Promise<StoredEvent> {
  const payload = JSON.stringify(event.payload);
  const contestId = scopeOf(trx)?.contestId ?? null;
  const { rows } = await sql<{ id: number }>`
    with writer as (${WRITER_FIRST})
    insert into events (type, payload, contest_id) select ${event.type}, cast(${payload} as jsonb), cast(${contestId} as text) from writer
    returning id`.execute(trx);
  return { id: Number(rows[0]!.id), event, contestId };
}

/** One event of a group commit, with the contest of the write that recorded it. */
export interface PendingEvent {
  event: DomainEvent;
  contestId: string | null;
}

/**
 * Inserts a group commit's events in one statement, their ids in the order given. The rows travel as
 * one JSON parameter, read back in order (`with ordinality`).
 */
export async function insertEvents(trx: Db, pending: readonly PendingEvent[]): Promise<StoredEvent[]> {
  if (!pending.length) return [];
  const rows = JSON.stringify(pending.map(({ event, contestId }) => ({ type: event.type, payload: event.payload, contestId })));
  // The sequence's nextval is taken row by row as the ordered rows are inserted, so ids follow `n`.
  const { rows: ids } = await sql<{ id: number }>`
    with writer as (${WRITER_FIRST}),
    inserted as (
      insert into events (type, payload, contest_id)
      select item->>'type', item->'payload', item->>'contestId'
      from writer, jsonb_array_elements(cast(${rows} as jsonb)) with ordinality as given(item, n)
      order by given.n
      returning id
    )
    select id from inserted order by id`.execute(trx);
  if (ids.length !== pending.length) throw new Error(`inserted ${ids.length} events of ${pending.length}`);
  return pending.map(({ event, contestId }, i) => ({ id: Number(ids[i]!.id), event, contestId }));
}

/**
 * Tells the other instances that events up to `id` are there to read. Sent after the commit, in a
 * statement of its own: a NOTIFY inside a transaction makes PostgreSQL commit it in turn with every
 * other notifying transaction, which would put the commits back in a line.
 */
export async function announceEvents(db: Db, id: number): Promise<void> {
  await sql`select pg_notify(${EVENTS_CHANNEL}, ${String(id)})`.execute(db);
}

/**
 * The transactions in progress in the snapshot of `db`'s next statement (in a repeatable-read
 * transaction, the transaction's), as xid8 texts: a missing event id seen from that snapshot can only
 * be one of theirs (`WRITER_FIRST`) or a rolled-back one. None on PGlite, whose one connection runs
 * one transaction at a time.
 */
export async function inFlight(db: Db): Promise<string[]> {
  const { rows } = await sql<{ xids: string[] | null }>`
    select array_agg(xid::text) as xids from pg_snapshot_xip(pg_current_snapshot()) as xid`.execute(db);
  return rows[0]?.xids ?? [];
}

/** Whether any of the transactions `xids` (from `inFlight`) is still in progress. */
export async function stillInFlight(db: Db, xids: readonly string[]): Promise<boolean> {
  if (!xids.length) return false;
  const { rows } = await sql<{ running: boolean }>`
    select exists (
      select 1 from unnest(cast(${xids} as xid8[])) as xid where pg_xact_status(xid) = 'in progress'
    ) as running`.execute(db);
  return rows[0]!.running;
}

/**
 * Whether any of the transactions `xids` (ended: `stillInFlight` is false) committed an event with an
 * id up to `upTo`: a change a picture read before they committed does not hold.
 */
export async function committedUpTo(db: Db, xids: readonly string[], upTo: number): Promise<boolean> {
  if (!xids.length) return false;
  // A row's xmin is the 32-bit transaction id: the xid8's low 32 bits.
  const short = xids.map((xid) => String(BigInt(xid) & 0xffff_ffffn));
  const { rows } = await sql<{ late: boolean }>`
    select exists (select 1 from events where id <= ${upTo} and xmin::text = any(cast(${short} as text[]))) as late`.execute(db);
  return rows[0]!.late;
}

/** Which of the event ids `ids` are stored (ids a reader passed over that committed after all). */
export async function storedAmong(db: Db, ids: readonly number[]): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await db.selectFrom('events').select('id').where('id', 'in', ids).execute();
  return rows.map((row) => Number(row.id));
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
