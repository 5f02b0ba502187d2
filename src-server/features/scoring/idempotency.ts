/**
 * The in-memory answers to idempotency keys. A module of its own, importing nothing of the server, so
 * the context can hold the cache without importing the scoring code (no import cycle).
 */
import type { TScoreItem } from '../../../src/schemas/scoring';

/** A key's first answer and the hash of the request it answered. */
export interface Answered {
  hash: string;
  response: { item: TScoreItem };
}

/**
 * Answers to idempotency keys this instance has already seen, so a pad's retry is answered from
 * memory. Bounded: the oldest half goes when it is full (the database still knows them all).
 */
export class IdempotencyCache {
  private readonly entries = new Map<string, Answered>();
  constructor(private readonly limit = 20_000) {}

  get(actorId: string, key: string | undefined): Answered | undefined {
    return key ? this.entries.get(`${actorId}\u0000${key}`) : undefined;
  }

  set(actorId: string, key: string, answered: Answered): void {
    if (this.entries.size >= this.limit) {
      let drop = this.limit / 2;
      for (const old of this.entries.keys()) {
        this.entries.delete(old);
        if (--drop <= 0) break;
      }
    }
    this.entries.set(`${actorId}\u0000${key}`, answered);
  }
}
