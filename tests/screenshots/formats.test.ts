/**
 * The contest formats: the obstacle crossword with two tiles open on /screen, the speed round's
 * answers with their times and points on /screen and screen 2, the judged round's performance on
 * /screen and a team's phone, the finish round with its star and steal window on /screen, a phone and
 * the console, each format's console at 1440×900, the obstacle
 * buzzer on a team's phone, and the format editor of a set.
 */
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { describeInBrowser, expectOk, openAs } from '../e2e/harness';
import { CONSOLE, demoNightForBlock, PHONE, STAGE } from './demo-night';
import { openAndShoot, settled, shoot } from './shots';

describeInBrowser('screenshots: contest formats', (h) => {
  const { night, show, setOf } = demoNightForBlock(h, {
    phones: 4,
    prefix: 'anh-doi-',
    accountTeam: 0,
    setPaths: [2, 3, 4, 5].map((set) => `/api/fw-question-${set}/all`),
  });

  it('format-speed-screen.png, format-speed-screen2.png, format-speed-console.png: four answers with their times and points', async () => {
    const set = setOf('Tăng tốc');
    const questionId = set.items[0]!.id;
    await show({ fw: 5, setId: set._id, questionId, phase: 'question', answersOpen: true, timer: { action: 'start' } });
    const answers = ['Sông Hồng', 'Sông Hồng', 'Sông Đuống', 'Sông Hồng'];
    for (const [i, team] of night.teams.entries()) {
      await new Promise((resolve) => setTimeout(resolve, 700 + i * 600));
      await expectOk(await team.post('/trpc/show.submitAnswer', { data: { questionId, answer: answers[i] } }));
    }
    for (const [i, teamId] of night.teamIds.slice(0, 4).entries()) {
      const verdict = answers[i] === 'Sông Hồng' ? 'right' : 'wrong';
      await expectOk(await night.master.post('/trpc/show.verdict', { data: { questionId, teamId, verdict } }));
    }
    await show({ answersOpen: false, shownAnswers: night.teamIds.slice(0, 4), screen2: 'answers' });

    await openAndShoot(h, ['/screen2', null, STAGE], (page) => page.getByTestId('speed-result').nth(3), 'format-speed-screen2');
    await openAndShoot(h, ['/screen', null, STAGE], (page) => page.getByTestId('speed-board-row').nth(3), 'format-speed-screen');
    await openAndShoot(h, ['/master', 'master', CONSOLE], (page) => page.getByTestId('speed-points').nth(2), 'format-speed-console');
  });

  it('format-obstacle-screen.png, format-obstacle-console.png, format-obstacle-team.png: two rows revealed, a buzz waiting', async () => {
    const set = setOf('Vượt chướng ngại vật — Khuê Văn Các');
    await show({ fw: 2, setId: set._id, questionId: null, phase: 'round', shownAnswers: [], screen2: 'scoreboard' });
    for (const row of [0, 2]) {
      const questionId = set.items[row]!.id;
      await show({ questionId, phase: 'question', answersOpen: true });
      await expectOk(await night.teams[row]!.post('/trpc/show.submitAnswer', { data: { questionId, answer: 'đáp án' } }));
      await show({ answersOpen: false, phase: 'answer' });
      await expectOk(await night.master.post('/trpc/show.verdict', { data: { questionId, teamId: night.teamIds[row], verdict: 'right' } }));
      await show({ obstacle: { action: 'revealRow', row } });
    }
    await show({ questionId: null, phase: 'round' });
    await expectOk(await night.teams[1]!.post('/trpc/show.keywordBuzz', { data: {} }));

    const screen = await openAs(h, '/screen', null, STAGE);
    await expect.poll(() => screen.page.locator('[data-testid="obstacle-tile"][data-open]').count()).toBe(2);
    await settled(screen.page);
    await shoot(screen.page, 'format-obstacle-screen');
    await openAndShoot(h, ['/master', 'master', CONSOLE], (page) => page.getByTestId('keyword-buzz').first(), 'format-obstacle-console');
    await openAndShoot(h, ['/team', 'team', PHONE], (page) => page.getByTestId('keyword-buzz'), 'format-obstacle-team');
  });

  it('format-judged-console.png, format-judged-screen.png, format-judged-team.png: a presentation on air with its 3:00 clock running', async () => {
    const set = setOf('Hà Nội - Niềm tin và hy vọng — thuyết trình');
    await show({
      fw: 4,
      setId: set._id,
      questionId: set.items[0]!.id,
      phase: 'question',
      timer: { action: 'start' },
      activeTeamId: night.teamIds[2],
    });
    await openAndShoot(h, ['/master', 'master', CONSOLE], (page) => page.getByTestId('master-countdown'), 'format-judged-console');
    await openAndShoot(h, ['/screen', null, STAGE], (page) => page.getByTestId('performance-clock'), 'format-judged-screen');
    await openAndShoot(h, ['/team', 'team', PHONE], (page) => page.getByTestId('performance-turn'), 'format-judged-team');
  });

  it('format-finish-screen.png, format-finish-console.png, format-finish-team.png: a star placed, a miss and the steal window open', async () => {
    const set = setOf('Về đích — Hà Nội nghìn năm');
    const byText = (text: string) => (set.items as { id: string; content: string }[]).find((q) => q.content.includes(text))!.id;
    // A long steal window, so the pages open while it is still open.
    await h.server.deps.db
      .updateTable('question_sets')
      .set({ format: sql`jsonb_set(format, '{stealSeconds}', '60')` })
      .where('id', '=', set._id)
      .execute();
    await show({ fw: 3, setId: set._id, questionId: null, phase: 'round', shownAnswers: [], screen2: 'scoreboard', activeTeamId: null });
    await show({ finish: { action: 'startTurn', teamId: night.teamIds[1] } });
    await show({ finish: { action: 'choosePackage', package: 2 } });
    await show({ finish: { action: 'placeStar', position: 1 } });
    await show({ questionId: byText('dời đô từ Hoa Lư'), phase: 'question' });
    await expectOk(await night.master.post('/trpc/show.finishVerdict', { data: { result: 'right' } }));
    await show({ questionId: byText('UNESCO công nhận'), phase: 'question', timer: { action: 'start' } });
    await expectOk(await night.master.post('/trpc/show.finishVerdict', { data: { result: 'wrong' } }));

    const screen = await openAs(h, '/screen', null, STAGE);
    const team = await openAs(h, '/team', 'team', PHONE);
    await screen.page.locator('[data-testid="finish-steal-banner"][data-open]').waitFor();
    await team.page.getByTestId('finish-steal-buzz').waitFor();
    await shoot(screen.page, 'format-finish-screen');
    await shoot(team.page, 'format-finish-team');
    await expectOk(await night.teams[2]!.post('/trpc/show.stealBuzz', { data: {} }));
    await openAndShoot(h, ['/master', 'master', CONSOLE], (page) => page.getByTestId('steal-buzz'), 'format-finish-console');
    await screen.page.getByTestId('finish-steal-text').filter({ hasText: 'giành quyền trả lời' }).waitFor();
    await settled(screen.page);
    await shoot(screen.page, 'format-finish-steal');
  });

  it('format-editor.png: the obstacle set’s format on its page', async () => {
    const set = setOf('Vượt chướng ngại vật — Khuê Văn Các');
    const { page } = await openAs(h, `/user/fw-question-2/${set._id}`, 'admin', CONSOLE);
    await page.getByTestId('format-card').waitFor();
    await page.getByTestId('format-card').scrollIntoViewIfNeeded();
    await settled(page);
    await shoot(page, 'format-editor');
  });
});
