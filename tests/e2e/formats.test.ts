/**
 * The contest formats played from /master in real browser pages, with /screen, /screen2 and a team's
 * /team watching: a speed round (places, times and points), an obstacle round (a row, its reveal,
 * the keyword) and a judged round (its performance timer).
 */

import { sql } from 'kysely';
import type { APIRequestContext, Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import { loadDemoEvent } from '../../src-server/demo/load';
import { pickQuestion, pickSet } from './console';
import { ACCOUNTS, describeInBrowser, openAs, requestAs } from './harness';

const TEAM_NAME = 'THPT Chu Văn An';
const OTHER_TEAM = 'THPT Việt Đức';
const SECOND = { username: 'doi-hai', password: 'mat-khau-doi-hai' };

describeInBrowser('contest formats in a browser', (h) => {
  let second: APIRequestContext;

  beforeAll(async () => {
    const { db } = h.server.deps;
    await loadDemoEvent(db, h.server.deps.hub);
    // The finish round's steal window: long enough that a loaded machine's phone still buzzes inside it
    // (the window closing is the server tests' concern: tests/server/format-finish.test.ts).
    await db
      .updateTable('question_sets')
      .set({ format: sql`format || '{"stealSeconds": 60}'::jsonb` })
      .where(sql`format->>'kind'`, '=', 'finish')
      .execute();
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

  /**
   * Waits for the finish round's steal text on /screen; on a timeout, says what the server, the
   * console and the pages had then, so a failure in CI explains itself.
   */
  async function waitForSteal(all: Awaited<ReturnType<typeof openAll>>, text: string) {
    try {
      await all.screen.getByTestId('finish-steal-text').filter({ hasText: text }).waitFor();
    } catch (error) {
      const read = (page: Page, testId: string) =>
        page
          .getByTestId(testId)
          .innerText({ timeout: 1000 })
          .catch(() => '(none)');
      const details = [
        `server finish: ${JSON.stringify(h.server.deps.hub.live.stage.system('staff').finish)}`,
        `console: ${await read(all.m, 'finish-panel')}`,
        `screen: ${await read(all.screen, 'finish-steal-banner')}`,
        `focus on the console: ${await all.m.evaluate(() => document.activeElement?.outerHTML.slice(0, 200) ?? 'none')}`,
        `page errors: ${JSON.stringify(all.errors.map((p) => p.errors))}`,
      ];
      throw new Error(`${(error as Error).message}\n${details.join('\n')}`);
    }
  }

  async function secondTeamAnswers(answer: string) {
    const state = await (await second.get('/api/state')).json();
    const res = await second.post('/trpc/show.submitAnswer', { data: { questionId: state.system.questionId, answer } });
    expect(res.status(), await res.text()).toBe(200);
  }

  it('plays a speed round: the first right answer gets 40, the next 30, with their times on both screens', async () => {
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

    // One box puts one team's answer on both screens; the panel's button puts them all.
    const box = row(TEAM_NAME).getByRole('checkbox', { name: 'Hiện trên màn hình chính và màn hình phụ' });
    await box.click();
    await expect.poll(() => box.isChecked()).toBe(true);
    await expect.poll(() => screen.getByTestId('speed-board-row').count()).toBe(1);
    await button(m, 'Đưa kết quả lên hai màn hình').click();
    const results = screen2.getByTestId('speed-result');
    await expect.poll(() => results.count()).toBe(2);
    expect(await results.nth(0).innerText()).toMatch(/^\d+,\d\d s\s+\+40 điểm$/);
    expect(await results.nth(1).innerText()).toMatch(/^\d+,\d\d s\s+\+30 điểm$/);

    // /screen: every answer, fastest first, with its time, its verdict and its points.
    const board = screen.getByTestId('speed-board-row');
    await expect.poll(() => board.count()).toBe(2);
    const lines = (await board.allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim());
    expect(lines[0]).toMatch(new RegExp(`^\\d+,\\d\\d s ${TEAM_NAME} Sông Hồng ✓ \\+40 điểm$`));
    expect(lines[1]).toMatch(new RegExp(`^\\d+,\\d\\d s ${OTHER_TEAM} Sông Hồng ✓ \\+30 điểm$`));
    const seconds = lines.map((line) => Number(line.split(' ')[0]!.replace(',', '.')));
    expect(seconds[0]).toBeLessThanOrEqual(seconds[1]!);
    // Revealing the answer keeps the results up, with the right answer above them.
    await m.keyboard.press('Escape');
    await m.keyboard.press('Shift+A');
    await screen.getByTestId('speed-board-answer').filter({ hasText: 'Sông Hồng' }).waitFor();
    await expect.poll(() => board.count()).toBe(2);
    for (const opened of errors) expect(opened.errors).toEqual([]);
  });

  it('plays an obstacle round: a row revealed on /screen, a reload mid-round, the clue, a wrong keyword, then the right one', async () => {
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

    // A screen and a phone that reload mid-round find the board as it stands.
    await screen.reload();
    await team.reload();
    await board.waitFor();
    await expect.poll(() => screen.getByTestId('obstacle-tile').and(screen.locator('[data-open]')).count()).toBe(2);
    expect((await board.getByTestId('obstacle-row').first().innerText()).replace(/\s+/g, '')).toContain('LÝTHÁNHTÔNG');
    await team.getByTestId('keyword-buzzer').waitFor();

    // G shows the centre clue.
    await m.keyboard.press('g');
    await screen.getByTestId('obstacle-clue').filter({ hasText: 'Gác nhỏ trong Văn Miếu' }).waitFor();

    // The other team buzzes first and is judged wrong with Shift+X: it is out, and the list says so.
    const buzzed = await second.post('/trpc/show.keywordBuzz', { data: {} });
    expect(buzzed.status(), await buzzed.text()).toBe(200);
    await m.getByTestId('keyword-buzz').filter({ hasText: OTHER_TEAM }).waitFor();
    await m.keyboard.press('Shift+X');
    await screen
      .getByTestId('obstacle-footer')
      .filter({ hasText: `Đã bị loại khỏi vòng này: ${OTHER_TEAM}` })
      .waitFor();

    // The keyword: the team buzzes, the console judges it right with Shift+D, everyone sees it.
    await team.getByTestId('keyword-buzz').click();
    await team.getByTestId('keyword-state').filter({ hasText: 'thứ 2' }).waitFor();
    await m.getByTestId('keyword-buzz').filter({ hasText: TEAM_NAME }).getByRole('button', { name: 'Đúng' }).waitFor();
    await m.keyboard.press('Shift+D');
    await team.getByTestId('keyword-state').filter({ hasText: 'Đội đã giải được chướng ngại vật!' }).waitFor();
    await screen.locator('[data-testid="obstacle-board"][data-ended="true"]').waitFor();
    expect((await screen.getByTestId('obstacle-keyword').innerText()).replace(/\s+/g, '')).toContain('KHUÊVĂNCÁC');
    await expect.poll(() => screen.getByTestId('obstacle-tile').and(screen.locator('[data-open]')).count()).toBe(4);
    for (const opened of errors) expect(opened.errors).toEqual([]);
  });

  it('plays a finish round: a package with the star, a right answer, a miss, and a steal from /team', async () => {
    const all = await openAll();
    const { m, screen, team, errors } = all;
    await pickSet(m, 3, 'Về đích — Hà Nội nghìn năm');
    await m.getByRole('combobox', { name: 'Bắt đầu lượt của đội' }).click();
    await m.getByRole('option', { name: OTHER_TEAM }).click();
    await screen.getByTestId('finish-team').filter({ hasText: OTHER_TEAM }).waitFor();

    await button(m, '20-20-30 (70)').click();
    await m.getByRole('button', { name: 'Đặt ngôi sao hy vọng vào câu thứ 3' }).click();
    const chips = screen.getByTestId('finish-chip');
    await expect.poll(() => chips.count()).toBe(3);
    await chips.nth(2).and(screen.locator('[data-star]')).waitFor();
    expect((await chips.allInnerTexts()).map((c) => c.replace(/\s+/g, ''))).toEqual(['20', '20', '★30']);

    // Position 1: a 20-point question, judged right with Shift+D.
    await pickQuestion(m, 'dời đô từ Hoa Lư');
    await button(m, 'Hiện câu hỏi').click();
    await screen.getByTestId('question-content').filter({ hasText: 'dời đô từ Hoa Lư' }).waitFor();
    await chips.nth(0).and(screen.locator('[data-on-air]')).waitFor();
    await m.keyboard.press('Escape');
    await m.keyboard.press('Shift+D');
    await chips.nth(0).and(screen.locator('[data-result="right"]')).waitFor();

    // Position 2: missed; the other teams may steal (for 60 s here), and the team's phone steals.
    await pickQuestion(m, 'Tháp Rùa');
    await button(m, 'Hiện câu hỏi').click();
    await m.getByTestId('finish-panel').getByRole('button', { name: 'Sai', exact: true }).click();
    await screen.locator('[data-testid="finish-steal-banner"][data-open]').waitFor();
    await team.getByTestId('finish-steal-buzz').click();
    await screen
      .getByTestId('finish-steal-text')
      .filter({ hasText: `${TEAM_NAME} giành quyền trả lời` })
      .waitFor();
    await team.getByTestId('finish-steal-state').filter({ hasText: 'Đội bạn giành quyền trả lời!' }).waitFor();
    // The console can judge the steal (its buttons are there) before the key is pressed.
    await m.getByTestId('steal-buzz').filter({ hasText: TEAM_NAME }).getByRole('button', { name: 'Đúng' }).waitFor();
    await m.keyboard.press('Escape');
    await m.keyboard.press('Shift+D');
    await waitForSteal(all, `${TEAM_NAME} cướp điểm thành công: +20 điểm`);
    await team.getByTestId('finish-steal-state').filter({ hasText: 'Đội bạn cướp điểm thành công!' }).waitFor();

    // Undo takes the steal back: the stealer answers again.
    await m.keyboard.press('Control+z');
    await screen
      .getByTestId('finish-steal-text')
      .filter({ hasText: `${TEAM_NAME} giành quyền trả lời` })
      .waitFor();
    for (const opened of errors) expect(opened.errors).toEqual([]);
  }, 120_000);

  it("plays a judged round: the performance's 180 s and the team on stage on the screens, the round's field opened to the judges' pads", async () => {
    const { m, screen, team, errors } = await openAll();
    const pad = await openAs(h, '/supporter', 'judge', { width: 390, height: 844 });
    await pickSet(m, 4, 'Hà Nội - Niềm tin và hy vọng — thuyết trình');
    await pickQuestion(m, 'thành phố xanh');
    await expect.poll(() => m.getByTestId('master-countdown').innerText()).toBe('3:00');
    await button(m, 'Hiện câu hỏi').click();
    await button(m, 'Bắt đầu').click();
    // /screen: the performance, its topic and a big clock; the phone says whose turn it is.
    const clock = screen.getByTestId('performance-clock');
    // Running down from 3:00 (a busy machine may take a while to get here).
    await expect.poll(async () => Number((await clock.innerText()).replace(':', '.'))).toBeLessThan(3);
    expect(Number((await clock.innerText()).replace(':', '.'))).toBeGreaterThan(1.5);
    expect(await screen.getByTestId('performance').innerText()).toContain('thành phố xanh');
    await team.getByTestId('team-countdown').waitFor();
    await team.getByTestId('performance-turn').filter({ hasText: 'Phần trình bày sắp bắt đầu' }).waitFor();
    await m.getByRole('combobox', { name: 'Đội trên sân khấu' }).click();
    await m.getByRole('option', { name: TEAM_NAME }).click();
    await screen.getByTestId('performance-team').filter({ hasText: TEAM_NAME }).waitFor();
    await team.locator('[data-testid="performance-turn"][data-ours="true"]').filter({ hasText: 'Đến lượt đội bạn trình bày' }).waitFor();

    // The round's own field comes first on the console, marked; opening it opens the judges' pads.
    const field = m.getByTestId('scoring-field').first();
    await field.getByTestId('scoring-round-badge').waitFor();
    expect(await field.getByTestId('scoring-field-label').innerText()).toBe('Phần 4: Hà Nội - Niềm tin và hy vọng');
    await field.getByRole('button', { name: 'Mở chấm' }).click();
    await pad.page.getByTestId('pad-field').filter({ hasText: 'Phần 4: Hà Nội - Niềm tin và hy vọng' }).waitFor();
    for (const opened of [...errors, pad]) expect(opened.errors).toEqual([]);
  }, 120_000);
});
