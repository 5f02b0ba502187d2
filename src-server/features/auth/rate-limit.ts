/**
 * Failed logins are counted per account and per address in a sliding window. Judges in one hall
 * share an address, so that limit is generous; an account's is strict.
 */
import { messages } from '../../../src/messages';
import { AppError } from '../../errors';

export interface LimitRule {
  max: number;
  windowMs: number;
}

export const ACCOUNT_LIMIT: LimitRule = { max: 5, windowMs: 15 * 60_000 };
export const ADDRESS_LIMIT: LimitRule = { max: 50, windowMs: 15 * 60_000 };

export class LoginLimiter {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly account: LimitRule = ACCOUNT_LIMIT,
    private readonly address: LimitRule = ADDRESS_LIMIT,
    private readonly now: () => number = Date.now,
  ) {}

  private recent(key: string, rule: LimitRule): number[] {
    const since = this.now() - rule.windowMs;
    const list = (this.failures.get(key) ?? []).filter((at) => at > since);
    if (list.length) this.failures.set(key, list);
    else this.failures.delete(key);
    return list;
  }

  /** Throws 429 when either the account or the address has too many recent failures. */
  check(username: string, ip: string): void {
    const checks: [string, LimitRule][] = [
      [`u:${username.toLowerCase()}`, this.account],
      [`a:${ip}`, this.address],
    ];
    for (const [key, rule] of checks) {
      const list = this.recent(key, rule);
      if (list.length >= rule.max) {
        const waitMs = (list[0] ?? this.now()) + rule.windowMs - this.now();
        throw new AppError('TOO_MANY_REQUESTS', messages.tooManyAttempts(Math.max(1, Math.ceil(waitMs / 60_000))));
      }
    }
  }

  fail(username: string, ip: string): void {
    const at = this.now();
    for (const key of [`u:${username.toLowerCase()}`, `a:${ip}`]) {
      const list = this.failures.get(key) ?? [];
      list.push(at);
      this.failures.set(key, list);
    }
  }

  succeed(username: string): void {
    this.failures.delete(`u:${username.toLowerCase()}`);
  }
}
