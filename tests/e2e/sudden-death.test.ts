/**
 * A câu hỏi phụ played from /master in real browser pages: with every demo team level on 0 and the
 * sudden-death rule first in the chain, the console offers the tied teams, puts a tie-break set's
 * question on air for them, the team's phone and /screen say whom it is for, and the first right
 * answer wins it on the console, the phone and the projector.
 */
import type { Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import { loadDemoWithTeam } from './demo';
import { describeInBrowser, openAs, requestAs } from './harness';

const TEAM_NAME = 'THPT Chu Văn An';

describeInBrowser('a câu hỏi phụ in a browser', (h) => {
  beforeAll(async () => {
    await loadDemoWithTeam(h, TEAM_NAME);
    const admin = await requestAs(h, 'admin');
    const rules = await admin.post('/trpc/ranking.setTieBreak', { data: { rules: [{ kind: 'suddenDeath' }, { kind: 'shared' }] } });
    expect(rules.status(), await rules.text()).toBe(200);
    const set = await admin.post('/trpc/questionSet.create', {
      data: {
        set: 6,
        data: {
          title: 'Phân định đồng hạng',
          format: { kind: 'classic', tieBreak: true },
          items: [{ content: 'Hồ Gươm còn có tên gọi nào khác?', answer: 'Hồ Hoàn Kiếm', point: 10, timeLimit: 30 }],
        },
      },
    });
    expect(set.status(), await set.text()).toBe(200);
  }, 60_000);

  const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });

  it('puts a tie-break question on air for the tied teams, and the first right answer wins it everywhere', async () => {
    const master = await openAs(h, '/master', 'master', { width: 1440, height: 900 });
    const screenPage = await openAs(h, '/screen', null, { width: 1280, height: 720 });
    const teamPage = await openAs(h, '/team', 'team', { width: 390, height: 844 });
    const [m, screen, team] = [master.page, screenPage.page, teamPage.page];

    await m.getByText('Phần 6', { exact: true }).click();
    await m.getByRole('combobox', { name: 'Bộ câu hỏi' }).click();
    await m.getByRole('option', { name: 'Phân định đồng hạng' }).click();
    const panel = m.getByTestId('sudden-death-panel');
    const group = panel.getByTestId('sudden-death-group').filter({ hasText: TEAM_NAME });
    await group.waitFor();
    // Nothing to put on air before a question is chosen.
    expect(await group.getByRole('button').isDisabled()).toBe(true);
    const question = m.getByTestId('master-question').filter({ hasText: 'Hồ Gươm' });
    await question.click();
    await group.getByRole('button', { name: 'Dành câu đang chọn cho các đội này' }).click();
    await panel.getByTestId('sudden-death-teams').filter({ hasText: TEAM_NAME }).waitFor();

    await button(m, 'Hiện câu hỏi').click();
    await button(m, 'Bắt đầu').click();
    await button(m, 'Mở trả lời').click();
    await screen.getByTestId('sudden-death-chip').filter({ hasText: `Câu hỏi phụ · ` }).filter({ hasText: TEAM_NAME }).waitFor();
    await team.locator('[data-testid="sudden-death-notice"][data-ours="true"]').waitFor();

    await team.getByRole('textbox', { name: 'Câu trả lời của đội' }).fill('Hồ Hoàn Kiếm');
    await team.getByRole('button', { name: 'Gửi câu trả lời' }).click();
    const row = m.getByTestId('incoming-answer').filter({ hasText: TEAM_NAME });
    await row.getByRole('button', { name: 'Đúng' }).click();

    await panel
      .getByTestId('sudden-death-status')
      .filter({ hasText: `${TEAM_NAME} thắng câu hỏi phụ` })
      .waitFor();
    await screen
      .getByTestId('sudden-death-chip')
      .filter({ hasText: `${TEAM_NAME} thắng câu hỏi phụ` })
      .waitFor();
    await team.getByTestId('sudden-death-notice').filter({ hasText: 'Đội bạn thắng câu hỏi phụ!' }).waitFor();
    // The right answer scored nothing: the team's total is still 0 on the live list.
    const state = await (await team.request.get('/api/state')).json();
    const ours = state.listTeam.find((t: { name: string }) => t.name === TEAM_NAME);
    expect(ours.total).toBe(0);
    expect(ours.rank).toBe(1);
    for (const opened of [master, screenPage, teamPage]) expect(opened.errors).toEqual([]);
  });
});
