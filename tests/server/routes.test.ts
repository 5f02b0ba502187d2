/** Page paths: the app's routes answer 200 with the app, anything else 404 with the same app page. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileRoute, isAppRoute, ROUTE_PATTERNS } from '../../src/routes';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the route table', () => {
  it('matches exactly and case-sensitively, with parameters', () => {
    expect(isAppRoute('/user')).toBe(true);
    expect(isAppRoute('/USER')).toBe(false);
    expect(isAppRoute('/user/')).toBe(false);
    expect(isAppRoute('/User/dashboard')).toBe(false);
    expect(isAppRoute('/giam-kham-token/bat-ky-ai')).toBe(true);
    expect(isAppRoute('/giam-kham-token/')).toBe(false);
    expect(isAppRoute('/giam-kham-token/a/b')).toBe(false);
    expect(isAppRoute('/user/fw-question-6/ma-bat-ky')).toBe(true);
    expect(isAppRoute('/user/fw-question-7')).toBe(false);
    expect(compileRoute('/giam-kham-token/:username').pattern.exec('/giam-kham-token/Nguy%E1%BB%85n')?.[1]).toBe('Nguy%E1%BB%85n');
    expect(ROUTE_PATTERNS).toHaveLength(14 + 13);
  });
});

describe('GET of a page path', () => {
  it.each([
    '/',
    '/login',
    '/screen',
    '/screen2',
    '/master',
    '/preview',
    '/supporter',
    '/team',
    '/user',
    '/user/dashboard',
    '/user/events',
    '/user/certificates',
    '/user/member',
    '/user/the-le',
    '/user/fw-question',
    '/user/fw-question-6',
  ])('answers 200 with the app for the route %s', async (route) => {
    const res = await t.request('GET', route);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    expect(await res.text()).toContain('<div id="root">');
  });

  it('answers 200 for any judge name or question-set id, so none can be probed', async () => {
    for (const route of [
      '/giam-kham-token/admin',
      '/giam-kham-token/khong-ai-ten-nay',
      '/user/fw-question-3/123',
      '/user/fw-question-3/khong-co',
    ]) {
      expect((await t.request('GET', route)).status, route).toBe(200);
    }
  });

  it.each(['/USER', '/user/', '/Login', '/master/', '/khong-co', '/user/fw-question-7', '/screen/1', '/giam-kham-token', '/logout'])(
    'answers 404 with the app page (which shows not found) for %s',
    async (route) => {
      const res = await t.request('GET', route);
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/text\/html/);
      expect(await res.text()).toContain('<div id="root">');
    },
  );

  it('keeps JSON 404s for unknown API paths', async () => {
    const res = await t.request('GET', '/api/khong-co');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
  });
});

describe('what an app page carries for its first picture', () => {
  /** The JSON of the page's `<script type="application/json" id=…>`, as the client reads it. */
  function pageJson(html: string, id: string): unknown {
    const match = new RegExp(`<script type="application/json" id="${id}">(.*?)</script>`, 's').exec(html);
    if (!match) throw new Error(`no #${id} in the page`);
    return JSON.parse(match[1] ?? '');
  }

  it('writes the system state with the visitor, and no answers on a screen that reads none', async () => {
    const html = await (await t.request('GET', '/login')).text();
    const state = pageJson(html, 'hoi-thi-state') as { user: unknown; system: { phase: string }; now: number };
    expect(state.user).toBeNull();
    expect(typeof state.system.phase).toBe('string');
    expect(Math.abs(state.now - Date.now())).toBeLessThan(60_000);
    expect(pageJson(html, 'hoi-thi-queries')).toEqual({});
  });

  it("answers the pad's calls with the judge's session, and leaves out what an anonymous visitor may not read", async () => {
    await t.createUser('trang.gk', 'judge');
    const judge = await t.login('trang.gk');
    const html = await (await t.request('GET', '/supporter', { cookie: judge })).text();
    expect((pageJson(html, 'hoi-thi-state') as { user: { username: string } }).user.username).toBe('trang.gk');
    const answers = pageJson(html, 'hoi-thi-queries') as Record<string, unknown>;
    expect(Object.keys(answers).sort()).toEqual(['scoreField.all', 'scoring.list', 'settings.get']);
    const caller = await t.caller(judge);
    expect(answers['scoreField.all']).toEqual(JSON.parse(JSON.stringify(await caller.scoreField.all())));
    expect(answers['scoring.list']).toEqual(JSON.parse(JSON.stringify(await caller.scoring.list())));

    const anonymous = pageJson(await (await t.request('GET', '/supporter')).text(), 'hoi-thi-queries') as Record<string, unknown>;
    expect(Object.keys(anonymous)).not.toContain('scoring.list');
  });

  it('cannot be broken out of by a name that holds a closing script tag', async () => {
    await t.createUser('quantri.trang', 'admin');
    const admin = await t.caller(await t.login('quantri.trang'));
    const name = 'Hội thi </script><script>alert(1)</script> 2026';
    await admin.settings.update({ name });
    await t.createUser('trang.gk2', 'judge');
    const html = await (await t.request('GET', '/supporter', { cookie: await t.login('trang.gk2') })).text();
    expect(html).not.toContain('<script>alert(1)');
    const answers = pageJson(html, 'hoi-thi-queries') as { 'settings.get': { settings: { name: string } } };
    expect(answers['settings.get'].settings.name).toBe(name);
  });

  it('leaves the projectors and unknown paths as they are', async () => {
    for (const route of ['/screen', '/khong-co']) {
      expect(await (await t.request('GET', route)).text(), route).not.toContain('hoi-thi-state');
    }
  });
});
