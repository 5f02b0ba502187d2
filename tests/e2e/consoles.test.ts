/**
 * Two consoles at once, in real browser pages: the admin's /master and the master's /master each
 * list the other (and the master's second tab lists both); a move made on one is toasted on the
 * others, naming who made it, and never on the console that made it.
 */
import path from 'node:path';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { describeInBrowser, pageAs, toast, waitForApp } from './harness';

const ADMIN = 'Quản trị viên';
const MASTER = 'Người dùng master';
const EVIDENCE = process.env.EVIDENCE_DIR;

async function openConsole(page: Page): Promise<Page> {
  await page.goto('/master');
  await waitForApp(page);
  await page.getByTestId('master-console').waitFor();
  return page;
}

const listed = (page: Page) => page.getByTestId('other-console');

describeInBrowser('two consoles at once', (h) => {
  it('lists each console on the others and toasts a move, naming its maker, everywhere but where it was made', async () => {
    const viewport = { width: 1440, height: 900 };
    const adminSide = await pageAs(h, 'admin', viewport);
    const masterSide = await pageAs(h, 'master', viewport);
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
    await toast(master, adminMove).waitFor();

    // The master answers with the round card: the admin is told, and by now has had the echo of
    // its own move too (the same stream, in order), without a toast for it.
    await master.getByRole('button', { name: 'Tên phần thi', exact: true }).click();
    const masterMove = `${MASTER} vừa thao tác: màn hình chính: Tên phần thi`;
    await toast(admin, masterMove).waitFor();
    await expect.poll(() => admin.getByTestId('master-phase').innerText()).toBe('Tên phần thi');
    expect(await toast(admin, `${ADMIN} vừa thao tác`).count()).toBe(0);
    expect(await toast(master, `${MASTER} vừa thao tác`).count()).toBe(0);

    if (EVIDENCE) await master.screenshot({ path: path.join(EVIDENCE, 'master-other-console.png') });

    // The master's second tab is a console of its own: it lists the first tab as the same account,
    // and the first tab is told of its moves.
    const secondTab = await masterSide.context.newPage();
    secondTab.on('pageerror', (error) => masterSide.errors.push(error.message));
    await openConsole(secondTab);
    await listed(secondTab)
      .filter({ hasText: `${MASTER} (tài khoản của bạn)` })
      .waitFor();
    await listed(master)
      .filter({ hasText: `${MASTER} (tài khoản của bạn)` })
      .waitFor();
    await expect.poll(() => listed(admin).count()).toBe(2);
    await secondTab.getByRole('button', { name: 'Bảng điểm', exact: true }).click();
    const sameAccountMove = `${MASTER} (tài khoản của bạn) vừa thao tác: màn hình chính: Bảng điểm`;
    await toast(master, sameAccountMove).waitFor();
    await toast(admin, `${MASTER} vừa thao tác: màn hình chính: Bảng điểm`).waitFor();
    if (EVIDENCE) await master.screenshot({ path: path.join(EVIDENCE, 'master-same-account-tab.png') });
    expect(await toast(secondTab, 'vừa thao tác: màn hình chính: Bảng điểm').count()).toBe(0);

    // Closing a console takes it off the others' lists.
    await secondTab.close();
    await admin.close();
    await expect.poll(() => listed(master).count()).toBe(0);
    expect(adminSide.errors).toEqual([]);
    expect(masterSide.errors).toEqual([]);
  });
});
