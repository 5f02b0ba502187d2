import type { BrowserContext, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { ADMIN_USER_STORAGE_KEY, DELETE_USER_ALERT_MS } from '../../src/constants';
import { messages } from '../../src/messages';
import { ACCOUNTS, describeInBrowser, type Harness, pageAs, toast, waitForApp } from './harness';

/** The admin's /user screen, its table rendered; `beforeOpen` runs first (a clock to install, say). */
async function openAsAdmin(h: Harness, beforeOpen?: (page: Page) => Promise<void>) {
  const opened = await pageAs(h, 'admin');
  await beforeOpen?.(opened.page);
  await opened.page.goto('/user');
  await waitForApp(opened.page);
  await opened.page.getByTestId('user-table').waitFor();
  return opened;
}

/** A user made through the API, for a test that needs one to work on. */
async function createUser(
  context: BrowserContext,
  user: { username: string; fullName: string; password?: string; mobile?: string; birthday?: string; role?: string },
): Promise<void> {
  const response = await context.request.post('/api/user', { data: { user: { password: 'mat-khau-rat-dai', role: 'judge', ...user } } });
  expect(response.status(), await response.text()).toBe(200);
}

function row(page: Page, username: string) {
  return page.locator(`[data-testid="user-row"][data-username="${username}"]`);
}

async function apiUsers(context: BrowserContext) {
  const response = await context.request.get('/api/user/all');
  expect(response.status()).toBe(200);
  return ((await response.json()) as { list: { username: string; fullName: string; mobile: string }[] }).list;
}

/** Opens the add-user form and fills the username, the full name and a password; the form. */
async function startNewUser(page: Page, username: string, fullName: string) {
  await page.getByRole('button', { name: messages.userAdmin.addUser }).click();
  const form = page.getByTestId('user-form');
  await form.getByLabel(messages.username).fill(username);
  await form.getByLabel(messages.userAdmin.fullName).fill(fullName);
  await form.getByLabel(messages.password).fill('mat-khau-rat-dai');
  return form;
}

async function pickOption(page: Page, input: ReturnType<Page['locator']>, option: string) {
  await input.click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describeInBrowser('/user: the user table in a browser', (h) => {
  it('creates a user through the form: toast, and the row shows the formatted mobile and birthday', async () => {
    const { page, errors } = await openAsAdmin(h);
    const form = await startNewUser(page, 'nguyenvana', 'Nguyễn Văn An');
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
    await createUser(context, { username: 'lethimai', fullName: 'Lê Thị Mai', mobile: '0912345678' });
    await page.reload();
    await row(page, 'lethimai').waitFor();
    const form = await startNewUser(page, 'sai.sodienthoai', 'Trần Thị Bình');
    await form.getByLabel(messages.userAdmin.mobile).fill('12345');
    await form.getByRole('button', { name: messages.userAdmin.create }).click();
    await form.getByText(messages.invalidMobile).waitFor();
    await page.keyboard.press('Escape');

    // Editing an existing user: the same check, and the stored mobile stays.
    await row(page, 'lethimai').getByRole('button', { name: messages.userAdmin.editUser }).click();
    const editForm = page.getByTestId('user-form');
    await editForm.getByLabel(messages.userAdmin.mobile).fill('999');
    await editForm.getByRole('button', { name: messages.userAdmin.save }).click();
    await editForm.getByText(messages.invalidMobile).waitFor();
    expect(await toast(page, messages.userUpdated).count()).toBe(0);

    const users = await apiUsers(context);
    expect(users.some((u) => u.username === 'sai.sodienthoai')).toBe(false);
    expect(users.find((u) => u.username === 'lethimai')?.mobile).toBe('0912345678');
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
    await expect.poll(() => toast(page, `${messages.userCreateError} ${messages.usernameTaken}`).count()).toBe(1);
    await form.getByText(messages.usernameTaken).waitFor();
    expect(errors).toEqual([]);
  });

  it('edits a user: toast, and the row shows the change', async () => {
    const { page, context, errors } = await openAsAdmin(h);
    await createUser(context, { username: 'nguyenvanb', fullName: 'Nguyễn Văn Bình', mobile: '0912345678', birthday: '1990-03-05' });
    await page.reload();
    await row(page, 'nguyenvanb').getByRole('button', { name: messages.userAdmin.editUser }).click();
    const form = page.getByTestId('user-form');
    expect(await form.getByLabel(messages.userAdmin.birthday).inputValue()).toBe('05/03/1990');
    await form.getByLabel(messages.userAdmin.fullName).fill('Nguyễn Văn Ánh');
    await form.getByLabel(messages.userAdmin.mobile).fill('02438251234');
    await form.getByRole('button', { name: messages.userAdmin.save }).click();
    await expect.poll(() => toast(page, messages.userUpdated).count()).toBe(1);
    await expect.poll(() => row(page, 'nguyenvanb').textContent()).toContain('Nguyễn Văn Ánh');
    expect(await row(page, 'nguyenvanb').textContent()).toContain('(024) 3825 1234');
    expect(errors).toEqual([]);
  });

  it('resets a password: the user logs in with the new one', async () => {
    const { page, context, errors } = await openAsAdmin(h);
    await createUser(context, { username: 'hoangvanc', fullName: 'Hoàng Văn Cường' });
    await page.reload();
    await row(page, 'hoangvanc').getByRole('button', { name: messages.userAdmin.resetPassword }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(messages.userAdmin.newPassword).fill('ngan');
    await dialog.getByRole('button', { name: messages.userAdmin.save }).click();
    await dialog.getByText(messages.passwordTooShort).waitFor();
    await dialog.getByLabel(messages.userAdmin.newPassword).fill('mat-khau-moi-2026');
    await dialog.getByRole('button', { name: messages.userAdmin.save }).click();
    await expect.poll(() => toast(page, messages.userUpdated).count()).toBe(1);

    const other = await h.newPage();
    const login = await other.context.request.post('/login', { data: { username: 'hoangvanc', password: 'mat-khau-moi-2026' } });
    expect(login.status()).toBe(200);
    expect(errors).toEqual([]);
  });

  it('lifts a lockout after too many wrong passwords from the password dialog', async () => {
    const { page, context, errors } = await openAsAdmin(h);
    await createUser(context, { username: 'dothid', fullName: 'Đỗ Thị Dung', password: 'mat-khau-moi-2026' });
    const other = await h.newPage();
    for (let i = 0; i < 6; i++) await other.context.request.post('/login', { data: { username: 'dothid', password: `sai-${i}` } });
    const locked = await other.context.request.post('/login', { data: { username: 'dothid', password: 'mat-khau-moi-2026' } });
    expect(locked.status()).toBe(429);
    await page.reload();
    await row(page, 'dothid').getByRole('button', { name: messages.userAdmin.resetPassword }).click();
    await page.getByRole('dialog').getByRole('button', { name: messages.userAdmin.clearLockout }).click();
    await expect.poll(() => toast(page, messages.userAdmin.lockoutCleared).count()).toBe(1);
    const again = await other.context.request.post('/login', { data: { username: 'dothid', password: 'mat-khau-moi-2026' } });
    expect(again.status()).toBe(200);
    expect(errors).toEqual([]);
  });

  it('deletes a user after the confirmation: an 800 ms toast, and the row is gone', async () => {
    // The page's timers run on a clock the test moves on, rather than waiting the alert out.
    const { page, context, errors } = await openAsAdmin(h, (page) => page.clock.install());
    await createUser(context, { username: 'vuthie', fullName: 'Vũ Thị Én' });
    await page.reload();
    await row(page, 'vuthie').getByRole('button', { name: messages.userAdmin.deleteUser }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Vũ Thị Én (vuthie)').waitFor();
    // Huỷ keeps the user.
    await dialog.getByRole('button', { name: messages.cancel }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await row(page, 'vuthie').count()).toBe(1);

    await row(page, 'vuthie').getByRole('button', { name: messages.userAdmin.deleteUser }).click();
    await page.getByRole('dialog').getByRole('button', { name: messages.agree }).click();
    const shownAt = Date.now();
    await expect.poll(() => toast(page, messages.userDeleted).count(), { interval: 20 }).toBe(1);
    await row(page, 'vuthie').waitFor({ state: 'detached' });
    // The success alert lasts DELETE_USER_ALERT_MS (800 ms), then leaves.
    await page.clock.runFor(DELETE_USER_ALERT_MS);
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
    // A family name no other test uses, so the count is this test's own.
    const names = ['Triệu Thị Hồng', 'Triệu Đức Minh', 'Phạm Quang Huy'];
    for (const [i, fullName] of names.entries()) {
      const response = await context.request.post('/api/user', {
        data: { user: { username: `timkiem${i}`, fullName, password: 'mat-khau-rat-dai', role: 'judge' } },
      });
      expect(response.status()).toBe(200);
    }
    await page.reload();
    await page.getByTestId('user-table').waitFor();

    await pickOption(page, page.getByRole('combobox', { name: messages.userAdmin.pageSizeLabel }), messages.userAdmin.pageSizeOption(10));
    await page.getByTestId('user-search').fill('trieu');
    await expect.poll(() => page.getByTestId('user-row').count()).toBe(2);

    const stored = async () => JSON.parse((await page.evaluate((key) => localStorage.getItem(key), ADMIN_USER_STORAGE_KEY)) ?? 'null');
    await expect.poll(stored).toEqual({ pageNumber: 1, pageSize: 10, condition: { search: 'trieu' } });

    await page.reload();
    await page.getByTestId('user-table').waitFor();
    expect(await stored()).toEqual({ pageNumber: 1, pageSize: 10, condition: { search: 'trieu' } });
    expect(await page.getByTestId('user-search').inputValue()).toBe('trieu');
    expect(await page.getByRole('combobox', { name: messages.userAdmin.pageSizeLabel }).inputValue()).toBe(
      messages.userAdmin.pageSizeOption(10),
    );
    expect(await page.getByTestId('user-row').count()).toBe(2);
    expect(await page.getByTestId('user-total').textContent()).toBe(messages.userAdmin.pageTotal(1, 2, 2));
    expect(errors).toEqual([]);
  });

  it('starts at page 1 with 50 a page when nothing is stored', async () => {
    const { page, errors } = await openAsAdmin(h);
    expect(await page.getByRole('combobox', { name: messages.userAdmin.pageSizeLabel }).inputValue()).toBe(
      messages.userAdmin.pageSizeOption(50),
    );
    await expect
      .poll(async () => JSON.parse((await page.evaluate((key) => localStorage.getItem(key), ADMIN_USER_STORAGE_KEY)) ?? 'null'))
      .toEqual({ pageNumber: 1, pageSize: 50, condition: {} });
    expect(errors).toEqual([]);
  });
});
