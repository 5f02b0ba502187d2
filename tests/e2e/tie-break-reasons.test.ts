/**
 * The organiser's tie rule, in real browser pages: on the demo night the admin replaces a chain of
 * their own with the "Câu hỏi phụ" preset (asked first), two teams on 50 are split by a câu hỏi phụ
 * and two more on 44 stay level. The projector's scoreboard and the winning team's phone say why
 * ("Xếp trên do câu hỏi phụ", "Xếp sau do câu hỏi phụ", "Đồng hạng"), each reason inside its row.
 * Screenshots at 1920×1080 (the projector) and 390×844 (the phone) in the temp folder.
 */
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { messages } from '../../src/messages';
import { tieBreakPresetRules } from '../../src/tieBreakPresets';
import { liveTransaction } from '../../src-server/features/live/record';
import { recordSuddenDeath } from '../../src-server/features/tieBreak/suddenDeath';
import { loadDemoWithTeam } from './demo';
import { animationsDone, describeInBrowser, openAs, putShow, requestAs, toast, trpcMutation, trpcQuery } from './harness';
import { FULL_HD, openScreen } from './screens';

const t = messages.results.tieBreak;
const note = messages.tieNote;
const PHONE = { width: 390, height: 844 };
const OURS = 'THPT Chu Văn An';

// Points of one judge on the demo's judged rounds (Phần 2, 3, 4): An and Việt Đức on 50, Kim Liên and
// Phan Đình Phùng on 44.
const POINTS: Record<string, [number, number, number]> = {
  'THPT chuyên Hà Nội – Amsterdam': [10, 20, 28],
  'THPT Chu Văn An': [8, 18, 24],
  'THPT Việt Đức': [10, 16, 24],
  'THPT Kim Liên': [9, 15, 20],
  'THPT Phan Đình Phùng': [9, 15, 20],
  'THPT Trần Phú – Hoàn Kiếm': [7, 12, 18],
  'THPT Nguyễn Gia Thiều': [6, 10, 15],
  'THPT Lê Quý Đôn – Hà Đông': [5, 9.5, 12],
};

