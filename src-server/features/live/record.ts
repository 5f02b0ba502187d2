/**
 * Writing a change that screens follow: the change and its domain events commit in one
 * transaction, then the hub follows the events. Table-shaped changes (teams, the scoring sheet,
 * the judges' seats, the settings) carry the whole small table, so a model applies them as they are.
 */
import { sql, type Transaction } from 'kysely';
import type { DomainEvent, EventSettings, ShowActor, StoredShow } from '../../../src/live';
import type { AppDeps } from '../../context';
import type { Database } from '../../db/types';
import { EVENTS_CHANNEL, insertEvent, type StoredEvent } from './hub';
import { recordAnswersOpened } from '../tieBreak/data';
import { readSeats, readSheet, readTeams } from './load';

export type Trx = Transaction<Database>;

/**
 * Records domain events inside one transaction. Event ids must commit in order, so on PostgreSQL the
 * first event takes the events lock, held to commit: callers record events last, after their other
 * writes, which keeps that ordered section to the event inserts, the NOTIFY and the commit.
 */
export class EventRecorder {
  readonly events: StoredEvent[] = [];
  /** When the ordered section began (performance.now()), or null before the first event. */
  orderedSince: number | null = null;
  /** When the last event was written: from here to the end of the commit, the lock is only held. */
  recordedAt: number | null = null;

  constructor(
    readonly trx: Trx,
    /** PostgreSQL: other transactions run beside this one, and other instances listen. */
    private readonly postgres = true,
  ) {}

  private notified = false;

  /**
   * Records one event. On PostgreSQL the first takes the events lock in the same statement, and
   * `{ last: true }` sends the NOTIFY with it too, so a one-event write is one statement.
   */
  async record(event: DomainEvent, options: { last?: boolean } = {}): Promise<void> {
    const first = this.orderedSince === null;
    if (first) this.orderedSince = performance.now();
    const lock = this.postgres && first;
    const notify = this.postgres && !!options.last;
    this.events.push(await insertEvent(this.trx, event, { lock, notify }));
    this.recordedAt = performance.now();
    if (notify) this.notified = true;
  }

  /** Tells the other instances, at commit, that there is something new (PostgreSQL). */
  async finish(): Promise<void> {
    const last = this.events[this.events.length - 1];
    if (this.postgres && last && !this.notified) await sql`select pg_notify(${EVENTS_CHANNEL}, ${String(last.id)})`.execute(this.trx);
  }

  /** The show as saved; `by` names a move's maker for the other consoles. */
  async show(saved: { version: number; scoringVersion: number }, show: StoredShow, by?: ShowActor): Promise<void> {
    // The opening of answers times right answers for the tie-break chain after the show moves on.
    await recordAnswersOpened(this.trx, show);
    const payload = { version: saved.version, scoringVersion: saved.scoringVersion, show, ...(by ? { by } : {}) };
    return this.record({ type: 'show', payload });
  }

  settings(settings: EventSettings): Promise<void> {
    return this.record({ type: 'settings', payload: { settings } });
  }

  async teams(): Promise<void> {
    await this.record({ type: 'teams', payload: { teams: await readTeams(this.trx) } });
  }

  /** The scoring sheet; a change to its fields also moves the scoring gate's version on. */
  async sheet(): Promise<void> {
    const row = await this.trx
      .updateTable('show_state')
      .set((eb) => ({ scoring_version: eb('scoring_version', '+', 1) }))
      .where('id', '=', 1)
      .returning('scoring_version')
      .executeTakeFirst();
    await this.record({ type: 'sheet', payload: { fields: await readSheet(this.trx), scoringVersion: row?.scoring_version ?? 0 } });
  }

  /** The judges' seats, when a user change moved, renamed, added or removed one. */
  async seatsIfChanged(current: readonly { gkId: string; name: string }[]): Promise<void> {
    const seats = await readSeats(this.trx);
    if (JSON.stringify(seats) !== JSON.stringify(current)) await this.record({ type: 'seats', payload: { seats } });
  }
}

/**
 * Runs `work` in one transaction with the events it records, then hands them to the hub. Returns
 * what `work` returns; nothing is published when it throws.
 */
export async function liveTransaction<T>(deps: Pick<AppDeps, 'db' | 'hub'>, work: (recorder: EventRecorder) => Promise<T>): Promise<T> {
  let recorder: EventRecorder | null = null;
  const result = await deps.db.transaction().execute(async (trx) => {
    recorder = new EventRecorder(trx, deps.hub.postgres);
    const value = await work(recorder);
    await recorder.finish();
    return value;
  });
  const { events, orderedSince, recordedAt } = recorder!;
  if (orderedSince !== null) {
    const now = performance.now();
    deps.hub.timeOrderedSection(now - orderedSince, now - recordedAt!);
  }
  await deps.hub.published(events);
  return result;
}
