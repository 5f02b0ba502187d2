/**
 * Browser tests: the real server in-process on an in-memory database, serving the built client,
 * driven by Chromium through playwright-core. Chromium is never downloaded: without it the tests
 * are skipped with a reason, unless E2E_REQUIRED=1.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type APIRequestContext, type APIResponse, type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { CHROMIUM_ARGS } from '../../scripts/lib/chromium.mjs';
import type { Role } from '../../src/constants';
import type { TShowChanges } from '../../src/schemas/show';
import { readConfig } from '../../src-server/config';
import { openDatabase } from '../../src-server/db/connection';
import { hashPassword } from '../../src-server/features/auth/password';
import { type RunningServer, startServer } from '../../src-server/server';
import { insertAccounts } from '../helpers/accounts';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const ADMIN_PASSWORD = 'admin-pass-123';
export const USER_PASSWORD = 'mat-khau-e2e-123';

/** One account per role; admin is the server's first admin. */
export const ACCOUNTS: Record<Role, { username: string; password: string }> = {
  admin: { username: 'admin', password: ADMIN_PASSWORD },
  master: { username: 'dieukhien', password: USER_PASSWORD },
  judge: { username: 'giamkhao1', password: USER_PASSWORD },
  team: { username: 'doi1', password: USER_PASSWORD },
};

let availability: boolean | undefined;
/** Whether the browser tests can run here; prints why not (once), or throws when they are required. */
export function browserAvailable(): boolean {
  if (availability !== undefined) return availability;
  availability = fs.existsSync(CHROMIUM_PATH);
  if (availability) return true;
  const reason = `Chromium not found at ${CHROMIUM_PATH} (set CHROMIUM_PATH)`;
  if (process.env.E2E_REQUIRED === '1') throw new Error(`E2E_REQUIRED=1 but ${reason}`);
  console.warn(`[e2e] skipped: ${reason}`);
  return false;
}

function ensureClientBuilt(): string {
  const clientDir = path.join(root, 'dist/client');
  if (!fs.existsSync(path.join(clientDir, 'index.html'))) {
    const result = spawnSync(process.execPath, ['scripts/build.mjs', '--if-stale'], { cwd: root, stdio: 'inherit' });
    if (result.status !== 0) throw new Error('Building the client failed');
  }
  return clientDir;
}

/** Debian's Chromium, headless, with nothing of its own reaching the network. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS],
  });
}

export interface Harness {
  server: RunningServer;
  browser: Browser;
  url: string;
  /** A fresh browser context (own cookies) and page, with page errors collected. */
  newPage(viewport?: { width: number; height: number }): Promise<{ context: BrowserContext; page: Page; errors: string[] }>;
  /** Stops the server (clients lose their websocket); `start` brings it back on the same port and database. */
  stopServer(): Promise<{ start(): Promise<void> }>;
  close(): Promise<void>;
}

export async function startHarness(): Promise<Harness> {
  const clientDir = ensureClientBuilt();
  // No demo event: the tests create exactly the accounts they use.
  const config = { ...readConfig({}), port: 0, host: '127.0.0.1', clientDir, adminPassword: ADMIN_PASSWORD, seedDemo: false };
  const database = await openDatabase({});
  const server = await startServer(config, { database, log: () => {} });
  const { db } = server.deps;
  const passwordHash = await hashPassword(USER_PASSWORD);
  await insertAccounts(
    db,
    (['master', 'judge', 'team'] as const).map((role) => ({
      username: ACCOUNTS[role].username,
      password_hash: passwordHash,
      full_name: `Người dùng ${role}`,
      role,
    })),
  );

  const browser = await launchBrowser();
  const url = `http://127.0.0.1:${server.port}`;
  const contexts: BrowserContext[] = [];

  const harness: Harness = {
    server,
    browser,
    url,
    async newPage(viewport = { width: 1280, height: 800 }) {
      const context = await browser.newContext({ baseURL: url, viewport, locale: 'vi-VN' });
      contexts.push(context);
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      return { context, page, errors };
    },
    async stopServer() {
      const port = harness.server.port;
      await harness.server.close();
      return {
        async start() {
          harness.server = await startServer({ ...config, port }, { database, log: () => {} });
        },
      };
    },
    async close() {
      for (const context of contexts) await context.close().catch(() => {});
      await browser.close().catch(() => {});
      await harness.server.close();
      await database.close();
    },
  };
  return harness;
}

