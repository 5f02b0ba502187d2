/**
 * The judges' pad on a phone (390×844) in a real browser against the real server: scoring with the
 * toast, the lock when scoring closes, points entered offline sent once on reconnect or refused with
 * the reason, and sign-in through a judge link (a revoked one signs nobody in). The show is driven
 * as the master through PUT /api/show; fields, teams and links are made as admin.
 */
import os from 'node:os';
import path from 'node:path';
import { beforeEach, expect, it } from 'vitest';
import type { TScoreItem } from '../../src/schemas/scoring';
import { ACCOUNTS, describeInBrowser, loginThroughForm, nextFrame, trpcMutation, trpcQuery, waitForApp, watchRequests } from './harness';
import { openPad, PHONE, padTeamRow, scoreTeam, typePoint, usePadNight } from './pad';

describeInBrowser("judges' pad in a browser", (h) => {
  const night = usePadNight(h);
  const { teamIds, show, judgeLog } = night;
  const allScores = async () => (await trpcQuery<{ items: TScoreItem[] }>(night.admin, 'scoring.list')).items;

  /** A test that stopped the server and failed before restarting it: the next one gets it back. */
  let restart: (() => Promise<void>) | null = null;
  /**
   * A pad (with a page clock) on team `team`'s entry of phan-2; then the server goes away (the socket
   * closes) and the page stays without a network after it returns.
   */
  const padCutOff = async (team: number, teamName: string) => {
    await show({ activeField: 'phan-2', scoringOpen: true, activeTeamId: teamIds[team] });
    const { page, context } = await openPad(h, { clock: true });
    await page.getByTestId('pad-selected-team').getByText(teamName).waitFor();
    const stopped = await h.stopServer();
    restart = stopped.start;
    await page.getByTestId('pad-connection').getByText('Mất kết nối').waitFor({ timeout: 15_000 });
    await context.setOffline(true);
    return { page, context, stopped };
  };
  beforeEach(async () => {
    if (restart) await restart();
    restart = null;
  });

  it('scores the team on stage with the confirming second tap, the toast and the point in the list', async () => {
    await show({ activeField: 'phan-2', scoringOpen: true, activeTeamId: teamIds[2] });
    const { page, errors } = await openPad(h);
    await page.getByTestId('pad-judge').getByText('Nguyễn Thị Lan').waitFor();
    // Signed in through the form, the pad asks for its fields after it mounts: wait for them rather than read at once.
    await expect.poll(() => page.getByTestId('pad-field').textContent()).toBe('Phần 2 · 0–10, bước 0,5');
    // The team on stage comes first, marked, and is the one being scored.
    const first = page.getByTestId('pad-team').first();
    expect(await first.getAttribute('data-team-id')).toBe(teamIds[2]);
    expect(await first.getAttribute('data-stage')).toBe('true');
    expect(await page.getByTestId('pad-selected-team').textContent()).toBe('Sông Hồng');

    await scoreTeam(page, teamIds[2]!, '7', true);
    await page.getByText('Chấm điểm thành công!').waitFor();
    await expect.poll(() => padTeamRow(page, teamIds[2]!).getAttribute('data-scored')).toBe('true');
    expect(await padTeamRow(page, teamIds[2]!).getByTestId('pad-team-point').textContent()).toBe('7,5');
    const stored = (await allScores()).find((s) => s.teamId === teamIds[2] && s.gkId === night.judgeId);
    expect(stored).toMatchObject({ fieldName: 'phan-2', point: 7.5 });

    // Free entry with a comma.
    await typePoint(page, teamIds[0]!, '8,5');
    await expect.poll(() => padTeamRow(page, teamIds[0]!).getByTestId('pad-team-point').textContent()).toBe('8,5');
    // A point off the step is not sent.
    await padTeamRow(page, teamIds[1]!).click();
    await page.getByTestId('pad-typed').fill('7,3');
    expect(await page.getByTestId('pad-submit').isDisabled()).toBe(true);

    await page.getByTestId('pad-typed').fill('');
    await page.getByTestId('pad-keypad').getByRole('button', { name: '9', exact: true }).click();
    expect(errors).toEqual([]);
  });

  it('shows the open field, its keypad and the own points at once, from the page itself, while the calls are slow', async () => {
    await show({ activeField: 'phan-2', scoringOpen: true, activeTeamId: teamIds[1] });
    const { page, context } = await openPad(h);
    await scoreTeam(page, teamIds[1]!, '6');
    await expect.poll(() => padTeamRow(page, teamIds[1]!).getByTestId('pad-team-point').textContent()).toBe('6,0');
    await page.close();

    // A reload on a slow network: the pad's own calls get no answer until the keypad is on screen,
    // so what it shows can only come from the page itself (however slowly the machine renders it).
    const reloaded = await context.newPage();
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let held = 0;
    await reloaded.route(/\/trpc\/[^?]*(scoreField\.all|scoring\.list|settings\.get)/, async (route) => {
      held += 1;
      await released;
      await route.continue().catch(() => {});
    });
    await reloaded.setViewportSize(PHONE);
    const pageResponse = await reloaded.goto('/supporter');
    const carried = ((await pageResponse?.text()) ?? '').match(/"(scoreField\.all|settings\.get|scoring\.list)"/g) ?? [];
    await waitForApp(reloaded);
    try {
      await reloaded
        .getByTestId('pad-keypad')
        .waitFor()
        .catch(async (error: unknown) => {
          // What the pad showed instead, and what it had asked: a failure here names its cause.
          const shown = await reloaded
            .locator('#root')
            .innerText()
            .catch(() => '');
          await reloaded.screenshot({ path: path.join(os.tmpdir(), 'pad-page-itself.png') }).catch(() => {});
          throw new Error(
            `${(error as Error).message}\nheld calls: ${held}; the page carried ${carried.join(', ') || 'no answers'}; it showed:\n${shown.slice(0, 600)}`,
          );
        });
      // The pad does ask (it re-reads as it mounts); no answer has come while it shows all this.
      await expect.poll(() => held).toBeGreaterThan(0);
      expect(await reloaded.getByTestId('pad-field').textContent()).toBe('Phần 2 · 0–10, bước 0,5');
      expect(await padTeamRow(reloaded, teamIds[1]!).getByTestId('pad-team-point').textContent()).toBe('6,0');
      expect(await reloaded.getByTestId('user-menu').textContent()).toContain('Hội thi "Em yêu Hà Nội" 2026');
    } finally {
      release();
    }
    await reloaded.close();
  });

  it('locks while scoring is closed, with the reason, and keeps the own points visible', async () => {
    // Its own field and point: the judge's 7,5 for Sông Hồng on Phần 3, entered for them by the admin.
    await show({ activeField: 'phan-3', scoringOpen: true, activeTeamId: teamIds[2] });
    await trpcMutation(night.admin, 'scoring.adminSubmit', { teamId: teamIds[2], gkId: night.judgeId, fieldName: 'phan-3', point: 7.5 });
    const { page } = await openPad(h);
    await expect.poll(() => padTeamRow(page, teamIds[2]!).getByTestId('pad-team-point').textContent()).toBe('7,5');
    await show({ scoringOpen: false });
    await page.getByTestId('pad-locked').waitFor();
    expect(await page.getByTestId('pad-lock-reason').textContent()).toBe('Đã đóng chấm');
    expect(await page.getByTestId('pad-keypad').count()).toBe(0);
    expect(await padTeamRow(page, teamIds[2]!).getByTestId('pad-team-point').textContent()).toBe('7,5');
    expect(await padTeamRow(page, teamIds[2]!).isDisabled()).toBe(true);

    await show({ scoringOpen: true });
    await page.getByTestId('pad-keypad').waitFor();
  });

  it('lays the keypad beside the teams on a tablet', async () => {
    await show({ activeField: 'phan-2', scoringOpen: true, activeTeamId: teamIds[1] });
    const { page, errors } = await h.newPage({ width: 1024, height: 768 });
    await loginThroughForm(page, 'judge');
    await page.waitForURL('**/supporter');
    await page.getByTestId('pad-keypad').waitFor();
    const list = await page.getByTestId('pad-team').first().boundingBox();
    const keypad = await page.getByTestId('pad-keypad').boundingBox();
    expect(keypad!.x).toBeGreaterThan(list!.x + list!.width);
    expect(keypad!.y).toBeLessThan(300);
    await page.screenshot({ path: path.join(os.tmpdir(), 'pad-tablet.png') });
    expect(errors).toEqual([]);
  });

  it('queues a point entered offline, shows it waiting, and sends it exactly once when the connection returns', async () => {
    const { page, context, stopped } = await padCutOff(3, 'Phượng Đỏ');
    await scoreTeam(page, teamIds[3]!, '9');
    const pending = page.locator(`[data-testid="pad-pending"][data-team-id="${teamIds[3]}"]`);
    await expect.poll(() => pending.getAttribute('data-status')).toBe('waiting');
    await pending.getByText('Đang chờ gửi').waitFor();
    expect(await padTeamRow(page, teamIds[3]!).getByTestId('pad-team-point').textContent()).toBe('9,0');
    // Kept across a reload, per judge.
    const stored = await page.evaluate((id) => localStorage.getItem(`hoithi.padQueue.${id}`), night.judgeId);
    expect(JSON.parse(stored!)).toMatchObject([{ teamId: teamIds[3], fieldName: 'phan-2', point: 9 }]);

    await stopped.start();
    restart = null;
    await context.setOffline(false);
    await pending.waitFor({ state: 'detached', timeout: 20_000 });
    await expect.poll(() => padTeamRow(page, teamIds[3]!).getAttribute('data-scored'), { timeout: 10_000 }).toBe('true');
    // A few more retry periods pass on the page's clock (and whatever they send is answered): still
    // one judge event for that team.
    const submits = watchRequests(page, (url) => url.includes('/trpc/scoring.submit'));
    await page.clock.runFor(5000);
    await submits.settled();
    const events = await judgeLog(teamIds[3]!);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ newPoint: 9, fieldName: 'phan-2' });
    expect(JSON.parse(stored!)[0].key).toBe(events[0]!.key);
  });

  it('shows a queued point as refused, with the reason, when its field was closed meanwhile', async () => {
    const { page, context, stopped } = await padCutOff(4, 'Cầu Long Biên');
    await scoreTeam(page, teamIds[4]!, '6', true);
    const pending = page.locator(`[data-testid="pad-pending"][data-team-id="${teamIds[4]}"]`);
    await expect.poll(() => pending.getAttribute('data-status')).toBe('waiting');

    await stopped.start();
    restart = null;
    await show({ scoringOpen: false });
    await context.setOffline(false);
    await expect.poll(() => pending.getAttribute('data-status'), { timeout: 20_000 }).toBe('refused');
    await pending.getByText('bị từ chối: Giám khảo chưa được mở chấm hoặc đã đóng chấm').waitFor();
    expect(await judgeLog(teamIds[4]!)).toHaveLength(0);
    // It stays until dismissed: 4.5 s on the page's clock, the toasts' time, change nothing.
    await page.clock.runFor(4500);
    await nextFrame(page);
    expect(await pending.count()).toBe(1);
    await pending.getByRole('button', { name: 'Bỏ qua' }).click();
    await pending.waitFor({ state: 'detached' });
  });

  it('signs a judge in with a link, drops the token from the address, and refuses a revoked link', async () => {
    await show({ activeField: 'phan-2', scoringOpen: true, activeTeamId: teamIds[0] });
    const first = await trpcMutation<{ url: string; token: string; username: string }>(night.admin, 'user.issueJudgeLink', {
      _id: night.judgeId,
    });
    expect(first.username).toBe(ACCOUNTS.judge.username);
    const firstPath = new URL(first.url).pathname + new URL(first.url).search;
    expect(firstPath).toBe(`/giam-kham-token/${ACCOUNTS.judge.username}?token=${first.token}`);

    const { page, errors, context } = await h.newPage(PHONE);
    await page.goto(firstPath);
    await waitForApp(page);
    await page.getByTestId('judge-pad').waitFor();
    await page.getByTestId('pad-judge').getByText('Nguyễn Thị Lan').waitFor();
    expect(page.url()).toBe(`${h.url}/giam-kham-token/${ACCOUNTS.judge.username}`);
    expect(await page.evaluate(() => document.querySelector('meta[name="referrer"]')?.getAttribute('content'))).toBe('no-referrer');
    const state = (await (await context.request.get('/api/state')).json()) as { user: { username: string } | null };
    expect(state.user?.username).toBe(ACCOUNTS.judge.username);
    // The pad is live for this judge: the socket came back with the new cookie.
    await expect.poll(() => page.getByTestId('pad-connection').textContent()).toBe('Đã kết nối');
    await scoreTeam(page, teamIds[5]!, '10');
    await page.getByText('Chấm điểm thành công!').waitFor();
    expect(errors).toEqual([]);

    // A re-issued link revokes the first one.
    await trpcMutation(night.admin, 'user.issueJudgeLink', { _id: night.judgeId });
    const fresh = await h.newPage(PHONE);
    await fresh.page.goto(firstPath);
    await waitForApp(fresh.page);
    await fresh.page.getByTestId('pad-link-error').waitFor();
    await fresh.page.getByText('Liên kết không hợp lệ hoặc đã bị thu hồi. Hãy nhờ ban tổ chức cấp liên kết mới.').waitFor();
    expect(fresh.page.url()).not.toContain('token=');
    const after = (await (await fresh.context.request.get('/api/state')).json()) as { user: unknown };
    expect(after.user).toBeNull();
    expect(await fresh.page.getByTestId('judge-pad').count()).toBe(0);
  });
});
