/**
 * Sign-in against one hostile client on the hall's Wi-Fi (the whole hall behind one address): an
 * attempt is counted before its password is checked, so parallel attempts on one username reach
 * argon2 at most FREE_FAILURES + 1 times; one login per HTTP request and none over a websocket; a few
 * checks at once, a bounded queue; a busy address is slowed, never refused; a device that signed in
 * before is counted on its own, so another's failures cannot lock it out. The clock is the test's;
 * the limiter's waits are recorded rather than waited, except where a test times a real one.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { messages } from '../../src/messages';
import { createContext } from '../../src-server/context';
import { LOGIN_DEVICE_COOKIE, LOGIN_DEVICE_MAX_AGE_S, loginDeviceCookie } from '../../src-server/features/auth/login-device';
import { passwordChecks, VerificationGate } from '../../src-server/features/auth/password';
import {
  ADDRESS_SLOWDOWN,
  deviceKey,
  FREE_FAILURES,
  LoginLimiter,
  lockMsAfter,
  lockMsSql,
  usernameKey,
} from '../../src-server/features/auth/rate-limit';
import { hashToken } from '../../src-server/features/auth/sessions';
import { createCaller } from '../../src-server/router';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../helpers/test-app';

let t: TestApp;
let now = 1_000_000_000_000;
/** The waits the limiter put on failures' answers. */
const waits: number[] = [];

beforeAll(async () => {
  // Behind a trusted proxy, so each test says which address (and scheme) a request comes from.
  t = await createTestApp({ trustProxy: true });
  t.deps.limiter = new LoginLimiter(
    () => now,
    async (ms) => waits.push(ms),
  );
});
afterAll(() => t.close());
beforeEach(() => {
  now += 60 * 60_000; // every test on a clock an hour on: no lock of an earlier test is left
  waits.length = 0;
});

interface Attempt {
  username: string;
  password?: string;
  token?: string;
  address?: string;
  cookie?: string;
  https?: boolean;
}

function login({ username, password, token, address = '198.51.100.1', cookie, https }: Attempt): Promise<Response> {
  const headers: Record<string, string> = { 'x-forwarded-for': address };
  if (https) headers['x-forwarded-proto'] = 'https';
  return t.request('POST', '/login', { body: token ? { username, token } : { username, password }, cookie, headers });
}

/** The device cookie an answer set, as the browser sends it back ("name=value"), and its attributes. */
function deviceCookieOf(res: Response): { cookie: string; header: string } {
  const header = res.headers.getSetCookie().find((c) => c.startsWith(`${LOGIN_DEVICE_COOKIE}=`));
  if (!header) throw new Error(`no device cookie (status ${res.status})`);
  return { cookie: header.split(';')[0]!, header };
}

async function failuresOn(key: string): Promise<number> {
  const row = await t.deps.db.selectFrom('login_failures').select('failures').where('key', '=', key).executeTakeFirst();
  return row?.failures ?? 0;
}

const loginRefusals = () => t.deps.refusals.summary().byKind.find((k) => k.kind === 'login')?.count ?? 0;

