import fs from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_USER_STORAGE_KEY } from '../../src/constants';
import { messages } from '../../src/messages';
import { ACCOUNTS, browserAvailable, type Harness, root, startHarness, waitForApp } from './harness';
import { screenshotDir } from './harness';

const available = browserAvailable();
const screenshots = screenshotDir;

async function openAsAdmin(h: Harness, viewport?: { width: number; height: number }) {
  const opened = await h.newPage(viewport);
  const response = await opened.context.request.post('/login', { data: ACCOUNTS.admin });
  expect(response.status()).toBe(200);
  await opened.page.goto('/user');
  await waitForApp(opened.page);
  await opened.page.getByTestId('user-table').waitFor();
  return opened;
}

function toast(page: Page, text: string) {
  return page.locator('.mantine-Notification-root', { hasText: text });
}

function row(page: Page, username: string) {
  return page.locator(`[data-testid="user-row"][data-username="${username}"]`);
}

async function apiUsers(context: BrowserContext) {
  const response = await context.request.get('/api/user/all');
  expect(response.status()).toBe(200);
  return ((await response.json()) as { list: { username: string; fullName: string; mobile: string }[] }).list;
}

async function pickOption(page: Page, input: ReturnType<Page['locator']>, option: string) {
  await input.click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe.skipIf(!available)('/user: the user table in a browser', () => {
  let h: Harness;

  beforeAll(async () => {
    h = await startHarness();
    fs.mkdirSync(screenshots, { recursive: true });
  });
  afterAll(async () => {
    await h?.close();
  });

  it('creates a user through the form: toast, and the row shows the formatted mobile and birthday', async () => {
    const { page, errors } = await openAsAdmin(h);
    await page.getByRole('button', { name: messages.userAdmin.addUser }).click();
    const form = page.getByTestId('user-form');
    await form.getByLabel(messages.username).fill('nguyenvana');
    await form.getByLabel(messages.userAdmin.fullName).fill('Nguyễn Văn An');
    await form.getByLabel(messages.password).fill('mat-khau-rat-dai');
    await form.getByLabel(messages.userAdmin.email).fill('an.nguyen@example.vn');
    await form.getByLabel(messages.userAdmin.mobile).fill('0912345678');
    await form.getByLabel(messages.userAdmin.birthday).fill('05/03/1990');
    await pickOption(page, form.getByLabel(messages.userAdmin.role), messages.roleNames.judge);
    await form.getByRole('button', { name: messages.userAdmin.create }).click();

    await expect.poll(() => toast(page, messages.userCreated).count()).toBe(1);
    await row(page, 'nguyenvana').waitFor();
    const text = await row(page, 'nguyenvana').textContent();
    expect(text).toContain('Nguyễn Văn An');
    expect(text).toContain('0912 345 678');
    expect(text).toContain('05/03/1990');
    expect(text).toContain(messages.roleNames.judge);
    // Judges get the judge link action.
    expect(await row(page, 'nguyenvana').getByTestId('judge-link-action').count()).toBe(1);
    expect(errors).toEqual([]);
  });

  it('shows a bad mobile at the field and saves nothing', async () => {
    const { page, context, errors } = await openAsAdmin(h);
    await page.getByRole('button', { name: messages.userAdmin.addUser }).click();
    const form = page.getByTestId('user-form');
    await form.getByLabel(messages.username).fill('sai.sodienthoai');
    await form.getByLabel(messages.userAdmin.fullName).fill('Trần Thị Bình');
    await form.getByLabel(messages.password).fill('mat-khau-rat-dai');
    await form.getByLabel(messages.userAdmin.mobile).fill('12345');
    await form.getByRole('button', { name: messages.userAdmin.create }).click();
    await form.getByText(messages.invalidMobile).waitFor();
    await page.keyboard.press('Escape');

    // Editing an existing user: the same check, and the stored mobile stays.
    await row(page, 'nguyenvana').getByRole('button', { name: messages.userAdmin.editUser }).click();
    const editForm = page.getByTestId('user-form');
    await editForm.getByLabel(messages.userAdmin.mobile).fill('999');
    await editForm.getByRole('button', { name: messages.userAdmin.save }).click();
    await editForm.getByText(messages.invalidMobile).waitFor();
    expect(await toast(page, messages.userUpdated).count()).toBe(0);

    const users = await apiUsers(context);
    expect(users.some((u) => u.username === 'sai.sodienthoai')).toBe(false);
    expect(users.find((u) => u.username === 'nguyenvana')?.mobile).toBe('0912345678');
    expect(errors).toEqual([]);
  });

  it('marks the field the server refuses: a username already taken', async () => {
    const { page, errors } = await openAsAdmin(h);
    await page.getByRole('button', { name: messages.userAdmin.addUser }).click();
    const form = page.getByTestId('user-form');
    await form.getByLabel(messages.username).fill(ACCOUNTS.judge.username);
    await form.getByLabel(messages.userAdmin.fullName).fill('Trùng tên');
    await form.getByLabel(messages.password).fill('mat-khau-rat-dai');
    await form.getByRole('button', { name: messages.userAdmin.create }).click();
    await expect
      .poll(() => toast(page, `${messages.userCreateError} ${messages.usernameTaken}`).count())
      .toBe(1);
    await form.getByText(messages.usernameTaken).waitFor();
    expect(errors).toEqual([]);
  });

  it('edits a user: toast, and the row shows the change', async () => {
    const { page, errors } = await openAsAdmin(h);
    await row(page, 'nguyenvana').getByRole('button', { name: messages.userAdmin.editUser }).click();
    const form = page.getByTestId('user-form');
    expect(await form.getByLabel(messages.userAdmin.birthday).inputValue()).toBe('05/03/1990');
    await form.getByLabel(messages.userAdmin.fullName).fill('Nguyễn Văn Ánh');
    await form.getByLabel(messages.userAdmin.mobile).fill('02438251234');
    await form.getByRole('button', { name: messages.userAdmin.save }).click();
    await expect.poll(() => toast(page, messages.userUpdated).count()).toBe(1);
    await expect.poll(() => row(page, 'nguyenvana').textContent()).toContain('Nguyễn Văn Ánh');
    expect(await row(page, 'nguyenvana').textContent()).toContain('(024) 3825 1234');
    expect(errors).toEqual([]);
  });

  it('resets a password: the user logs in with the new one', async () => {
    const { page, errors } = await openAsAdmin(h);
    await row(page, 'nguyenvana').getByRole('button', { name: messages.userAdmin.resetPassword }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(messages.userAdmin.newPassword).fill('ngan');
    await dialog.getByRole('button', { name: messages.userAdmin.save }).click();
    await dialog.getByText(messages.passwordTooShort).waitFor();
    await dialog.getByLabel(messages.userAdmin.newPassword).fill('mat-khau-moi-2026');
    await dialog.getByRole('button', { name: messages.userAdmin.save }).click();
    await expect.poll(() => toast(page, messages.userUpdated).count()).toBe(1);

    const other = await h.newPage();
    const login = await other.context.request.post('/login', { data: { username: 'nguyenvana', password: 'mat-khau-moi-2026' } });
    expect(login.status()).toBe(200);
    expect(errors).toEqual([]);
  });

  it('lifts a lockout after too many wrong passwords from the password dialog', async () => {
    const other = await h.newPage();
    for (let i = 0; i < 6; i++) await other.context.request.post('/login', { data: { username: 'nguyenvana', password: `sai-${i}` } });
    const locked = await other.context.request.post('/login', { data: { username: 'nguyenvana', password: 'mat-khau-moi-2026' } });
    expect(locked.status()).toBe(429);
    const { page, errors } = await openAsAdmin(h);
    await row(page, 'nguyenvana').getByRole('button', { name: messages.userAdmin.resetPassword }).click();
    await page.getByRole('dialog').getByRole('button', { name: messages.userAdmin.clearLockout }).click();
    await expect.poll(() => toast(page, messages.userAdmin.lockoutCleared).count()).toBe(1);
    const again = await other.context.request.post('/login', { data: { username: 'nguyenvana', password: 'mat-khau-moi-2026' } });
    expect(again.status()).toBe(200);
    expect(errors).toEqual([]);
  });

  it('deletes a user after the confirmation: an 800 ms toast, and the row is gone', async () => {
    const { page, errors } = await openAsAdmin(h);
    await row(page, 'nguyenvana').getByRole('button', { name: messages.userAdmin.deleteUser }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Nguyễn Văn Ánh (nguyenvana)').waitFor();
    // Huỷ keeps the user.
    await dialog.getByRole('button', { name: messages.cancel }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await row(page, 'nguyenvana').count()).toBe(1);

    await row(page, 'nguyenvana').getByRole('button', { name: messages.userAdmin.deleteUser }).click();
    await page.getByRole('dialog').getByRole('button', { name: messages.agree }).click();
    const shownAt = Date.now();
    await expect.poll(() => toast(page, messages.userDeleted).count(), { interval: 20 }).toBe(1);
    await row(page, 'nguyenvana').waitFor({ state: 'detached' });
    // The success alert lasts DELETE_USER_ALERT_MS (800 ms), then leaves.
    await toast(page, messages.userDeleted).waitFor({ state: 'detached', timeout: 3000 });
    expect(Date.now() - shownAt).toBeLessThan(2000);
    expect(errors).toEqual([]);
  });

  it('refuses to delete the last admin with the server reason', async () => {
    const { page, errors } = await openAsAdmin(h);
    await row(page, 'admin').getByRole('button', { name: messages.userAdmin.deleteUser }).click();
    await page.getByRole('dialog').getByRole('button', { name: messages.agree }).click();
    await expect.poll(() => toast(page, `${messages.userDeleteError} ${messages.lastAdmin}`).count()).toBe(1);
    expect(await row(page, 'admin').count()).toBe(1);
    expect(errors).toEqual([]);
  });

  it('keeps page size and search in local storage under adminUser across a reload; search ignores diacritics', async () => {
    const { page, context, errors } = await openAsAdmin(h);
    const names = ['Nguyễn Thị Hồng', 'Nguyễn Đức Minh', 'Phạm Quang Huy'];
    for (const [i, fullName] of names.entries()) {
      const response = await context.request.post('/api/user', {
        data: { user: { username: `timkiem${i}`, fullName, password: 'mat-khau-rat-dai', role: 'judge' } },
      });
      expect(response.status()).toBe(200);
    }
    await page.reload();
    await page.getByTestId('user-table').waitFor();

    await pickOption(page, page.getByRole('combobox', { name: messages.userAdmin.pageSizeLabel }), messages.userAdmin.pageSizeOption(10));
    await page.getByTestId('user-search').fill('nguyen');
    await expect.poll(() => page.getByTestId('user-row').count()).toBe(2);

    const stored = async () => JSON.parse((await page.evaluate((key) => localStorage.getItem(key), ADMIN_USER_STORAGE_KEY)) ?? 'null');
    await expect.poll(stored).toEqual({ pageNumber: 1, pageSize: 10, condition: { search: 'nguyen' } });

    await page.reload();
    await page.getByTestId('user-table').waitFor();
    expect(await stored()).toEqual({ pageNumber: 1, pageSize: 10, condition: { search: 'nguyen' } });
    expect(await page.getByTestId('user-search').inputValue()).toBe('nguyen');
    expect(await page.getByRole('combobox', { name: messages.userAdmin.pageSizeLabel }).inputValue()).toBe(messages.userAdmin.pageSizeOption(10));
    expect(await page.getByTestId('user-row').count()).toBe(2);
    expect(await page.getByTestId('user-total').textContent()).toBe(messages.userAdmin.pageTotal(1, 2, 2));
    expect(errors).toEqual([]);
  });

  it('starts at page 1 with 50 a page when nothing is stored', async () => {
    const { page, errors } = await openAsAdmin(h);
    expect(await page.getByRole('combobox', { name: messages.userAdmin.pageSizeLabel }).inputValue()).toBe(messages.userAdmin.pageSizeOption(50));
    await expect
      .poll(async () => JSON.parse((await page.evaluate((key) => localStorage.getItem(key), ADMIN_USER_STORAGE_KEY)) ?? 'null'))
      .toEqual({ pageNumber: 1, pageSize: 50, condition: {} });
    expect(errors).toEqual([]);
  });

  it('keeps a screenshot of the table with Vietnamese names at 1440×900', async () => {
    const { page, context } = await openAsAdmin(h, { width: 1440, height: 900 });
    const teamIds: string[] = [];
    for (const name of ['THPT Chu Văn An', 'THPT Phan Đình Phùng']) {
      const response = await context.request.post('/api/team', { data: { data: { name, unit: 'Quận Ba Đình' } } });
      expect(response.status()).toBe(200);
      teamIds.push(((await response.json()) as { item: { _id: string } }).item._id);
    }
    const people: [string, string, string, string, string, number][] = [
      ['bantochuc', 'Lê Thị Thu Hà', 'admin', '0983123456', '1985-11-20', 1],
      ['dieukhien2', 'Đỗ Minh Quân', 'master', '0904555888', '1990-02-14', 2],
      ['gk.hoang', 'PGS.TS Hoàng Văn Tuấn', 'judge', '0912000111', '1968-07-09', 10],
      ['gk.ngoc', 'ThS. Vũ Bảo Ngọc', 'judge', '02437330999', '1979-04-30', 11],
      ['gk.dung', 'Bùi Tiến Dũng', 'judge', '0978246810', '1982-12-01', 12],
      ['doi.chuvanan', 'Trương Gia Bảo', 'team', '0367111222', '2008-09-05', 20],
      ['doi.phandinhphung', 'Phan Khánh Linh', 'team', '0388999000', '2008-01-17', 21],
    ];
    for (const [username, fullName, role, mobile, birthday, priority] of people) {
      const teamId = role === 'team' ? (teamIds[username === 'doi.chuvanan' ? 0 : 1] ?? null) : null;
      const response = await context.request.post('/api/user', {
        data: {
          user: { username, fullName, role, mobile, birthday, priority, teamId, password: 'mat-khau-rat-dai', email: `${username.replace('.', '')}@hoithi.vn` },
        },
      });
      expect(response.status()).toBe(200);
    }
    await page.reload();
    await page.getByTestId('user-table').waitFor();
    await expect.poll(() => page.getByTestId('user-row').count()).toBeGreaterThanOrEqual(10);
    await page.screenshot({ path: path.join(screenshots, 'users.png') });
  });
});
