/**
 * Issue 25's pictures: a buzzer question judged on the console (one ring judged wrong, the next with
 * the turn) and announced on /screen and a phone; the undo toast with the console's history; the
 * obstacle board, solved, after a switch to another round and back.
 */
import type { APIRequestContext } from 'playwright-core';
import { beforeAll, it } from 'vitest';
import { loadDemoEvent } from '../../src-server/demo/load';
import { ACCOUNTS, describeInBrowser, expectOk, openAs, requestAs, toast } from '../e2e/harness';
import { settled, shoot } from './shots';

const CONSOLE = { width: 1440, height: 900 };
const STAGE = { width: 1920, height: 1080 };
const PHONE = { width: 390, height: 844 };

describeInBrowser('screenshots: buzzer questions, undo, a round kept across tabs', (h) => {
  let master: APIRequestContext;
  const teams: APIRequestContext[] = [];
  let teamIds: string[] = [];
  const sets: { _id: string; title: string; items: { id: string; content: string }[] }[] = [];

  const show = async (changes: object) => expectOk(await master.put('/api/show', { data: { changes } }));
  const setOf = (title: string) => sets.find((s) => s.title === title)!;

  beforeAll(async () => {
    const { db } = h.server.deps;
    await loadDemoEvent(db, h.server.deps.hub);
    const rows = await db.selectFrom('teams').select(['id', 'name']).orderBy('priority').execute();
    teamIds = rows.map((r) => r.id);
    await db.updateTable('users').set({ team_id: teamIds[1]! }).where('username', '=', ACCOUNTS.team.username).execute();
    const admin = await requestAs(h, 'admin');
    for (const [i, teamId] of teamIds.slice(0, 3).entries()) {
      const account = { username: `chuong-doi-${i}`, password: 'mat-khau-doi-thi' };
      await expectOk(await admin.post('/api/user', { data: { user: { ...account, fullName: rows[i]!.name, role: 'team', teamId } } }));
      teams.push(await requestAs(h, account));
    }
    master = await requestAs(h, 'master');
    for (const path of ['/api/fw-question/all', '/api/fw-question-2/all']) {
      sets.push(...((await (await master.get(path)).json()).items as typeof sets));
    }
  }, 90_000);

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
    for (const team of teams) await expectOk(await team.post('/trpc/show.buzz', { data: { questionId: question.id } }));
    await expectOk(await master.post('/trpc/show.buzzVerdict', { data: { verdict: 'wrong' } }));

    const screen = await openAs(h, '/screen', null, STAGE);
    await screen.page.getByTestId('buzz-turn').waitFor();
    await settled(screen.page);
    await shoot(screen.page, 'buzzer-screen');

    const phone = await openAs(h, '/team', 'team', PHONE);
    await phone.page.locator('[data-testid="team-buzz-turn"][data-ours]').waitFor();
    await settled(phone.page);
    await shoot(phone.page, 'buzzer-team');

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
    await expectOk(await teams[2]!.post('/trpc/show.keywordBuzz', { data: {} }));
    await expectOk(await teams[0]!.post('/trpc/show.keywordBuzz', { data: {} }));
    await expectOk(await master.post('/trpc/show.keywordVerdict', { data: { teamId: teamIds[2], verdict: 'wrong' } }));
    await expectOk(await master.post('/trpc/show.keywordVerdict', { data: { teamId: teamIds[0], verdict: 'right' } }));
    // Another round's set, then back.
    await show({ fw: 1, setId: setOf('Người Hà Nội — bộ đề chính')._id, phase: 'round' });
    await show({ fw: 2, setId: set._id, phase: 'round' });

    const screen = await openAs(h, '/screen', null, STAGE);
    await screen.page.locator('[data-testid="obstacle-board"][data-ended="true"]').waitFor();
    await settled(screen.page);
    await shoot(screen.page, 'obstacle-after-switch');
    const console = await openAs(h, '/master', 'master', CONSOLE);
    await console.page.getByTestId('keyword-buzz').nth(1).waitFor();
    await console.page.getByTestId('obstacle-panel').scrollIntoViewIfNeeded();
    await settled(console.page);
    await shoot(console.page, 'obstacle-after-switch-console');
  });
});
