/**
 * The consoles open right now, on every server instance. A console (an open /master page) is a row
 * of `console_presence` while its `show.console` subscription lasts; its instance refreshes the
 * row's `last_seen` with a heartbeat, so the rows of an instance that died go stale, are left out
 * and purged. After every change the instance NOTIFYs `hoithi_consoles` on PostgreSQL, and each
 * instance reads the list again and hands it to its consoles; on PGlite (one instance) it reads at once.
 */
import { randomUUID } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import type { TConsole } from '../../../src/live';
import type { Notices } from '../../db/notices';
import type { Database } from '../../db/types';

export const CONSOLES_CHANNEL = 'hoithi_consoles';
/** How often an instance tells the database its consoles are still open. */
export const CONSOLE_HEARTBEAT_MS = 15_000;
/** A row not refreshed for this long belongs to an instance that is gone. */
export const CONSOLE_STALE_MS = 45_000;

export interface ConsoleHolder {
  userId: string;
  name: string;
}

export class ConsolePresence {
  /** This instance, so its heartbeat and its shutdown touch only its own rows. */
  readonly instanceId = randomUUID();
  private list: TConsole[] = [];
  private listJson = '[]';
  private readonly listeners = new Set<(consoles: TConsole[]) => void>();
  private readonly pending = new Set<Promise<unknown>>();
  private heartbeatTimer: NodeJS.Timeout | null = null;
  private readChain: Promise<void> = Promise.resolve();
  private queuedRead: Promise<void> | null = null;
  private stopped = false;
  private readonly unlisten: () => void;

  constructor(
    private readonly db: Kysely<Database>,
    /** Other instances may share the database; each change is told to them on CONSOLES_CHANNEL. */
    private readonly notices: Notices,
    private readonly timing = { heartbeatMs: CONSOLE_HEARTBEAT_MS, staleMs: CONSOLE_STALE_MS },
  ) {
    // Another instance changed the list; or, after the LISTEN connection was (re)opened, may have.
    this.unlisten = notices.listen(
      CONSOLES_CHANNEL,
      () => this.noticed(),
      () => this.noticed(),
    );
  }

  private get postgres(): boolean {
    return this.notices.shared;
  }

  async start(): Promise<void> {
    // On PGlite this is the only instance, so every row left is from one that stopped.
    if (this.postgres) await this.purgeStale();
    else await this.db.deleteFrom('console_presence').execute();
    await this.refresh();
    this.heartbeatTimer = setInterval(() => void this.heartbeat(), this.timing.heartbeatMs);
    this.heartbeatTimer.unref?.();
  }

  /** Every console open now, the oldest first. */
  current(): TConsole[] {
    return this.list;
  }

  /** Hears every change of the list (on this instance's read of it). */
  subscribe(listener: (consoles: TConsole[]) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Registers an open console; the list read afterwards includes it. `close` removes it. */
  async open(holder: ConsoleHolder): Promise<{ id: string; close(): Promise<void> }> {
    if (this.stopped) throw new Error('console presence stopped');
    const id = randomUUID();
    await this.db
      .insertInto('console_presence')
      .values({ id, instance_id: this.instanceId, user_id: holder.userId, name: holder.name })
      .execute();
    await this.changed();
    let closing: Promise<void> | null = null;
    const close = () =>
      (closing ??= this.track(
        (async () => {
          if (this.stopped) return; // stopping removed every console of this instance
          try {
            await this.db.deleteFrom('console_presence').where('id', '=', id).execute();
            await this.changed();
          } catch (error) {
            // The row goes stale and is purged within CONSOLE_STALE_MS.
            console.error('[consoles] could not remove a console:', (error as Error).message);
          }
        })(),
      ));
    return { id, close };
  }

  /**
   * Whether `consoleId` is another user's open console, which a move must not pass for. An id no
   * longer listed is accepted: its console may have lost its socket a moment ago and sent the move
   * over HTTP, and it still knows the id as its own.
   */
  async heldByAnother(consoleId: string, userId: string): Promise<boolean> {
    const listed = this.list.find((c) => c.id === consoleId);
    if (listed) return listed.userId !== userId;
    // Opened on another instance a moment ago, before its notice reached this one.
    const row = await this.db.selectFrom('console_presence').select('user_id').where('id', '=', consoleId).executeTakeFirst();
    return !!row && row.user_id !== userId;
  }

  /** Another instance changed the list (NOTIFY), or this one may have missed such a notice. */
  noticed(): void {
    void this.refresh();
  }

  /** Keeps this instance's rows fresh and purges the stale rows of instances that are gone. */
  async heartbeat(): Promise<void> {
    try {
      await this.db
        .updateTable('console_presence')
        .set({ last_seen: sql<Date>`now()` })
        .where('instance_id', '=', this.instanceId)
        .execute();
      if (await this.purgeStale()) await this.changed();
    } catch (error) {
      console.error('[consoles] heartbeat failed:', (error as Error).message);
    }
  }

  private async purgeStale(): Promise<boolean> {
    const result = await this.db.deleteFrom('console_presence').where('last_seen', '<', this.staleBefore()).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  private staleBefore() {
    return sql<Date>`now() - make_interval(secs => ${this.timing.staleMs / 1000})`;
  }

  /** Tells every instance (PostgreSQL) and reads the list here at once. */
  private async changed(): Promise<void> {
    await this.notices.notify(CONSOLES_CHANNEL, this.instanceId);
    await this.refresh();
  }

  /** Reads the list; calls made while a read waits to start share it. */
  refresh(): Promise<void> {
    if (this.queuedRead) return this.queuedRead;
    const read = this.readChain.then(() => {
      this.queuedRead = null;
      return this.read();
    });
    this.queuedRead = read;
    this.readChain = read.catch(() => {});
    return read;
  }

  private async read(): Promise<void> {
    if (this.stopped) return;
    try {
      const rows = await this.db
        .selectFrom('console_presence')
        .select(['id', 'user_id', 'name', 'since'])
        .where('last_seen', '>=', this.staleBefore())
        .orderBy('since')
        .orderBy('id')
        .execute();
      const list = rows.map((r) => ({ id: r.id, userId: r.user_id, name: r.name, since: new Date(r.since).getTime() }));
      const json = JSON.stringify(list);
      if (json === this.listJson) return;
      this.list = list;
      this.listJson = json;
      for (const listener of this.listeners) listener(list);
    } catch (error) {
      console.error('[consoles] could not read the open consoles:', (error as Error).message);
    }
  }

  private track<T>(promise: Promise<T>): Promise<T> {
    this.pending.add(promise);
    void promise.finally(() => this.pending.delete(promise)).catch(() => {});
    return promise;
  }

  /** Removes this instance's consoles and tells the others, before the database closes. */
  async stop(): Promise<void> {
    if (this.stopped) return;
    if (this.heartbeatTimer) clearInterval(this.heartbeatTimer);
    await Promise.allSettled([...this.pending]);
    this.stopped = true;
    this.unlisten();
    this.listeners.clear();
    try {
      const result = await this.db.deleteFrom('console_presence').where('instance_id', '=', this.instanceId).executeTakeFirst();
      if (Number(result.numDeletedRows) > 0) await this.notices.notify(CONSOLES_CHANNEL, this.instanceId);
    } catch (error) {
      console.error('[consoles] could not remove the consoles of this instance:', (error as Error).message);
    }
    await this.readChain;
  }
}
