/**
 * PostgreSQL's LISTEN/NOTIFY for every channel of this instance, on one connection: the live events,
 * the consoles' list and the session notices each register their channel here, where the server is
 * assembled. A lost connection is opened again within a second, and every channel is told it may
 * have missed notices meanwhile. On PGlite (one instance) there is nothing to listen to.
 */
import { type Kysely, sql } from 'kysely';
import type pg from 'pg';
import type { Database } from './types';

interface Channel {
  onNotice(payload: string): void;
  /** After every (re)connection: what was sent while this instance was not listening is not heard. */
  onListening?(): void;
}

export class Notices {
  private readonly channels = new Map<string, Set<Channel>>();
  private client: pg.PoolClient | null = null;
  private retryTimer: NodeJS.Timeout | null = null;
  private stopped = false;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly pool?: pg.Pool,
  ) {}

  /** Whether other instances may share the database (PostgreSQL) and hear of changes through NOTIFY. */
  get shared(): boolean {
    return !!this.pool;
  }

  /** Hears `channel` (registered before `start`, or later: then from now on); returns the unlisten. */
  listen(channel: string, onNotice: Channel['onNotice'], onListening?: Channel['onListening']): () => void {
    let listeners = this.channels.get(channel);
    if (!listeners) {
      listeners = new Set();
      this.channels.set(channel, listeners);
      this.client?.query(`listen ${channel}`).catch(() => this.reconnect());
    }
    const entry = { onNotice, onListening };
    listeners.add(entry);
    return () => listeners.delete(entry);
  }

  /** Tells every instance listening on `channel` (none on PGlite). */
  async notify(channel: string, payload: string): Promise<void> {
    if (this.pool) await sql`select pg_notify(${channel}, ${payload})`.execute(this.db);
  }

  async start(): Promise<void> {
    if (this.pool) await this.connect();
  }

  private async connect(): Promise<void> {
    if (this.stopped || !this.pool) return;
    try {
      const client = await this.pool.connect();
      this.client = client;
      client.on('notification', (message) => {
        for (const listener of this.channels.get(message.channel) ?? []) listener.onNotice(message.payload ?? '');
      });
      client.on('error', () => this.reconnect());
      client.on('end', () => this.reconnect());
      for (const channel of this.channels.keys()) await client.query(`listen ${channel}`);
      for (const listeners of this.channels.values()) for (const listener of listeners) listener.onListening?.();
    } catch {
      this.reconnect();
    }
  }

  private reconnect(): void {
    if (this.stopped || this.retryTimer) return;
    const old = this.client;
    this.client = null;
    old?.release(true);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      void this.connect();
    }, 1000);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    const client = this.client;
    this.client = null;
    if (client) {
      await client.query('unlisten *').catch(() => {});
      client.release();
    }
  }
}
