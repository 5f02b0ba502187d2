/**
 * How long the pad's outbox waits before it tries again after a point could not go: exponential
 * backoff with full jitter between 1 s and 30 s. The n-th retry (0-based) waits a random time in
 * [1 s, min(30 s, 2^(n+1) s)]: 1–2 s, 1–4 s, 1–8 s, 1–16 s, then 1–30 s for good. The randomness
 * keeps a hall's pads, which lose the wifi at the same moment, from retrying in step.
 */

export const RETRY_MIN_MS = 1_000;
export const RETRY_MAX_MS = 30_000;

/** The longest the n-th retry may wait (the top of its jitter range). */
export function retryCeiling(attempt: number): number {
  const n = Number.isFinite(attempt) && attempt > 0 ? Math.floor(attempt) : 0;
  // 2^(n+1) overflows to Infinity for a huge n, which the cap absorbs.
  return Math.min(RETRY_MAX_MS, RETRY_MIN_MS * 2 ** (n + 1));
}

/** The wait before retry number `attempt` (0 for the first); `random` returns a number in [0, 1). */
export function retryDelay(attempt: number, random: () => number = Math.random): number {
  const ceiling = retryCeiling(attempt);
  const r = Math.min(Math.max(random(), 0), 1);
  return Math.round(RETRY_MIN_MS + r * (ceiling - RETRY_MIN_MS));
}
