/**
 * The login limiter, in numbers, on a clock the test moves: per submitted username the first 3
 * failures cost nothing and the nth locks it for min(2^(n−3) s, 15 min), the right password included;
 * per address failures are slowed, never refused; counts live in the database, so another instance
 * sees them; an admin can clear a lockout. (The attacks on it: login-hardening.test.ts.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADDRESS_SLOWDOWN,
  LoginLimiter,
  lockMsAfter,
  MAX_LOCK_MS,
  slowdownMsAfter,
  usernameKey,
} from '../../src-server/features/auth/rate-limit';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../helpers/test-app';

let t: TestApp;
let now = 1_000_000_000_000;
let judgeId = '';
let admin = '';
/** The answers the limiter slowed, and by how much: recorded, not waited, so the test keeps its pace. */
const waits: number[] = [];

beforeAll(async () => {
  t = await createTestApp();
  await t.createUser('quantri', 'admin');
  admin = await t.login('quantri');
  judgeId = await t.createUser('gkgo', 'judge');
  t.deps.limiter = new LoginLimiter(
    () => now,
    async (ms) => waits.push(ms),
  );
});
afterAll(() => t.close());

const login = (username: string, password: string) => t.request('POST', '/login', { body: { username, password } });

describe('the login limiter', () => {
  it('locks for min(2^(n−3) s, 15 min) after the nth failure', () => {
    expect([1, 2, 3, 4, 5, 6, 13, 14, 200].map(lockMsAfter)).toEqual([0, 0, 0, 2000, 4000, 8000, MAX_LOCK_MS, MAX_LOCK_MS, MAX_LOCK_MS]);
  });

  it('lets a judge who mistypes 3 times sign in at once', async () => {
    for (let i = 0; i < 3; i++) expect((await login('gkgo', `sai-${i}`)).status).toBe(401);
    expect((await login('gkgo', TEST_PASSWORD)).status).toBe(200);
  });

  it('makes a judge who mistypes 6 times wait 8 s, the right password included, then clears on success', async () => {
    for (let i = 0; i < 6; i++) {
      expect((await login('gkgo', `sai-${i}`)).status).toBe(401);
      now += lockMsAfter(i + 1); // a person waits out each lock before trying again
    }
    now -= lockMsAfter(6);
    const locked = await login('GKGO', TEST_PASSWORD);
    expect(locked.status).toBe(429);
    expect((await locked.json()).error.message).toContain('8 giây');
    // Another instance shares the count through the database.
    expect(await new LoginLimiter(() => now).reserve(t.deps.db, usernameKey('gkgo'))).toEqual({ waitMs: 8000 });
    now += 8000;
    expect((await login('gkgo', TEST_PASSWORD)).status).toBe(200);
    expect((await login('gkgo', 'sai-lan-nua')).status).toBe(401); // the count started again
  });

  it('holds an attacker at 200 tries on one username to locks of at most 15 minutes, some 47 hours in all', async () => {
    const start = now;
    let tries = 0;
    let longest = 0;
    while (tries < 200) {
      const res = await login('khong-ton-tai', `doan-${tries}`);
      if (res.status === 429) {
        const seconds = Number(/(\d+) giây/.exec((await res.json()).error.message)![1]);
        longest = Math.max(longest, seconds * 1000);
        now += seconds * 1000;
        continue;
      }
      expect(res.status).toBe(401);
      tries++;
    }
    expect(longest).toBeLessThanOrEqual(MAX_LOCK_MS);
    const hours = (now - start) / 3_600_000;
    console.log(`[limiter] 200 tries on one username took ${hours.toFixed(1)} hours of waiting`);
    expect(hours).toBeGreaterThan(40);
  }, 120_000);

  it('slows an address after 20 failures in 15 minutes, 100 ms more a failure up to 3 s, and never refuses it', async () => {
    expect([1, 20, 21, 30, 50, 51, 1000].map(slowdownMsAfter)).toEqual([0, 0, 100, 1000, 3000, 3000, 3000]);
    now += MAX_LOCK_MS * 2;
    waits.length = 0;
    for (let i = 0; i < 60; i++) await t.deps.limiter.slowFailure(t.deps.db, '10.9.9.9');
    expect(waits).toEqual(Array.from({ length: 60 }, (_, i) => slowdownMsAfter(i + 1)).filter((ms) => ms > 0));
    // Another address is not slowed; the window's end starts the count again.
    expect(await t.deps.limiter.slowFailure(t.deps.db, '10.9.9.10')).toBe(0);
    now += ADDRESS_SLOWDOWN.windowMs;
    expect(await t.deps.limiter.slowFailure(t.deps.db, '10.9.9.9')).toBe(0);
  });

  it('lets an admin clear a lockout', async () => {
    for (let i = 0; i < 5; i++) await login('gkgo', `sai-${i}`);
    expect((await login('gkgo', TEST_PASSWORD)).status).toBe(429);
    const caller = await t.caller(admin);
    await caller.user.clearLockout({ _id: judgeId });
    expect((await login('gkgo', TEST_PASSWORD)).status).toBe(200);
  });
});
