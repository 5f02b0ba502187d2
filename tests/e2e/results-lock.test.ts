/**
 * Results locked, in a real browser against the real server: the admin locks a round on the
 * dashboard's "Chốt kết quả" panel (another dashboard shows it at once), a judge's pad is refused
 * with the reason, the unlock asks for one and the judge scores again; the console's final results
 * reach the projector only once the whole event is locked.
 */
import os from 'node:os';
import path from 'node:path';
import type { APIRequestContext, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { messages } from '../../src/messages';
import { describeInBrowser, expectOk, openAs, toast, trpcMutation } from './harness';
import { addTeams, openPad, padTeamRow, scoreTeam, usePadNight } from './pad';
import { openScreen } from './screens';

const t = messages.resultsLock;
const WIDE = { width: 1440, height: 900 };

/** Teams and one judged field of round 2. */
async function prepare(admin: APIRequestContext): Promise<string[]> {
  await trpcMutation(admin, 'settings.update', {
    name: 'Hội thi Tìm hiểu Hà Nội',
    roundTitles: { '1': 'Khởi động', '2': 'Tăng tốc', '3': '', '4': '', '5': '', '6': '' },
  });
  const teamIds = await addTeams(admin, ['Sông Hồng', 'Hồ Gươm']);
  await expectOk(
    await admin.post('/api/score-field', {
      data: { data: { name: 'phan-2', label: 'Phần 2', kind: 'judges', minPoint: 0, maxPoint: 10, step: 0.5, round: 2 } },
    }),
  );
  return teamIds;
}

const ROUND_2 = t.roundName(2, 'Tăng tốc');
const lockRow = (page: Page, round: number | 'event') => page.locator(`[data-testid="results-lock-row"][data-round="${round}"]`);

describeInBrowser('results locked in a browser', (h) => {
  const night = usePadNight(h, prepare);

  it('locks a round on the dashboard, the pad is refused with the reason, and scores again after an unlock with a reason', async () => {
    await night.show({ activeField: 'phan-2', scoringOpen: true, activeTeamId: night.teamIds[0] });
    const { page: desk, errors } = await openAs(h, '/user/dashboard', 'admin', WIDE);
    // A second dashboard (another organiser's laptop) follows the locks live.
    const { page: watching } = await openAs(h, '/user/dashboard', 'admin', WIDE);
    await lockRow(watching, 2).waitFor();
    // The rounds the event uses, then the whole event.
    expect(await watching.getByTestId('results-lock-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-round')))).toEqual([
      '1',
      '2',
      'event',
    ]);

    await lockRow(desk, 2).getByRole('button', { name: t.lock }).click();
    await desk.getByRole('dialog').getByText(t.lockTitle(ROUND_2)).waitFor();
    await desk.getByRole('dialog').getByRole('button', { name: t.lock }).click();
    await toast(desk, t.lockedToast(ROUND_2)).waitFor();
    await expect.poll(() => lockRow(desk, 2).getAttribute('data-locked')).toBe('true');
    expect(await lockRow(desk, 2).textContent()).toContain('Chốt bởi');
    await desk.locator('#results-locks').screenshot({ path: path.join(os.tmpdir(), 'hoithi-results-locks.png') });
    // Another dashboard hears it without a reload.
    await expect.poll(() => lockRow(watching, 2).getAttribute('data-locked')).toBe('true');

    const { page: pad } = await openPad(h);
    await scoreTeam(pad, night.teamIds[0]!, '7');
    await toast(pad, t.roundLocked(2)).waitFor();
    expect(await night.judgeLog(night.teamIds[0]!)).toHaveLength(0);

    await lockRow(desk, 2).getByRole('button', { name: t.unlock }).click();
    const dialog = desk.getByRole('dialog');
    await dialog.getByRole('button', { name: t.unlock }).click();
    await dialog.getByText(t.reasonRequired).waitFor();
    await desk.getByTestId('unlock-reason').fill('Ban giám khảo chấm lại đội Sông Hồng');
    await dialog.getByRole('button', { name: t.unlock }).click();
    await toast(desk, t.unlockedToast(ROUND_2)).waitFor();
    await expect.poll(() => lockRow(watching, 2).getAttribute('data-locked')).toBe('false');

    await scoreTeam(pad, night.teamIds[0]!, '7');
    await pad.getByText('Chấm điểm thành công!').waitFor();
    await expect.poll(() => padTeamRow(pad, night.teamIds[0]!).getAttribute('data-scored')).toBe('true');
    expect(errors).toEqual([]);
  });

  it('puts the final results on the projector only once the whole event is locked', async () => {
    const { page: screen } = await openScreen(h, '/screen');
    const { page: console_ } = await openAs(h, '/master', 'master', WIDE);
    await console_.getByTestId('master-console').waitFor();
    const final = console_.getByRole('button', { name: messages.masterConsole.finalResults });
    await final.click();
    await toast(console_, t.finalNeedsLock).waitFor();
    expect(await screen.getByText(messages.projector.finalResults).count()).toBe(0);

    await trpcMutation(night.admin, 'results.lock', {});
    await final.click();
    await screen.getByText(messages.projector.finalResults).waitFor();
    await expect.poll(() => screen.getByTestId('scoreboard-row').count()).toBe(2);
  });
});
