/**
 * Writing a change that screens follow: the change and its domain events commit in one
 * transaction, then the hub follows the events. The recorder records events and nothing else: what a
 * change writes besides (a show move's answer openings, the sheet's scoring gate) is the feature's.
 */
import type { Kysely, Transaction } from 'kysely';
import type { DomainEvent, EventSettings, ShowActor, StoredShow } from '../../../src/live';
import type { Database } from '../../db/types';
import { batcherOf } from './batch';
import { insertEvent, type StoredEvent } from './events';
import type { LiveHub } from './hub';

export type Trx = Transaction<Database>;

/**
 * Records domain events inside one transaction. Callers record events last, after their other
 * writes: the events' ids are then taken just before the commit, so a reader waits the least at an
 * id whose transaction has not committed yet (`hub.ts`).
 */
export class EventRecorder {
  readonly events: StoredEvent[] = [];
  /** When the first event statement began (performance.now()), or null before the first event. */
  orderedSince: number | null = null;
  /** When the last event was written: from here to the end of the commit is the commit. */
  recordedAt: number | null = null;

  /** A group commit's write: the events wait here for the batch's one insert (`batch.ts`). */
  readonly pending: DomainEvent[] = [];

  constructor(
    readonly trx: Trx,
    /** Part of a group commit: record() keeps the events for the batch to insert at its end. */
    private readonly deferred = false,
  ) {}

  /** Records one event (a group commit's write keeps it for the batch's one insert). */
  async record(event: DomainEvent): Promise<void> {
    if (this.deferred) {
      this.pending.push(event);
      return;
    }
    if (this.orderedSince === null) this.orderedSince = performance.now();
    this.events.push(await insertEvent(this.trx, event));
    this.recordedAt = performance.now();
  }

  /** The show as saved (`saveShow`); `by` names a move's maker for the other consoles. */
  show(saved: { version: number; scoringVersion: number }, show: StoredShow, by?: ShowActor): Promise<void> {
    const payload = { version: saved.version, scoringVersion: saved.scoringVersion, show, ...(by ? { by } : {}) };
    return this.record({ type: 'show', payload });
  }

  settings(settings: EventSettings): Promise<void> {
    return this.record({ type: 'settings', payload: { settings } });
  }
}

/**
 * Runs `work` in a transaction with the events it records, then hands them to the hub. Returns what
 * `work` returns once its events are followed; nothing is published when it throws. Writes arriving
 * together share one transaction and one commit (a group commit, `batch.ts`), each in its own
 * savepoint, so a write that throws takes back only its own changes and its caller gets its error.
 * `{ alone: true }` runs it in a transaction of its own instead, beside the batches: for one too long
 * to hold a batch up, or (PostgreSQL) a write begun inside another's work. A work never awaits a
 * batched `liveTransaction`: it would wait for the batch that waits for it.
 */
export function liveTransaction<T>(
  deps: { db: Kysely<Database>; hub: Pick<LiveHub, 'postgres' | 'published' | 'timings'> },
  work: (recorder: EventRecorder) => Promise<T>,
  options: { alone?: boolean } = {},
): Promise<T> {
  if (options.alone) return soloTransaction(deps, work);
  return batcherOf(deps.hub, deferredRecorder).submit(deps.db, work);
}

/** A group commit's recorder: its events wait for the batch's one insert. */
function deferredRecorder(trx: Trx): EventRecorder {
  return new EventRecorder(trx, true);
}

/** One transaction for one write, its events inserted as it records them. */
async function soloTransaction<T>(
  deps: { db: Kysely<Database>; hub: Pick<LiveHub, 'postgres' | 'published' | 'timings'> },
  work: (recorder: EventRecorder) => Promise<T>,
): Promise<T> {
  let recorder: EventRecorder | null = null;
  const result = await deps.db.transaction().execute(async (trx) => {
    recorder = new EventRecorder(trx);
    return work(recorder);
  });
  const { events, orderedSince, recordedAt } = recorder!;
  if (orderedSince !== null) {
    const now = performance.now();
    deps.hub.timings.add(now - orderedSince, now - recordedAt!);
  }
  await deps.hub.published(events);
  return result;
}
