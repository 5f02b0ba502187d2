/**
 * The contest formats played from /master in real browser pages, with /screen, /screen2 and a team's
 * /team watching: a speed round (places, times and points), an obstacle round (a row, its reveal,
 * the keyword) and a judged round (its performance timer).
 */
import type { APIRequestContext, Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import { loadDemoEvent } from '../../src-server/demo/load';
import { ACCOUNTS, describeInBrowser, openAs, requestAs } from './harness';

const TEAM_NAME = 'THPT Chu Văn An';
const OTHER_TEAM = 'THPT Việt Đức';
const SECOND = { username: 'doi-hai', password: 'mat-khau-doi-hai' };

describeInBrowser('contest formats in a browser', (h) => {
  let second: APIRequestContext;

  beforeAll(async () => {
    const { db } = h.server.deps;
    await loadDemoEvent(db, h.server.deps.hub);
    const teams = await db.selectFrom('teams').select(['id', 'name']).execute();
    const teamId = (name: string) => teams.find((t) => t.name === name)!.id;
    await db
      .updateTable('users')
      .set({ team_id: teamId(TEAM_NAME) })
      .where('username', '=', ACCOUNTS.team.username)
      .execute();
    const admin = await requestAs(h, 'admin');
    const created = await admin.post('/api/user', {
      data: { user: { ...SECOND, fullName: OTHER_TEAM, role: 'team', teamId: teamId(OTHER_TEAM) } },
    });
    expect(created.status(), await created.text()).toBe(200);
    second = await requestAs(h, SECOND);
  }, 60_000);

  async function openAll() {
    const master = await openAs(h, '/master', 'master', { width: 1440, height: 900 });
    const screen = await openAs(h, '/screen', null, { width: 1280, height: 720 });
    const screen2 = await openAs(h, '/screen2', null, { width: 1280, height: 720 });
    const team = await openAs(h, '/team', 'team', { width: 390, height: 844 });
    return { m: master.page, screen: screen.page, screen2: screen2.page, team: team.page, errors: [master, screen, screen2, team] };
  }

  const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });

  async function pickSet(m: Page, round: number, title: string) {
    await m.getByText(`Phần ${round}`, { exact: true }).click();
    await m.getByRole('combobox', { name: 'Bộ câu hỏi' }).click();
    await m.getByRole('option', { name: title }).click();
  }

  async function pickQuestion(m: Page, text: string) {
    const question = m.getByTestId('master-question').filter({ hasText: text });
    await question.click();
    await question.and(m.locator('[data-selected="true"]')).waitFor();
  }

  async function secondTeamAnswers(answer: string) {
    const state = await (await second.get('/api/state')).json();
    const res = await second.post('/trpc/show.submitAnswer', { data: { questionId: state.system.questionId, answer } });
    expect(res.status(), await res.text()).toBe(200);
  }

  it('plays a speed round: the first right answer gets 40, the next 30, with their times on screen 2', async () => {
    const { m, screen, screen2, team, errors } = await openAll();
    await pickSet(m, 5, 'Tăng tốc');
    await pickQuestion(m, 'sông mẹ');
    // The format's 30 s, not the question's own 10.
    await expect.poll(() => m.getByTestId('master-countdown').innerText()).toBe('30');
    await button(m, 'Hiện câu hỏi').click();
    await screen.getByTestId('question-content').filter({ hasText: 'sông mẹ' }).waitFor();
    await button(m, 'Bắt đầu').click();
    await button(m, 'Mở trả lời').click();

    await team.getByRole('button', { name: 'A. Sông Hồng' }).click();
    await team.getByRole('button', { name: 'Gửi câu trả lời' }).click();
    await team.getByTestId('team-sent').waitFor();
    await secondTeamAnswers('Sông Hồng');

    const row = (name: string) => m.getByTestId('incoming-answer').filter({ hasText: name });
    await row(OTHER_TEAM).waitFor();
    for (const name of [TEAM_NAME, OTHER_TEAM]) await row(name).getByRole('button', { name: 'Đúng' }).click();
    await row(TEAM_NAME).getByTestId('speed-points').filter({ hasText: '+40 điểm' }).waitFor();
    await row(OTHER_TEAM).getByTestId('speed-points').filter({ hasText: '+30 điểm' }).waitFor();
    // The team's phone shows the points its place earned.
    await team.getByTestId('team-points').filter({ hasText: '+40 điểm' }).waitFor();

    for (const name of [TEAM_NAME, OTHER_TEAM]) {
      const box = row(name).getByRole('checkbox', { name: 'Hiện trên màn hình phụ' });
      await box.click();
      await expect.poll(() => box.isChecked()).toBe(true);
    }
    await button(m, 'Đưa câu trả lời lên màn hình phụ').click();
    const results = screen2.getByTestId('speed-result');
    await expect.poll(() => results.count()).toBe(2);
    expect(await results.nth(0).innerText()).toMatch(/^\d+,\d\d s\s+\+40 điểm$/);
    expect(await results.nth(1).innerText()).toMatch(/^\d+,\d\d s\s+\+30 điểm$/);
    for (const opened of errors) expect(opened.errors).toEqual([]);
  });

  it('plays an obstacle round: a row answered and revealed on /screen, then the keyword buzzed from /team and judged right', async () => {
    const { m, screen, team, errors } = await openAll();
    await pickSet(m, 2, 'Vượt chướng ngại vật — Khuê Văn Các');
    await button(m, 'Tên phần thi').click();
    const board = screen.getByTestId('obstacle-board');
    await board.waitFor();
    await expect.poll(() => board.getByTestId('obstacle-row').count()).toBe(4);
    await expect.poll(() => screen.getByTestId('obstacle-tile').and(screen.locator('[data-open]')).count()).toBe(0);
    await team.getByTestId('keyword-buzzer').waitFor();

    // Row 1: shown, answered by the team, judged right, then revealed.
    await pickQuestion(m, 'triều vua nào');
    await button(m, 'Hiện câu hỏi').click();
    await screen.getByTestId('question-content').filter({ hasText: 'triều vua nào' }).waitFor();
    await button(m, 'Mở trả lời').click();
    // While the row runs, the keyword cannot be buzzed.
    await expect.poll(() => team.getByTestId('keyword-buzz').isDisabled()).toBe(true);
    await team.getByTestId('team-answer-input').fill('Lý Thánh Tông');
    await team.getByRole('button', { name: 'Gửi câu trả lời' }).click();
    await team.getByTestId('team-sent').waitFor();
    await button(m, 'Đóng trả lời').click();
    await m.getByTestId('incoming-answer').filter({ hasText: TEAM_NAME }).getByRole('button', { name: 'Đúng' }).click();
    await m.getByTestId('obstacle-console-row').first().getByRole('button', { name: 'Mở ô' }).click();
    await button(m, 'Tên phần thi').click();
    await board.waitFor();
    await board.getByTestId('obstacle-row').first().and(screen.locator('[data-revealed]')).waitFor();
    expect((await board.getByTestId('obstacle-row').first().innerText()).replace(/\s+/g, '')).toContain('LÝTHÁNHTÔNG');
    await expect.poll(() => screen.getByTestId('obstacle-tile').and(screen.locator('[data-open]')).count()).toBe(1);
    // The digit keys reveal a row from the keyboard (Esc first hands focus back from the last button).
    await m.keyboard.press('Escape');
    await m.keyboard.press('3');
    await board.getByTestId('obstacle-row').nth(2).and(screen.locator('[data-revealed]')).waitFor();
    expect((await board.getByTestId('obstacle-row').nth(2).innerText()).replace(/\s+/g, '')).toContain('RÙA');
    await expect.poll(() => screen.getByTestId('obstacle-tile').and(screen.locator('[data-open]')).count()).toBe(2);

    // The keyword: the team buzzes, the console judges it right, everyone sees it.
    await team.getByTestId('keyword-buzz').click();
    await team.getByTestId('keyword-state').filter({ hasText: 'thứ 1' }).waitFor();
    const buzz = m.getByTestId('keyword-buzz').filter({ hasText: TEAM_NAME });
    await buzz.getByRole('button', { name: 'Đúng' }).click();
    await team.getByTestId('keyword-state').filter({ hasText: 'Đội đã giải được chướng ngại vật!' }).waitFor();
    await screen.locator('[data-testid="obstacle-board"][data-ended="true"]').waitFor();
    expect((await screen.getByTestId('obstacle-keyword').innerText()).replace(/\s+/g, '')).toContain('KHUÊVĂNCÁC');
    await expect.poll(() => screen.getByTestId('obstacle-tile').and(screen.locator('[data-open]')).count()).toBe(4);
    for (const opened of errors) expect(opened.errors).toEqual([]);
  });

  it("plays a judged round: the performance's 180 s on the screens, the round's field opened to the judges' pads", async () => {
    const { m, screen, team, errors } = await openAll();
    const pad = await openAs(h, '/supporter', 'judge', { width: 390, height: 844 });
    await pickSet(m, 4, 'Hà Nội - Niềm tin và hy vọng — thuyết trình');
    await pickQuestion(m, 'thành phố xanh');
    await expect.poll(() => m.getByTestId('master-countdown').innerText()).toBe('3:00');
    await button(m, 'Hiện câu hỏi').click();
    await button(m, 'Bắt đầu').click();
    await expect.poll(async () => Number((await screen.getByTestId('countdown').innerText()).replace(':', '.'))).toBeGreaterThan(2.5);
    await team.getByTestId('team-countdown').waitFor();

    // The round's own field comes first on the console, marked; opening it opens the judges' pads.
    const field = m.getByTestId('scoring-field').first();
    await field.getByTestId('scoring-round-badge').waitFor();
    expect(await field.getByTestId('scoring-field-label').innerText()).toBe('Phần 4: Hà Nội - Niềm tin và hy vọng');
    await field.getByRole('button', { name: 'Mở chấm' }).click();
    await pad.page.getByTestId('pad-field').filter({ hasText: 'Phần 4: Hà Nội - Niềm tin và hy vọng' }).waitFor();
    for (const opened of [...errors, pad]) expect(opened.errors).toEqual([]);
  });
});