/**
 * Starts a harness before the tests of the enclosing `describe` and closes it after them. Returns a
 * stand-in that reads through to the running harness (so `h.server` follows a restart); touching it
 * outside a test or hook throws.
 */
export function useHarness(): Harness {
  let current: Harness | undefined;
  beforeAll(async () => {
    current = await startHarness();
  });
  afterAll(async () => {
    await current?.close();
  });
  return new Proxy({} as Harness, {
    get(_target, key) {
      if (!current) throw new Error('The harness runs only inside tests and hooks');
      const value: unknown = Reflect.get(current, key, current);
      return typeof value === 'function' ? value.bind(current) : value;
    },
  });
}

/**
 * The browser tests' block: its own server and Chromium for the tests inside (see `useHarness`),
 * skipped with the reason printed when Chromium (or whatever `needs` says) is missing.
 */
export function describeInBrowser(name: string, body: (h: Harness) => void, { needs = true } = {}): void {
  describe.skipIf(!browserAvailable() || !needs)(name, () => {
    body(useHarness());
  });
}

export type Credentials = { username: string; password: string };

/** Signs a browser context in by the login call (no form): its pages and `context.request` carry the cookie. */
export async function logIn(context: BrowserContext, who: Role | Credentials): Promise<void> {
  const response = await context.request.post('/login', { data: typeof who === 'string' ? ACCOUNTS[who] : who });
  expect(response.status(), await response.text()).toBe(200);
}

/** A fresh page (own cookies) signed in as `who`. */
export async function pageAs(h: Harness, who: Role | Credentials, viewport?: { width: number; height: number }) {
  const opened = await h.newPage(viewport);
  await logIn(opened.context, who);
  return opened;
}

/** The HTTP client of a fresh context signed in as `who`, for set-up and checks through the API. */
export async function requestAs(h: Harness, who: Role | Credentials): Promise<APIRequestContext> {
  return (await pageAs(h, who)).context.request;
}

/** Expects a 200 (the answer's text as the message) and returns the answer's JSON. */
// biome-ignore lint/suspicious/noExplicitAny: the tests read the answers field by field
export async function expectOk(response: APIResponse): Promise<any> {
  expect(response.status(), await response.text()).toBe(200);
  return response.json();
}

/** A show move (PUT /api/show) as the holder of `request`'s cookie, expecting a 200. */
export async function putShow(request: APIRequestContext, changes: TShowChanges): Promise<void> {
  await expectOk(await request.put('/api/show', { data: { changes } }));
}

/** A tRPC mutation as the holder of `request`'s cookie: expects 200 and returns the result's data. */
// biome-ignore lint/suspicious/noExplicitAny: the tests read the answers field by field
export async function trpcMutation<T = any>(request: APIRequestContext, procedure: string, input: unknown): Promise<T> {
  const response = await request.post(`/trpc/${procedure}`, { data: input });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { result: { data: T } }).result.data;
}

