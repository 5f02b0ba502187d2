/**
 * What a device downloads before a screen is up: the JavaScript a fresh Chromium profile transfers
 * (compressed, headers included, as DevTools counts it) until the network is quiet, against a budget
 * per screen. A hall's Wi-Fi is shared by every phone and projector; a budget that grows fails here.
 * The projector's page must also stay free of the admin kit: no Mantine, zod, TanStack Query or
 * Markdown renderer in its first load.
 */
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import type { Role } from '../../src/constants';
import { describeInBrowser, type Harness, logIn } from './harness';

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

/** Opens `route` in a fresh context and returns every script it transferred until the network was quiet. */
async function firstLoad(h: Harness, route: string, who: Role | null, ready: string): Promise<{ page: Page; scripts: Loaded[] }> {
  const { context, page } = await h.newPage({ width: 1366, height: 768 });
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
  for (const { requestId, bytes } of finished) {
    const response = seen.get(requestId);
    if (response?.type !== 'Script') continue;
    const { body } = await cdp.send('Network.getResponseBody', { requestId });
    scripts.push({ url: new URL(response.url).pathname, bytes, encoding: response.encoding, body });
  }
  return { page, scripts };
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
