/**
 * The organiser's season in Chromium, as a user does it: the first start's demo night on stage with a
 * ranking; the organiser's own blank event of three rounds put on stage (the home page shows it, round 4
 * is not used); a final copied from the demo with its top four (a tie at the cut brings a fifth); the
 * demo archived, read-only even on stage; the final backed up from its row and restored on a second,
 * empty installation, where its results are the first one's.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { APIRequestContext, Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/messages';
import type { TEventSummary } from '../../src/schemas/events';
import type { RealServer } from '../helpers/real-server';
import {
  activateFromRow,
  adminLogsIn,
  eventRow,
  fromMenu,
  openContext,
  type RankedTeam,
  ranking,
  rowStates,
  startFirstServer,
  topWithTies,
} from './events-story';
import { animationsDone, browserAvailable, expectOk, launchBrowser, toast, trpcMutation, waitForApp } from './harness';

const t = messages.eventsAdmin;
const DEMO = 'Hội thi "Em yêu Hà Nội" 2026';
const OWN = 'Hội thi Tin học trẻ 2027';
const FINAL = 'Chung kết';
const TOP = 4;
/** The demo night's points (Phần 2): two teams level at fourth place, the other three without points. */
const DEMO_POINTS: [team: string, point: number][] = [
  ['THPT Việt Đức', 9],
  ['THPT Chu Văn An', 8],
  ['THPT Kim Liên', 7],
  ['THPT Phan Đình Phùng', 6],
  ['THPT Nguyễn Gia Thiều', 6],
];
/** The final's own night (Phần 2), so the restored copy has a ranking worth comparing: two level at second. */
const FINAL_POINTS: [team: string, point: number][] = [
  ['THPT Kim Liên', 9.5],
  ['THPT Phan Đình Phùng', 8],
  ['THPT Việt Đức', 8],
  ['THPT Chu Văn An', 4.5],
];
/** What only the demo's pages say: none of it may show once the organiser's own event is on stage. */
const DEMO_TEXT = ['Em yêu Hà Nội', 'Sân chơi trí tuệ', 'Cung Văn hóa Hữu nghị', 'TĂNG TỐC', 'THPT Chu Văn An', 'THPT Việt Đức'];

type Team = { _id: string; name: string };

async function results(request: APIRequestContext): Promise<RankedTeam[]> {
  return ranking(((await expectOk(await request.get('/api/results'))) as { items: RankedTeam[] }).items);
}

/** Admin-submits `points` to Phần 2 of the event on stage, each for the whole panel. */
async function givePoints(request: APIRequestContext, points: [team: string, point: number][]): Promise<void> {
  const { listTeam } = (await expectOk(await request.get('/api/state'))) as { listTeam: Team[] };
  for (const [name, point] of points) {
    const team = listTeam.find((each) => each.name === name);
    expect(team, name).toBeDefined();
    await trpcMutation(request, 'scoring.adminSubmitAll', { teamId: team!._id, point, fieldName: 'phan-2', reason: 'Điểm đêm thi' });
  }
}

async function eventId(request: APIRequestContext, title: string): Promise<string> {
  const { items } = (await expectOk(await request.get('/api/events'))) as { items: TEventSummary[] };
  const found = items.filter((item) => item.title === title);
  expect(found, title).toHaveLength(1);
  return found[0]!._id;
}

