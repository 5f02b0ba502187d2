/**
 * Writing a change that screens follow: the change and its domain events commit in one
 * transaction, then the hub follows the events. Table-shaped changes (teams, the scoring sheet,
 * the judges' seats, the settings) carry the whole small table, so a model applies them as they are.
 */
import type { Kysely, Transaction } from 'kysely';
import type { DomainEvent, EventSettings, StoredShow } from '../../../src/live';
import type { AppDeps } from '../../context';
import type { Database } from '../../db/types';
import { recordEvent, type StoredEvent } from './hub';
import { readSeats, readSheet, readTeams } from './load';

export type Trx = Transaction<Database>;

/** Records domain events inside one transaction. */
export class EventRecorder {
  readonly events: StoredEvent[] = [];
  constructor(readonly trx: Trx) {}

  async record(event: DomainEvent): Promise<void> {
    this.events.push(await recordEvent(this.trx, event));
  }

  show(version: number, show: StoredShow): Promise<void> {
    return this.record({ type: 'show', payload: { version, show } });
  }

  settings(settings: EventSettings): Promise<void> {
    return this.record({ type: 'settings', payload: { settings } });
  }

  async teams(): Promise<void> {
    await this.record({ type: 'teams', payload: { teams: await readTeams(this.trx) } });
  }

  async sheet(): Promise<void> {
    await this.record({ type: 'sheet', payload: { fields: await readSheet(this.trx) } });
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
  let events: StoredEvent[] = [];
  const result = await deps.db.transaction().execute(async (trx) => {
    const recorder = new EventRecorder(trx);
    const value = await work(recorder);
    events = recorder.events;
    return value;
  });
  await deps.hub.published(events);
  return result;
}

/** A transaction handle that also satisfies code written against the database. */
export const asDb = (trx: Trx): Kysely<Database> => trx;