describe('the reservation', () => {
  it('locks in SQL exactly as lockMsAfter says', async () => {
    for (let n = 0; n <= 40; n++) {
      const { rows } = await sql<{ ms: string | number }>`select ${lockMsSql(sql`${n}::int`)} as ms`.execute(t.deps.db);
      expect(Number(rows[0]!.ms), `after ${n}`).toBe(lockMsAfter(n));
    }
  });

  it('lets 4 of 200 parallel wrong logins for one user reach argon2 and refuses the rest with 429 unchecked', async () => {
    await t.createUser('gksongsong', 'judge');
    const before = passwordChecks.started;
    const refusedBefore = loginRefusals();
    const answers = await Promise.all(Array.from({ length: 200 }, (_, i) => login({ username: 'gksongsong', password: `sai-${i}` })));
    const statuses = answers.map((res) => res.status);
    expect(passwordChecks.started - before).toBe(FREE_FAILURES + 1);
    expect(statuses.filter((s) => s === 401)).toHaveLength(FREE_FAILURES + 1);
    expect(statuses.filter((s) => s === 429)).toHaveLength(200 - FREE_FAILURES - 1);
    const refused = await answers.find((res) => res.status === 429)!.json();
    expect(refused.error.message).toBe(messages.tooManyAttempts(2)); // the 4th attempt locks for 2 s
    expect(loginRefusals() - refusedBefore).toBe(196);
    expect(t.deps.refusals.summary().byAddress.find((a) => a.address === '198.51.100.1')?.count).toBeGreaterThanOrEqual(196);
    // Locked, the right password too, unchecked.
    expect((await login({ username: 'gksongsong', password: TEST_PASSWORD })).status).toBe(429);
    expect(passwordChecks.started - before).toBe(FREE_FAILURES + 1);
    now += lockMsAfter(FREE_FAILURES + 1);
    expect((await login({ username: 'gksongsong', password: TEST_PASSWORD })).status).toBe(200);
    expect(await failuresOn(usernameKey('gksongsong'))).toBe(0); // a success clears the count
  });

  it('gives back an attempt the full queue of checks refused, so a busy server locks no one', async () => {
    // Both places held, the queue filled: the logins past it are refused at once.
    const release: (() => void)[] = [];
    const held = Array.from({ length: passwordChecks.concurrency }, () =>
      passwordChecks.run(() => new Promise<void>((resolve) => release.push(resolve))),
    );
    const usernames = Array.from({ length: passwordChecks.maxQueued + 3 }, (_, i) => `hang-doi-${i}`);
    const answers = usernames.map((username) => login({ username, password: 'sai', address: '198.51.100.2' }));
    await expect.poll(() => t.deps.refusals.summary().byAddress.find((a) => a.address === '198.51.100.2')?.count ?? 0).toBe(3);
    for (const resolve of release) resolve();
    await Promise.all(held);
    const statuses = await Promise.all(answers.map(async (res) => (await res).status));
    expect(statuses.filter((s) => s === 401)).toHaveLength(passwordChecks.maxQueued);
    const turnedAway = usernames.filter((_, i) => statuses[i] === 429);
    expect(turnedAway).toHaveLength(3);
    const body = await (await answers[statuses.indexOf(429)]!).json();
    expect(body.error.message).toMatch(/thử lại sau \d+ giây/);
    for (const username of turnedAway) expect(await failuresOn(usernameKey(username))).toBe(0);
    for (const username of usernames.filter((_, i) => statuses[i] === 401)) expect(await failuresOn(usernameKey(username))).toBe(1);
  });
  it('leaves a given-back attempt’s counter as it was before the attempt', async () => {
    const key = usernameKey('tra-lai');
    for (let i = 0; i < FREE_FAILURES; i++) await t.deps.limiter.reserve(t.deps.db, key);
    const fourth = await t.deps.limiter.reserve(t.deps.db, key);
    if (!('reservation' in fourth)) throw new Error('the 4th attempt should pass');
    expect(await t.deps.limiter.reserve(t.deps.db, key)).toEqual({ waitMs: lockMsAfter(FREE_FAILURES + 1) });
    await t.deps.limiter.release(t.deps.db, fourth.reservation);
    expect(await failuresOn(key)).toBe(FREE_FAILURES);
    // Unlocked again, as it was: the next attempt passes, and locks as the 4th does.
    expect(await t.deps.limiter.reserve(t.deps.db, key)).toMatchObject({ reservation: { failures: FREE_FAILURES + 1 } });
    expect(await t.deps.limiter.reserve(t.deps.db, key)).toEqual({ waitMs: lockMsAfter(FREE_FAILURES + 1) });
  });
});

