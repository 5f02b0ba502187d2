/**
 * The jury on the judges' pad, on a phone (390×844) in a real browser against the real server: a
 * team the judge is recused from shows dimmed with "Miễn chấm" and cannot be picked (not even when
 * it is on stage); the head judge's request to score a cell again shows as a card on the other
 * judge's pad after scoring closed, opens the keypad on that cell through it, and the point lands
 * (the card goes). Set up through the API as the admin, who acts as the head judge.
 */
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { juryText } from '../../src/messages/jury';
import type { TScoreItem } from '../../src/schemas/scoring';
import { describeInBrowser, expectOk, logIn, nextFrame, requestAs, trpcMutation, trpcQuery, USER_PASSWORD, waitForApp } from './harness';
import { addTeams, enterPoint, openPad, PHONE, padTeamRow, usePadNight } from './pad';

const TEAM_NAMES = ['Tia Chớp', 'Hoa Sen', 'Sông Hồng'];
const SECOND_JUDGE = { username: 'giamkhao2', password: USER_PASSWORD };

describeInBrowser("the jury on the judges' pad", (h) => {
  const night = usePadNight(h, async (admin) => {
    const teamIds = await addTeams(admin, TEAM_NAMES, 'Trường THCS số');
    await expectOk(
      await admin.post('/api/score-field', {
        data: { data: { name: 'phan-2', label: 'Thuyết trình', kind: 'judges', minPoint: 0, maxPoint: 10, step: 0.5, position: 0 } },
      }),
    );
    await expectOk(await admin.post('/api/user', { data: { user: { ...SECOND_JUDGE, fullName: 'Trần Văn Minh', role: 'judge' } } }));
    return teamIds;
  });
  const { teamIds, show } = night;
  const allScores = async () => (await trpcQuery<{ items: TScoreItem[] }>(night.admin, 'scoring.list')).items;

  it('skips a recused team on the pad, and a re-score request scores that one cell past the closed gate', async () => {
    const users = (await expectOk(await night.admin.get('/api/user/all?partial=1'))).list as { _id: string; username: string }[];
    const judge2 = users.find((u) => u.username === SECOND_JUDGE.username)!._id;
    const [tiaChop, hoaSen, songHong] = teamIds as [string, string, string];

    // Two judges 5 points apart on Tia Chớp.
    await show({ activeField: 'phan-2', scoringOpen: true, activeTeamId: tiaChop });
    const judge1Api = await requestAs(h, 'judge');
    const judge2Api = await requestAs(h, SECOND_JUDGE);
    await trpcMutation(judge1Api, 'scoring.submit', { teamId: tiaChop, fieldName: 'phan-2', point: 9 });
    await trpcMutation(judge2Api, 'scoring.submit', { teamId: tiaChop, fieldName: 'phan-2', point: 4 });

    // Judge 1 does not score Hoa Sen: dimmed, the word instead of a point, never picked, even on stage.
    await trpcMutation(night.admin, 'jury.recuse', { judgeId: night.judgeId, teamId: hoaSen, reason: 'Cùng trường' });
    const pad1 = await openPad(h);
    const recusedRow = padTeamRow(pad1.page, hoaSen);
    await expect.poll(() => recusedRow.getAttribute('data-recused')).toBe('true');
    expect(await recusedRow.getByTestId('pad-team-point').textContent()).toBe(juryText.recusedTeam);
    expect(await recusedRow.isDisabled()).toBe(true);
    expect(await padTeamRow(pad1.page, songHong).isDisabled()).toBe(false);
    await expect.poll(() => pad1.page.getByTestId('pad-selected-team').textContent()).toBe('Tia Chớp');
    // Hoa Sen on stage is not picked: the next team still to score is (Tia Chớp has its point).
    await show({ activeTeamId: hoaSen });
    await expect.poll(() => recusedRow.getAttribute('data-stage')).toBe('true');
    await nextFrame(pad1.page);
    expect(await pad1.page.getByTestId('pad-selected-team').textContent()).toBe('Sông Hồng');
    expect(await recusedRow.getAttribute('data-selected')).toBeNull();
    expect(await pad1.page.getByTestId('pad-rescore').count()).toBe(0);
    await pad1.page.screenshot({ path: path.join(os.tmpdir(), 'pad-jury-recused.png') });
    expect(pad1.errors).toEqual([]);

    // Scoring closes; the head judge (the admin acting as one) asks judge 2 to score Tia Chớp again.
    await show({ scoringOpen: false });
    await trpcMutation(night.admin, 'jury.rule', {
      kind: 'rescore',
      teamId: tiaChop,
      fieldName: 'phan-2',
      judgeId: judge2,
      reason: 'Chênh 5 điểm',
    });

    const pad2 = await h.newPage(PHONE);
    await logIn(pad2.context, SECOND_JUDGE);
    await pad2.page.goto('/supporter');
    await waitForApp(pad2.page);
    const { page } = pad2;
    await page.getByTestId('pad-locked').waitFor();
    const card = page.getByTestId('pad-rescore');
    await card.waitFor();
    expect(await card.count()).toBe(1);
    await card.getByText(juryText.rescoreAsked('Tia Chớp', 'Thuyết trình')).waitFor();
    expect(await card.getByTestId('pad-rescore-reason').textContent()).toBe(juryText.rescoreReason('Chênh 5 điểm'));
    // First in the list, above the teams.
    const cardBox = (await card.boundingBox())!;
    const firstRow = (await page.getByTestId('pad-team').first().boundingBox())!;
    expect(cardBox.y + cardBox.height).toBeLessThanOrEqual(firstRow.y);
    await page.screenshot({ path: path.join(os.tmpdir(), 'pad-jury-rescore.png') });

    await card.getByTestId('pad-rescore-score').click();
    const keypad = page.getByTestId('pad-keypad');
    await keypad.waitFor();
    expect(await page.getByTestId('pad-selected-team').textContent()).toBe('Tia Chớp');
    expect(await page.getByTestId('pad-criterion-range').textContent()).toBe('Thuyết trình · 0–10, bước 0,5');
    expect(await keypad.getByText('Đã chấm 4,0').count()).toBe(1);
    await page.screenshot({ path: path.join(os.tmpdir(), 'pad-jury-rescore-keypad.png') });
    await enterPoint(page, '7');

    await expect.poll(async () => (await allScores()).find((s) => s.teamId === tiaChop && s.gkId === judge2)?.point).toBe(7);
    await card.waitFor({ state: 'detached' });
    const { jury } = await trpcQuery(night.admin, 'jury.get');
    expect(jury.rulings.find((r: { kind: string }) => r.kind === 'rescore').answeredAt).not.toBeNull();
    // The pad is locked again, and stays without the card once the live jury says answered.
    await page.getByTestId('pad-locked').waitFor();
    await nextFrame(page);
    expect(await card.count()).toBe(0);
    expect(pad2.errors).toEqual([]);
  });
});
