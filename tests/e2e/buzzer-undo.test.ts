/**
 * A buzzer question judged from /master with two team phones and /screen watching: whose turn it is
 * on every screen at once, Sai passing the turn on, Đúng giving the points, and Hoàn tác saying what it
 * took back and putting the points back, with the console's history. Then an obstacle round solved,
 * left for another round's tab and come back to: still solved, no verdict buttons; "Chơi lại vòng
 * này", confirmed, starts it afresh.
 */
import type { Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import { loadDemoEvent } from '../../src-server/demo/load';
import { pickQuestion, pickSet } from './console';
import { ACCOUNTS, describeInBrowser, openAs, requestAs, toast } from './harness';

const TEAM_NAME = 'THPT Chu Văn An';
const OTHER_TEAM = 'THPT Việt Đức';
const SECOND = { username: 'doi-hai', password: 'mat-khau-doi-hai' };
const CLASSIC_SET = 'Người Hà Nội — bộ đề chính';
const OBSTACLE_SET = 'Vượt chướng ngại vật — Khuê Văn Các';

describeInBrowser('buzzer questions, undo and a round kept across tabs', (h) => {
  const teamIds: Record<string, string> = {};

  beforeAll(async () => {
    const { db } = h.server.deps;
    await loadDemoEvent(db, h.server.deps.hub);
    for (const t of await db.selectFrom('teams').select(['id', 'name']).execute()) teamIds[t.name] = t.id;
    await db.updateTable('users').set({ team_id: teamIds[TEAM_NAME]! }).where('username', '=', ACCOUNTS.team.username).execute();
    const admin = await requestAs(h, 'admin');
    const created = await admin.post('/api/user', {
      data: { user: { ...SECOND, fullName: OTHER_TEAM, role: 'team', teamId: teamIds[OTHER_TEAM] } },
    });
    expect(created.status(), await created.text()).toBe(200);
  }, 60_000);

  /** A team's total as the server ranks it now. */
  const total = (name: string) => h.server.deps.hub.live.standings.liveListTeam().find((t) => t._id === teamIds[name])?.total;
  const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });

  it('judges a buzzer question: the turn on every screen, Sai passes it on, Đúng scores, Hoàn tác takes it back and says so', async () => {
    const master = await openAs(h, '/master', 'master', { width: 1440, height: 900 });
    const screen = await openAs(h, '/screen', null, { width: 1280, height: 720 });
    const first = await openAs(h, '/team', 'team', { width: 390, height: 844 });
    const second = await openAs(h, '/team', SECOND, { width: 390, height: 844 });
    const m = master.page;
    const startTotals = { [TEAM_NAME]: total(TEAM_NAME), [OTHER_TEAM]: total(OTHER_TEAM) };

    await pickSet(m, 1, CLASSIC_SET);
    await pickQuestion(m, 'Hồ Gươm');
    await button(m, 'Hiện câu hỏi').click();
    await screen.page.getByTestId('question-content').filter({ hasText: 'Hồ Gươm' }).waitFor();
    await button(m, 'Mở chuông').click();

    // Two phones ring, one after the other.
    await first.page.getByTestId('team-buzzer').click();
    await first.page.getByTestId('team-buzz-position').filter({ hasText: 'Bạn bấm thứ 1' }).waitFor();
    await second.page.getByTestId('team-buzzer').click();
    await second.page.getByTestId('team-buzz-position').filter({ hasText: 'Bạn bấm thứ 2' }).waitFor();

    // The first ring has the turn: Đúng / Sai on it only, and every screen says who answers.
    const row = (name: string) => m.getByTestId('buzz-row').filter({ hasText: name });
    await row(TEAM_NAME).and(m.locator('[data-turn]')).getByRole('button', { name: 'Đúng' }).waitFor();
    await expect.poll(() => row(OTHER_TEAM).getByRole('button').count()).toBe(0);
    await screen.page
      .getByTestId('buzz-turn')
      .filter({ hasText: `${TEAM_NAME} giành quyền trả lời` })
      .waitFor();
    await first.page.locator('[data-testid="team-buzz-turn"][data-ours]').filter({ hasText: 'Đội bạn giành quyền trả lời' }).waitFor();
    await second.page
      .getByTestId('team-buzz-turn')
      .filter({ hasText: `${TEAM_NAME} giành quyền trả lời` })
      .waitFor();

    // Sai: the turn goes to the second ring, on the console, the projector and both phones.
    await row(TEAM_NAME).getByRole('button', { name: 'Sai' }).click();
    await row(TEAM_NAME).and(m.locator('[data-verdict="wrong"]')).waitFor();
    await expect.poll(() => row(TEAM_NAME).getByRole('button').count()).toBe(0);
    await row(OTHER_TEAM).and(m.locator('[data-turn]')).getByRole('button', { name: 'Đúng' }).waitFor();
    await screen.page
      .getByTestId('buzz-turn')
      .filter({ hasText: `${OTHER_TEAM} giành quyền trả lời` })
      .waitFor();
    await second.page.locator('[data-testid="team-buzz-turn"][data-ours]').waitFor();
    await first.page
      .getByTestId('team-buzz-turn')
      .filter({ hasText: `${OTHER_TEAM} giành quyền trả lời` })
      .waitFor();
    // No penalty by default.
    expect(total(TEAM_NAME)).toBe(startTotals[TEAM_NAME]);

    // Đúng from the keyboard: the question's 10 points, no more buttons, the banner goes.
    await m.keyboard.press('Escape');
    await m.keyboard.press('Shift+D');
    await row(OTHER_TEAM)
      .and(m.locator('[data-verdict="right"]'))
      .getByTestId('buzz-verdict')
      .filter({ hasText: 'Đúng, +10 điểm' })
      .waitFor();
    await expect.poll(() => m.getByTestId('buzz-order').getByRole('button').count()).toBe(0);
    await expect.poll(() => total(OTHER_TEAM)).toBe((startTotals[OTHER_TEAM] ?? 0) + 10);
    await screen.page.getByTestId('buzz-turn').waitFor({ state: 'detached' });
    await first.page.getByTestId('team-buzz-turn').waitFor({ state: 'detached' });

    // The history lists the moves, newest first: what Hoàn tác takes back comes first.
    const history = m.getByTestId('move-history-item');
    await history
      .first()
      .filter({ hasText: `Bấm chuông: Đúng cho ${OTHER_TEAM}, +10 điểm` })
      .waitFor();
    expect(await history.nth(1).innerText()).toContain(`Bấm chuông: Sai cho ${TEAM_NAME}`);

    // Hoàn tác: the toast names the move, the points go back, the second team has the turn again.
    await button(m, 'Hoàn tác').click();
    await toast(m, `Đã hoàn tác: Bấm chuông: Đúng cho ${OTHER_TEAM}, +10 điểm`).waitFor();
    await expect.poll(() => total(OTHER_TEAM)).toBe(startTotals[OTHER_TEAM]);
    await row(OTHER_TEAM).and(m.locator('[data-turn]')).getByRole('button', { name: 'Đúng' }).waitFor();
    await screen.page
      .getByTestId('buzz-turn')
      .filter({ hasText: `${OTHER_TEAM} giành quyền trả lời` })
      .waitFor();
    await history
      .first()
      .filter({ hasText: `Bấm chuông: Sai cho ${TEAM_NAME}` })
      .waitFor();

    // Points by hand from the console: a reason is required; the move is named and can be undone.
    await m.getByTestId('hand-points-open').click();
    const form = m.getByTestId('hand-points-form');
    await form.getByRole('combobox', { name: 'Đội thi' }).click();
    await m.getByRole('option', { name: TEAM_NAME }).click();
    await form.getByRole('textbox', { name: 'Số điểm' }).fill('-5');
    await form.getByRole('button', { name: 'Ghi điểm' }).click();
    await form.getByText('Vui lòng nhập lý do cộng / trừ điểm').waitFor();
    await form.getByRole('textbox', { name: 'Lý do' }).fill('Nhắc bài khi đội khác trả lời');
    await form.getByRole('button', { name: 'Ghi điểm' }).click();
    await toast(m, `Đã ghi: Trừ tay −5 điểm cho ${TEAM_NAME}`).waitFor();
    await expect.poll(() => total(TEAM_NAME)).toBe((startTotals[TEAM_NAME] ?? 0) - 5);
    await history
      .first()
      .filter({ hasText: `Trừ tay −5 điểm cho ${TEAM_NAME}` })
      .waitFor();
    for (const opened of [master, screen, first, second]) expect(opened.errors).toEqual([]);
  }, 120_000);

  it('keeps a solved obstacle round across a switch to another round and back; "Chơi lại vòng này" resets it', async () => {
    const master = await openAs(h, '/master', 'master', { width: 1440, height: 900 });
    const screen = await openAs(h, '/screen', null, { width: 1280, height: 720 });
    const team = await openAs(h, '/team', 'team', { width: 390, height: 844 });
    const m = master.page;
    const panel = m.getByTestId('obstacle-panel');
    const board = screen.page.getByTestId('obstacle-board');

    await pickSet(m, 2, OBSTACLE_SET);
    await button(m, 'Tên phần thi').click();
    await board.waitFor();
    await m.getByTestId('obstacle-console-row').first().getByRole('button', { name: 'Mở ô' }).click();
    await expect.poll(() => screen.page.getByTestId('obstacle-tile').and(screen.page.locator('[data-open]')).count()).toBe(1);

    // The team guesses the keyword; the console judges it right.
    await team.page.getByTestId('keyword-buzz').click();
    const keywordRow = m.getByTestId('keyword-buzz').filter({ hasText: TEAM_NAME });
    await keywordRow.getByRole('button', { name: 'Đúng' }).click();
    await screen.page.locator('[data-testid="obstacle-board"][data-ended="true"]').waitFor();
    await keywordRow.getByText('Giải được').waitFor();

    // Another round's tab, then back to the obstacle set: the board is as it was.
    await m.getByText('Phần 1', { exact: true }).click();
    await panel.waitFor({ state: 'detached' });
    await pickSet(m, 2, OBSTACLE_SET);
    await panel.waitFor();
    await panel.getByText('Đã kết thúc').waitFor();
    await keywordRow.getByText('Giải được').waitFor();
    expect(await panel.getByRole('button', { name: 'Đúng' }).count()).toBe(0);
    expect(await panel.getByRole('button', { name: 'Sai' }).count()).toBe(0);
    await button(m, 'Tên phần thi').click();
    await screen.page.locator('[data-testid="obstacle-board"][data-ended="true"]').waitFor();
    await expect.poll(() => screen.page.getByTestId('obstacle-tile').and(screen.page.locator('[data-open]')).count()).toBe(4);

    // "Chơi lại vòng này": the dialog says what happens, then the board starts afresh.
    await m.getByTestId('restart-round').click();
    const dialog = m.getByRole('dialog');
    await dialog.getByText('Có thể lấy lại bằng nút Hoàn tác').waitFor();
    await dialog.getByRole('button', { name: 'Chơi lại', exact: true }).click();
    await toast(m, `Chơi lại ${OBSTACLE_SET} (lần 2)`).waitFor();
    await expect.poll(() => panel.getByTestId('keyword-buzz').count()).toBe(0);
    await panel.getByText('0/4 hàng').waitFor();
    await screen.page.locator('[data-testid="obstacle-board"]:not([data-ended="true"])').waitFor();
    await expect.poll(() => screen.page.getByTestId('obstacle-tile').and(screen.page.locator('[data-open]')).count()).toBe(0);

    // And Hoàn tác brings the solved round back.
    await button(m, 'Hoàn tác').click();
    await toast(m, `Đã hoàn tác: Chơi lại ${OBSTACLE_SET} (lần 2)`).waitFor();
    await screen.page.locator('[data-testid="obstacle-board"][data-ended="true"]').waitFor();
    await keywordRow.getByText('Giải được').waitFor();
    for (const opened of [master, screen, team]) expect(opened.errors).toEqual([]);
  }, 120_000);
});
