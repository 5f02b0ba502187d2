/**
 * The live hub of one server instance: it keeps a picture, advances it with every committed domain
 * change in id order (this instance's right after commit; other instances' through LISTEN/NOTIFY on
 * PostgreSQL), keeps the recent changes' messages for replay and hands each change to the
 * subscribers. What the picture holds is the features' (`src-server/picture/`); the hub knows none.
 */
import type { Kysely } from 'kysely';
import type { DomainEvent, LiveMessage } from '../../../src/live';
import type { Notices } from '../../db/notices';
import type { Database } from '../../db/types';
import { domainEventOf, EVENTS_CHANNEL, pruneEvents, readEventsAfter, type StoredEvent } from './events';
import { Fanout, type Subscriber } from './fanout';
import type { LivePicture, LoadPicture, Output } from './picture';
import { ChangeEntry, ReplayBuffer } from './replay';
import { OrderedSectionTimes } from './timings';

/**
 * How long a reader waits for a missing event id before it takes it for a write that rolled back.
 * Writers commit their ids in order (the events lock), so a reader that finds id N+1 without N has
 * met a rollback (or a writer that did not take the lock); it follows nothing past N until N comes or
 * this much time has passed, so no screen ever skips a change that commits late, or reorders one.
 */
export const GAP_TIMEOUT_MS = 1000;
/** How often a reader waiting at a gap reads again. */
const GAP_RETRY_MS = 10;

