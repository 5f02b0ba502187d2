/**
 * The live hub of one server instance: it owns the read model, advances it with every committed
 * domain change in id order (this instance's right after commit; other instances' through
 * LISTEN/NOTIFY on PostgreSQL), keeps the recent changes' messages for replay, and hands each change
 * to the subscribers. Sessions ended or users changed elsewhere reach it on a channel of their own.
 */
import { VoteCounter } from '../vote/counter';
import { type Kysely, sql, type Transaction } from 'kysely';
import type pg from 'pg';
import { DOMAIN_EVENT_TYPES, type DomainEvent, type LiveMessage } from '../../../src/live';
import { ZDomainEventPayloads } from '../../../src/schemas/live';
import { parseStored } from '../../db/json';
import type { Database } from '../../db/types';
import { CONSOLES_CHANNEL, ConsolePresence } from './consoles';
import { loadLiveData } from './load';
import { LiveModel, messagesFor, type Output, type Viewer, viewerKey } from './model';

export interface StoredEvent {
  id: number;
  event: DomainEvent;
}

export const EVENTS_CHANNEL = 'hoithi_events';
export const SESSIONS_CHANNEL = 'hoithi_sessions';
export const EVENTS_KEPT = 20_000;
/** How many changes a reconnecting screen can be brought up to date with, message by message. */
export const MAX_REPLAY = 1000;
// Events are written one transaction at a time, so ids commit in order and no reader skips one.
const EVENTS_LOCK = 73_911;

/** Takes the events lock, held until the transaction ends, so event ids commit in order. */
export async function lockEvents(trx: Transaction<Database> | Kysely<Database>): Promise<void> {
  await sql`select pg_advisory_xact_lock(${EVENTS_LOCK})`.execute(trx);
}

/** Writes a domain change inside the caller's transaction; hand it to `hub.published` after commit. */
export async function recordEvent(trx: Transaction<Database> | Kysely<Database>, event: DomainEvent): Promise<StoredEvent> {
  await lockEvents(trx);
  return insertEvent(trx, event);
}

/**
 * Inserts one event row; with `lock`, takes the events lock in the same statement, and with
 * `notify`, announces the new id to the other instances (delivered at commit).
 */
