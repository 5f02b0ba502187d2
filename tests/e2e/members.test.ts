import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/messages';
import { DEMO_TEAMS } from '../../src-server/demo/content';
import { ACCOUNTS, browserAvailable, type Harness, root, startHarness, waitForApp } from './harness';
import { screenshotDir } from './harness';

const available = browserAvailable();
const screenshots = screenshotDir;
const t = messages.teamAdmin;

async function openAsAdmin(h: Harness, viewport?: { width: number; height: number }) {
  const opened = await h.newPage(viewport);
  const response = await opened.context.request.post('/login', { data: ACCOUNTS.admin });
  expect(response.status()).toBe(200);
  await opened.page.goto('/user/member');
  await waitForApp(opened.page);
  await opened.page.getByRole('button', { name: t.addTeam }).waitFor();
  return opened;
}

function toast(page: Page, text: string) {
  return page.locator('.mantine-Notification-root', { hasText: text });
}

function card(page: Page, name: string) {
  return page.locator(`[data-testid="team-card"][data-team="${name}"]`);
}

describe.skipIf(!available)('/user/member: teams and their members in a browser', () => {
  let h: Harness;

  beforeAll(async () => {
    h = await startHarness();
    fs.mkdirSync(screenshots, { recursive: true });
  });
  afterAll(async () => {
    await h?.close();
  });

  it('creates a team with two members, in the order set in the form', async () => {
    const { page, errors } = await openAsAdmin(h);
    await page.getByRole('button', { name: t.addTeam }).click();
    const form = page.getByTestId('team-form');
    // Without a name the form says so at the field and sends nothing.
    await form.getByRole('button', { name: messages.userAdmin.create }).click();
    await form.getByText(messages.teamNameRequired).waitFor();

    await form.getByLabel(t.teamName).fill('THPT Thăng Long');
    await form.getByLabel(t.teamUnit).fill('Phường Hai Bà Trưng');
    await form.getByLabel(`${t.memberFullName} 1`).fill('Đinh Thu Phương');
    await form.getByLabel(`${t.memberNote} 1`).fill('Lớp 11A1');
    await form.getByRole('button', { name: t.addMember }).click();
    await form.getByLabel(`${t.memberFullName} 2`).fill('Lã Minh Khang');
    await form.getByLabel(`${t.memberNote} 2`).fill('Đội trưởng');
    // The captain goes first.
    await form.getByTestId('member-row').nth(1).getByRole('button', { name: t.moveUp }).click();
    expect(await form.getByLabel(`${t.memberFullName} 1`).inputValue()).toBe('Lã Minh Khang');
    await form.getByRole('button', { name: messages.userAdmin.create }).click();

    await expect.poll(() => toast(page, messages.created).count()).toBe(1);
    await card(page, 'THPT Thăng Long').waitFor();
    const text = (await card(page, 'THPT Thăng Long').textContent()) ?? '';
    expect(text).toContain('Phường Hai Bà Trưng');
    expect(text.indexOf('Lã Minh Khang')).toBeLessThan(text.indexOf('Đinh Thu Phương'));
    expect(text).toContain('Đội trưởng');
    expect(errors).toEqual([]);
  });

  it('edits a team: new name, a member removed', async () => {
    const { page, errors } = await openAsAdmin(h);
    await card(page, 'THPT Thăng Long').getByRole('button', { name: t.editTeam }).click();
    const form = page.getByTestId('team-form');
    await form.getByLabel(t.teamName).fill('THPT Thăng Long – Hà Nội');
    await form.getByTestId('member-row').nth(1).getByRole('button', { name: t.removeMember }).click();
    expect(await form.getByTestId('member-row').count()).toBe(1);
    await form.getByRole('button', { name: messages.userAdmin.save }).click();

    await expect.poll(() => toast(page, messages.infoUpdated).count()).toBe(1);
    await card(page, 'THPT Thăng Long – Hà Nội').waitFor();
    const text = await card(page, 'THPT Thăng Long – Hà Nội').textContent();
    expect(text).toContain('Lã Minh Khang');
    expect(text).not.toContain('Đinh Thu Phương');
    expect(errors).toEqual([]);
  });

  it('shows a bad logo address at the field and the server reason when an update fails', async () => {
    const { page, errors } = await openAsAdmin(h);
    await card(page, 'THPT Thăng Long – Hà Nội').getByRole('button', { name: t.editTeam }).click();
    const form = page.getByTestId('team-form');
    await form.getByLabel(t.teamLogoUrl).fill('ftp://logo.png');
    await form.getByRole('button', { name: messages.userAdmin.save }).click();
    await form.getByText(messages.invalidMediaUrl).waitFor();
    expect(await toast(page, messages.infoUpdated).count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('creates a team account from the card: the user form comes preset with role team and that team', async () => {
    const { page, errors } = await openAsAdmin(h);
    const name = 'THPT Thăng Long – Hà Nội';
    await card(page, name).getByRole('button', { name: t.createTeamAccount }).click();
    const form = page.getByTestId('user-form');
    expect(await form.getByRole('combobox', { name: messages.userAdmin.role }).inputValue()).toBe(messages.roleNames.team);
    expect(await form.getByRole('combobox', { name: messages.userAdmin.team }).inputValue()).toBe(name);
    await form.getByLabel(messages.username).fill('doi.thanglong');
    await form.getByLabel(messages.userAdmin.fullName).fill('Tài khoản đội Thăng Long');
    await form.getByLabel(messages.password).fill('mat-khau-rat-dai');
    await form.getByRole('button', { name: messages.userAdmin.create }).click();
    await expect.poll(() => toast(page, messages.userCreated).count()).toBe(1);
    await expect.poll(() => card(page, name).getByTestId('team-accounts').textContent()).toContain('doi.thanglong');
    expect(errors).toEqual([]);
  });

  it('deletes a team after the confirmation', async () => {
    const { page, errors } = await openAsAdmin(h);
    const name = 'THPT Thăng Long – Hà Nội';
    await card(page, name).getByRole('button', { name: t.deleteTeam }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(name, { exact: false }).waitFor();
    await dialog.getByRole('button', { name: messages.agree }).click();
    await expect.poll(() => toast(page, t.teamDeleted).count()).toBe(1);
    await card(page, name).waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
  });

  it('keeps a screenshot of the eight demo teams at 1440×900', async () => {
    const { page, context } = await openAsAdmin(h, { width: 1440, height: 900 });
    const ids: string[] = [];
    for (const [index, team] of DEMO_TEAMS.entries()) {
      const members = team.members.map((fullName, i) => ({ fullName, note: i === 0 ? 'Đội trưởng' : `Lớp 11A${i + 1}` }));
      const response = await context.request.post('/api/team', {
        data: { data: { name: team.name, unit: team.unit, members, priority: index + 1 } },
      });
      expect(response.status()).toBe(200);
      ids.push(((await response.json()) as { item: { _id: string } }).item._id);
    }
    for (const [index, username] of ['doi.chuvanan', 'doi.ams'].entries()) {
      const response = await context.request.post('/api/user', {
        data: { user: { username, fullName: `Tài khoản ${DEMO_TEAMS[index]?.name}`, password: 'mat-khau-rat-dai', role: 'team', teamId: ids[index] } },
      });
      expect(response.status()).toBe(200);
    }
    await page.reload();
    await expect.poll(() => page.getByTestId('team-card').count()).toBe(DEMO_TEAMS.length);
    await page.screenshot({ path: path.join(screenshots, 'members.png') });
  });
});
