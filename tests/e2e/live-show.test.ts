/**
 * A whole question of the live show in four real browser pages against the real server: the master
 * drives it from /master only, while /screen, /screen2 and a team's /team follow, across a server
 * restart in the middle, with no page ever reloaded.
 */
import type { Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import type { Role } from '../../src/constants';
import { loadDemoWithTeam } from './demo';
import { compareCountdowns, describeInBrowser, type Harness, openAs } from './harness';

const TEAM_NAME = 'THPT Chu Văn An';
const SET_TITLE = 'Người Hà Nội — bộ đề chính';
const QUESTION = 'Hồ Gươm còn có tên gọi nào khác?';
const ANSWER = 'Hồ Hoàn Kiếm';

async function open(h: Harness, route: string, viewport: { width: number; height: number }, role?: Role) {
  const { page, errors } = await openAs(h, route, role ?? null, viewport);
  // Any reload would lose this flag.
  await page.evaluate(() => {
    (window as unknown as { __sameDocument: boolean }).__sameDocument = true;
  });
  return { page, errors };
}

function stillSameDocument(page: Page) {
  return page.evaluate(() => ({
    flag: (window as unknown as { __sameDocument?: boolean }).__sameDocument === true,
    navigations: performance.getEntriesByType('navigation').length,
  }));
}

const text = (page: Page, testId: string) => page.getByTestId(testId).first().innerText();

describeInBrowser('the live show in a browser', (h) => {
  beforeAll(async () => {
    await loadDemoWithTeam(h, TEAM_NAME);
  }, 60_000);

  it('runs a whole question from the console, across a server restart, without reloading any page', async () => {
    const master = await open(h, '/master', { width: 1440, height: 900 }, 'master');
    const screen = await open(h, '/screen', { width: 1280, height: 720 });
    const screen2 = await open(h, '/screen2', { width: 1280, height: 720 });
    const team = await open(h, '/team', { width: 390, height: 844 }, 'team');
    const m = master.page;
    const button = (name: string) => m.getByRole('button', { name, exact: true });
    // The operator's first click on each projector unlocks its sound; the corner hint goes.
    for (const projector of [screen.page, screen2.page]) {
      await projector.mouse.click(640, 360);
      await projector.getByTestId('start-hint').waitFor({ state: 'detached' });
    }
    await team.page.getByTestId('team-waiting').waitFor();
    await team.page.getByTestId('team-name').filter({ hasText: TEAM_NAME }).waitFor();

    // Nothing to undo yet: the server's reason is told.
    await button('Hoàn tác').click();
    await m.locator('.mantine-Notification-root', { hasText: 'Không còn thao tác nào để hoàn tác' }).waitFor();

    // Round 1, its main set, the first question.
    await m.getByText('Phần 1', { exact: true }).click();
    await m.getByRole('combobox', { name: 'Bộ câu hỏi' }).click();
    await m.getByRole('option', { name: SET_TITLE }).click();
    await m.getByTestId('master-question').filter({ hasText: QUESTION }).click();
    await m.getByTestId('master-question').filter({ hasText: QUESTION }).and(m.locator('[data-selected="true"]')).waitFor();
    // The console sees the answer in the list before anyone else does.
    await expect(m.getByTestId('master-question').first().innerText()).resolves.toContain(ANSWER);

    await button('Hiện câu hỏi').click();
    await screen.page.locator('[data-testid="projector"][data-phase="question"]').waitFor();
    await screen.page.getByTestId('question-content').filter({ hasText: QUESTION }).waitFor();
    await team.page.getByTestId('team-question-content').filter({ hasText: QUESTION }).waitFor();
    expect(await screen.page.getByTestId('revealed-answer').count()).toBe(0);
    expect(await team.page.getByTestId('team-revealed-answer').count()).toBe(0);

    // A minute on the clock, started from the console: both screens count the same second.
    await m.getByText('60s', { exact: true }).click();
    await button('Bắt đầu').click();
    await team.page.getByTestId('team-countdown').waitFor();
    await expect.poll(() => text(screen.page, 'countdown').then(Number), { timeout: 5000 }).toBeLessThanOrEqual(60);
    // Read side by side until both have shown the same number in two different seconds.
    const { differences, same, steady } = await compareCountdowns(
      () => text(screen.page, 'countdown'),
      () => text(team.page, 'team-countdown'),
      2,
    );
    for (const difference of differences) expect(difference).toBeLessThanOrEqual(1);
    expect(same).toBeGreaterThanOrEqual((steady * 2) / 3);
    // Paused, every screen holds exactly the same second; then the clock runs on.
    await button('Tạm dừng').click();
    // The console hears its own pause back from the server: only then is its number the paused one to compare with.
    await button('Tiếp tục').and(m.locator(':enabled')).waitFor();
    await expect.poll(() => text(screen.page, 'countdown')).toBe(await text(m, 'master-countdown'));
    await expect.poll(() => text(team.page, 'team-countdown')).toBe(await text(m, 'master-countdown'));
    await button('Tiếp tục').click();
    await button('Tạm dừng').and(m.locator(':enabled')).waitFor();

    // The server goes away mid-question: every page says so, and carries on once it is back.
    const stopped = await h.stopServer();
    await m.getByTestId('disconnected').waitFor({ timeout: 15_000 });
    await team.page.getByTestId('disconnected').waitFor({ timeout: 15_000 });
    // The projectors know, but a short outage shows the hall nothing (the sign waits 15 s).
    for (const page of [screen.page, screen2.page])
      await page.locator('[data-testid="projector"][data-link="lost"]').waitFor({ timeout: 15_000 });
    await stopped.start();
    for (const page of [m, team.page]) await page.getByTestId('disconnected').waitFor({ state: 'detached', timeout: 20_000 });
    for (const page of [screen.page, screen2.page])
      await page.locator('[data-testid="projector"][data-link="live"]').waitFor({ timeout: 20_000 });
    await screen.page.getByTestId('question-content').filter({ hasText: QUESTION }).waitFor();

    // The keyboard: B blanks the screen, Q brings the question back.
    await m.keyboard.press('b');
    await screen.page.locator('[data-testid="projector"][data-phase="blank"]').waitFor();
    await m.keyboard.press('q');
    await screen.page.locator('[data-testid="projector"][data-phase="question"]').waitFor();

    // Answers open: the team answers, and the console sees it at once.
    await button('Mở trả lời').click();
    await button('Đóng trả lời').waitFor();
    const input = team.page.getByTestId('team-answer-input');
    await input.waitFor();
    await team.page.getByRole('button', { name: `A. ${ANSWER}` }).click();
    await expect(input.inputValue()).resolves.toBe(ANSWER);
    await team.page.getByRole('button', { name: 'Gửi câu trả lời' }).click();
    await team.page
      .getByTestId('team-sent')
      .filter({ hasText: `Đã gửi: ${ANSWER}` })
      .waitFor();
    const incoming = m.getByTestId('incoming-answer').filter({ hasText: TEAM_NAME });
    await incoming.filter({ hasText: ANSWER }).waitFor();

    // Right: the team sees its verdict; a second click takes it back, a third gives it again.
    await incoming.getByRole('button', { name: 'Đúng' }).click();
    await team.page.getByTestId('team-verdict').filter({ hasText: 'Đúng' }).waitFor();
    await incoming.getByRole('button', { name: 'Đúng' }).click();
    await team.page.getByTestId('team-verdict').filter({ hasText: 'Đang chờ chấm' }).waitFor();
    await incoming.getByRole('button', { name: 'Đúng' }).click();
    await team.page.getByTestId('team-verdict').filter({ hasText: 'Đúng' }).waitFor();

    // The answer on screen 2.
    // The box follows the server's state, so it ticks when the move comes back, not at the click.
    const showOnScreen2 = incoming.getByRole('checkbox', { name: 'Hiện trên màn hình phụ' });
    await showOnScreen2.click();
    await expect.poll(() => showOnScreen2.isChecked()).toBe(true);
    await button('Đưa câu trả lời lên màn hình phụ').click();
    await screen2.page.locator('[data-testid="projector"][data-mode="answers"]').filter({ hasText: ANSWER }).waitFor();

    // Revealing the answer asks first.
    await button('Hiện đáp án').click();
    const dialog = m.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Hiện đáp án' }).click();
    await screen.page.getByTestId('revealed-answer').filter({ hasText: ANSWER }).waitFor();
    await team.page.getByTestId('team-revealed-answer').filter({ hasText: ANSWER }).waitFor();

    // The scoreboard: the team's 10 points on the projector and its own total and rank on its phone.
    await button('Bảng điểm').click();
    await screen.page.locator('[data-testid="projector"][data-phase="scoreboard"]').waitFor();
    await screen.page.getByTestId('scoreboard-row').filter({ hasText: TEAM_NAME }).filter({ hasText: '10,0' }).waitFor();
    await team.page.getByTestId('team-total').filter({ hasText: 'Hạng 1 · 10,0 điểm' }).waitFor();

    for (const page of [m, screen.page, screen2.page, team.page]) {
      expect(await stillSameDocument(page)).toEqual({ flag: true, navigations: 1 });
    }
    for (const { errors } of [master, screen, screen2, team]) expect(errors).toEqual([]);
  }, 120_000);
});
