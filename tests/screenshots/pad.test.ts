import { expect, it } from 'vitest';
import { ACCOUNTS, describeInBrowser, expectOk, loginThroughForm, pageAs, requestAs, toast, waitForApp } from '../e2e/harness';
import { openPad, padTeamRow, scoreTeam, typePoint, usePadNight } from '../e2e/pad';
import { shoot } from './shots';

describeInBrowser('screenshots: the judges’ pad', (h) => {
  const { teamIds, show } = usePadNight(h);

  it('pad-open, pad-locked', async () => {
    await show({ activeField: 'phan-2', scoringOpen: true, activeTeamId: teamIds[2] });
    const { page } = await openPad(h);
    await scoreTeam(page, teamIds[2]!, '7', true);
    await expect.poll(() => padTeamRow(page, teamIds[2]!).getAttribute('data-scored')).toBe('true');
    await typePoint(page, teamIds[0]!, '8,5');
    await expect.poll(() => padTeamRow(page, teamIds[0]!).getByTestId('pad-team-point').textContent()).toBe('8,5');
    await padTeamRow(page, teamIds[1]!).click();
    await page.getByTestId('pad-keypad').getByRole('button', { name: '9', exact: true }).click();
    await shoot(page, 'pad-open', { withoutToasts: true });

    const locked = await openPad(h);
    await show({ scoringOpen: false });
    await locked.page.getByTestId('pad-locked').waitFor();
    await shoot(locked.page, 'pad-locked', { withoutToasts: true });
    await show({ scoringOpen: true });
  });

  it('pad-offline-waiting, pad-online-sent, pad-offline', async () => {
    // The phone goes offline: the point waits; back online, it is sent.
    await show({ activeField: 'phan-2', scoringOpen: true, activeTeamId: teamIds[5] });
    const phone = await openPad(h);
    await phone.context.setOffline(true);
    await phone.page.getByTestId('pad-connection').getByText('Mất kết nối').waitFor();
    await scoreTeam(phone.page, teamIds[5]!, '9');
    const waiting = phone.page.locator(`[data-testid="pad-pending"][data-team-id="${teamIds[5]}"]`);
    await expect.poll(() => waiting.getAttribute('data-status')).toBe('waiting');
    await shoot(phone.page, 'pad-offline-waiting', { withoutToasts: true });
    await phone.context.setOffline(false);
    await waiting.waitFor({ state: 'detached' });
    await expect.poll(() => padTeamRow(phone.page, teamIds[5]!).getAttribute('data-scored')).toBe('true');
    await shoot(phone.page, 'pad-online-sent', { withoutToasts: true });

    // The server goes away, and the page stays without a network after it returns.
    await show({ activeTeamId: teamIds[3] });
    const { page, context } = await openPad(h);
    await page.getByTestId('pad-selected-team').getByText('Phượng Đỏ').waitFor();
    const stopped = await h.stopServer();
    try {
      await page.getByTestId('pad-connection').getByText('Mất kết nối').waitFor({ timeout: 15_000 });
      await context.setOffline(true);
      await scoreTeam(page, teamIds[3]!, '9');
      await expect
        .poll(() => page.locator(`[data-testid="pad-pending"][data-team-id="${teamIds[3]}"]`).getAttribute('data-status'))
        .toBe('waiting');
      await shoot(page, 'pad-offline', { withoutToasts: true });
    } finally {
      await stopped.start();
    }
  });
});

describeInBrowser('screenshots: two consoles at once', (h) => {
  it('master-other-console', async () => {
    const viewport = { width: 1440, height: 900 };
    const open = async (role: 'admin' | 'master') => {
      const { page } = await pageAs(h, role, viewport);
      await page.goto('/master');
      await waitForApp(page);
      await page.getByTestId('master-console').waitFor();
      return page;
    };
    const admin = await open('admin');
    const master = await open('master');
    await master.getByTestId('other-console').filter({ hasText: 'Quản trị viên' }).waitFor();
    // The admin blanks the screen; the master answers with the round card.
    await admin.getByRole('button', { name: 'Màn hình trống', exact: true }).click();
    await toast(master, 'Quản trị viên vừa thao tác: màn hình chính: Trống').waitFor();
    await master.getByRole('button', { name: 'Tên phần thi', exact: true }).click();
    await toast(admin, 'Người dùng master vừa thao tác: màn hình chính: Tên phần thi').waitFor();
    await shoot(master, 'master-other-console');
  });
});

