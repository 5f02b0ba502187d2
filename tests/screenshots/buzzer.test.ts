/**
 * Issue 25's pictures: a buzzer question judged on the console (one ring judged wrong, the next with
 * the turn) and announced on /screen and a phone; the undo toast with the console's history; the
 * obstacle board, solved, after a switch to another round and back.
 */
import { it } from 'vitest';
import { describeInBrowser, expectOk, openAs, toast } from '../e2e/harness';
import { CONSOLE, demoNightForBlock, PHONE, STAGE } from './demo-night';
import { openAndShoot, settled, shoot } from './shots';

describeInBrowser('screenshots: buzzer questions, undo, a round kept across tabs', (h) => {
  const { night, show, setOf } = demoNightForBlock(h, {
    phones: 3,
    prefix: 'chuong-doi-',
    accountTeam: 1,
    setPaths: ['/api/fw-question/all', '/api/fw-question-2/all'],
  });

  it('buzzer-console.png, buzzer-screen.png, buzzer-team.png, undo-toast.png', async () => {
    const set = setOf('Người Hà Nội — bộ đề chính');
    const question = set.items.find((q) => q.content.includes('Văn Miếu được xây dựng'))!;
    await show({
      fw: 1,
      setId: set._id,
      questionId: question.id,
      phase: 'question',
      buzzerOpen: true,
      timer: { action: 'start', durationMs: 30_000 },
    });
    for (const team of night.teams) await expectOk(await team.post('/trpc/show.buzz', { data: { questionId: question.id } }));
    await expectOk(await night.master.post('/trpc/show.buzzVerdict', { data: { verdict: 'wrong' } }));

    await openAndShoot(h, ['/screen', null, STAGE], (page) => page.getByTestId('buzz-turn'), 'buzzer-screen');

    await openAndShoot(h, ['/team', 'team', PHONE], (page) => page.locator('[data-testid="team-buzz-turn"][data-ours]'), 'buzzer-team');

    const console = await openAs(h, '/master', 'master', CONSOLE);
    const m = console.page;
    await m.locator('[data-testid="buzz-row"][data-turn]').getByRole('button', { name: 'Đúng' }).waitFor();
    await m.getByTestId('buzz-order').scrollIntoViewIfNeeded();
    await settled(m);
    await shoot(m, 'buzzer-console');

    // The second ring judged right, then taken back: the toast says what was undone.
    await m.locator('[data-testid="buzz-row"][data-turn]').getByRole('button', { name: 'Đúng' }).click();
    await m.locator('[data-testid="buzz-row"][data-verdict="right"]').waitFor();
    await m.getByTestId('move-history-item').first().filter({ hasText: 'Bấm chuông: Đúng' }).waitFor();
    await m.getByRole('button', { name: 'Hoàn tác', exact: true }).click();
    await toast(m, 'Đã hoàn tác: Bấm chuông: Đúng cho').waitFor();
    await m.getByTestId('move-history-item').first().filter({ hasText: 'Bấm chuông: Sai' }).waitFor();
    await m.getByTestId('move-history').scrollIntoViewIfNeeded();
    await settled(m);
    await shoot(m, 'undo-toast');
  });

  it('obstacle-after-switch.png, obstacle-after-switch-console.png: a solved board after another round and back', async () => {
    const set = setOf('Vượt chướng ngại vật — Khuê Văn Các');
    await show({ fw: 2, setId: set._id, questionId: null, phase: 'round', buzzerOpen: false, shownAnswers: [] });
    for (const row of [0, 2]) await show({ obstacle: { action: 'revealRow', row } });
    await expectOk(await night.teams[2]!.post('/trpc/show.keywordBuzz', { data: {} }));
    await expectOk(await night.teams[0]!.post('/trpc/show.keywordBuzz', { data: {} }));
    await expectOk(await night.master.post('/trpc/show.keywordVerdict', { data: { teamId: night.teamIds[2], verdict: 'wrong' } }));
    await expectOk(await night.master.post('/trpc/show.keywordVerdict', { data: { teamId: night.teamIds[0], verdict: 'right' } }));
    // Another round's set, then back.
    await show({ fw: 1, setId: setOf('Người Hà Nội — bộ đề chính')._id, phase: 'round' });
    await show({ fw: 2, setId: set._id, phase: 'round' });

    await openAndShoot(
      h,
      ['/screen', null, STAGE],
      (page) => page.locator('[data-testid="obstacle-board"][data-ended="true"]'),
      'obstacle-after-switch',
    );
    const console = await openAs(h, '/master', 'master', CONSOLE);
    await console.page.getByTestId('keyword-buzz').nth(1).waitFor();
    await console.page.getByTestId('obstacle-panel').scrollIntoViewIfNeeded();
    await settled(console.page);
    await shoot(console.page, 'obstacle-after-switch-console');
  });
});