export async function insertEvent(
  trx: Transaction<Database> | Kysely<Database>,
  event: DomainEvent,
  options: { lock?: boolean; notify?: boolean } = {},
): Promise<StoredEvent> {
  const payload = JSON.stringify(event.payload);
  const locked = options.lock ? sql`select pg_advisory_xact_lock(${EVENTS_LOCK})` : sql`select 1`;
  const announce = options.notify ? sql`pg_notify(${EVENTS_CHANNEL}, id::text)` : sql`null`;
  const { rows } = await sql<{ id: number }>`
    with locked as (${locked}),
    inserted as (insert into events (type, payload) select ${event.type}, cast(${payload} as jsonb) from locked returning id)
    select id, ${announce} as notified from inserted`.execute(trx);
  return { id: Number(rows[0]!.id), event };
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

/** One followed change and its messages, projected lazily once per kind of viewer. */
export class ChangeEntry {
  private readonly byViewer = new Map<string, LiveMessage[]>();
  constructor(
    readonly id: number,
    private readonly outputs: Output[],
  ) {}

  messagesFor(viewer: Viewer, key = viewerKey(viewer)): LiveMessage[] {
    let messages = this.byViewer.get(key);
    if (!messages) {
      messages = messagesFor(this.outputs, viewer);
      this.byViewer.set(key, messages);
    }
    return messages;
  }
}

/** What a subscriber is handed: a followed change, a live-only message, or "start over". */
export type Delivery = { kind: 'change'; entry: ChangeEntry } | { kind: 'live'; message: LiveMessage } | { kind: 'resync' };

export type SessionNotice = { kind: 'ended'; sessionId: string } | { kind: 'user'; userId: string };

export class LiveHub {
  private model!: LiveModel;
  private readonly recent: ChangeEntry[] = [];
  /** The last id from which a replay is complete: changes after it are all in `recent`. */
  private replayFloor = 0;
  private readonly subscribers = new Set<(delivery: Delivery) => void>();
  private chain: Promise<void> = Promise.resolve();
  private listener: pg.PoolClient | null = null;
  private stopped = false;
  private retryTimer: NodeJS.Timeout | null = null;
  private sessionListener: ((notice: SessionNotice) => void) | null = null;
  /** The consoles open on every instance; their notices share this hub's LISTEN connection. */
  readonly consoles: ConsolePresence;
  /** The open vote's count, by one instance at a time, at most twice a second. */
  readonly votes: VoteCounter;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly pool?: pg.Pool,
  ) {
    this.consoles = new ConsolePresence(db, !!pool);
    this.votes = new VoteCounter(db, this);
  }

  get live(): LiveModel {
    return this.model;
  }

  async start(): Promise<void> {
    await this.reload();
    // Keep what a reconnecting screen could still ask for, and a good margin; older rows only weigh.
    await this.db
      .deleteFrom('events')
      .where('id', '<=', this.model.eventId - EVENTS_KEPT)
      .execute();
    await this.consoles.start();
    if (this.pool) await this.listen();
    this.votes.wake();
  }

  private async reload(): Promise<void> {
    const { data, eventId } = await loadLiveData(this.db);
    this.model = new LiveModel(data, eventId);
    this.recent.length = 0;
    this.replayFloor = eventId;
  }

  subscribe(subscriber: (delivery: Delivery) => void): void {
    this.subscribers.add(subscriber);
  }

  unsubscribe(subscriber: (delivery: Delivery) => void): void {
    this.subscribers.delete(subscriber);
  }

  private deliver(delivery: Delivery): void {
    for (const subscriber of this.subscribers) subscriber(delivery);
  }

  /** Live-only messages (presence, development reloads): never stored, never replayed. */
  emitLive(message: LiveMessage): void {
    this.deliver({ kind: 'live', message });
  }

  /**
   * The changes after `lastEventId` for a reconnecting screen, or null when they cannot all be
   * replayed (too old, from before this instance started, or an id this database never issued).
   */
  changesSince(lastEventId: number): ChangeEntry[] | null {
    if (lastEventId < this.replayFloor || lastEventId > this.model.eventId) return null;
    return this.recent.filter((entry) => entry.id > lastEventId);
  }

  /** A change still held for replay. */
  change(id: number): ChangeEntry | undefined {
    return this.recent.find((entry) => entry.id === id);
  }

  private follow(stored: StoredEvent): void {
    if (stored.id <= this.model.eventId) return;
    let outputs: Output[];
    try {
      outputs = this.model.apply(stored.id, stored.event);
    } catch (error) {
      // A change the model cannot follow: read everything again and start every screen over.
      console.error('[live] could not follow event', stored.id, (error as Error).message);
      this.chain = this.chain.then(() => this.resync());
      return;
    }
    const entry = new ChangeEntry(stored.id, outputs);
    this.recent.push(entry);
    if (this.recent.length > MAX_REPLAY) this.replayFloor = this.recent.shift()!.id;
    this.deliver({ kind: 'change', entry });
    if (stored.event.type === 'vote') this.votes.wake();
  }

  private async resync(): Promise<void> {
    try {
      await this.reload();
      this.deliver({ kind: 'resync' });
    } catch (error) {
      console.error('[live] could not reload the live state:', (error as Error).message);
    }
  }

  /** Whether other instances may share the database (PostgreSQL). */
  get postgres(): boolean {
    return !!this.pool;
  }

  /**
   * Call after the transaction that recorded `events` has committed (it has also NOTIFYed the other
   * instances, on PostgreSQL).
   */
  published(events: StoredEvent[]): Promise<void> {
    if (!events.length) return Promise.resolve();
    const run = async () => {
      // Another instance's changes committed before ours come first.
      if (this.pool && events[0]!.id > this.model.eventId + 1) await this.readNew(events[0]!.id - 1);
      for (const stored of events) this.follow(stored);
    };
    this.chain = this.chain.then(run, run);
    // A change the model could not follow queues a reload: the caller waits for that too.
    return this.chain.then(() => this.chain);
  }

  /** Follows whatever other instances committed that this one has not seen yet. */
  catchUp(): Promise<void> {
    if (!this.pool) return this.chain;
    this.pump();
    return this.chain;
  }

  private readonly orderedSections: { total: number[]; tail: number[] } = { total: [], tail: [] };

  /**
   * Records one transaction's ordered section: `total` from the events statement (waiting for the
   * lock included) to the end of the commit, `tail` from the last event written to the end of the
   * commit (the lock only held).
   */
  timeOrderedSection(total: number, tail: number): void {
    if (this.orderedSections.total.length >= 100_000) this.orderedSections.total.length = this.orderedSections.tail.length = 0;
    this.orderedSections.total.push(total);
    this.orderedSections.tail.push(tail);
  }

  /** The ordered section's durations so far, for the benchmarks. */
  orderedSectionTimes(): { total: readonly number[]; tail: readonly number[] } {
    return this.orderedSections;
  }

  /** Reads and follows the stored changes after the model's, up to `until` when given. */
  private async readNew(until?: number): Promise<void> {
    try {
      for (;;) {
        let query = this.db.selectFrom('events').select(['id', 'type', 'payload']).where('id', '>', this.model.eventId);
        if (until !== undefined) query = query.where('id', '<=', until);
        const rows = await query.orderBy('id').limit(500).execute();
        for (const row of rows) {
          let event: DomainEvent | null;
          try {
            event = domainEventOf(row);
          } catch (error) {
            // A change no model can follow: the tables hold the truth, so read them again.
            this.model.eventId = Math.max(this.model.eventId, row.id);
            console.error('[live] could not follow event', row.id, (error as Error).message);
            this.chain = this.chain.then(() => this.resync());
            continue;
          }
          if (event) this.follow({ id: row.id, event });
        }
        if (rows.length < 500) break;
      }
    } catch (error) {
      console.error('[live] could not read new events:', (error as Error).message);
    }
  }

  private pump(): void {
    this.chain = this.chain.then(() => this.readNew());
  }

  // ---- PostgreSQL: other instances ---------------------------------------------------------------

  onSessionNotice(listener: (notice: SessionNotice) => void): void {
    this.sessionListener = listener;
  }

  /** Tells every instance (this one included) that sessions ended or a user changed. */
  async announceSession(notice: SessionNotice): Promise<void> {
    this.sessionListener?.(notice);
    if (!this.pool) return;
    const text = notice.kind === 'ended' ? `ended:${notice.sessionId}` : `user:${notice.userId}`;
    await sql`select pg_notify(${SESSIONS_CHANNEL}, ${text})`.execute(this.db);
  }

  private async listen(): Promise<void> {
    if (this.stopped || !this.pool) return;
    try {
      const client = await this.pool.connect();
      this.listener = client;
      client.on('notification', (message) => {
        if (message.channel === SESSIONS_CHANNEL) this.onSessionText(message.payload ?? '');
        else if (message.channel === CONSOLES_CHANNEL) this.consoles.noticed();
        else if (Number(message.payload) > this.model.eventId) this.pump();
      });
      client.on('error', () => this.relisten());
      client.on('end', () => this.relisten());
      await client.query(`listen ${EVENTS_CHANNEL}`);
      await client.query(`listen ${SESSIONS_CHANNEL}`);
      await client.query(`listen ${CONSOLES_CHANNEL}`);
      // Whatever was committed while we were not listening.
      this.pump();
      this.consoles.noticed();
    } catch {
      this.relisten();
    }
  }

  private onSessionText(text: string): void {
    const colon = text.indexOf(':');
    const kind = text.slice(0, colon);
    const id = text.slice(colon + 1);
    if (kind === 'ended') this.sessionListener?.({ kind: 'ended', sessionId: id });
    else if (kind === 'user') this.sessionListener?.({ kind: 'user', userId: id });
  }

  private relisten(): void {
    if (this.stopped || this.retryTimer) return;
    const old = this.listener;
    this.listener = null;
    old?.release(true);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      void this.listen();
    }, 1000);
  }

  async stop(): Promise<void> {
    this.votes.stop();
    await this.consoles.stop();
    this.stopped = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    const client = this.listener;
    this.listener = null;
    if (client) {
      await client.query(`unlisten *`).catch(() => {});
      client.release();
    }
    await this.chain;
  }
}