describe('one login per request', () => {
  it('refuses the second auth.login of an HTTP batch with a 400 before any check', async () => {
    await t.createUser('gklo', 'judge');
    const before = passwordChecks.started;
    const right = { username: 'gklo', password: TEST_PASSWORD };
    const res = await t.request('POST', '/trpc/auth.login,auth.login?batch=1', {
      body: { 0: right, 1: right },
      headers: { 'x-forwarded-for': '198.51.100.3' },
    });
    const answers: { result?: { data: { user: { username: string } } }; error?: { message: string; data: { httpStatus: number } } }[] =
      await res.json();
    // Whichever ran first got in; the other was refused unchecked.
    expect(answers.map((a) => a.result?.data.user.username ?? a.error?.data.httpStatus).sort()).toEqual([400, 'gklo']);
    expect(answers.find((a) => a.error)!.error!.message).toBe(messages.oneLoginPerRequest);
    expect(passwordChecks.started - before).toBe(1);
    // The refused one was not counted: only the other was, and its success cleared it.
    expect(await failuresOn(usernameKey('gklo'))).toBe(0);
  });

  it('refuses a login over the websocket before any check or count', async () => {
    await t.createUser('gkws', 'judge');
    const before = passwordChecks.started;
    // As ws.ts builds it: no response headers, so no cookie could be set.
    const ctx = await createContext(t.deps, { cookie: null, ip: '198.51.100.4', secure: false, resHeaders: null });
    await expect(createCaller(ctx).auth.login({ username: 'gkws', password: TEST_PASSWORD })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: messages.loginOverSocket,
    });
    expect(passwordChecks.started - before).toBe(0);
    expect(await failuresOn(usernameKey('gkws'))).toBe(0);
  });
});

describe('the hall behind one address', () => {
  const HALL = '203.0.113.7';

  it('lets a right password in after 1,000 failures from the hall for other usernames, and slows only failures', async () => {
    await t.createUser('doihoitruong', 'team');
    // 1,000 wrong judge-link tokens (no argon2, so the test stays quick), 25 at a time, other usernames.
    for (let i = 0; i < 1000; i += 25) {
      const batch = Array.from({ length: 25 }, (_, j) => login({ username: `khach-${i + j}`, token: 'sai', address: HALL }));
      for (const res of await Promise.all(batch)) expect(res.status).toBe(401);
    }
    // A few wrong passwords too, through argon2.
    for (let i = 0; i < 4; i++) expect((await login({ username: `khach-mk-${i}`, password: 'sai', address: HALL })).status).toBe(401);
    expect(Math.max(...waits)).toBe(ADDRESS_SLOWDOWN.maxMs);
    waits.length = 0;
    const refusedBefore = loginRefusals();
    const res = await login({ username: 'doihoitruong', password: TEST_PASSWORD, address: HALL });
    expect(res.status).toBe(200);
    expect(waits).toEqual([]); // a success never waits
    expect(loginRefusals()).toBe(refusedBefore);
    // A failure from the hall is answered late, and noted as slowed.
    expect((await login({ username: 'doihoitruong', password: 'go-nham', address: HALL })).status).toBe(401);
    expect(waits).toEqual([ADDRESS_SLOWDOWN.maxMs]);
    expect(loginRefusals()).toBe(refusedBefore + 1);
    // With the limiter's own sleep, the wait is real.
    const limiter = t.deps.limiter;
    t.deps.limiter = new LoginLimiter(() => now);
    try {
      const started = performance.now();
      expect((await login({ username: 'khach-cham', token: 'sai', address: HALL })).status).toBe(401);
      expect(performance.now() - started).toBeGreaterThanOrEqual(ADDRESS_SLOWDOWN.maxMs - 50);
    } finally {
      t.deps.limiter = limiter;
    }
  });
});

