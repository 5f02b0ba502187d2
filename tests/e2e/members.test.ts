import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { messages } from '../../src/messages';
import { describeInBrowser, type Harness, openAs, requestAs, toast } from './harness';

const t = messages.teamAdmin;

/** A team made through the API for a test. */
type NewTeam = { name: string; members?: { fullName: string; note?: string }[] };

/**
 * The admin's /user/member screen, after the teams a test needs are made through the API (each
 * test its own, so none relies on another having run).
 */
async function openAsAdmin(h: Harness, teams: NewTeam[] = []) {
  const admin = await requestAs(h, 'admin');
  for (const team of teams) {
    const response = await admin.post('/api/team', { data: { data: { unit: 'Phường Hai Bà Trưng', ...team } } });
    expect(response.status(), await response.text()).toBe(200);
  }
  const opened = await openAs(h, '/user/member', 'admin');
  await opened.page.getByRole('button', { name: t.addTeam }).waitFor();
  return opened;
}

function card(page: Page, name: string) {
  return page.locator(`[data-testid="team-card"][data-team="${name}"]`);
}

/** The admin's screen with the team `team` made for the test, and its card's button `action` clicked. */
async function openTeamAction(h: Harness, team: NewTeam, action: string) {
  const opened = await openAsAdmin(h, [team]);
  await card(opened.page, team.name).getByRole('button', { name: action }).click();
  return opened;
}

describeInBrowser('/user/member: teams and their members in a browser', (h) => {
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
    const members = [
      { fullName: 'Lã Minh Khang', note: 'Đội trưởng' },
      { fullName: 'Đinh Thu Phương', note: 'Lớp 11A1' },
    ];
    const { page, errors } = await openTeamAction(h, { name: 'THPT Nguyễn Trãi', members }, t.editTeam);
    const form = page.getByTestId('team-form');
    await form.getByLabel(t.teamName).fill('THPT Nguyễn Trãi – Hà Nội');
    await form.getByTestId('member-row').nth(1).getByRole('button', { name: t.removeMember }).click();
    expect(await form.getByTestId('member-row').count()).toBe(1);
    await form.getByRole('button', { name: messages.userAdmin.save }).click();

    await expect.poll(() => toast(page, messages.infoUpdated).count()).toBe(1);
    await card(page, 'THPT Nguyễn Trãi – Hà Nội').waitFor();
    const text = await card(page, 'THPT Nguyễn Trãi – Hà Nội').textContent();
    expect(text).toContain('Lã Minh Khang');
    expect(text).not.toContain('Đinh Thu Phương');
    expect(errors).toEqual([]);
  });

  it('shows a bad logo address at the field and the server reason when an update fails', async () => {
    const { page, errors } = await openTeamAction(h, { name: 'THPT Kim Liên' }, t.editTeam);
    const form = page.getByTestId('team-form');
    await form.getByLabel(t.teamLogoUrl).fill('ftp://logo.png');
    await form.getByRole('button', { name: messages.userAdmin.save }).click();
    await form.getByText(messages.invalidMediaUrl).waitFor();
    expect(await toast(page, messages.infoUpdated).count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('creates a team account from the card: the user form comes preset with role team and that team', async () => {
    const name = 'THPT Việt Đức';
    const { page, errors } = await openTeamAction(h, { name }, t.createTeamAccount);
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
    const name = 'THPT Yên Hoà';
    const { page, errors } = await openTeamAction(h, { name }, t.deleteTeam);
    const dialog = page.getByRole('dialog');
    await dialog.getByText(name, { exact: false }).waitFor();
    await dialog.getByRole('button', { name: messages.agree }).click();
    await expect.poll(() => toast(page, t.teamDeleted).count()).toBe(1);
    await card(page, name).waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
  });
});
