import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../src/constants';
import { messages } from '../../src/messages';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await t.createUser('admin', 'admin');
  await t.createUser('giamkhao1', 'judge');
  await t.createUser('nghi', 'judge', { active: false });
  await t.createUser('doi1', 'team');
});
afterAll(() => t.close());

describe('POST /login', () => {
  it('signs in, answers {user} without secrets and sets an httpOnly SameSite=Lax cookie', async () => {
    const res = await t.request('POST', '/login?t=1', { body: { username: 'admin', password: 'mat-khau-thu-nghiem' } });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.user).toMatchObject({ username: 'admin', role: 'admin' });
    expect(JSON.stringify(body)).not.toMatch(/hash|argon/i);
    const cookie = res.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(new RegExp(`^${SESSION_COOKIE}=[\\w-]{40,};`));
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('treats usernames without regard to case', async () => {
    const res = await t.request('POST', '/login', { body: { username: 'GiamKhao1', password: 'mat-khau-thu-nghiem' } });
    expect(res.status).toBe(200);
    expect((await res.json()).user.username).toBe('giamkhao1');
  });

  it('answers an unknown user and a wrong password alike', async () => {
    const unknown = await t.request('POST', '/login', { body: { username: 'khongco', password: 'sai-mat-khau' } });
    const wrong = await t.request('POST', '/login', { body: { username: 'doi1', password: 'sai-mat-khau' } });
    expect(unknown.status).toBe(401);
    expect(wrong.status).toBe(401);
    expect(await unknown.json()).toEqual(await wrong.json());
  });

  it('refuses a disabled account', async () => {
    const res = await t.request('POST', '/login', { body: { username: 'nghi', password: 'mat-khau-thu-nghiem' } });
    expect(res.status).toBe(401);
    expect((await res.json()).error.message).toBe(messages.invalidCredentials);
  });

  it('names the missing field of a bad login in Vietnamese', async () => {
    const res = await t.request('POST', '/login', { body: { username: '' } });
    expect(res.status).toBe(400);
    const { error } = await res.json();
    expect(error.field).toBe('username');
    expect(error.message).toContain(messages.usernameRequired);
  });

  it('gives a new session at every login and ends the one the browser held', async () => {
    const first = await t.login('doi1');
    const res = await t.request('POST', '/login', { cookie: first, body: { username: 'doi1', password: 'mat-khau-thu-nghiem' } });
    const second = (res.headers.get('set-cookie') ?? '').split(';')[0]!;
    expect(second).not.toBe(first);
    const stateWithOld = await (await t.request('GET', '/api/state', { cookie: first })).json();
    const stateWithNew = await (await t.request('GET', '/api/state', { cookie: second })).json();
    expect(stateWithOld.user).toBeNull();
    expect(stateWithNew.user.username).toBe('doi1');
  });

  it('limits failed attempts per account with a 429, even for the right password afterwards', async () => {
    await t.createUser('bilimit', 'judge');
    for (let i = 0; i < 4; i++) {
      const res = await t.request('POST', '/login', { body: { username: 'bilimit', password: `sai-${i}` } });
      expect(res.status).toBe(401);
    }
    // The 4th failure locks the username for 2 s.
    const res = await t.request('POST', '/login', { body: { username: 'bilimit', password: 'mat-khau-thu-nghiem' } });
    expect(res.status).toBe(429);
    expect((await res.json()).error.message).toMatch(/thử lại sau [12] giây/);
  });
});

describe('POST /logout', () => {
  it('ends the session: the old cookie no longer identifies anyone', async () => {
    const cookie = await t.login('giamkhao1');
    const res = await t.request('POST', '/logout', { cookie, body: {} });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
    expect(res.headers.get('set-cookie')).toContain('Max-Age=0');
    const state = await (await t.request('GET', '/api/state', { cookie })).json();
    expect(state.user).toBeNull();
    const profile = await t.request('PUT', '/api/profile', { cookie, body: { changes: { fullName: 'X' } } });
    expect(profile.status).toBe(401);
  });
});

describe('PUT /api/profile', () => {
  it('changes the own name, e-mail, mobile and birthday', async () => {
    const cookie = await t.login('doi1');
    const res = await t.request('PUT', '/api/profile', {
      cookie,
      body: { changes: { fullName: 'Đội Chu Văn An', email: 'doi1@truong.edu.vn', mobile: '0912345678', birthday: '2008-05-19' } },
    });
    expect(res.status).toBe(200);
    const { user } = await res.json();
    expect(user).toMatchObject({ fullName: 'Đội Chu Văn An', email: 'doi1@truong.edu.vn', mobile: '0912345678', birthday: '2008-05-19' });
  });

  it.each([
    ['email', 'khong-phai-email', messages.invalidEmail],
    ['mobile', '912345678', messages.invalidMobile],
    ['birthday', '2023-02-30', messages.invalidDate],
  ])('refuses a bad %s with 400 naming the field', async (field, value, message) => {
    const cookie = await t.login('doi1');
    const res = await t.request('PUT', '/api/profile', { cookie, body: { changes: { [field]: value } } });
    expect(res.status).toBe(400);
    const { error } = await res.json();
    expect(error.field).toBe(`changes.${field}`);
    expect(error.message).toContain(message);
  });

  it('refuses fields a user may not change about themselves, such as the role', async () => {
    const cookie = await t.login('doi1');
    const res = await t.request('PUT', '/api/profile', { cookie, body: { changes: { role: 'admin' } } });
    expect(res.status).toBe(400);
    const state = await (await t.request('GET', '/api/state', { cookie })).json();
    expect(state.user.role).toBe('team');
  });

  it('needs the current password to set a new one', async () => {
    await t.createUser('doimk', 'master');
    const cookie = await t.login('doimk');
    const without = await t.request('PUT', '/api/profile', { cookie, body: { changes: { password: 'mat-khau-moi-123' } } });
    expect(without.status).toBe(400);
    expect((await without.json()).error.field).toBe('changes.currentPassword');
    const wrong = await t.request('PUT', '/api/profile', {
      cookie,
      body: { changes: { password: 'mat-khau-moi-123', currentPassword: 'khong-dung' } },
    });
    expect(wrong.status).toBe(400);
    const ok = await t.request('PUT', '/api/profile', {
      cookie,
      body: { changes: { password: 'mat-khau-moi-123', currentPassword: 'mat-khau-thu-nghiem' } },
    });
    expect(ok.status).toBe(200);
    expect(await t.login('doimk', 'mat-khau-moi-123')).toMatch(SESSION_COOKIE);
  });

  it('answers 401 to an anonymous caller', async () => {
    const res = await t.request('PUT', '/api/profile', { body: { changes: { fullName: 'A' } } });
    expect(res.status).toBe(401);
    expect((await res.json()).error).toMatchObject({ code: 'UNAUTHORIZED', message: messages.notLoggedIn });
  });
});

describe('through tRPC', () => {
  it('the same procedures answer through createCaller', async () => {
    const cookie = await t.login('admin');
    const caller = await t.caller(cookie);
    const me = await caller.auth.me();
    expect(me.user.role).toBe('admin');
    const anonymous = await t.caller();
    await expect(anonymous.auth.me()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });
});
