/**
 * Failed logins, counted in the database so every instance shares them.
 * - Per submitted username (lower-cased, whether or not the account exists, so the answer never
 *   tells which usernames exist): the first 3 failures cost nothing; after the nth (n > 3) the
 *   username is locked for min(2^(n−3) s, 15 minutes) from that failure, the right password
 *   included; a success (or an admin) clears the count.
 * - Per address: 300 failures per 15 minutes (a whole hall shares one address).
 */
import { type Kysely, sql } from 'kysely';
import { messages } from '../../../src/messages';
import type { Database } from '../../db/types';
import { AppError } from '../../errors';

export const FREE_FAILURES = 3;
export const MAX_LOCK_MS = 15 * 60_000;
export const ADDRESS_LIMIT = { max: 300, windowMs: 15 * 60_000 };

/** How long a username stays locked after its nth failure. */
export function lockMsAfter(failures: number): number {
  return failures <= FREE_FAILURES ? 0 : Math.min(2 ** (failures - FREE_FAILURES) * 1000, MAX_LOCK_MS);
}

const userKey = (username: string) => `u:${username.toLowerCase()}`;
const addressKey = (ip: string) => `a:${ip}`;

function tooMany(waitMs: number): AppError {
  return new AppError('TOO_MANY_REQUESTS', messages.tooManyAttempts(Math.max(1, Math.ceil(waitMs / 1000))));
}

export class LoginLimiter {
  constructor(private readonly now: () => number = Date.now) {}

  /** Throws 429, with the seconds left, while the username is locked or the address has too many failures. */
  async check(db: Kysely<Database>, username: string, ip: string): Promise<void> {
    const now = this.now();
    const rows = await db
      .selectFrom('login_failures')
      .select(['key', 'failures', 'first_at', 'last_at'])
      .where('key', 'in', [userKey(username), addressKey(ip)])
      .execute();
    for (const row of rows) {
      if (row.key.startsWith('u:')) {
        const lockedUntil = Number(row.last_at) + lockMsAfter(row.failures);
        if (now < lockedUntil) throw tooMany(lockedUntil - now);
      } else if (row.failures >= ADDRESS_LIMIT.max && now < Number(row.first_at) + ADDRESS_LIMIT.windowMs) {
        throw tooMany(Number(row.first_at) + ADDRESS_LIMIT.windowMs - now);
      }
    }
  }

  async fail(db: Kysely<Database>, username: string, ip: string): Promise<void> {
    const now = this.now();
    const windowStart = now - ADDRESS_LIMIT.windowMs;
    await sql`
      insert into login_failures as f (key, failures, first_at, last_at)
      values (${userKey(username)}, 1, ${now}, ${now}), (${addressKey(ip)}, 1, ${now}, ${now})
      on conflict (key) do update set
        failures = case when f.key like 'a:%' and f.first_at <= ${windowStart} then 1 else f.failures + 1 end,
        first_at = case when f.key like 'a:%' and f.first_at <= ${windowStart} then ${now} else f.first_at end,
        last_at = ${now}`.execute(db);
  }

  /** A success, or an admin on /user, clears the username's count. */
  async clear(db: Kysely<Database>, username: string): Promise<void> {
    await db.deleteFrom('login_failures').where('key', '=', userKey(username)).execute();
  }
}