describeInBrowser('screenshots: a judged round’s sheet on a small phone', (h) => {
  it('pad-team-sheet', async () => {
    const admin = await requestAs(h, 'admin');
    const master = await requestAs(h, 'master');
    await expectOk(await admin.post('/trpc/settings.update', { data: { name: 'Hội thi "Em yêu Hà Nội" 2026' } }));
    const teamIds: string[] = [];
    for (const [index, name] of ['Lớp 9A1 · Tiểu phẩm “Hà Nội mùa thu”', 'Lớp 9A2', 'Lớp 9A3', 'Lớp 9A4'].entries()) {
      const body = await expectOk(
        await admin.post('/api/team', { data: { data: { name, unit: `Trường THCS số ${index + 1}`, priority: index } } }),
      );
      teamIds.push((body.item as { _id: string })._id);
    }
    const sheet = [
      { name: 'noi-dung', label: 'Nội dung', maxPoint: 10, step: 0.5 },
      { name: 'hinh-thuc', label: 'Hình thức biểu diễn', maxPoint: 5, step: 1 },
      { name: 'sang-tao', label: 'Sáng tạo', maxPoint: 10, step: 0.5 },
    ];
    for (const [position, field] of sheet.entries()) {
      await expectOk(
        await admin.post('/api/score-field', { data: { data: { ...field, kind: 'judges', minPoint: 0, round: 1, position } } }),
      );
    }
    const users = (await expectOk(await admin.get('/api/user/all?partial=1'))).list as { _id: string; username: string }[];
    const judgeId = users.find((u) => u.username === ACCOUNTS.judge.username)!._id;
    await expectOk(await admin.put('/api/user', { data: { _id: judgeId, changes: { fullName: 'Nguyễn Thị Lan' } } }));
    // The judge scored the team before on the whole sheet; the team on stage has two of three.
    for (const [fieldName, point] of [
      ['noi-dung', 8],
      ['hinh-thuc', 4],
      ['sang-tao', 7.5],
    ] as const) {
      await expectOk(await admin.post('/trpc/scoring.adminSubmit', { data: { teamId: teamIds[1], gkId: judgeId, fieldName, point } }));
    }
    await expectOk(
      await master.put('/api/show', {
        data: { changes: { fw: 1, openFields: sheet.map((f) => f.name), scoringOpen: true, activeTeamId: teamIds[0] } },
      }),
    );

    const { page } = await h.newPage({ width: 360, height: 640 });
    await loginThroughForm(page, 'judge');
    await page.waitForURL('**/supporter');
    await waitForApp(page);
    await page.getByTestId('pad-criteria').waitFor();
    const enter = async (whole: string, half = false) => {
      await page.getByTestId('pad-keys').getByRole('button', { name: whole, exact: true }).click();
      if (half) await page.getByTestId('pad-keys').getByRole('button', { name: '+0,5' }).click();
      await page.getByTestId('pad-submit').click();
      await page.locator('[data-testid="pad-submit"][data-confirming]').waitFor();
      await page.getByTestId('pad-submit').click();
    };
    await enter('8', true);
    await expect.poll(() => page.getByTestId('pad-criterion-range').textContent()).toContain('Hình thức biểu diễn');
    await enter('4');
    await expect.poll(() => page.getByTestId('pad-criterion-range').textContent()).toContain('Sáng tạo');
    await page.getByTestId('pad-keys').getByRole('button', { name: '9', exact: true }).click();
    await shoot(page, 'pad-team-sheet', { withoutToasts: true });
  });
});
