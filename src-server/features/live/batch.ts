/**
 * Group commit: the writes screens follow (`liveTransaction`) that arrive while a batch is running
 * queue, and the next batch runs them in one transaction with one commit, so one WAL flush (and on
 * PGlite one transaction, the cost of each write before) serves them all. A write that throws takes
 * back only its own changes, and its caller gets its error: the batch is rolled back and the others
 * run again, each in its own savepoint (`run`). The writes' events are kept aside and inserted at
 * the batch's end in one statement. On PostgreSQL a few batches run side by side and commit in
 * parallel, in whatever order they finish: the hub follows every event in id order all the same,
 * waiting at an id whose transaction is still in flight (`hub.ts`). After the commit the hub follows
 * the batch's events, and then every caller is answered.
 */
import { type Kysely, sql } from 'kysely';
import { scopeOf } from '../../db/scope';
import type { Database } from '../../db/types';
import { insertEvents, type PendingEvent, type StoredEvent } from './events';
import type { LiveHub } from './hub';
import type { EventRecorder, Trx } from './record';

type Hub = Pick<LiveHub, 'postgres' | 'published' | 'timings'>;
/** A recorder that keeps its events for the batch (record.ts makes it: no import cycle). */
type RecorderFor = (trx: Trx) => EventRecorder;

/**
 * At most this many writes share a transaction: each is a subtransaction, and PostgreSQL keeps up to
 * 64 of a transaction's in its shared cache before other sessions' snapshots must look them up.
 */
export const MAX_BATCH = 32;
/** Batches in flight at once: PostgreSQL runs their writes side by side; PGlite has one connection. */
const POSTGRES_BATCHES = 2;

interface Write {
  db: Kysely<Database>;
  work: (recorder: EventRecorder) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

type Outcome = { ok: true; value: unknown; recorder: EventRecorder } | { ok: false; error: unknown };

/** `trx` (begun on any of the hub's handles) with `db`'s plugins instead: the write's contest scope. */
function scopedLike(trx: Trx, db: Kysely<Database>): Trx {
  let scoped = trx.withoutPlugins();
  for (const plugin of db.getExecutor().plugins) scoped = scoped.withPlugin(plugin);
  return scoped;
}

/** A write of a batch run without savepoints threw: the batch's transaction is rolled back. */
class WriteFailed {
  constructor(
    readonly write: Write,
    readonly error: unknown,
  ) {}
}

/** A deadlock with another batch (PostgreSQL): the write runs again alone, as it would have before. */
function isDeadlock(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === '40P01';
}

class WriteBatcher {
  private readonly queue: Write[] = [];
  private inFlight = 0;
  private scheduled = false;

  constructor(
    private readonly hub: Hub,
    private readonly recorderFor: RecorderFor,
  ) {}

  private get capacity(): number {
    return this.hub.postgres ? POSTGRES_BATCHES : 1;
  }

  submit<T>(db: Kysely<Database>, work: (recorder: EventRecorder) => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ db, work, resolve: resolve as (value: unknown) => void, reject });
      this.schedule();
    });
  }

  /** Starts the next batch after this turn of the event loop, so writes arriving together share it. */
  private schedule(): void {
    if (this.scheduled || this.inFlight >= this.capacity) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.drain();
    });
  }

  private drain(): void {
    while (this.inFlight < this.capacity && this.queue.length) {
      const batch = this.queue.splice(0, MAX_BATCH);
      this.inFlight++;
      void this.run(batch)
        .catch((error: unknown) => console.error('[live] a batch of writes failed:', (error as Error).message))
        .finally(() => {
          this.inFlight--;
          this.drain();
        });
    }
  }

  /**
   * Runs `batch` in one transaction. First without savepoints (a round trip each saved): if a write
   * throws, the whole transaction is rolled back, that write's caller gets its error (a deadlock's
   * write runs again alone), and the others run again with a savepoint each (`savepoints`).
   */
  private async run(batch: Write[], savepoints = false): Promise<void> {
    const outcomes: Outcome[] = [];
    const again: Write[] = [];
    let stored: StoredEvent[] = [];
    let orderedSince = 0;
    let recordedAt = 0;
    const alone = batch.length === 1;
    const guarded = savepoints && !alone;
    try {
      await batch[0]!.db.transaction().execute(async (base) => {
        for (const write of batch) {
          const recorder = this.recorderFor(scopedLike(base, write.db));
          if (guarded) await sql`savepoint live_write`.execute(base);
          try {
            const value = await write.work(recorder);
            outcomes.push({ ok: true, value, recorder });
          } catch (error) {
            if (alone) throw error;
            if (!guarded) throw new WriteFailed(write, error);
            await sql`rollback to savepoint live_write`.execute(base);
            if (isDeadlock(error)) again.push(write);
            else outcomes.push({ ok: false, error });
          }
        }
        const pending: PendingEvent[] = outcomes.flatMap((outcome) => {
          if (!outcome.ok) return [];
          const contestId = scopeOf(outcome.recorder.trx)?.contestId ?? null;
          return outcome.recorder.pending.map((event) => ({ event, contestId }));
        });
        orderedSince = performance.now();
        stored = await insertEvents(base, pending);
        recordedAt = performance.now();
      });
    } catch (error) {
      if (error instanceof WriteFailed) {
        // Nothing of the batch was kept: the others run again, each in its savepoint. Its caller is
        // answered after them, as it would have been in the batch (a keyed copy that lost to another
        // then finds the other's answer stored); a deadlock's write runs again alone.
        await this.run(
          batch.filter((write) => write !== error.write),
          true,
        );
        if (isDeadlock(error.error)) await this.run([error.write]);
        else error.write.reject(error.error);
        return;
      }
      // The one write of a batch of one threw, or the commit failed: every caller gets the error.
      for (const write of batch) write.reject(error);
      return;
    }
    if (stored.length) {
      const now = performance.now();
      this.hub.timings.add(now - orderedSince, now - recordedAt);
    }
    try {
      await this.hub.published(stored);
    } finally {
      const writes = batch.filter((write) => !again.includes(write));
      outcomes.forEach((outcome, i) => {
        if (outcome.ok) writes[i]!.resolve(outcome.value);
        else writes[i]!.reject(outcome.error);
      });
    }
    // Each write a deadlock took back runs again, alone.
    for (const write of again) await this.run([write]);
  }
}

const batchers = new WeakMap<Hub, WriteBatcher>();

/** The batcher of the hub's writes: one per hub, as the hub follows one database. */
export function batcherOf(hub: Hub, recorderFor: RecorderFor): WriteBatcher {
  let batcher = batchers.get(hub);
  if (!batcher) {
    batcher = new WriteBatcher(hub, recorderFor);
    batchers.set(hub, batcher);
  }
  return batcher;
}
