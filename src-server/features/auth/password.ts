/** argon2id with OWASP's parameters (19 MiB, 2 passes, 1 lane). */
import { hash, verify } from '@node-rs/argon2';
import { tooManyAttempts } from './rate-limit';

const OPTIONS = { algorithm: 2 /* Argon2id */, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/**
 * At most a few password checks at once on this instance, first come first served. Each check holds
 * a core and 19 MiB for tens of milliseconds on libuv's thread pool, which file reads share: without
 * a bound, a flood of logins would hold every core and queue there without end. Past `maxQueued`
 * waiting, a check is refused with a 429 saying how long the queue takes to clear.
 */
export class VerificationGate {
  private running = 0;
  private readonly queue: (() => void)[] = [];
  /** The recent mean time of one check, for the 429's wait. */
  private meanMs = 50;
  /** Checks begun (the tests count them). */
  started = 0;

  constructor(
    readonly concurrency: number,
    readonly maxQueued: number,
  ) {}

  async run<T>(check: () => Promise<T>): Promise<T> {
    if (this.running < this.concurrency) this.running++;
    else if (this.queue.length >= this.maxQueued) throw tooManyAttempts(this.waitMs());
    else await new Promise<void>((resolve) => this.queue.push(resolve));
    this.started++;
    const startedAt = performance.now();
    try {
      return await check();
    } finally {
      this.meanMs = this.meanMs * 0.8 + (performance.now() - startedAt) * 0.2;
      const next = this.queue.shift();
      // The place passes straight to the next in line, so no newcomer overtakes it.
      if (next) next();
      else this.running--;
    }
  }

  /** How long the checks running and waiting take at the recent pace. */
  waitMs(): number {
    return ((this.running + this.queue.length) / this.concurrency) * this.meanMs;
  }
}

/** Two at once (the hall's server has two cores); 64 waiting clear in about a second. */
export const passwordChecks = new VerificationGate(2, 64);

// Verified against when the user does not exist, so both failures take the same time.
let dummyHash: Promise<string> | null = null;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

/** Whether the password matches; checked through `passwordChecks`, the unknown user's dummy hash too. */
export function verifyPassword(storedHash: string | null, password: string): Promise<boolean> {
  return passwordChecks.run(async () => {
    if (!storedHash) {
      dummyHash ??= hash('not-a-real-password', OPTIONS);
      await verify(await dummyHash, password).catch(() => false);
      return false;
    }
    try {
      return await verify(storedHash, password);
    } catch {
      return false;
    }
  });
}
