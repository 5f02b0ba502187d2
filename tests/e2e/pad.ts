/** The judges' pad in a browser: opening it on a phone, entering a point, reading the judge's audit log. */
import type { APIRequestContext, Page } from 'playwright-core';
import { beforeAll } from 'vitest';
import type { TAuditEntry } from '../../src/schemas/scoring';
import type { TShowChanges } from '../../src/schemas/show';
import { ACCOUNTS, expectOk, type Harness, loginThroughForm, putShow, requestAs, trpcMutation, trpcQuery, waitForApp } from './harness';

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
  await sendWithConfirm(page);
}

/** Sends what the pad holds: the submit button, then its confirming second tap. */
async function sendWithConfirm(page: Page): Promise<void> {
  const submit = page.getByTestId('pad-submit');
  await submit.click();
  await page.locator('[data-testid="pad-submit"][data-confirming]').waitFor();
  await submit.click();
}

/** Picks the team's row on the pad, types the point (a comma for the decimal) and sends it. */
export async function typePoint(page: Page, teamId: string, typed: string): Promise<void> {
  await padTeamRow(page, teamId).click();
  await page.getByTestId('pad-typed').fill(typed);
  await sendWithConfirm(page);
}

/** Picks the team's row on the pad, then enters the point. */
export async function scoreTeam(page: Page, teamId: string, whole: string, half = false): Promise<void> {
  await padTeamRow(page, teamId).click();
  await enterPoint(page, whole, half);
}

/** The judge's own entries for a team, newest first, as the admin reads them. */
async function judgeLog(admin: APIRequestContext, teamId: string, judgeId: string): Promise<TAuditEntry[]> {
  return (await trpcQuery<{ items: TAuditEntry[] }>(admin, 'scoring.log', { teamId, gkId: judgeId, source: 'judge', limit: 100 })).items;
}

/** Adds the teams named `names` as the admin, `unit` numbering their schools; their ids, in order. */
export async function addTeams(admin: APIRequestContext, names: string[], unit = 'Trường số'): Promise<string[]> {
  const teamIds: string[] = [];
  for (const [index, name] of names.entries()) {
    const body = await expectOk(await admin.post('/api/team', { data: { data: { name, unit: `${unit} ${index + 1}`, priority: index } } }));
    teamIds.push((body.item as { _id: string })._id);
  }
  return teamIds;
}

/**
 * The pad's night, set up by the admin: the contest's name, the teams of TEAM_NAMES and two judges'
 * fields (Phần 2, Phần 3: 0 to 10 by halves); the teams' ids.
 */
async function preparePadNight(admin: APIRequestContext): Promise<string[]> {
  await trpcMutation(admin, 'settings.update', { name: 'Hội thi "Em yêu Hà Nội" 2026' });
  const teamIds = await addTeams(admin, TEAM_NAMES, 'Trường THCS số');
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
  return teamIds;
}

/** A pad test's night: the admin's and the master's sessions, the teams' ids and the judge's. */
interface PadNight {
  admin: APIRequestContext;
  master: APIRequestContext;
  judgeId: string;
  teamIds: string[];
  /** Drives the show as the master. */
  show(changes: TShowChanges): Promise<void>;
  /** The judge's own entries for a team, newest first, as the admin reads them. */
  judgeLog(teamId: string): Promise<TAuditEntry[]>;
}

/**
 * Sets up a pad test's night in beforeAll: the admin's and the master's sessions, the teams (and
 * fields) that `prepare` makes as the admin, and the judge, seated by a user change through the app
 * (the harness wrote the account behind its back). The fields are filled in once beforeAll has run.
 */
export function usePadNight(h: Harness, prepare: (admin: APIRequestContext) => Promise<string[]> = preparePadNight): PadNight {
  const night: PadNight = {
    admin: undefined as unknown as APIRequestContext,
    master: undefined as unknown as APIRequestContext,
    judgeId: '',
    teamIds: [],
    show: (changes) => putShow(night.master, changes),
    judgeLog: (teamId) => judgeLog(night.admin, teamId, night.judgeId),
  };
  beforeAll(async () => {
    night.admin = await requestAs(h, 'admin');
    night.master = await requestAs(h, 'master');
    night.teamIds.push(...(await prepare(night.admin)));
    const users = (await expectOk(await night.admin.get('/api/user/all?partial=1'))).list as { _id: string; username: string }[];
    night.judgeId = users.find((u) => u.username === ACCOUNTS.judge.username)!._id;
    await expectOk(await night.admin.put('/api/user', { data: { _id: night.judgeId, changes: { fullName: 'Nguyễn Thị Lan' } } }));
  });
  return night;
}