/** A tRPC query (GET, the input in the address) as the holder of `request`'s cookie: expects 200, returns the data. */
// biome-ignore lint/suspicious/noExplicitAny: the tests read the answers field by field
export async function trpcQuery<T = any>(request: APIRequestContext, procedure: string, input?: unknown): Promise<T> {
  const query = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`;
  const response = await request.get(`/trpc/${procedure}${query}`);
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { result: { data: T } }).result.data;
}

/** A fresh page at `route`, signed in as `who` (or anonymous with null), once the app has rendered. */
export async function openAs(h: Harness, route: string, who: Role | Credentials | null, viewport?: { width: number; height: number }) {
  const opened = who ? await pageAs(h, who, viewport) : await h.newPage(viewport);
  await opened.page.goto(route);
  await waitForApp(opened.page);
  return opened;
}

/** The toasts (Mantine notifications) holding `text`. */
export function toast(page: Page, text: string) {
  return page.locator('.mantine-Notification-root', { hasText: text });
}

/**
 * Counts the page's requests that match `match`. `settled()` waits until every one sent so far is
 * answered (or failed), then for a painted frame, so what the answers changed is on screen: a check
 * that something did NOT happen looks once the page has had its chance, not after a guessed wait.
 */
export function watchRequests(page: Page, match: (url: string) => boolean = () => true) {
  let sent = 0;
  let done = 0;
  page.on('request', (request) => {
    if (match(request.url())) sent++;
  });
  const finished = (request: { url(): string }) => {
    if (match(request.url())) done++;
  };
  page.on('requestfinished', finished);
  page.on('requestfailed', finished);
  return {
    sent: () => sent,
    inFlight: () => sent - done,
    async settled(): Promise<void> {
      await expect.poll(() => sent - done).toBe(0);
      await nextFrame(page);
    },
  };
}

/** Resolves after the page has painted two more frames: React has committed what it was given. */
export async function nextFrame(page: Page): Promise<void> {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

/**
 * Waits until every finite animation and transition on the page has ended (a dialog's fade, say), so
 * what is measured is what a person sees once the page is still. Endless ones (a spinner) are skipped.
 */
export async function animationsDone(page: Page): Promise<void> {
  await page.evaluate(async () => {
    for (let round = 0; round < 5; round++) {
      const running = document
        .getAnimations()
        .filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY);
      if (!running.length) return;
      await Promise.all(running.map((a) => a.finished.catch(() => undefined)));
    }
  });
  await nextFrame(page);
}

/** The seconds a countdown shows: "45" or, from a minute up, "9:12". */
export function countdownSeconds(text: string): number {
  const [minutes, seconds] = text.includes(':') ? text.split(':') : ['0', text];
  return Number(minutes) * 60 + Number(seconds);
}

/**
 * Reads two countdowns side by side (every 100 ms) until they have shown the same number in
 * `seconds` different seconds: the readings' differences, and how many agreed.
 *
 * Each reading is taken as A, B, A again. The two pages cannot be read at one instant, and on a
 * loaded machine a reading can take longer than a redraw; a reading whose first countdown changed
 * while it was taken straddled a second's boundary, so its difference is kept (it must still be at
 * most 1) but it is not counted towards how many agreed.
 */
export async function compareCountdowns(
  readA: () => Promise<string>,
  readB: () => Promise<string>,
  seconds: number,
): Promise<{ differences: number[]; same: number; steady: number }> {
  const differences: number[] = [];
  let steady = 0;
  let same = 0;
  const agreedOn = new Set<string>();
  await expect
    .poll(
      async () => {
        const a = await readA();
        const b = await readB();
        const aAgain = await readA();
        differences.push(Math.abs(countdownSeconds(a) - countdownSeconds(b)));
        if (a === aAgain) {
          steady += 1;
          if (a === b) same += 1;
        }
        if (a === b) agreedOn.add(a);
        return agreedOn.size;
      },
      { interval: 100 },
    )
    .toBeGreaterThanOrEqual(seconds);
  return { differences, same, steady };
}

/** Logs in through the form and waits for the role's home. */
export async function loginThroughForm(page: Page, role: Role, { open = true } = {}): Promise<void> {
  const { username, password } = ACCOUNTS[role];
  if (open) await page.goto('/login');
  await page.getByLabel('Tên đăng nhập').fill(username);
  await page.getByLabel('Mật khẩu', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Đăng nhập' }).click();
}

/**
 * The app has rendered and the preloader is gone. Both at once: the first render runs in a
 * transition, so for a moment the root holds nothing but Mantine's variables and no preloader is up
 * either.
 */
export async function waitForApp(page: Page): Promise<void> {
  await page.waitForFunction(
    () => document.querySelector('#root > :not(style)') !== null && !document.querySelector('[data-testid="preloader"]'),
    null,
    { timeout: 15_000 },
  );
}
