/**
 * Two consoles at once, in real browser pages: the admin's /master and the master's /master each
 * list the other (and the master's second tab lists both); a move made on one is toasted on the
 * others, naming who made it, and never on the console that made it.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../src/constants';
import { ACCOUNTS, browserAvailable, type Harness, screenshotDir, startHarness, waitForApp } from './harness';

const available = browserAvailable();
const ADMIN = 'Quản trị viên';
const MASTER = 'Người dùng master';
const EVIDENCE = process.env.EVIDENCE_DIR;

async function logIn(context: BrowserContext, role: Role): Promise<void> {
  const response = await context.request.post('/login', { data: ACCOUNTS[role] });
  expect(response.status()).toBe(200);
}

async function openConsole(page: Page): Promise<Page> {
  await page.goto('/master');
  await waitForApp(page);
  await page.getByTestId('master-console').waitFor();
  return page;
}

const listed = (page: Page) => page.getByTestId('other-console');
const toasts = (page: Page, text: string) => page.locator('.mantine-Notification-root', { hasText: text });

describe.skipIf(!available)('two consoles at once', () => {
  let h: Harness;

  beforeAll(async () => {
    h = await startHarness();
  }, 60_000);
  afterAll(async () => {
    await h?.close();
  });

  it('lists each console on the others and toasts a move, naming its maker, everywhere but where it was made', async () => {
    const viewport = { width: 1440, height: 900 };
    const adminSide = await h.newPage(viewport);
    await logIn(adminSide.context, 'admin');
    const masterSide = await h.newPage(viewport);
    await logIn(masterSide.context, 'master');
    const admin = await openConsole(adminSide.page);
    const master = await openConsole(masterSide.page);

    // Each lists the other: who, since when.
    await listed(admin).filter({ hasText: MASTER }).waitFor();
    await listed(master).filter({ hasText: ADMIN }).waitFor();
    expect(await listed(admin).count()).toBe(1);
    expect(await listed(master).innerText()).toMatch(/từ \d\d:\d\d/);

    // The admin blanks the screen: the master is told who did it and what.
    await admin.getByRole('button', { name: 'Màn hình trống', exact: true }).click();
    const adminMove = `${ADMIN} vừa thao tác: màn hình chính: Trống`;
    await toasts(master, adminMove).waitFor();

    // The master answers with the round card: the admin is told, and by now has had the echo of
    // its own move too (the same stream, in order), without a toast for it.
    await master.getByRole('button', { name: 'Tên phần thi', exact: true }).click();
    const masterMove = `${MASTER} vừa thao tác: màn hình chính: Tên phần thi`;
    await toasts(admin, masterMove).waitFor();
    await expect.poll(() => admin.getByTestId('master-phase').innerText()).toBe('Tên phần thi');
    expect(await toasts(admin, `${ADMIN} vừa thao tác`).count()).toBe(0);
    expect(await toasts(master, `${MASTER} vừa thao tác`).count()).toBe(0);

    fs.mkdirSync(screenshotDir, { recursive: true });
    await master.screenshot({ path: path.join(screenshotDir, 'master-other-console.png') });
    if (EVIDENCE) await master.screenshot({ path: path.join(EVIDENCE, 'master-other-console.png') });

    // The master's second tab is a console of its own: it lists the first tab as the same account,
    // and the first tab is told of its moves.
    const secondTab = await masterSide.context.newPage();
    secondTab.on('pageerror', (error) => masterSide.errors.push(error.message));
    await openConsole(secondTab);
    await listed(secondTab).filter({ hasText: `${MASTER} (tài khoản của bạn)` }).waitFor();
    await listed(master).filter({ hasText: `${MASTER} (tài khoản của bạn)` }).waitFor();
    await expect.poll(() => listed(admin).count()).toBe(2);
    await secondTab.getByRole('button', { name: 'Bảng điểm', exact: true }).click();
    const sameAccountMove = `${MASTER} (tài khoản của bạn) vừa thao tác: màn hình chính: Bảng điểm`;
    await toasts(master, sameAccountMove).waitFor();
    await toasts(admin, `${MASTER} vừa thao tác: màn hình chính: Bảng điểm`).waitFor();
    if (EVIDENCE) await master.screenshot({ path: path.join(EVIDENCE, 'master-same-account-tab.png') });
    expect(await toasts(secondTab, 'vừa thao tác: màn hình chính: Bảng điểm').count()).toBe(0);

    // Closing a console takes it off the others' lists.
    await secondTab.close();
    await admin.close();
    await expect.poll(() => listed(master).count()).toBe(0);
    expect(adminSide.errors).toEqual([]);
    expect(masterSide.errors).toEqual([]);
  });
});
