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
import {
  announceEvents,
  domainEventOf,
  EVENTS_CHANNEL,
  inFlight,
  pruneEvents,
  readEventsAfter,
  type StoredEvent,
  stillInFlight,
  storedAmong,
} from './events';
import { Fanout, type Subscriber } from './fanout';
import type { LivePicture, LoadPicture, Output } from './picture';
import { ChangeEntry, ReplayBuffer } from './replay';
import { OrderedSectionTimes } from './timings';

/**
 * How long a reader waits at a missing event id for the transactions that could hold it. On
 * PostgreSQL transactions commit side by side, so id N+1 may commit before N: a reader that finds it
 * follows nothing past N until N comes, or until every transaction in progress when N was found
 * missing has ended without it (N was rolled back). One still running after this long (a stalled
 * writer, or another program's long transaction) no longer holds the screens: the reader follows on,
 * and if N commits after all, the picture is read again (`passedOver`).
 */
export const GAP_TIMEOUT_MS = 1000;
/** How often a reader waiting at a gap reads again (sooner when a write of this instance commits). */
const GAP_RETRY_MS = 10;
/** How long ids passed over at a gap timeout are watched for a late commit. */
const PASSED_WATCH_MS = 10 * 60_000;

/** A missing id a reader is waiting at. */
interface Gap {
  id: number;
  since: number;
  /** The transactions in progress when it was found missing (xid8 texts): its writer is one of them. */
  inFlight: string[];
  /** All of them have ended: if the next read still lacks the id, it was rolled back. */
  ended: boolean;
}

export class LiveHub<P extends LivePicture = LivePicture> {
  private picture!: P;
  private readonly replay = new ReplayBuffer();
  private readonly fanout = new Fanout();
  private chain: Promise<void> = Promise.resolve();
  /** The id a reader waits for (the one after its picture's). */
  private gap: Gap | null = null;
  private gapTimer: ReturnType<typeof setTimeout> | null = null;
  /** Wakes a reader waiting at a gap (a write of this instance committed). */
  private wake: (() => void) | null = null;
  /** Ids passed over at a gap timeout, and until when a late commit of theirs is watched for. */
  private readonly passed = new Map<number, number>();
  /** The highest id announced to the other instances, the highest to announce, and the NOTIFY in flight. */
  private announced = 0;
  private toAnnounce = 0;
  private announcing: Promise<void> | null = null;
  private readonly unlisten: () => void;
  /** How long commits took from their events statement, for the benchmarks. */
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
        // A lower id than the picture's may be one passed over at a gap timeout, committed late.
        if (this.picture && (Number(payload) > this.picture.eventId || this.passed.size)) this.pump();
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
   * Call after the transaction that recorded `events` has committed: the events are followed after
   * every lower id, then the other instances are told (PostgreSQL).
   */
  published(events: StoredEvent[]): Promise<void> {
    if (!events.length) return Promise.resolve();
    // A reader waiting at a gap may be waiting for this commit.
    this.wake?.();
    const run = async () => {
      // Another instance's changes committed before ours come first, and any id below ours that
      // has not committed yet is waited for (a gap).
      if (this.postgres) await this.fillTo(events[0]!.id - 1);
      // Already followed from the table (another instance's notice came first), or passed over at a
      // gap timeout while this write stalled before its commit: then its change is in the tables but
      // not in the picture, so the picture is read again.
      if (events.some((stored) => this.passed.has(stored.id))) {
        console.warn(`[live] event ids from ${events[0]!.id} committed after they were passed over: reading everything again`);
        for (const stored of events) this.passed.delete(stored.id);
        await this.resync();
        this.announce(events[events.length - 1]!.id);
        return;
      }
      for (const stored of events) this.follow(stored);
      // Told once followed here, so this instance, hearing its own notice, has nothing to read.
      if (this.postgres) this.announce(events[events.length - 1]!.id);
    };
    this.chain = this.chain.then(run, run);
    // A change the picture could not follow queues a reload: the caller waits for that too.
    return this.chain.then(() => this.chain);
  }

