/**
 * Every route of the app (src/routes.ts), opened in a real browser on the build as the role it is
 * for: the page asks for no file of its own (same origin) that the server does not have, nothing it
 * loads answers 4xx/5xx, and the console stays free of errors. A preload the build lists for a file
 * it never wrote (chunk-files.json) shows here as a 404 and a console error.
 */
import type { Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import { QUESTION_SETS, type Role } from '../../src/constants';
import { questionSetRoutes, ROUTE_PATTERNS, ROUTES } from '../../src/routes';
import { DEMO_QUESTION_SETS } from '../../src-server/demo/content';
import { ACCOUNTS, describeInBrowser, type Harness, pageAs, waitForApp } from './harness';

/** The account each route is opened with (null: anonymous); a route missing here fails the test. */
function roleFor(route: string): Role | null {
  if (route === ROUTES.home || route === ROUTES.login || route === ROUTES.judgeToken) return null;
  if (route === ROUTES.screen || route === ROUTES.screen2) return null;
  if (route === ROUTES.master || route === ROUTES.preview) return 'master';
  if (route === ROUTES.supporter) return 'judge';
  if (route === ROUTES.team) return 'team';
  if (route.startsWith(`${ROUTES.users}`)) return 'admin';
  throw new Error(`No role chosen for ${route}`);
}

/** How a page is known to be drawn: the app's root, or the projector's stage. */
async function waitForPage(page: Page, route: string): Promise<void> {
  if (route === ROUTES.screen || route === ROUTES.screen2 || route === ROUTES.preview) {
    await page.waitForFunction(() => (document.querySelector('#root')?.childElementCount ?? 0) > 0, null, { timeout: 15_000 });
  } else await waitForApp(page);
}

/** What the page got wrong: its own files answered 4xx/5xx or failed, and console errors. */
async function openAndWatch(h: Harness, path: string, route: string, who: Role | null): Promise<string[]> {
  const opened = who ? await pageAs(h, who) : await h.newPage();
  const { page } = opened;
  const origin = new URL(h.url).origin;
  const problems: string[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).origin === origin && response.status() >= 400) {
      problems.push(`${response.status()} ${response.request().resourceType()} ${new URL(response.url()).pathname}`);
    }
  });
  page.on('requestfailed', (request) => {
    if (new URL(request.url()).origin !== origin) return;
    problems.push(`failed ${request.resourceType()} ${new URL(request.url()).pathname}: ${request.failure()?.errorText}`);
  });
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  await page.goto(path);
  await waitForPage(page, route);
  // Whatever the first picture asked for (preloads, lazy chunks, fonts, the calls it makes) has answered.
  await page.waitForLoadState('networkidle');
  await opened.context.close();
  return problems.map((problem) => `${path}: ${problem}`);
}

describeInBrowser('the build serves every file its pages ask for', (h) => {
  /** Per question set's detail route, the id of a set made in it. */
  const setIds = new Map<string, string>();
  beforeAll(async () => {
    const admin = await pageAs(h, 'admin');
    for (const [index, set] of QUESTION_SETS.entries()) {
      const created = await admin.context.request.post(`/api/${set}`, {
        data: { data: { title: `Bộ ${index + 1}`, items: DEMO_QUESTION_SETS[index]!.items.slice(0, 2) } },
      });
      expect(created.status()).toBe(200);
      setIds.set(questionSetRoutes(index + 1).detail, ((await created.json()) as { item: { _id: string } }).item._id);
    }
    await admin.context.close();
  });

  for (const route of ROUTE_PATTERNS) {
    it(`${route}: no 4xx/5xx of its own and no console error`, async () => {
      const path = route.replace(':username', ACCOUNTS.judge.username).replace(':_id', setIds.get(route) ?? '');
      expect(path, 'a route parameter left unfilled').not.toContain(':');
      expect(await openAndWatch(h, path, route, roleFor(route))).toEqual([]);
    });
  }
});
