/**
 * The tie-break chain: three teams on the same total, put in order by the admin's chain (Phần 2,
 * fewer penalty points, then a sudden death) and shown with their reasons on the biên bản and on
 * the dashboard, with the chain's editor.
 */
import { expect, it } from 'vitest';
import { liveTransaction } from '../../src-server/features/live/record';
import { recordSuddenDeath } from '../../src-server/features/tieBreak/suddenDeath';
import { ACCOUNTS, describeInBrowser, pageAs, trpcMutation, waitForApp } from '../e2e/harness';
import { shoot } from './shots';

const WIDE = { width: 1440, height: 900 };

describeInBrowser('screenshots: the tie-break chain', (h) => {
  it('tiebreak-bien-ban, tiebreak-editor', async () => {
    const { context, page } = await pageAs(h, 'admin', WIDE);
    const admin = context.request;
    await trpcMutation(admin, 'settings.update', {
      name: 'Hội thi Tìm hiểu Hà Nội — chung kết',
      date: '2026-11-20',
      venue: 'Cung Văn hoá Hữu nghị',
    });
    const judge = await h.server.deps.db
      .updateTable('users')
      .set({ full_name: 'TS Nguyễn Bình An' })
      .where('username', '=', ACCOUNTS.judge.username)
      .returning('id')
      .executeTakeFirstOrThrow();
    const ids: Record<string, string> = {};
    for (const [name, unit] of [
      ['Đội Hoa Sen', 'THPT Chu Văn An'],
      ['Đội Sông Hồng', 'THPT Việt Đức'],
      ['Đội Tháp Rùa', 'THPT Kim Liên'],
      ['Đội Văn Miếu', 'THPT Yên Hoà'],
    ] as const) {
      ids[name] = (await trpcMutation(admin, 'team.create', { data: { name, unit } })).item._id;
    }
    for (const data of [
      { name: 'phan-1', label: 'Phần 1: Khởi động', maxPoint: 10, step: 0.5, position: 1, round: 1 },
      { name: 'phan-2', label: 'Phần 2: Tăng tốc', maxPoint: 10, step: 0.5, position: 2, round: 2 },
      { name: 'tru-diem', label: 'Điểm trừ', minPoint: -10, maxPoint: 0, step: 0.5, position: 3 },
    ]) {
      await trpcMutation(admin, 'scoreField.create', { data });
    }
    // Hoa Sen, Sông Hồng and Tháp Rùa all on 15.
    const points: [string, string, number][] = [
      ['Đội Hoa Sen', 'phan-1', 9],
      ['Đội Hoa Sen', 'phan-2', 6],
      ['Đội Sông Hồng', 'phan-1', 7],
      ['Đội Sông Hồng', 'phan-2', 8],
      ['Đội Tháp Rùa', 'phan-1', 7.5],
      ['Đội Tháp Rùa', 'phan-2', 8],
      ['Đội Tháp Rùa', 'tru-diem', -0.5],
      ['Đội Văn Miếu', 'phan-1', 6.5],
      ['Đội Văn Miếu', 'phan-2', 5],
    ];
    for (const [team, fieldName, point] of points) {
      await trpcMutation(admin, 'scoring.adminSubmit', { teamId: ids[team], gkId: judge.id, fieldName, point });
    }
    await trpcMutation(admin, 'ranking.setTieBreak', {
      rules: [{ kind: 'round', round: 2 }, { kind: 'suddenDeath' }, { kind: 'penalty' }, { kind: 'shared' }],
    });
    // Sông Hồng and Tháp Rùa are level on Phần 2: the sudden death between them goes to Tháp Rùa.
    await liveTransaction(h.server.deps, (recorder) =>
      recordSuddenDeath(recorder, {
        questionId: 'cau-hoi-phu-1',
        participants: [ids['Đội Sông Hồng']!, ids['Đội Tháp Rùa']!],
        winnerId: ids['Đội Tháp Rùa']!,
      }),
    );

    await page.goto('/user/dashboard?print=bien-ban');
    await waitForApp(page);
    const record = page.getByTestId('bien-ban');
    await record.getByTestId('record-ranking-row').nth(3).waitFor();
    expect(await record.getByTestId('record-ranking-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-team')))).toEqual([
      'Đội Tháp Rùa',
      'Đội Sông Hồng',
      'Đội Hoa Sen',
      'Đội Văn Miếu',
    ]);
    expect(await record.getByTestId('record-tie-break').allInnerTexts()).toEqual(['', 'xếp sau do câu hỏi phụ', 'xếp sau do Phần 2', '']);
    await shoot(page, 'tiebreak-bien-ban', { fullPage: true });

    await page.goto('/user/dashboard');
    await waitForApp(page);
    await page.getByTestId('tie-break-rule').nth(2).waitFor();
    await page.locator('#tie-break').evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await page.evaluate(() => window.scrollBy(0, -80));
    await shoot(page, 'tiebreak-editor');
  });
});
