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
    expect(ROUTE_PATTERNS).toHaveLength(13 + 12);
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