describe.skipIf(!browserAvailable())("the organiser's season on /user/events", () => {
  let browser: Browser;
  let first: RealServer;
  let second: RealServer | undefined;
  const contexts: BrowserContext[] = [];
  /** The admin on the first server: the events page, and the session's HTTP client. */
  let page: Page;
  let admin: APIRequestContext;
  let errors: string[];
  let demoResults: RankedTeam[];
  let finalResults: RankedTeam[];
  /** The hall's home page, opened while the demo night was on stage. */
  let homeBeforeSwitch: Page;
  const shots: string[] = [];

  const open = async (url: string, viewport?: { width: number; height: number }) => {
    const opened = await openContext(browser, url, viewport);
    contexts.push(opened.context);
    return opened;
  };

  beforeAll(async () => {
    first = await startFirstServer({ demo: true });
    browser = await launchBrowser();
    ({ page, errors } = await open(first.base));
    await adminLogsIn(page);
    admin = page.context().request;
  });

  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => {});
    await browser?.close().catch(() => {});
    await second?.close();
    await first?.close();
    if (shots.length) console.info(`[events-story] screenshots: ${shots.join(', ')}`);
  });

  it('starts as a first start does: the demo night on stage with eight teams, ranked with a tie at fourth', async () => {
    const { items } = (await expectOk(await admin.get('/api/events'))) as { items: TEventSummary[] };
    expect(items.map((item) => [item.title, item.state, item.teamCount])).toEqual([[DEMO, 'onStage', 8]]);
    await givePoints(admin, DEMO_POINTS);
    demoResults = await results(admin);
    expect(demoResults).toHaveLength(8);
    // The ranking the points make: the cut at fourth takes a fifth team level with it.
    expect(topWithTies(demoResults, TOP).map((team) => [team.rank, team.name])).toEqual([
      [1, 'THPT Việt Đức'],
      [2, 'THPT Chu Văn An'],
      [3, 'THPT Kim Liên'],
      [4, 'THPT Nguyễn Gia Thiều'],
      [4, 'THPT Phan Đình Phùng'],
    ]);
  });

  it("creates the organiser's own blank event of three rounds and puts it on stage: the home page shows it, round 4 is not used", async () => {
    await page.getByRole('link', { name: 'Cuộc thi', exact: true }).click();
    await eventRow(page, DEMO).waitFor();
    const dialog = page.getByRole('dialog');

    await page.getByRole('button', { name: t.create }).click();
    await dialog.getByLabel(t.name).fill(OWN);
    expect(await dialog.getByRole('radio', { name: t.startBlank }).isChecked()).toBe(true);
    await dialog.getByLabel(t.rounds).fill('3');
    await dialog.getByRole('button', { name: t.createSubmit }).click();
    await toast(page, t.created(OWN)).waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => eventRow(page, OWN).getAttribute('data-state')).toBe('prepared');
    expect(await eventRow(page, OWN).getByTestId('event-team-count').textContent()).toBe('0');

    // The hall's home page, open before the switch.
    const home = (await open(first.base)).page;
    await home.goto('/');
    await waitForApp(home);
    await expect.poll(() => home.getByTestId('event-name').textContent()).toBe(DEMO);
    homeBeforeSwitch = home;

    await activateFromRow(page, OWN);
    expect(await rowStates(page)).toEqual([
      [OWN, 'onStage'],
      [DEMO, 'prepared'],
    ]);

    // A home page opened now shows the organiser's event and nothing of the demo's.
    const { page: fresh } = await open(first.base);
    await fresh.goto('/');
    await waitForApp(fresh);
    await expect.poll(() => fresh.getByTestId('event-name').textContent()).toBe(OWN);
    await expect.poll(() => fresh.locator('main').innerText()).toContain('3 PHẦN THI');
    const homeText = await fresh.locator('body').innerText();
    expect(homeText).toContain('0 ĐỘI THI');
    for (const demoText of DEMO_TEXT) expect(homeText, demoText).not.toContain(demoText);
    // The one open before the switch has the new event's teams (live): none.
    await expect.poll(() => home.locator('main').innerText()).toContain('0 ĐỘI THI');
    const shot = path.join(os.tmpdir(), 'events-story-home-across-switch.png');
    await home.screenshot({ path: shot, fullPage: true });
    shots.push(shot);

    // Round 4 is not one of this event's three.
    const round4 = (await open(first.base)).page;
    await adminLogsIn(round4);
    await round4.goto('/user/fw-question-4');
    await waitForApp(round4);
    await round4.getByTestId('round-not-used').waitFor();
    expect(await round4.getByTestId('round-not-used').innerText()).toContain(messages.qs.roundNotUsed);
    await round4.goto('/user/fw-question-3');
    await waitForApp(round4);
    // Round 3 is: its editor, under the title the blank event gave it.
    await round4.getByRole('heading', { name: t.roundTitle(3), exact: true }).waitFor();
    expect(await round4.getByTestId('round-not-used').count()).toBe(0);
    expect(errors).toEqual([]);
  });

  // A home page left open in the hall: when the event on stage changes, everything it read of the old
  // one (the name, slogan, venue, rounds and rules) is read again, not only the live teams.
  it('a home page open across the switch shows the new event without a reload', async () => {
    await expect.poll(() => homeBeforeSwitch.getByTestId('event-name').textContent()).toBe(OWN);
  });

  it('creates "Chung kết" from the demo night with its sets, rules and sheet, and its top four carried (five, for the tie)', async () => {
    const dialog = page.getByRole('dialog');
    await page.getByRole('button', { name: t.create }).click();
    await dialog.getByLabel(t.name).fill(FINAL);
    await dialog.getByRole('radio', { name: t.startCopy }).check();
    // The form offers the event on stage; the final is the demo night's.
    const copyFrom = dialog.getByLabel(t.copyFrom);
    await expect.poll(() => copyFrom.inputValue()).toBe(`${OWN} (${t.states.onStage})`);
    await copyFrom.click();
    await page.getByRole('option', { name: `${DEMO} (${t.states.prepared})` }).click();
    await expect.poll(() => copyFrom.inputValue()).toBe(`${DEMO} (${t.states.prepared})`);
    for (const part of ['sets', 'rules', 'sheet'] as const) {
      expect(await dialog.getByRole('checkbox', { name: t.parts[part] }).isChecked(), part).toBe(true);
    }
    expect(await dialog.getByRole('checkbox', { name: t.parts.teams }).isChecked()).toBe(false);
    await dialog.getByRole('checkbox', { name: t.carryTeams(3) }).check();
    await dialog.getByLabel(t.carryTop).fill(String(TOP));
    await dialog.getByRole('checkbox', { name: t.carryTeams(TOP) }).waitFor();
    expect(await dialog.getByRole('checkbox', { name: t.carryTeams(TOP) }).isChecked()).toBe(true);
    await dialog.getByRole('button', { name: t.createSubmit }).click();
    await toast(page, t.created(FINAL)).waitFor();

    const expected = topWithTies(demoResults, TOP);
    expect(expected.length).toBeGreaterThan(TOP);
    await expect.poll(() => dialog.getByTestId('carried-tie').textContent()).toBe(t.carriedTie(TOP, expected.length));
    await dialog.getByText(t.carriedTitle(expected.length), { exact: true }).waitFor();
    // Each row: its rank there, then the team; in rank order, the level ones in any order.
    const carried = await dialog.getByTestId('carried-team').evaluateAll((rows) =>
      rows.map((r) => {
        const [rank, name] = [...r.querySelectorAll('td')].map((cell) => (cell as HTMLElement).innerText.trim());
        return { rank: Number(rank), name: name ?? '' };
      }),
    );
    expect(carried.map((team) => team.rank)).toEqual(expected.map((team) => team.rank));
    expect(carried.sort((a, b) => a.rank - b.rank || a.name.localeCompare(b.name, 'vi'))).toEqual(
      expected.map(({ rank, name }) => ({ rank, name })),
    );
    await dialog.getByTestId('carried-teams').getByRole('button', { name: t.close }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => eventRow(page, FINAL).getByTestId('event-team-count').textContent()).toBe(String(expected.length));
    expect(await eventRow(page, FINAL).getAttribute('data-state')).toBe('prepared');
    expect(errors).toEqual([]);
  });

  it('archives the demo night: on stage again it shows the same results and takes no change, saying why', async () => {
    const dialog = page.getByRole('dialog');
    await fromMenu(page, DEMO, t.archive);
    await dialog.getByText(t.archiveText).waitFor();
    await dialog.getByRole('button', { name: t.archive }).click();
    await toast(page, t.archiveDone).waitFor();
    await expect.poll(() => eventRow(page, DEMO).getAttribute('data-state')).toBe('archived');
    expect(await eventRow(page, DEMO).getByText(t.states.archived, { exact: true }).isVisible()).toBe(true);

    // The page offers no way to put an archived event on stage (its row has no button, its menu only
    // "Mở lại"), though the server allows it: the story does it through the API.
    expect(await page.getByRole('button', { name: `${t.activate}: ${DEMO}` }).count()).toBe(0);
    await trpcMutation(admin, 'events.activate', { _id: await eventId(admin, DEMO) });
    await page.reload();
    await waitForApp(page);
    await expect.poll(() => eventRow(page, DEMO).getAttribute('data-state')).toBe('onStage');
    // On stage, the row says "Đang diễn ra" and that it is archived.
    expect(await eventRow(page, DEMO).getByText(t.states.archived, { exact: true }).count()).toBe(1);
    const onStageShot = path.join(os.tmpdir(), 'events-story-archived-on-stage.png');
    await page.screenshot({ path: onStageShot });
    shots.push(onStageShot);

    expect(await results(admin)).toEqual(demoResults);

    // A write from the admin's own page: 409 and the reason, in Vietnamese.
    const refused = await page.evaluate(async () => {
      const response = await fetch('/api/team', {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ data: { name: 'THPT Thăng Long', unit: 'Phường Hai Bà Trưng' } }),
      });
      return { status: response.status, body: (await response.json()) as { error?: { message?: string } } };
    });
    expect(refused.status).toBe(409);
    expect(refused.body.error?.message).toBe(t.archived);

    // The same edit on /user/member: the form says why.
    const members = (await open(first.base)).page;
    await adminLogsIn(members);
    await members.goto('/user/member');
    await waitForApp(members);
    await members.locator('[data-testid="team-card"]').first().waitFor();
    await members.getByRole('button', { name: messages.teamAdmin.addTeam }).click();
    const form = members.getByTestId('team-form');
    await form.getByLabel(messages.teamAdmin.teamName).fill('THPT Thăng Long');
    await form.getByLabel(messages.teamAdmin.teamUnit).fill('Phường Hai Bà Trưng');
    await form.getByLabel(`${messages.teamAdmin.memberFullName} 1`).fill('Đinh Thu Phương');
    await form.getByRole('button', { name: messages.userAdmin.create }).click();
    await toast(members, `${messages.teamAdmin.teamCreateError.trimEnd()} ${t.archived}`).waitFor();
    const shot = path.join(os.tmpdir(), 'events-story-archived-member.png');
    await members.screenshot({ path: shot });
    shots.push(shot);
    expect(await members.locator('[data-testid="team-card"]').count()).toBe(8);

    // The archived night's menu, open for the next step.
    await page.getByRole('button', { name: t.actions(DEMO) }).click();
    await page.getByRole('menuitem', { name: t.remove }).waitFor();
    await animationsDone(page);
    const menuShot = path.join(os.tmpdir(), 'events-story-archived-on-stage-menu.png');
    await page.screenshot({ path: menuShot });
    shots.push(menuShot);
    expect(errors).toEqual([]);
  });

  // The archived night on stage is offered its reopening, not the steps of an open event.
  it('offers "Mở lại" in the menu of an archived event on stage', async () => {
    await expect.poll(() => page.getByRole('menuitem', { name: t.reopen }).count()).toBe(1);
  });

  it('puts the final on stage', async () => {
    // Whatever the step above left open.
    await page.keyboard.press('Escape');
    await page.getByRole('menu').waitFor({ state: 'hidden' });
    await activateFromRow(page, FINAL);
    await expect
      .poll(() => rowStates(page))
      .toEqual([
        [FINAL, 'onStage'],
        [OWN, 'prepared'],
        [DEMO, 'archived'],
      ]);
    expect(errors).toEqual([]);
  });

  it('downloads the final from its row and restores it on a second, empty installation with the same teams and results', async () => {
    await givePoints(admin, FINAL_POINTS);
    finalResults = await results(admin);
    expect(finalResults.map((team) => team.name).sort()).toEqual(
      topWithTies(demoResults, TOP)
        .map((team) => team.name)
        .sort(),
    );

    await page.getByRole('button', { name: t.actions(FINAL) }).click();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: t.backup }).click()]);
    const backupFile = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'hoithi-story-')), download.suggestedFilename());
    await download.saveAs(backupFile);
    expect(backupFile).toMatch(/\.hoithi$/);
    expect((await fs.stat(backupFile)).size).toBeGreaterThan(0);

    second = await startFirstServer({ demo: false });
    const other = await open(second.base);
    await adminLogsIn(other.page);
    await other.page.getByRole('link', { name: 'Cuộc thi', exact: true }).click();
    await expect.poll(() => other.page.getByTestId('event-row').count()).toBe(1);
    expect(await eventRow(other.page, FINAL).count()).toBe(0);

    const [chooser] = await Promise.all([
      other.page.waitForEvent('filechooser'),
      other.page.getByRole('button', { name: t.restore }).click(),
    ]);
    await chooser.setFiles(backupFile);
    await toast(other.page, t.restored(FINAL)).waitFor();
    await expect.poll(() => eventRow(other.page, FINAL).getAttribute('data-state')).toBe('prepared');
    expect(await eventRow(other.page, FINAL).getByTestId('event-team-count').textContent()).toBe(String(finalResults.length));

    await activateFromRow(other.page, FINAL);
    expect(await results(other.context.request)).toEqual(finalResults);
    expect(other.errors).toEqual([]);
    expect(errors).toEqual([]);
  });

  it("shows both installations' events at 1280x800 (screenshots for a person to look at)", async () => {
    for (const [name, server] of [
      ['first', first],
      ['second', second!],
    ] as const) {
      const { page: shotPage, errors: shotErrors } = await open(server.base, { width: 1280, height: 800 });
      await adminLogsIn(shotPage);
      await shotPage.goto('/user/events');
      await waitForApp(shotPage);
      await eventRow(shotPage, FINAL).waitFor();
      const shot = path.join(os.tmpdir(), `events-story-${name}.png`);
      await shotPage.screenshot({ path: shot });
      shots.push(shot);
      expect(shotErrors).toEqual([]);
    }
  });
});
