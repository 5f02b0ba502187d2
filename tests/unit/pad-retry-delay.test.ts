/**
 * The pad's retry schedule: exponential backoff with full jitter between 1 s and 30 s, and what it
 * means for a pad whose every try fails at once: a handful of requests in 30 s, not thousands.
 */
import { describe, expect, it } from 'vitest';
import { RETRY_MAX_MS, RETRY_MIN_MS, retryCeiling, retryDelay } from '../../src-client/components/pad/retryDelay';

/** A small seeded generator (mulberry32), so the simulation is the same on every run. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Requests a pad makes in `windowMs` when every one fails at once: the first, then one per wait. */
function requestsIn(windowMs: number, random: () => number): number {
  let at = 0;
  let requests = 0;
  for (let attempt = 0; at <= windowMs; attempt++) {
    requests++;
    at += retryDelay(attempt, random);
  }
  return requests;
}

describe('retryDelay', () => {
  it('doubles its ceiling from 2 s and stops at 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 10, 100].map(retryCeiling)).toEqual([2000, 4000, 8000, 16000, 30000, 30000, 30000, 30000]);
  });

  it('waits at least 1 s and at most the ceiling, whatever the random draw', () => {
    for (const attempt of [0, 1, 2, 3, 4, 5, 20]) {
      expect(retryDelay(attempt, () => 0)).toBe(RETRY_MIN_MS);
      expect(retryDelay(attempt, () => 0.999999)).toBe(retryCeiling(attempt));
      expect(retryDelay(attempt, () => 0.5)).toBe(Math.round((RETRY_MIN_MS + retryCeiling(attempt)) / 2));
    }
  });

  it('stays between 1 s and 30 s for odd attempt numbers and odd draws', () => {
    for (const attempt of [-1, Number.NaN, Number.POSITIVE_INFINITY, 1e6, 2.7]) {
      for (const draw of [-1, 0, 0.3, 1, 2]) {
        const delay = retryDelay(attempt, () => draw);
        expect(delay).toBeGreaterThanOrEqual(RETRY_MIN_MS);
        expect(delay).toBeLessThanOrEqual(RETRY_MAX_MS);
        expect(Number.isInteger(delay)).toBe(true);
      }
    }
  });

  it('spreads pads that failed together: the same attempt gives different waits', () => {
    const random = seeded(7);
    const waits = new Set(Array.from({ length: 20 }, () => retryDelay(4, random)));
    expect(waits.size).toBeGreaterThan(15);
  });

  it('makes at most 10 requests in 30 s of failures, but for a few in a million pads', () => {
    const random = seeded(2026);
    const pads = 100_000;
    const counts = Array.from({ length: pads }, () => requestsIn(30_000, random));
    const over = counts.filter((n) => n > 10).length;
    const mean = counts.reduce((a, b) => a + b, 0) / pads;
    console.log(
      `requests in 30 s of failures: mean ${mean.toFixed(2)}, worst ${Math.max(...counts)}, more than 10 in ${over} of ${pads} pads`,
    );
    expect(mean).toBeLessThan(6);
    expect(over / pads).toBeLessThan(1e-4);
    // Full jitter relies on the draws: with every wait at its lowest (1 s) it would be 31.
    expect(requestsIn(30_000, () => 0)).toBe(31);
    expect(requestsIn(30_000, () => 0.5)).toBeLessThanOrEqual(7);
  });
});
