/** The judges' pad in a browser: opening it on a phone, entering a point, reading the judge's audit log. */
import type { APIRequestContext, Page } from 'playwright-core';
import type { TAuditEntry } from '../../src/schemas/scoring';
import { type Harness, loginThroughForm, trpcQuery, waitForApp } from './harness';

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

/** The judge's own entries for a team, newest first, as the admin reads them. */
export async function judgeLog(admin: APIRequestContext, teamId: string, judgeId: string): Promise<TAuditEntry[]> {
  return (await trpcQuery<{ items: TAuditEntry[] }>(admin, 'scoring.log', { teamId, gkId: judgeId, source: 'judge', limit: 100 })).items;
}
