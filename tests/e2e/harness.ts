/**
 * Browser tests: the real server in-process on an in-memory database, serving the built client,
 * driven by Chromium through playwright-core. Chromium is never downloaded: without it the tests
 * are skipped with a reason, unless E2E_REQUIRED=1.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import type { Role } from '../../src/constants';
import { readConfig } from '../../src-server/config';
import { openDatabase } from '../../src-server/db/connection';
import { hashPassword } from '../../src-server/features/auth/password';
import { type RunningServer, startServer } from '../../src-server/server';

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

/** Whether the browser tests can run here; prints why not, or throws when they are required. */
export function browserAvailable(): boolean {
  if (fs.existsSync(CHROMIUM_PATH)) return true;
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
  for (const role of ['master', 'judge', 'team'] as const) {
    await db
      .insertInto('users')
      .values({ username: ACCOUNTS[role].username, password_hash: passwordHash, full_name: `Người dùng ${role}`, role })
      .execute();
  }

  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
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

/** Logs in through the form and waits for the role's home. */
export async function loginThroughForm(page: Page, role: Role, { open = true } = {}): Promise<void> {
  const { username, password } = ACCOUNTS[role];
  if (open) await page.goto('/login');
  await page.getByLabel('Tên đăng nhập').fill(username);
  await page.getByLabel('Mật khẩu', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Đăng nhập' }).click();
}

/** The preloader is gone and the app has rendered. */
export async function waitForApp(page: Page): Promise<void> {
  await page.waitForSelector('[data-testid="preloader"]', { state: 'detached', timeout: 15_000 });
}

/**
 * Where tests save screenshots: test-results/screenshots by default, so a test run leaves the work
 * tree clean; `SCREENSHOTS=docs` refreshes the ones kept in docs/screenshots.
 */
export const screenshotDir = path.join(root, process.env.SCREENSHOTS === 'docs' ? 'docs/screenshots' : 'test-results/screenshots');
fs.mkdirSync(screenshotDir, { recursive: true });
