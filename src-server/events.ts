/**
 * Realtime events are rows of the `events` table with a growing id. The bus tells this instance's
 * subscribers about each new row after it is committed.
 */
import { EventEmitter } from 'node:events';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from './db/types';

export interface StoredEvent {
  id: number;
  type: string;
  payload: Record<string, unknown>;
}

export class EventBus {
  readonly emitter = new EventEmitter();

  constructor() {
    this.emitter.setMaxListeners(0);
  }

  subscribe(listener: (event: StoredEvent) => void): () => void {
    this.emitter.on('event', listener);
    return () => this.emitter.off('event', listener);
  }

  emit(event: StoredEvent): void {
    this.emitter.emit('event', event);
  }
}

/** Writes an event row inside the caller's transaction; publish it with `bus.emit` after commit. */
export async function recordEvent(
  trx: Transaction<Database> | Kysely<Database>,
  type: string,
  payload: Record<string, unknown>,
): Promise<StoredEvent> {
  const row = await trx
    .insertInto('events')
    .values({ type, payload: JSON.stringify(payload) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, type, payload };
}
