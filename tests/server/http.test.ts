import { describe, expect, it } from 'vitest';
import { messages } from '../../src/messages';
import { ensureFirstAdmin } from '../../src-server/bootstrap';
import { testAppForFile } from '../helpers/app-for-file';
import { createTestApp } from '../helpers/test-app';

const t = testAppForFile({ staff: ['admin'] });

describe('GET /api/state', () => {
  it('answers now, user, system and listTeam, ignoring the t parameter', async () => {
    const before = Date.now();
    const res = await t.request('GET', `/api/state?t=${before}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = await res.json();
    expect(Object.keys(body).sort()).toEqual(['listTeam', 'now', 'system', 'user']);
    expect(body.now).toBeGreaterThanOrEqual(before);
    expect(body.user).toBeNull();
    expect(body.system).toMatchObject({ version: 0, fw: 1, title: 'NGƯỜI HÀ NỘI', phase: 'idle', scoringOpen: false });
    expect(body.system.timer).toEqual({ durationMs: 0, endsAt: null, remainingMs: 0 });
  });

  it('lists active teams by priority, then name', async () => {
    const admin = await t.caller(t.cookies.admin);
    for (const data of [
      { name: 'THPT Việt Đức', priority: 2 },
      { name: 'THPT Chu Văn An', priority: 1 },
      { name: 'THPT Amsterdam', priority: 2 },
      { name: 'Đội đã nghỉ', priority: 0, active: false },
    ]) {
      await admin.team.create({ data });
    }
    const { listTeam } = await (await t.request('GET', '/api/state')).json();
    expect(listTeam.map((team: { name: string }) => team.name)).toEqual(['THPT Chu Văn An', 'THPT Amsterdam', 'THPT Việt Đức']);
    expect(listTeam[0]).toHaveProperty('_id');
  });

  it('is the same through tRPC over HTTP', async () => {
    const res = await t.request('GET', '/trpc/system.state?t=5');
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.result.data.system.title).toBe('NGƯỜI HÀ NỘI');
  });
});

describe('failures', () => {
  it('answers malformed JSON with 400 naming the body, never 500', async () => {
    const res = await t.request('POST', '/login', { raw: '{"username": ', headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: { message: messages.malformedJson, code: 'BAD_REQUEST', field: 'body' } });
  });

  it.each(['[]', '"chuỗi"', '42', 'null'])('answers a JSON body that is not an object (%s) with 400', async (raw) => {
    const res = await t.request('POST', '/login', { raw, headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(400);
  });

  it('answers a wrongly typed field with 400 and the field, not 500', async () => {
    const res = await t.request('POST', '/login', { body: { username: 12, password: ['x'] } });
    expect(res.status).toBe(400);
    const { error } = await res.json();
    expect(error.field).toBe('username');
    expect(error.message).not.toMatch(/at |Error:|select|insert/i);
  });

  it('answers an unknown /api path with a JSON 404', async () => {
    const res = await t.request('GET', '/api/khong-co?t=1');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: { message: messages.apiNotFound, code: 'NOT_FOUND' } });
  });

  it('refuses a cookie-authenticated write from another site', async () => {
    const res = await t.request('POST', '/login', {
      body: { username: 'a', password: 'b' },
      headers: { origin: 'http://evil.example', host: 'localhost' },
    });
    expect(res.status).toBe(403);
    expect((await res.json()).error.message).toBe(messages.crossOrigin);
  });

  it('accepts a write from its own origin', async () => {
    const res = await t.request('POST', '/logout', { body: {}, headers: { origin: 'http://localhost', host: 'localhost' } });
    expect(res.status).toBe(200);
  });

  it('gives tRPC clients the Vietnamese message and the bad field', async () => {
    const res = await t.request('POST', '/trpc/auth.login', { body: { username: '', password: 'x' } });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.error.message).toContain(messages.usernameRequired);
    expect(body.error.data.field).toBe('username');
    expect(JSON.stringify(body)).not.toContain('stack');
  });

  it('sends security headers and a content security policy', async () => {
    const res = await t.request('GET', '/api/state');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
  });

  it("lets scripts connect only to this site: 'self' and its own websocket origin", async () => {
    const res = await t.request('GET', '/api/the-le/all', { headers: { host: 'hoithi.local:3000' } });
    const connect = res.headers
      .get('content-security-policy')!
      .split('; ')
      .find((part) => part.startsWith('connect-src'));
    expect(connect).toBe("connect-src 'self' ws://hoithi.local:3000");
  });

  it('sends GET /api/state, which answers ahead of the middleware, the same headers as every other answer', async () => {
    const headersOf = async (path: string) => {
      const res = await t.request('GET', path);
      const all = Object.fromEntries([...res.headers].filter(([name]) => !['content-type', 'content-length'].includes(name)));
      return all;
    };
    expect(await headersOf('/api/state')).toEqual(await headersOf('/api/the-le/all'));
  });
});

describe('first start', () => {
  it('creates the admin once with ADMIN_PASSWORD, and never again', async () => {
    const fresh = await createTestApp();
    try {
      const lines: string[] = [];
      expect(await ensureFirstAdmin(fresh.deps.db, { adminPassword: 'mat-khau-admin-1' }, (l) => lines.push(l))).toBe(true);
      expect(await ensureFirstAdmin(fresh.deps.db, { adminPassword: 'khac' }, (l) => lines.push(l))).toBe(false);
      expect(lines).toHaveLength(1);
      expect(await fresh.login('admin', 'mat-khau-admin-1')).toBeTruthy();
    } finally {
      await fresh.close();
    }
  });

  it('prints a random password once when ADMIN_PASSWORD is unset', async () => {
    const fresh = await createTestApp();
    try {
      const lines: string[] = [];
      await ensureFirstAdmin(fresh.deps.db, { adminPassword: null }, (l) => lines.push(l));
      const password = /admin \/ (\S+)/.exec(lines[0] ?? '')?.[1] ?? '';
      expect(password.length).toBeGreaterThanOrEqual(12);
      expect(await fresh.login('admin', password)).toBeTruthy();
    } finally {
      await fresh.close();
    }
  });
});
