/**
 * The login limiter, in numbers, on a clock the test moves: per submitted username the first 3
 * failures cost nothing and the nth locks it for min(2^(n−3) s, 15 min), the right password included;
 * per address 300 failures in 15 minutes; counts live in the database, so another instance sees them;
 * an admin can clear a lockout.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADDRESS_LIMIT, LoginLimiter, lockMsAfter, MAX_LOCK_MS } from '../../src-server/features/auth/rate-limit';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../helpers/test-app';

let t: TestApp;
let now = 1_000_000_000_000;
let judgeId = '';
let admin = '';

beforeAll(async () => {
  t = await createTestApp();
  await t.createUser('quantri', 'admin');
  admin = await t.login('quantri');
  judgeId = await t.createUser('gkgo', 'judge');
  t.deps.limiter = new LoginLimiter(() => now);
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
    await expect(new LoginLimiter(() => now).check(t.deps.db, 'gkgo', '127.0.0.9')).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS' });
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

  it('counts 300 failures per address in 15 minutes, then refuses that address only', async () => {
    now += MAX_LOCK_MS * 2;
    for (let i = 0; i < ADDRESS_LIMIT.max; i++) await t.deps.limiter.fail(t.deps.db, `ai-do-${i}`, '10.9.9.9');
    await expect(t.deps.limiter.check(t.deps.db, 'ai-khac', '10.9.9.9')).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    await t.deps.limiter.check(t.deps.db, 'ai-khac', '10.9.9.10');
    now += ADDRESS_LIMIT.windowMs;
    await t.deps.limiter.check(t.deps.db, 'ai-khac', '10.9.9.9');
  });

  it('lets an admin clear a lockout', async () => {
    for (let i = 0; i < 5; i++) await login('gkgo', `sai-${i}`);
    expect((await login('gkgo', TEST_PASSWORD)).status).toBe(429);
    const caller = await t.caller(admin);
    await caller.user.clearLockout({ _id: judgeId });
    expect((await login('gkgo', TEST_PASSWORD)).status).toBe(200);
  });
});