describeInBrowser('ties the organiser’s way', (h) => {
  it('sets the câu hỏi phụ preset on the dashboard, and the projector and the phone say why each tie stands', async () => {
    await loadDemoWithTeam(h, OURS);
    const admin = await requestAs(h, 'admin');
    const master = await requestAs(h, 'master');
    const { db } = h.server.deps;
    const judge = await db.selectFrom('users').select('id').where('username', '=', 'gk1').executeTakeFirstOrThrow();
    const teams = await db.selectFrom('teams').select(['id', 'name']).execute();
    const idOf = (name: string) => teams.find((team) => team.name === name)!.id;
    for (const [name, points] of Object.entries(POINTS)) {
      for (const [i, point] of points.entries()) {
        await trpcMutation(admin, 'scoring.adminSubmit', { teamId: idOf(name), gkId: judge.id, fieldName: `phan-${i + 2}`, point });
      }
    }
    // A chain of the admin's own, which the preset must not replace without asking.
    await trpcMutation(admin, 'ranking.setTieBreak', { rules: [{ kind: 'field', field: 'phan-4' }, { kind: 'shared' }] });

    const dashboard = await openAs(h, '/user/dashboard', 'admin', { width: 1440, height: 900 });
    const editor = dashboard.page.locator('#tie-break');
    const preset = (name: string) => editor.locator(`[data-testid="tie-break-preset"][data-preset="${name}"]`);
    await expect
      .poll(() => preset('rounds').textContent())
      .toContain(t.presets.roundsOrder('Phần thi 4, Phần thi 3, Phần thi 2, Phần thi 1'));
    expect(await preset('suddenDeath').getAttribute('aria-pressed')).toBe('false');
    await preset('suddenDeath').click();
    const dialog = dashboard.page.getByRole('dialog');
    await dialog.getByText(t.presets.confirmText(t.presets.titles.suddenDeath)).waitFor();
    await dialog.getByRole('button', { name: t.presets.confirm }).click();
    await toast(dashboard.page, t.saved).waitFor();
    await expect.poll(() => preset('suddenDeath').getAttribute('aria-pressed')).toBe('true');
    expect((await trpcQuery(admin, 'ranking.tieBreak')).rules).toEqual(tieBreakPresetRules('suddenDeath', []));
    expect(await editor.getByTestId('tie-break-rule').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-rule')))).toEqual([
      'suddenDeath',
      'shared',
    ]);
    // Between presets, nothing to lose: no question asked.
    await preset('shared').click();
    await expect.poll(() => preset('shared').getAttribute('aria-pressed')).toBe('true');
    expect(await dashboard.page.getByRole('dialog').count()).toBe(0);
    await preset('suddenDeath').click();
    await expect.poll(() => preset('suddenDeath').getAttribute('aria-pressed')).toBe('true');

    // The câu hỏi phụ between the two teams on 50: Chu Văn An wins it.
    await liveTransaction(h.server.deps, (recorder) =>
      recordSuddenDeath(recorder, {
        questionId: 'cau-hoi-phu',
        participants: [idOf(OURS), idOf('THPT Việt Đức')],
        winnerId: idOf(OURS),
      }),
    );

    const screen = await openScreen(h, '/screen', FULL_HD);
    const phone = await openAs(h, '/team', 'team', PHONE);
    await putShow(master, { phase: 'scoreboard' });
    const row = (name: string) => screen.page.getByTestId('scoreboard-row').filter({ hasText: name });
    const tie = (name: string) => row(name).getByTestId('scoreboard-tie');
    await tie(OURS).getByText(note.over(note.suddenDeath), { exact: true }).waitFor();
    await tie('THPT Việt Đức').getByText(note.under(note.suddenDeath), { exact: true }).waitFor();
    for (const name of ['THPT Kim Liên', 'THPT Phan Đình Phùng']) await tie(name).getByText(note.shared, { exact: true }).waitFor();
    // The teams alone on their totals say nothing.
    expect(await screen.page.getByTestId('scoreboard-tie').count()).toBe(4);
    expect(await row(OURS).getAttribute('data-rank')).toBe('2');
    expect(await row('THPT Việt Đức').getAttribute('data-rank')).toBe('3');
    await animationsDone(screen.page);
    /** Whether a row's reason shows whole, inside its row and clear of the total beside it. */
    const fitOf = (name: string) =>
      row(name).evaluate((element) => {
        const note = element.querySelector<HTMLElement>('[data-testid="scoreboard-tie"]')!;
        const total = element.querySelector<HTMLElement>('[data-testid="scoreboard-total"]')!;
        const r = element.getBoundingClientRect();
        const n = note.getBoundingClientRect();
        return {
          whole: note.scrollWidth <= note.clientWidth,
          inside: n.left >= r.left && n.right <= r.right && n.top >= r.top && n.bottom <= r.bottom,
          clear: n.right <= total.getBoundingClientRect().left,
        };
      });
    for (const name of [OURS, 'THPT Việt Đức', 'THPT Kim Liên']) {
      expect(await fitOf(name), name).toEqual({ whole: true, inside: true, clear: true });
    }
    await screen.page.screenshot({ path: path.join(os.tmpdir(), 'tie-break-projector-1920x1080.png') });

    await phone.page.getByTestId('team-tie').getByText(note.over(note.suddenDeath), { exact: true }).waitFor();
    await phone.page.evaluate(() => document.fonts.ready);
    expect(await phone.page.getByTestId('team-total').textContent()).toBe(messages.teamScreen.totalRank(2, '50,0'));
    const listed = phone.page.getByTestId('team-list-tie');
    expect(await listed.allTextContents()).toEqual([note.over(note.suddenDeath), note.under(note.suddenDeath), note.shared, note.shared]);
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await phone.page.screenshot({ path: path.join(os.tmpdir(), 'tie-break-phone-390x844.png'), fullPage: true });
    await editor.screenshot({ path: path.join(os.tmpdir(), 'tie-break-dashboard-presets.png') });

    // Back to the default chain (each criterion in sheet order): Việt Đức's Phần 2 puts it above, and
    // the criterion's whole label fits its row.
    await trpcMutation(admin, 'ranking.setTieBreak', { rules: null });
    const phan2 = note.points('Phần 2: Tiến về Hà Nội');
    await tie('THPT Việt Đức').getByText(note.over(phan2), { exact: true }).waitFor();
    await tie(OURS).getByText(note.under(phan2), { exact: true }).waitFor();
    await phone.page.getByTestId('team-tie').getByText(note.under(phan2), { exact: true }).waitFor();
    await animationsDone(screen.page);
    expect(await fitOf('THPT Việt Đức')).toEqual({ whole: true, inside: true, clear: true });
    await screen.page.screenshot({ path: path.join(os.tmpdir(), 'tie-break-projector-default-1920x1080.png') });
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await phone.page.screenshot({ path: path.join(os.tmpdir(), 'tie-break-phone-default-390x844.png'), fullPage: true });

    for (const opened of [dashboard, screen, phone]) expect(opened.errors).toEqual([]);
  });
});
