/**
 * The head judge settling disagreements in a real browser against the real server: the judge the
 * admin names trưởng ban gets a second tab on the pad, sees the two judges' 9 and 4 flagged against
 * the criterion's 20% threshold, asks the other judge to score again (the cell opens for them past
 * the closed scoring gate; their new point settles it live), and decides another team's score with a
 * reason, which then counts in the results and is listed in the biên bản's head-judge section.
 */
import os from 'node:os';
import path from 'node:path';
import type { APIRequestContext, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { messages } from '../../src/messages';
import { describeInBrowser, expectOk, openAs, requestAs, toast, trpcMutation, trpcQuery, USER_PASSWORD } from './harness';
import { addTeams, openPad, usePadNight } from './pad';

const j = messages.jury;
const SECOND = { username: 'gkbinh', fullName: 'Trần Văn Bình' };

async function prepare(admin: APIRequestContext): Promise<string[]> {
  const teamIds = await addTeams(admin, ['Sông Hồng', 'Hồ Gươm']);
  await expectOk(
    await admin.post('/api/score-field', {
      data: { data: { name: 'trinh-bay', label: 'Trình bày', kind: 'judges', minPoint: 0, maxPoint: 10, step: 0.5 } },
    }),
  );
  await expectOk(await admin.post('/api/user', { data: { user: { ...SECOND, password: USER_PASSWORD, role: 'judge' } } }));
  return teamIds;
}

const cell = (page: Page, team: string) => page.locator(`[data-testid="jury-cell"][data-team="${team}"]`);

describeInBrowser('the head judge in a browser', (h) => {
  const night = usePadNight(h, prepare);

  it('settles a disagreement from the pad’s head-judge tab: a re-score request past the closed gate, then a reasoned decision', async () => {
    await night.show({ activeField: 'trinh-bay', scoringOpen: true });
    const [songHong, hoGuom] = night.teamIds as [string, string];
    const judge = await requestAs(h, 'judge');
    const second = await requestAs(h, { username: SECOND.username, password: USER_PASSWORD });
    await trpcMutation(judge, 'scoring.submit', { teamId: songHong, point: 9, fieldName: 'trinh-bay' });
    await trpcMutation(second, 'scoring.submit', { teamId: songHong, point: 4, fieldName: 'trinh-bay' });
    await trpcMutation(night.admin, 'jury.setHead', { judgeId: night.judgeId });

    const { page, errors } = await openPad(h);
    await page.getByTestId('head-judge-tabs').getByRole('tab', { name: j.tab }).click();
    await page.getByTestId('jury-board').waitFor();
    await page.getByTestId('jury-awaiting').getByText(j.awaitingCount(1)).waitFor();
    expect(await cell(page, 'Sông Hồng').getAttribute('data-status')).toBe('flagged');
    expect(await cell(page, 'Sông Hồng').getByTestId('jury-spread').textContent()).toContain(`${j.spread} 5,0 · ${j.threshold} 2,0`);
    await page.evaluate(() => document.fonts.ready);
    await page.screenshot({ path: path.join(os.tmpdir(), 'hoithi-head-judge-board.png'), fullPage: true });

    // Scoring closes; the head judge asks Trần Văn Bình to score again.
    await night.show({ scoringOpen: false });
    await cell(page, 'Sông Hồng').getByRole('button', { name: j.rescore }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(j.whichJudge).selectOption({ label: SECOND.fullName });
    await dialog.getByLabel(j.reason).fill('Chênh 5 điểm, đề nghị xem lại phần trình bày');
    await dialog.getByRole('button', { name: j.send }).click();
    await toast(page, j.done).waitFor();
    await expect.poll(() => cell(page, 'Sông Hồng').getAttribute('data-status')).toBe('rescoring');

    // The cell is open for that judge alone: the other judge's point is refused, theirs goes through.
    const refused = await judge.post('/trpc/scoring.submit', { data: { teamId: songHong, point: 8, fieldName: 'trinh-bay' } });
    expect(refused.status()).toBe(409);
    await trpcMutation(second, 'scoring.submit', { teamId: songHong, point: 8, fieldName: 'trinh-bay' });
    await expect.poll(() => cell(page, 'Sông Hồng').getAttribute('data-status')).toBe('fine');
    await page.getByTestId('jury-awaiting').getByText(j.nothingAwaiting).waitFor();

    // Hồ Gươm: 10 and 2. The head judge decides 6,5 with a reason.
    await night.show({ scoringOpen: true });
    await trpcMutation(judge, 'scoring.submit', { teamId: hoGuom, point: 10, fieldName: 'trinh-bay' });
    await trpcMutation(second, 'scoring.submit', { teamId: hoGuom, point: 2, fieldName: 'trinh-bay' });
    await expect.poll(() => cell(page, 'Hồ Gươm').getAttribute('data-status')).toBe('flagged');
    await cell(page, 'Hồ Gươm').getByRole('button', { name: j.decide }).click();
    await dialog.getByLabel(j.point).fill('6,5');
    await dialog.getByLabel(j.reason).fill('Hội ý ban giám khảo');
    await dialog.getByRole('button', { name: j.send }).click();
    await expect.poll(() => cell(page, 'Hồ Gươm').getAttribute('data-status')).toBe('decided');

    const results = await trpcQuery(night.admin, 'results.list');
    const item = results.items.find((i: { teamId: string }) => i.teamId === hoGuom);
    expect(item.fields.find((f: { fieldName: string }) => f.fieldName === 'trinh-bay')).toMatchObject({ score: 6.5, decided: true });
    expect(item.awaitingHeadJudge).toBeUndefined();

    // The biên bản lists both steps with their reasons.
    const { page: record } = await openAs(h, '/user/dashboard?print=bien-ban', 'admin', { width: 1200, height: 900 });
    const decisions = record.getByTestId('record-decisions');
    await decisions.waitFor();
    const text = await decisions.textContent();
    expect(text).toContain('Chênh 5 điểm, đề nghị xem lại phần trình bày');
    expect(text).toContain(j.decidedAction('Hồ Gươm', 'Trình bày', '6,5'));
    expect(text).toContain('Hội ý ban giám khảo');
    expect(errors).toEqual([]);
  });
});