export class LiveHub<P extends LivePicture = LivePicture> {
  private picture!: P;
  private readonly replay = new ReplayBuffer();
  private readonly fanout = new Fanout();
  private chain: Promise<void> = Promise.resolve();
  /** The id a reader waits for (the one after its picture's), and since when (performance.now()). */
  private gap: { id: number; since: number } | null = null;
  private gapTimer: ReturnType<typeof setTimeout> | null = null;
  private readonly unlisten: () => void;
  /** How long transactions held the ordered section, for the benchmarks. */
  readonly timings = new OrderedSectionTimes();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly load: LoadPicture<P>,
    /** The LISTEN connection this instance shares; the hub hears new events on it (PostgreSQL). */
    private readonly notices: Notices,
  ) {
    this.unlisten = notices.listen(
      EVENTS_CHANNEL,
      (payload) => {
        if (this.picture && Number(payload) > this.picture.eventId) this.pump();
      },
      // Whatever was committed while this instance was not listening.
      () => {
        if (this.picture) this.pump();
      },
    );
  }

  /** The picture as this instance follows it: every live read answers from it, with no query. */
  get live(): P {
    return this.picture;
  }

  /** Whether other instances may share the database (PostgreSQL). */
  get postgres(): boolean {
    return this.notices.shared;
  }

  /** Loads the picture and drops the events no screen can still ask for. Start `notices` after. */
  async start(): Promise<void> {
    await this.reload();
    await pruneEvents(this.db, this.picture.eventId);
  }

  private async reload(): Promise<void> {
    this.picture = await this.load(this.db);
    this.replay.reset(this.picture.eventId);
  }

  subscribe(subscriber: Subscriber): void {
    this.fanout.subscribe(subscriber);
  }

  unsubscribe(subscriber: Subscriber): void {
    this.fanout.unsubscribe(subscriber);
  }

  /** Live-only messages (presence, development reloads): never stored, never replayed. */
  emitLive(message: LiveMessage): void {
    this.fanout.deliver({ kind: 'live', message });
  }

  /**
   * The changes after `lastEventId` for a reconnecting screen, or null when they cannot all be
   * replayed (too old, from before this instance started, or an id this database never issued).
   */
  changesSince(lastEventId: number): ChangeEntry[] | null {
    return this.replay.since(lastEventId, this.picture.eventId);
  }

  /** A change still held for replay. */
  change(id: number): ChangeEntry | undefined {
    return this.replay.get(id);
  }

  private follow(stored: StoredEvent): void {
    if (stored.id <= this.picture.eventId) return;
    if (stored.event.type === 'contest') {
      // Another contest on stage, or this one archived or reopened: read the picture again, and
      // every screen starts over on it.
      this.picture.eventId = stored.id;
      this.chain = this.chain.then(() => this.resync());
      return;
    }
    if (stored.contestId !== null && stored.contestId !== this.picture.scope.contest) {
      // Another contest's change (written while the stage moved): nothing any screen here follows.
      this.picture.eventId = stored.id;
      this.replay.add(new ChangeEntry(stored.id, []));
      return;
    }
    let outputs: Output[];
    try {
      outputs = this.picture.apply(stored.id, stored.event);
    } catch (error) {
      // A change the picture cannot follow: read everything again and start every screen over.
      console.error('[live] could not follow event', stored.id, (error as Error).message);
      this.chain = this.chain.then(() => this.resync());
      return;
    }
    const entry = new ChangeEntry(stored.id, outputs);
    this.replay.add(entry);
    this.fanout.deliver({ kind: 'change', entry });
  }

  private async resync(): Promise<void> {
    try {
      await this.reload();
      this.fanout.deliver({ kind: 'resync' });
    } catch (error) {
      console.error('[live] could not reload the live state:', (error as Error).message);
    }
  }

  /**
   * Call after the transaction that recorded `events` has committed (it has also NOTIFYed the other
   * instances, on PostgreSQL).
   */
  published(events: StoredEvent[]): Promise<void> {
    if (!events.length) return Promise.resolve();
    const run = async () => {
      // Another instance's changes committed before ours come first, and any id below ours that
      // has not committed yet is waited for (a gap).
      if (this.postgres) await this.fillTo(events[0]!.id - 1);
      for (const stored of events) this.follow(stored);
    };
    this.chain = this.chain.then(run, run);
    // A change the picture could not follow queues a reload: the caller waits for that too.
    return this.chain.then(() => this.chain);
  }

  /** Follows whatever other instances committed that this one has not seen yet. */
  catchUp(): Promise<void> {
    if (!this.postgres) return this.chain;
    this.pump();
    return this.chain;
  }

  /** Reads and follows every change up to `id`, waiting out a gap below it (at most GAP_TIMEOUT_MS). */
  private async fillTo(id: number): Promise<void> {
    for (;;) {
      if (this.picture.eventId >= id) return;
      await this.readNew(id);
      if (this.picture.eventId >= id || this.gapPassed(id + 1)) return;
      await new Promise((resolve) => setTimeout(resolve, GAP_RETRY_MS));
    }
  }

  /**
   * Whether event `id` may be followed now: it is the next one, or the ids before it have been
   * missing for GAP_TIMEOUT_MS (a rolled-back write's). Otherwise the wait for them starts or goes on.
   */
  private gapPassed(id: number): boolean {
    const expected = this.picture.eventId + 1;
    if (id <= expected) {
      this.gap = null;
      return true;
    }
    const now = performance.now();
    if (this.gap?.id !== expected) this.gap = { id: expected, since: now };
    if (now - this.gap.since < GAP_TIMEOUT_MS) return false;
    console.warn(`[live] event ids ${expected}–${id - 1} never committed: following on from ${id}`);
    this.gap = null;
    return true;
  }

  /** Reads again soon: a gap is being waited out. */
  private retrySoon(): void {
    if (this.gapTimer) return;
    this.gapTimer = setTimeout(() => {
      this.gapTimer = null;
      this.pump();
    }, GAP_RETRY_MS);
  }

  /**
   * Reads and follows the stored changes after the picture's, up to `until` when given, in id order:
   * at a missing id it stops, and reads again shortly (`gapPassed`).
   */
  private async readNew(until?: number): Promise<void> {
    try {
      for (;;) {
        const rows = await readEventsAfter(this.db, this.picture.eventId, until, 500);
        for (const row of rows) {
          if (!this.gapPassed(row.id)) {
            this.retrySoon();
            return;
          }
          let event: DomainEvent | null;
          try {
            event = domainEventOf(row);
          } catch (error) {
            // A change no picture can follow: the tables hold the truth, so read them again.
            this.picture.eventId = Math.max(this.picture.eventId, row.id);
            console.error('[live] could not follow event', row.id, (error as Error).message);
            this.chain = this.chain.then(() => this.resync());
            continue;
          }
          if (event) this.follow({ id: row.id, event, contestId: row.contest_id });
          // A type this version does not follow: passed over, and not a gap.
          else this.picture.eventId = Math.max(this.picture.eventId, row.id);
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

  /** Stops hearing of new events and waits for the changes being followed. */
  async stop(): Promise<void> {
    this.unlisten();
    if (this.gapTimer) clearTimeout(this.gapTimer);
    await this.chain;
  }
}