  /**
   * Tells the other instances that events up to `id` exist: one NOTIFY at a time, outside any
   * transaction (`announceEvents`), the next carrying the highest id committed meanwhile.
   */
  private announce(id: number): void {
    this.toAnnounce = Math.max(this.toAnnounce, id);
    if (this.announcing) return;
    this.announcing = (async () => {
      while (this.toAnnounce > this.announced) {
        const next = this.toAnnounce;
        try {
          await announceEvents(this.db, next);
        } catch (error) {
          console.error('[live] could not announce new events:', (error as Error).message);
          break;
        }
        this.announced = next;
      }
      this.announcing = null;
    })();
  }

  /** Follows whatever other instances committed that this one has not seen yet. */
  catchUp(): Promise<void> {
    if (!this.postgres) return this.chain;
    this.pump();
    return this.chain;
  }

  /** Reads and follows every change up to `id`, waiting out a gap below it. */
  private async fillTo(id: number): Promise<void> {
    while (this.picture.eventId < id && (await this.readNew(id)) === 'gap') {
      // Stopped at a gap: read again soon, or as soon as a write of this instance commits.
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, GAP_RETRY_MS);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wake = null;
    }
  }

  /**
   * Whether the reader may pass over the ids from `expected` (the one after its picture's) up to the
   * next one stored: every transaction that could hold them has ended, and a read after that still
   * lacked them (they were rolled back), or GAP_TIMEOUT_MS has passed. Otherwise the wait starts or
   * goes on.
   */
  private async gapPassed(expected: number, next: number): Promise<boolean> {
    const gap = this.gap?.id === expected ? this.gap : null;
    if (!gap) {
      const running = await inFlight(this.db);
      this.gap = { id: expected, since: performance.now(), inFlight: running, ended: !running.length };
      return false;
    }
    if (gap.ended) {
      this.gap = null;
      return true;
    }
    if (performance.now() - gap.since >= GAP_TIMEOUT_MS) {
      console.warn(`[live] event ids ${expected}–${next - 1} still not committed: following on from ${next}`);
      const until = Date.now() + PASSED_WATCH_MS;
      for (let id = expected; id < next && this.passed.size < 10_000; id++) this.passed.set(id, until);
      this.gap = null;
      return true;
    }
    // Once none of them is in progress, the next read tells: the ids are there, or never will be.
    gap.ended = !(await stillInFlight(this.db, gap.inFlight));
    return false;
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
   * An id passed over at a gap timeout that has committed since: its change is in the tables but not
   * in the picture, so the picture is read again and every screen starts over on it.
   */
  private async latePassed(): Promise<boolean> {
    const now = Date.now();
    for (const [id, until] of this.passed) if (until < now) this.passed.delete(id);
    const late = await storedAmong(this.db, [...this.passed.keys()]);
    if (!late.length) return false;
    console.warn(`[live] event ids ${late.join(', ')} committed after they were passed over: reading everything again`);
    for (const id of late) this.passed.delete(id);
    return true;
  }

  /**
   * Reads and follows the stored changes after the picture's, up to `until` when given, in id order:
   * 'gap' when it stopped at a missing id (`gapPassed`), 'all' when it read them all.
   */
  private async readNew(until?: number): Promise<'all' | 'gap' | 'failed'> {
    try {
      if (this.passed.size && (await this.latePassed())) {
        await this.resync();
        return 'all';
      }
      for (;;) {
        const rows = await readEventsAfter(this.db, this.picture.eventId, until, 500);
        for (const row of rows) {
          const expected = this.picture.eventId + 1;
          if (row.id > expected && !(await this.gapPassed(expected, row.id))) return 'gap';
          if (row.id <= expected && this.gap) this.gap = null;
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
      // Up to `until`, the caller's own event comes next: an id still missing below it is a gap too.
      const expected = this.picture.eventId + 1;
      if (until !== undefined && expected <= until && !(await this.gapPassed(expected, until + 1))) return 'gap';
      return 'all';
    } catch (error) {
      console.error('[live] could not read new events:', (error as Error).message);
      return 'failed';
    }
  }

  private pump(): void {
    this.chain = this.chain.then(async () => {
      if ((await this.readNew()) === 'gap') this.retrySoon();
    });
  }

  /** Stops hearing of new events and waits for the changes being followed. */
  async stop(): Promise<void> {
    this.unlisten();
    if (this.gapTimer) clearTimeout(this.gapTimer);
    await this.chain;
    await this.announcing;
  }
}
