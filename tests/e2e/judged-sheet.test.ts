/**
 * A judged round on one sheet per team, in a real browser against the real server: the master opens
 * the round's three criteria with one button on the console, a judge's pad on a small phone shows the
 * team on stage with all three, each with its own range and step, and scores them one after another,
 * the last while the phone is offline; each point lands exactly once, and the console's judges panel
 * follows per criterion.
 */
import type { Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import { axeViolations } from './axe';
import { describeInBrowser, expectOk, loginThroughForm, pageAs, waitForApp } from './harness';
import { addTeams, enterPoint, usePadNight } from './pad';

const PHONE = { width: 360, height: 640 };
const TEAM_NAMES = ['Lớp 9A1', 'Lớp 9A2', 'Lớp 9A3'];
const SHEET = [
  { name: 'noi-dung', label: 'Nội dung', minPoint: 0, maxPoint: 10, step: 0.5 },
  { name: 'hinh-thuc', label: 'Hình thức', minPoint: 0, maxPoint: 5, step: 1 },
  { name: 'sang-tao', label: 'Sáng tạo', minPoint: 0, maxPoint: 10, step: 1 },
];

describeInBrowser('a judged round on one sheet per team', (h) => {
  const night = usePadNight(h, async (admin) => {
    const teamIds = await addTeams(admin, TEAM_NAMES);
    for (const [position, field] of SHEET.entries()) {
      await expectOk(await admin.post('/api/score-field', { data: { data: { ...field, kind: 'judges', round: 1, position } } }));
    }
    return teamIds;
  });
  const { teamIds, show, judgeLog } = night;
  const criterion = (page: Page, name: string) => page.locator(`[data-testid="pad-criterion"][data-field="${name}"]`);
  beforeAll(async () => {
    await show({ fw: 1, activeTeamId: teamIds[1], scoringOpen: false });
  });

  it("opens the round's three criteria once, and a pad scores all three for the team on stage, one of them offline", async () => {
    const desk = await pageAs(h, 'master', { width: 1440, height: 900 });
    await desk.page.goto('/master');
    await waitForApp(desk.page);
    await desk.page.getByTestId('toggle-round-sheet').click();
    await expect.poll(() => desk.page.getByTestId('scoring-sheet').getAttribute('data-open')).toBe('true');
    const state = (await (await night.master.get('/api/state')).json()) as { system: { openFields: string[]; scoringOpen: boolean } };
    expect(state.system).toMatchObject({ openFields: SHEET.map((f) => f.name), scoringOpen: true });
    expect(await desk.page.locator('[data-testid="scoring-field"][data-open="true"]').count()).toBe(3);

    const { page, context, errors } = await h.newPage(PHONE);
    await loginThroughForm(page, 'judge');
    await page.waitForURL('**/supporter');
    await waitForApp(page);
    await expect.poll(() => page.getByTestId('pad-field').textContent()).toBe('Phiếu chấm · 3 tiêu chí');
    expect(await page.getByTestId('pad-selected-team').textContent()).toBe('Lớp 9A2');
    // Every criterion missing; the first is the one being entered, with its own range and step.
    for (const field of SHEET) expect(await criterion(page, field.name).getAttribute('data-state')).toBe('missing');
    expect(await criterion(page, 'noi-dung').getAttribute('aria-pressed')).toBe('true');
    expect(await page.getByTestId('pad-criterion-range').textContent()).toBe('Nội dung · 0–10, bước 0,5');

    await enterPoint(page, '8', true);
    await expect.poll(() => criterion(page, 'noi-dung').getAttribute('data-state')).toBe('scored');
    expect(await criterion(page, 'noi-dung').getByTestId('pad-criterion-point').textContent()).toBe('8,5');
    // On to the next missing criterion, with its own keys: 0–5 in whole points, no half.
    await expect.poll(() => page.getByTestId('pad-criterion-range').textContent()).toBe('Hình thức · 0–5, bước 1');
    const keys = page.getByTestId('pad-keys').getByRole('button');
    expect(await keys.allTextContents()).toEqual(['0', '1', '2', '3', '4', '5']);
    await enterPoint(page, '4');
    await expect.poll(() => criterion(page, 'hinh-thuc').getAttribute('data-state')).toBe('scored');
    await expect.poll(() => page.getByTestId('pad-criterion-range').textContent()).toBe('Sáng tạo · 0–10, bước 1');
    const row = page.locator(`[data-testid="pad-team"][data-team-id="${teamIds[1]}"]`);
    expect(await row.getByTestId('pad-team-point').textContent()).toBe('2/3');
    // The sheet, half scored, hurts nobody using a screen reader or a weak eye.
    expect(await axeViolations(page)).toEqual([]);

    // The last criterion offline: it waits in the outbox, marked, and the sheet counts it.
    await context.setOffline(true);
    await page.getByTestId('pad-connection').getByText('Mất kết nối').waitFor();
    await enterPoint(page, '9');
    const pending = page.locator(`[data-testid="pad-pending"][data-team-id="${teamIds[1]}"]`);
    await expect.poll(() => pending.getAttribute('data-status')).toBe('waiting');
    await pending.getByText('Sáng tạo · Đang chờ gửi').waitFor();
    expect(await criterion(page, 'sang-tao').getAttribute('data-state')).toBe('waiting');
    expect(await row.getByTestId('pad-team-point').textContent()).toBe('3/3');

    await context.setOffline(false);
    await pending.waitFor({ state: 'detached', timeout: 20_000 });
    await expect.poll(() => criterion(page, 'sang-tao').getAttribute('data-state')).toBe('scored');
    await expect.poll(() => row.getAttribute('data-scored')).toBe('true');

    // Each criterion's point landed exactly once, with its field.
    const events = await judgeLog(teamIds[1]!);
    expect(events.map((e) => [e.fieldName, e.newPoint]).sort()).toEqual([
      ['hinh-thuc', 4],
      ['noi-dung', 8.5],
      ['sang-tao', 9],
    ]);

    // The console follows per criterion: one team with its whole sheet, each criterion counted.
    const judgeRow = desk.page.getByTestId('master-judge').filter({ hasText: 'Nguyễn Thị Lan' });
    await expect.poll(() => judgeRow.getByTestId('judge-progress').textContent()).toBe('1/3 đội');
    expect(await judgeRow.getByTestId('judge-field-progress').textContent()).toBe('Nội dung 1/3 · Hình thức 1/3 · Sáng tạo 1/3');
    expect(errors).toEqual([]);
  });
});
