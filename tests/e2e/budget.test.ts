/**
 * What a device downloads before a screen is up: the JavaScript a fresh Chromium profile transfers
 * (compressed, headers included, as DevTools counts it) until the network is quiet, against a budget
 * per screen. A hall's Wi-Fi is shared by every phone and projector; a budget that grows fails here.
 * The projector's page must also stay free of the admin kit: no Mantine, zod, TanStack Query or
 * Markdown renderer in its first load.
 */
import type { Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import type { Role } from '../../src/constants';
import { describeInBrowser, type Harness, logIn, requestAs } from './harness';

/** kB, 1 kB = 1000 bytes as in the figures. */
const BUDGETS: { route: string; who: Role | null; kB: number; ready: string }[] = [
  { route: '/screen', who: null, kB: 90, ready: '[data-testid="projector"]' },
  { route: '/screen2', who: null, kB: 90, ready: '[data-testid="projector"]' },
  { route: '/login', who: null, kB: 130, ready: 'input[name="username"]' },
  { route: '/supporter', who: 'judge', kB: 140, ready: '[data-testid="judge-pad"]' },
];

/** Markers each library leaves in its code; none may be in the projector's first load. */
const NOT_ON_THE_PROJECTOR = [
  { library: 'Mantine', marker: 'mantine-' },
  { library: 'zod', marker: 'ZodError' },
  { library: 'DOMPurify (Markdown)', marker: 'DOMPurify' },
  { library: 'TanStack Query', marker: 'QueryClient' },
];

interface Loaded {
  url: string;
  bytes: number;
  encoding: string;
  body: string;
}

/** Anything the page transferred (the document, scripts, styles, fonts, pictures, calls). */
interface Transfer {
  url: string;
  type: string;
  bytes: number;
}

/**
 * Opens `route` in a fresh context and returns every script it transferred until the network was
 * quiet, and every transfer of any kind.
 */
async function firstLoad(
  h: Harness,
  route: string,
  who: Role | null,
  ready: string,
  viewport = { width: 1366, height: 768 },
): Promise<{ page: Page; scripts: Loaded[]; all: Transfer[] }> {
  const { context, page } = await h.newPage(viewport);
  if (who) await logIn(context, who);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const seen = new Map<string, { url: string; type: string; encoding: string }>();
  const finished: { requestId: string; bytes: number }[] = [];
  cdp.on('Network.responseReceived', (event) => {
    const headers = Object.fromEntries(Object.entries(event.response.headers).map(([k, v]) => [k.toLowerCase(), String(v)]));
    seen.set(event.requestId, { url: event.response.url, type: event.type, encoding: headers['content-encoding'] ?? '' });
  });
  cdp.on('Network.loadingFinished', (event) => finished.push({ requestId: event.requestId, bytes: event.encodedDataLength }));
  await page.goto(route);
  await page.locator(ready).first().waitFor();
  await page.waitForLoadState('networkidle');
  const scripts: Loaded[] = [];
  const all: Transfer[] = [];
  for (const { requestId, bytes } of finished) {
    const response = seen.get(requestId);
    if (!response) continue;
    all.push({ url: new URL(response.url).pathname, type: response.type, bytes });
    if (response.type !== 'Script') continue;
    const { body } = await cdp.send('Network.getResponseBody', { requestId });
    scripts.push({ url: new URL(response.url).pathname, bytes, encoding: response.encoding, body });
  }
  return { page, scripts, all };
}

function describeLoad(scripts: Loaded[]): string {
  return scripts
    .sort((a, b) => b.bytes - a.bytes)
    .map((s) => `${s.url} ${(s.bytes / 1000).toFixed(1)} kB ${s.encoding || 'uncompressed'}`)
    .join('\n');
}

describeInBrowser('what each screen downloads first', (h) => {
  for (const { route, who, kB, ready } of BUDGETS) {
    it(`${route} transfers at most ${kB} kB of JavaScript, compressed`, async () => {
      const { scripts } = await firstLoad(h, route, who, ready);
      const total = scripts.reduce((sum, s) => sum + s.bytes, 0);
      console.log(`[budget] ${route}: ${(total / 1000).toFixed(1)} kB of JavaScript in ${scripts.length} files (budget ${kB} kB)`);
      expect(scripts.length).toBeGreaterThan(0);
      for (const script of scripts) expect(script.encoding, script.url).toMatch(/^(br|gzip)$/);
      // The markers the projector check looks for are real: the app's own screens carry them.
      if (route === '/login') {
        for (const { library, marker } of NOT_ON_THE_PROJECTOR.filter((m) => m.library === 'Mantine' || m.library === 'TanStack Query')) {
          expect(
            scripts.some((s) => s.body.includes(marker)),
            `${library}'s marker on /login`,
          ).toBe(true);
        }
      }
      expect(total, describeLoad(scripts)).toBeLessThanOrEqual(kB * 1000);
    });
  }

  for (const route of ['/screen', '/screen2', '/preview']) {
    it(`${route} loads no Mantine, zod, Query or Markdown renderer first`, async () => {
      const ready = route === '/preview' ? '[data-testid="preview-screen"]' : '[data-testid="projector"]';
      const { scripts } = await firstLoad(h, route, route === '/preview' ? 'master' : null, ready);
      for (const { library, marker } of NOT_ON_THE_PROJECTOR) {
        const carrying = scripts.filter((s) => s.body.includes(marker)).map((s) => s.url);
        expect(carrying, `${library} in ${route}'s first load`).toEqual([]);
      }
    });
  }

  it('still loads the rules with their Markdown when they come on the projector', async () => {
    const { page, scripts } = await firstLoad(h, '/screen', null, '[data-testid="projector"]');
    expect(scripts.some((s) => s.body.includes('DOMPurify'))).toBe(false);
    const admin = await h.newPage();
    await logIn(admin.context, 'admin');
    const added = await admin.context.request.post('/api/the-le', {
      data: { data: { title: 'Thời gian', content: '**30 giây** mỗi câu', order: 1 } },
    });
    expect(added.status(), await added.text()).toBe(200);
    const master = await h.newPage();
    await logIn(master.context, 'master');
    // The renderer (DOMPurify's marker) arrives once the rules are asked for.
    const renderer = page.waitForResponse(
      async (response) => response.url().endsWith('.js') && (await response.text()).includes('DOMPurify'),
    );
    const moved = await master.context.request.put('/api/show', { data: { changes: { phase: 'rules' } } });
    expect(moved.status(), await moved.text()).toBe(200);
    await renderer;
    await page.locator('[data-testid="rules"] strong', { hasText: '30 giây' }).waitFor();
  });
});

/** The ballot (/ while a vote is open): its own JavaScript, and everything a phone fetches for it. */
const BALLOT_OWN_JS_KB = 15;
const BALLOT_ALL_KB = 95;
/** What the ballot may share with the projector's page; anything else it loads is its own. */
const SHARED_WITH_THE_PROJECTOR = /^\/assets\/(react|rolldown-runtime)-[\w-]+\.js$/;
/** Beyond the projector's list: the app's router and the tRPC client stay off the ballot too. */
const NOT_ON_THE_BALLOT = [
  ...NOT_ON_THE_PROJECTOR,
  { library: 'tRPC client', marker: 'TRPCClientError' },
  { library: 'wouter', marker: 'pushState' },
];

describeInBrowser('what a phone downloads for the ballot', (h) => {
  beforeAll(async () => {
    const admin = await requestAs(h, 'admin');
    const ids: string[] = [];
    // A hall's ballot: eight teams with names and units of a usual length.
    for (let n = 1; n <= 8; n++) {
      const response = await admin.post('/trpc/team.create', { data: { data: { name: `THPT Số ${n} Hà Nội`, unit: `Phường ${n}` } } });
      expect(response.status(), await response.text()).toBe(200);
      ids.push((await response.json()).result.data.item._id);
    }
    const master = await requestAs(h, 'master');
    const opened = await master.put('/api/vote', { data: { open: true, teamIds: ids } });
    expect(opened.status(), await opened.text()).toBe(200);
  }, 60_000);

  it(`/ with a vote open: at most ${BALLOT_OWN_JS_KB} kB of its own JavaScript and ${BALLOT_ALL_KB} kB in all, compressed`, async () => {
    const { scripts, all } = await firstLoad(h, '/', null, '[data-testid="ballot-team"]', { width: 390, height: 844 });
    const own = scripts.filter((s) => !SHARED_WITH_THE_PROJECTOR.test(s.url));
    const ownBytes = own.reduce((sum, s) => sum + s.bytes, 0);
    const total = all.reduce((sum, t) => sum + t.bytes, 0);
    const listing = all
      .sort((a, b) => b.bytes - a.bytes)
      .map((t) => `${t.url} ${t.type} ${(t.bytes / 1000).toFixed(1)} kB`)
      .join('\n');
    console.log(
      `[budget] / (ballot): ${(ownBytes / 1000).toFixed(1)} kB of its own JavaScript in ${own.length} files (budget ${BALLOT_OWN_JS_KB} kB), ` +
        `${(total / 1000).toFixed(1)} kB in all in ${all.length} transfers (budget ${BALLOT_ALL_KB} kB)\n${listing}`,
    );
    expect(own.length).toBeGreaterThan(0);
    for (const script of scripts) expect(script.encoding, script.url).toMatch(/^(br|gzip)$/);
    for (const { library, marker } of NOT_ON_THE_BALLOT) {
      expect(
        scripts.filter((s) => s.body.includes(marker)).map((s) => s.url),
        `${library} on the ballot`,
      ).toEqual([]);
    }
    // The system face: no web font on the ballot.
    expect(all.filter((t) => t.type === 'Font').map((t) => t.url)).toEqual([]);
    expect(ownBytes, describeLoad(own)).toBeLessThanOrEqual(BALLOT_OWN_JS_KB * 1000);
    expect(total, listing).toBeLessThanOrEqual(BALLOT_ALL_KB * 1000);
  });
});
