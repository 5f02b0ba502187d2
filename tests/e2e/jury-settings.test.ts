/**
 * The dashboard's "Ban giám khảo" section in a real browser against the real server: a team whose two
 * judges gave 9 and 4 shows 'chờ trưởng ban' on the live ranking; the admin names the head judge,
 * sets the criterion's threshold (the mark goes while 5 points are within it) and puts it back, adds a
 * recusal with a reason (the judges' matrix strikes the point out with 'miễn') and lifts it after a
 * confirmation, all through the screen, each checked in `jury.get` and the action log. A head judge's
 * decision shows as one on the matrix.
 */
import os from 'node:os';
import path from 'node:path';
import type { APIRequestContext, Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import type { TJury } from '../../src/jury';
import { messages } from '../../src/messages';
import { formatPoint } from '../../src/valueFormat';
import { describeInBrowser, expectOk, openAs, requestAs, toast, trpcMutation, trpcQuery, USER_PASSWORD } from './harness';
import { addTeams } from './pad';

const t = messages.jury;
const WIDE = { width: 1440, height: 900 };
const FIELD = 'phan-2';
const FIELD_LABEL = 'Phần 2';
const JUDGES = [
  { username: 'gk-an', fullName: 'TS Nguyễn Bình An' },
  { username: 'gk-binh', fullName: 'ThS Lê Thanh Bình' },
];
const RECUSAL_REASON = 'Cùng trường với đội Sông Hồng';

const rankingRow = (page: Page, team: string) => page.locator(`[data-testid="ranking-row"][data-team="${team}"]`);
const awaiting = (page: Page, team: string) => rankingRow(page, team).getByTestId('awaiting-head-judge');
const matrixRow = (page: Page, team: string) => page.locator(`[data-testid="judge-matrix"] tr[data-team="${team}"]`);

describeInBrowser('the jury on the dashboard in a browser', (h) => {
  let admin: APIRequestContext;
  let teamIds: string[] = [];
  const judgeIds: string[] = [];

  const jury = async () => (await trpcQuery<{ jury: TJury }>(admin, 'jury.get')).jury;
  const logged = async () =>
    (await trpcQuery<{ items: { summary: string }[] }>(admin, 'actions.log', { limit: 50 })).items.map((i) => i.summary);

  beforeAll(async () => {
    admin = await requestAs(h, 'admin');
    await trpcMutation(admin, 'settings.update', { name: 'Hội thi Tìm hiểu Hà Nội' });
    await expectOk(
      await admin.post('/api/score-field', {
        data: { data: { name: FIELD, label: FIELD_LABEL, kind: 'judges', minPoint: 0, maxPoint: 10, step: 0.5 } },
      }),
    );
    teamIds = await addTeams(admin, ['Sông Hồng', 'Hồ Gươm']);
    for (const judge of JUDGES) {
      const { user } = await expectOk(
        await admin.post('/api/user', { data: { user: { ...judge, password: USER_PASSWORD, role: 'judge' } } }),
      );
      judgeIds.push((user as { _id: string })._id);
    }
    // Sông Hồng: 9 and 4, 5 points apart (above 20% of 10); Hồ Gươm: 7 and 7,5.
    for (const [teamId, points] of [
      [teamIds[0]!, [9, 4]],
      [teamIds[1]!, [7, 7.5]],
    ] as const) {
      for (const [i, point] of points.entries()) {
        await trpcMutation(admin, 'scoring.adminSubmit', { teamId, gkId: judgeIds[i], fieldName: FIELD, point });
      }
    }
  });

  it('names the head judge, sets a threshold and puts it back, adds a recusal with a reason and lifts it', async () => {
    const { page, errors } = await openAs(h, '/user/dashboard', 'admin', WIDE);
    const section = page.getByTestId('jury-settings');
    await section.waitFor();

    // The disagreement waits for the head judge on the ranking; the other team is fine.
    await awaiting(page, 'Sông Hồng').waitFor();
    expect(await awaiting(page, 'Sông Hồng').textContent()).toBe(t.awaiting);
    expect(await awaiting(page, 'Hồ Gươm').count()).toBe(0);

    // The head judge: none yet, then one of the panel's judges.
    const head = page.getByTestId('jury-head-select');
    expect(await head.inputValue()).toBe(t.headNone);
    await head.click();
    await page.getByRole('option', { name: JUDGES[0]!.fullName, exact: true }).click();
    await toast(page, t.headSet(JUDGES[0]!.fullName)).waitFor();
    await expect.poll(async () => (await jury()).headJudgeId).toBe(judgeIds[0]);
    expect(await head.inputValue()).toBe(JUDGES[0]!.fullName);

    // The threshold: 20% of the range (2 points) by default, then 6 of its own: 5 apart is within it.
    const threshold = page.getByTestId(`jury-threshold-${FIELD}`);
    expect(await threshold.getAttribute('data-own')).toBe('false');
    expect(await threshold.textContent()).toContain(t.defaultThreshold);
    expect(await threshold.getAttribute('data-threshold')).toBe('2');
    await threshold.getByTestId('jury-threshold-input').fill('6');
    await threshold.getByRole('button', { name: t.save }).click();
    await toast(page, t.thresholdSet(FIELD_LABEL, formatPoint(6))).waitFor();
    await expect.poll(async () => (await jury()).thresholds).toEqual({ [FIELD]: 6 });
    await expect.poll(() => threshold.getAttribute('data-own')).toBe('true');
    expect(await threshold.getAttribute('data-threshold')).toBe('6');
    await expect.poll(() => awaiting(page, 'Sông Hồng').count()).toBe(0);

    // Back to the default: the disagreement waits again.
    await threshold.getByRole('button', { name: t.resetThreshold }).click();
    await toast(page, t.thresholdDefault(FIELD_LABEL)).waitFor();
    await expect.poll(async () => (await jury()).thresholds).toEqual({});
    await expect.poll(() => threshold.getAttribute('data-own')).toBe('false');
    await awaiting(page, 'Sông Hồng').waitFor();

    // A recusal: the reason is required, then the row, the server's jury and the matrix's mark.
    expect(await section.getByText(t.noRecusals).count()).toBe(1);
    await page.getByTestId('jury-add-recusal').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(t.addRecusal).first().waitFor();
    await dialog.getByRole('button', { name: t.addRecusal }).click();
    await dialog.getByText(t.reasonRequired).waitFor();
    await dialog.getByTestId('jury-recusal-judge').click();
    await page.getByRole('option', { name: JUDGES[1]!.fullName, exact: true }).click();
    await dialog.getByTestId('jury-recusal-team').click();
    await page.getByRole('option', { name: 'Sông Hồng', exact: true }).click();
    await dialog.getByTestId('jury-recusal-reason').fill(RECUSAL_REASON);
    await dialog.getByRole('button', { name: t.addRecusal }).click();
    await toast(page, t.recusedAction(JUDGES[1]!.fullName, 'Sông Hồng', RECUSAL_REASON)).waitFor();
    await expect.poll(() => dialog.count()).toBe(0);
    expect((await jury()).recusals).toEqual([{ judgeId: judgeIds[1], teamId: teamIds[0], reason: RECUSAL_REASON }]);
    const row = section.getByTestId('jury-recusal-row');
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.innerText()).toContain(JUDGES[1]!.fullName);
    expect(await row.innerText()).toContain('Sông Hồng');
    expect(await row.innerText()).toContain(RECUSAL_REASON);
    // One judge left on the team: nothing to settle; the recused point is struck out, 'miễn'.
    await expect.poll(() => awaiting(page, 'Sông Hồng').count()).toBe(0);
    const struck = matrixRow(page, 'Sông Hồng').locator('[data-recused]');
    await expect.poll(() => struck.count()).toBe(1);
    expect(await struck.innerText()).toContain('4');
    expect(await struck.innerText()).toContain(t.recusedMark);
    expect(await struck.getAttribute('title')).toBe(t.recusedPoint);
    expect(await matrixRow(page, 'Hồ Gươm').locator('[data-recused]').count()).toBe(0);

    // The pictures to look at, without the toasts over them.
    const hideToasts = await page.addStyleTag({ content: '.mantine-Notification-root { display: none !important; }' });
    await page.locator('#jury').screenshot({ path: path.join(os.tmpdir(), 'hoithi-jury-settings.png') });
    await page.locator('#judge-points').screenshot({ path: path.join(os.tmpdir(), 'hoithi-jury-matrix.png') });
    await hideToasts.evaluate((style) => (style as HTMLElement).remove());

    // Lifted after a confirmation.
    await row.getByRole('button', { name: t.lift }).click();
    const confirm = page.getByRole('dialog');
    await confirm.getByText(t.liftText(JUDGES[1]!.fullName, 'Sông Hồng')).waitFor();
    await confirm.getByRole('button', { name: t.lift }).click();
    await toast(page, t.recusalLifted(JUDGES[1]!.fullName, 'Sông Hồng')).waitFor();
    await expect.poll(async () => (await jury()).recusals).toEqual([]);
    await expect.poll(() => row.count()).toBe(0);
    await expect.poll(() => struck.count()).toBe(0);
    await awaiting(page, 'Sông Hồng').waitFor();

    // Each step is in the action log.
    const summaries = await logged();
    for (const summary of [
      t.headSet(JUDGES[0]!.fullName),
      t.thresholdSet(FIELD_LABEL, formatPoint(6)),
      t.thresholdDefault(FIELD_LABEL),
      t.recusedAction(JUDGES[1]!.fullName, 'Sông Hồng', RECUSAL_REASON),
      t.recusalLifted(JUDGES[1]!.fullName, 'Sông Hồng'),
    ])
      expect(summaries).toContain(summary);
    expect(errors).toEqual([]);
  });

  it('marks a score the head judge decided on the matrix', async () => {
    const { page, errors } = await openAs(h, '/user/dashboard', 'admin', WIDE);
    await awaiting(page, 'Sông Hồng').waitFor();
    await trpcMutation(admin, 'jury.rule', {
      kind: 'decision',
      teamId: teamIds[0],
      fieldName: FIELD,
      point: 8,
      reason: 'Bài thuyết trình đầy đủ',
    });
    await expect.poll(() => awaiting(page, 'Sông Hồng').count()).toBe(0);
    const decided = matrixRow(page, 'Sông Hồng').locator('[data-decided]');
    await decided.waitFor();
    expect(await decided.innerText()).toContain(t.decisionSource);
    expect(await decided.getAttribute('title')).toBe(t.status.decided);
    expect(await matrixRow(page, 'Hồ Gươm').locator('[data-decided]').count()).toBe(0);
    expect(errors).toEqual([]);
  });
});
