/**
 * Realtime events are rows of the `events` table with a growing id, written in the same transaction
 * as the change they announce. After commit the hub delivers them to this instance's subscribers:
 * directly on PGlite; on PostgreSQL through NOTIFY/LISTEN, so every instance on the database
 * delivers every event, in id order.
 */
import { EventEmitter } from 'node:events';
import { type Kysely, sql, type Transaction } from 'kysely';
import type pg from 'pg';
import type { Database } from './db/types';

export interface StoredEvent {
  id: number;
  type: string;
  payload: Record<string, unknown>;
}

export const EVENTS_CHANNEL = 'hoithi_events';
export const EVENTS_KEPT = 20_000;
// Events are written one transaction at a time, so ids commit in order and no reader skips one.
const EVENTS_LOCK = 73_911;

/** Writes an event row inside the caller's transaction; hand it to `hub.published` after commit. */
export async function recordEvent(
  trx: Transaction<Database> | Kysely<Database>,
  type: string,
  payload: Record<string, unknown>,
): Promise<StoredEvent> {
  await sql`select pg_advisory_xact_lock(${EVENTS_LOCK})`.execute(trx);
  const row = await trx
    .insertInto('events')
    .values({ type, payload: JSON.stringify(payload) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, type, payload };
}

export class EventHub {
  readonly emitter = new EventEmitter();
  private cursor = 0;
  private pumping: Promise<void> = Promise.resolve();
  private listener: pg.PoolClient | null = null;
  private stopped = false;
  private retryTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly pool?: pg.Pool,
  ) {
    this.emitter.setMaxListeners(0);
  }

  subscribe(listener: (event: StoredEvent) => void): () => void {
    this.emitter.on('event', listener);
    return () => this.emitter.off('event', listener);
  }

  /** Delivers without storing (development reloads). */
  emit(event: StoredEvent): void {
    this.emitter.emit('event', event);
  }

  async start(): Promise<void> {
    const row = await this.db.selectFrom('events').select((eb) => eb.fn.max('id').as('id')).executeTakeFirst();
    this.cursor = Number(row?.id ?? 0);
    // Keep what a reconnecting screen could still replay, and a good margin; older rows only weigh.
    await this.db.deleteFrom('events').where('id', '<=', this.cursor - EVENTS_KEPT).execute();
    if (this.pool) await this.listen();
  }

  private async listen(): Promise<void> {
    if (this.stopped || !this.pool) return;
    try {
      const client = await this.pool.connect();
      this.listener = client;
      client.on('notification', () => void this.pump());
      client.on('error', () => this.relisten());
      client.on('end', () => this.relisten());
      await client.query(`listen ${EVENTS_CHANNEL}`);
      // Whatever was committed while we were not listening.
      void this.pump();
    } catch {
      this.relisten();
    }
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

  /** Reads every event after the cursor, in order, and delivers it. One pump at a time. */
  private pump(): Promise<void> {
    this.pumping = this.pumping.then(async () => {
      try {
        for (;;) {
          const rows = await this.db
            .selectFrom('events')
            .select(['id', 'type', 'payload'])
            .where('id', '>', this.cursor)
            .orderBy('id')
            .limit(500)
            .execute();
          for (const row of rows) {
            this.cursor = row.id;
            this.emitter.emit('event', { id: row.id, type: row.type, payload: row.payload });
          }
          if (rows.length < 500) break;
        }
      } catch (error) {
        console.error('[events] could not read new events:', (error as Error).message);
      }
    });
    return this.pumping;
  }

  /** Call after the transaction that wrote `events` has committed. */
  async published(events: StoredEvent[]): Promise<void> {
    if (!events.length) return;
    if (this.pool) {
      await sql`select pg_notify(${EVENTS_CHANNEL}, ${String(events[events.length - 1]!.id)})`.execute(this.db);
      return;
    }
    // PGlite: one process, transactions one at a time, so ids arrive in commit order; deliver them
    // as they are instead of reading them back.
    await this.pumping;
    for (const event of events) {
      if (event.id <= this.cursor) continue;
      this.cursor = event.id;
      this.emitter.emit('event', event);
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    const client = this.listener;
    this.listener = null;
    if (client) {
      await client.query(`unlisten ${EVENTS_CHANNEL}`).catch(() => {});
      client.release();
    }
    await this.pumping;
  }
}
