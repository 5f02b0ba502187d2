/** The judges' pad in a browser: opening it on a phone, entering a point, reading the judge's audit log. */
import type { APIRequestContext, Page } from 'playwright-core';
import type { TAuditEntry } from '../../src/schemas/scoring';
import { ACCOUNTS, expectOk, type Harness, loginThroughForm, trpcMutation, trpcQuery, waitForApp } from './harness';

export const PHONE = { width: 390, height: 844 };
export const TEAM_NAMES = ['Tia Chớp', 'Hoa Sen', 'Sông Hồng', 'Phượng Đỏ', 'Cầu Long Biên', 'Hồ Gươm'];

/** A team's row on the pad. */
export const padTeamRow = (page: Page, teamId: string) => page.locator(`[data-testid="pad-team"][data-team-id="${teamId}"]`);

/** The pad on a phone, signed in as the judge through the form; with `clock`, its timers run on a clock the test can move on. */
export async function openPad(h: Harness, { clock = false } = {}) {
  const opened = await h.newPage(PHONE);
  if (clock) await opened.page.clock.install();
  await loginThroughForm(opened.page, 'judge');
  await opened.page.waitForURL('**/supporter');
  await waitForApp(opened.page);
  await opened.page.getByTestId('judge-pad').waitFor();
  return opened;
}

/** Picks a whole point (and the half) on the keypad and sends it with the confirming second tap. */
export async function enterPoint(page: Page, whole: string, half = false): Promise<void> {
  const keypad = page.getByTestId('pad-keypad');
  await keypad.getByRole('button', { name: whole, exact: true }).click();
  if (half) await keypad.getByRole('button', { name: '+0,5' }).click();
  const submit = page.getByTestId('pad-submit');
  await submit.click();
  await page.locator('[data-testid="pad-submit"][data-confirming]').waitFor();
  await submit.click();
}

/** Picks the team's row on the pad, then enters the point. */
export async function scoreTeam(page: Page, teamId: string, whole: string, half = false): Promise<void> {
  await padTeamRow(page, teamId).click();
  await enterPoint(page, whole, half);
}

/** The judge's own entries for a team, newest first, as the admin reads them. */
export async function judgeLog(admin: APIRequestContext, teamId: string, judgeId: string): Promise<TAuditEntry[]> {
  return (await trpcQuery<{ items: TAuditEntry[] }>(admin, 'scoring.log', { teamId, gkId: judgeId, source: 'judge', limit: 100 })).items;
}

/**
 * The pad's night, set up by the admin: the contest's name, the teams of TEAM_NAMES and two judges'
 * fields (Phần 2, Phần 3: 0 to 10 by halves); the teams' ids and the judge's.
 */
export async function preparePadNight(admin: APIRequestContext): Promise<{ teamIds: string[]; judgeId: string }> {
  await trpcMutation(admin, 'settings.update', { name: 'Hội thi "Em yêu Hà Nội" 2026' });
  const teamIds: string[] = [];
  for (const [index, name] of TEAM_NAMES.entries()) {
    const body = await expectOk(
      await admin.post('/api/team', { data: { data: { name, unit: `Trường THCS số ${index + 1}`, priority: index } } }),
    );
    teamIds.push((body.item as { _id: string })._id);
  }
  for (const [position, field] of [
    { name: 'phan-2', label: 'Phần 2' },
    { name: 'phan-3', label: 'Phần 3' },
  ].entries()) {
    await expectOk(
      await admin.post('/api/score-field', {
        data: { data: { ...field, kind: 'judges', minPoint: 0, maxPoint: 10, step: 0.5, position } },
      }),
    );
  }
  const users = (await expectOk(await admin.get('/api/user/all?partial=1'))).list as { _id: string; username: string }[];
  return { teamIds, judgeId: users.find((u) => u.username === ACCOUNTS.judge.username)!._id };
}