describe('a device that signed in before', () => {
  it('gets in with the right password while someone else keeps the user locked; without its cookie, 429', async () => {
    await t.createUser('gkthietbi', 'judge');
    const phone = deviceCookieOf(await login({ username: 'gkthietbi', password: TEST_PASSWORD, address: '192.0.2.10' }));
    // L2: someone sends one wrong password each time the lock runs out.
    for (let n = 1; n <= 8; n++) {
      expect((await login({ username: 'gkthietbi', password: `sai-${n}`, address: '192.0.2.66' })).status).toBe(401);
      if (n > FREE_FAILURES) {
        expect((await login({ username: 'gkthietbi', password: TEST_PASSWORD, address: '192.0.2.10' })).status).toBe(429);
        const res = await login({ username: 'gkthietbi', password: TEST_PASSWORD, address: '192.0.2.10', cookie: phone.cookie });
        expect(res.status).toBe(200);
        expect(deviceCookieOf(res).cookie).toBe(phone.cookie); // the same device, remembered again
      }
      now += lockMsAfter(n);
    }
    // The device's successes did not clear the attacker's count (nor reset their backoff).
    expect(await failuresOn(usernameKey('gkthietbi'))).toBe(8);
  });

  it('locks only itself with its own failures, on the same backoff', async () => {
    const userId = await t.createUser('gkvung', 'judge');
    const phone = deviceCookieOf(await login({ username: 'gkvung', password: TEST_PASSWORD }));
    const tablet = deviceCookieOf(await login({ username: 'gkvung', password: TEST_PASSWORD }));
    expect(tablet.cookie).not.toBe(phone.cookie);
    for (let i = 0; i <= FREE_FAILURES; i++) {
      expect((await login({ username: 'gkvung', password: `sai-${i}`, cookie: phone.cookie })).status).toBe(401);
    }
    const locked = await login({ username: 'gkvung', password: TEST_PASSWORD, cookie: phone.cookie });
    expect(locked.status).toBe(429);
    expect((await locked.json()).error.message).toBe(messages.tooManyAttempts(lockMsAfter(FREE_FAILURES + 1) / 1000));
    // The other device, and the username itself, are not locked by the phone's failures.
    expect((await login({ username: 'gkvung', password: TEST_PASSWORD, cookie: tablet.cookie })).status).toBe(200);
    expect((await login({ username: 'gkvung', password: TEST_PASSWORD })).status).toBe(200);
    const [, deviceId] = decodeURIComponent(phone.cookie.split('=')[1]!).split('.')[0]!.split(':');
    expect(await failuresOn(deviceKey(userId, deviceId!))).toBe(FREE_FAILURES + 1);
    now += lockMsAfter(FREE_FAILURES + 1);
    expect((await login({ username: 'gkvung', password: TEST_PASSWORD, cookie: phone.cookie })).status).toBe(200);
    expect(await failuresOn(deviceKey(userId, deviceId!))).toBe(0);
    // Locked again, it is let in at once when an admin clears the user's lockout.
    for (let i = 0; i <= FREE_FAILURES; i++) await login({ username: 'gkvung', password: `sai-${i}`, cookie: phone.cookie });
    expect((await login({ username: 'gkvung', password: TEST_PASSWORD, cookie: phone.cookie })).status).toBe(429);
    await t.createUser('quantri', 'admin');
    const admin = await t.caller((await login({ username: 'quantri', password: TEST_PASSWORD })).headers.getSetCookie()[0]!.split(';')[0]);
    await admin.user.clearLockout({ _id: userId });
    expect((await login({ username: 'gkvung', password: TEST_PASSWORD, cookie: phone.cookie })).status).toBe(200);
  });

  it('carries an httpOnly, SameSite=Lax cookie for a year, Secure when the request is', async () => {
    await t.createUser('gkcookie', 'judge');
    const plain = await login({ username: 'gkcookie', password: TEST_PASSWORD });
    // The session cookie comes first, as the login helpers read it.
    expect(plain.headers.getSetCookie()[0]).toMatch(/^hoithi_session=/);
    const { header } = deviceCookieOf(plain);
    expect(header).toContain('HttpOnly');
    expect(header).toContain('SameSite=Lax');
    expect(header).toContain(`Max-Age=${LOGIN_DEVICE_MAX_AGE_S}`);
    expect(header).not.toContain('Secure');
    expect(deviceCookieOf(await login({ username: 'gkcookie', password: TEST_PASSWORD, https: true })).header).toContain('; Secure');
    // A judge's link signs the device in too.
    const token = randomBytes(24).toString('base64url');
    await t.deps.db
      .updateTable('users')
      .set({ judge_token_hash: hashToken(token) })
      .where('username', '=', 'gkcookie')
      .execute();
    expect(deviceCookieOf(await login({ username: 'gkcookie', token })).cookie).toMatch(new RegExp(`^${LOGIN_DEVICE_COOKIE}=`));
  });

  it('ignores a forged, damaged or other user’s cookie: counted on the username, never an error', async () => {
    const userId = await t.createUser('gkgiamao', 'judge');
    await t.createUser('gkkhac', 'judge');
    const other = deviceCookieOf(await login({ username: 'gkkhac', password: TEST_PASSWORD }));
    const own = deviceCookieOf(await login({ username: 'gkgiamao', password: TEST_PASSWORD }));
    const [value] = own.cookie.split('=').slice(1);
    const deviceId = randomBytes(16).toString('base64url');
    const forged = [
      // Signed with another key (the right user and a well-formed id).
      (await loginDeviceCookie(randomBytes(32), { userId, deviceId }, false)).split(';')[0]!,
      // The right signature over another id.
      `${LOGIN_DEVICE_COOKIE}=${value!.replace(/%3A[^.]+/, `%3A${deviceId}`)}`,
      // No signature, and plain junk.
      `${LOGIN_DEVICE_COOKIE}=${encodeURIComponent(`${userId}:${deviceId}`)}`,
      `${LOGIN_DEVICE_COOKIE}=%%%;`,
      // A true cookie, of another user.
      other.cookie,
    ];
    // Not locked: each gets in (never a 400 or 500) and is given a fresh, true cookie.
    for (const cookie of forged) {
      const res = await login({ username: 'gkgiamao', password: TEST_PASSWORD, cookie });
      expect(res.status, cookie).toBe(200);
      expect(deviceCookieOf(res).cookie).not.toBe(cookie);
    }
    // Locked by someone's failures: each is refused like a browser without a cookie.
    for (let i = 0; i <= FREE_FAILURES; i++) await login({ username: 'gkgiamao', password: `sai-${i}` });
    for (const cookie of forged) {
      expect((await login({ username: 'gkgiamao', password: TEST_PASSWORD, cookie })).status, cookie).toBe(429);
    }
    expect((await login({ username: 'gkgiamao', password: TEST_PASSWORD, cookie: own.cookie })).status).toBe(200);
  });
});

describe('the queue of password checks', () => {
  it('runs a few at once, first come first served, and refuses past its queue with the wait', async () => {
    const gate = new VerificationGate(2, 2);
    const order: number[] = [];
    let running = 0;
    let most = 0;
    const task = (n: number) => async () => {
      order.push(n);
      most = Math.max(most, ++running);
      await new Promise((resolve) => setTimeout(resolve, 5));
      running--;
      return n;
    };
    const runs = [1, 2, 3, 4].map((n) => gate.run(task(n)));
    // Two running, two waiting: a fifth is refused at once.
    await expect(gate.run(task(5))).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS', message: expect.stringMatching(/\d+ giây/) });
    expect(await Promise.all(runs)).toEqual([1, 2, 3, 4]);
    expect(order).toEqual([1, 2, 3, 4]);
    expect(most).toBe(2);
    expect(gate.started).toBe(4);
  });
});
