/**
 * Login attempts, counted in the database so every instance shares them.
 * - Per counter: the submitted username (lower-cased, whether or not the account exists, so the answer
 *   never tells which usernames exist), or, for a device that signed in as that user before, the
 *   device's own counter (`login-device.ts`). An attempt is counted *before* its password is checked,
 *   in one statement that also refuses it while the counter is locked, so parallel attempts cannot
 *   all pass a check that none of them has counted yet: the first 3 cost nothing; after the nth
 *   (n > 3) the counter is locked for min(2^(n−3) s, 15 minutes) from that attempt, the right password
 *   included; a success (or an admin) clears it. However many arrive at once, FREE_FAILURES + 1 reach
 *   the check, and then one per lock that runs out.
 * - Per address (a whole hall shares one): never refused, only slowed. Past ADDRESS_SLOWDOWN.free
 *   failures in 15 minutes, the answer to each further failure waits a little longer, up to a few
 *   seconds; a success never waits.
 */
import { setTimeout as sleepFor } from 'node:timers/promises';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import { messages } from '../../../src/messages';
import type { Database } from '../../db/types';
import { AppError } from '../../errors';

export const FREE_FAILURES = 3;
export const MAX_LOCK_MS = 15 * 60_000;
export const ADDRESS_SLOWDOWN = { free: 20, stepMs: 100, maxMs: 3000, windowMs: 15 * 60_000 };

/** How long a counter stays locked after its nth attempt. */
export function lockMsAfter(failures: number): number {
  return failures <= FREE_FAILURES ? 0 : Math.min(2 ** (failures - FREE_FAILURES) * 1000, MAX_LOCK_MS);
}

/**
 * lockMsAfter in SQL, for the reservation's own check (tests/server/login-hardening.test.ts holds the
 * two equal). 2^10 s is past 15 minutes already, so the shift never needs more than 10.
 */
export const lockMsSql = (failures: RawBuilder<unknown>) => {
  const free = sql.lit(FREE_FAILURES);
  return sql<number>`(case when ${failures} <= ${free} then 0 else least(1000::bigint << least(${failures} - ${free}, 10), ${sql.lit(MAX_LOCK_MS)}) end)`;
};

/** How long the answer to an address's nth failure (in ADDRESS_SLOWDOWN.windowMs) waits. */
export function slowdownMsAfter(failures: number): number {
  const { free, stepMs, maxMs } = ADDRESS_SLOWDOWN;
  return failures <= free ? 0 : Math.min((failures - free) * stepMs, maxMs);
}

export const usernameKey = (username: string) => `u:${username.toLowerCase()}`;
export const deviceKey = (userId: string, deviceId: string) => `d:${userId}:${deviceId}`;
const addressKey = (ip: string) => `a:${ip}`;

/** The 429 every login refusal answers, with the seconds to wait. */
export function tooManyAttempts(waitMs: number): AppError {
  return new AppError('TOO_MANY_REQUESTS', messages.tooManyAttempts(Math.max(1, Math.ceil(waitMs / 1000))));
}

/** A counted attempt: its counter, the count it made and when. */
export interface Reservation {
  key: string;
  failures: number;
  at: number;
}

export class LoginLimiter {
  constructor(
    private readonly now: () => number = Date.now,
    private readonly sleep: (ms: number) => Promise<unknown> = sleepFor,
  ) {}

  /**
   * Counts an attempt on `key` unless the counter is locked, in one statement: the reservation, or
   * how long the lock has left.
   */
  async reserve(db: Kysely<Database>, key: string): Promise<{ reservation: Reservation } | { waitMs: number }> {
    const at = this.now();
    const reserved = await sql<{ failures: number }>`
      insert into login_failures as f (key, failures, first_at, last_at)
      values (${key}, 1, ${at}, ${at})
      on conflict (key) do update set failures = f.failures + 1, last_at = ${at}
        where ${at} >= f.last_at + ${lockMsSql(sql.ref('f.failures'))}
      returning failures`.execute(db);
    const row = reserved.rows[0];
    if (row) return { reservation: { key, failures: row.failures, at } };
    const locked = await db.selectFrom('login_failures').select(['failures', 'last_at']).where('key', '=', key).executeTakeFirst();
    // Cleared between the two statements (a success, an admin): a second's wait is the honest answer.
    const until = locked ? Number(locked.last_at) + lockMsAfter(locked.failures) : at;
    return { waitMs: until - at };
  }

  /**
   * Takes back an attempt that was never checked (the server's queue of checks was full), so a busy
   * server locks no one: the count goes down by one, and if no attempt came after it, the counter is
   * as unlocked as it was when the attempt passed.
   */
  async release(db: Kysely<Database>, reservation: Reservation): Promise<void> {
    const previous = reservation.failures - 1;
    await sql`
      update login_failures set
        failures = failures - 1,
        last_at = case when failures = ${reservation.failures} then ${reservation.at - lockMsAfter(previous)}::bigint else last_at end
      where key = ${reservation.key} and failures > 0`.execute(db);
  }

  /** A success clears the counter its attempt was counted on. */
  async clearKey(db: Kysely<Database>, key: string): Promise<void> {
    await db.deleteFrom('login_failures').where('key', '=', key).execute();
  }

  /** An admin on /user clears a username's counter and those of the devices that signed in as that user. */
  async clear(db: Kysely<Database>, username: string): Promise<void> {
    await sql`
      delete from login_failures
      where key = ${usernameKey(username)}
        or key like 'd:' || (select id from users where lower(username) = ${username.toLowerCase()}) || ':%'`.execute(db);
  }

  /**
   * Counts a failure from the address (in windows of ADDRESS_SLOWDOWN.windowMs) and waits before the
   * answer as slowdownMsAfter says; returns the wait.
   */
  async slowFailure(db: Kysely<Database>, ip: string): Promise<number> {
    const now = this.now();
    const windowStart = now - ADDRESS_SLOWDOWN.windowMs;
    const counted = await sql<{ failures: number }>`
      insert into login_failures as f (key, failures, first_at, last_at)
      values (${addressKey(ip)}, 1, ${now}, ${now})
      on conflict (key) do update set
        failures = case when f.first_at <= ${windowStart} then 1 else f.failures + 1 end,
        first_at = case when f.first_at <= ${windowStart} then ${now} else f.first_at end,
        last_at = ${now}
      returning failures`.execute(db);
    const waitMs = slowdownMsAfter(counted.rows[0]?.failures ?? 0);
    if (waitMs > 0) await this.sleep(waitMs);
    return waitMs;
  }
}
