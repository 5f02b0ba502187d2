/**
 * The rules editor, the dashboard's event settings and scoring sheet, and what the home page shows
 * of them, in a real browser against the real server.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { loadDemoEvent } from '../../src-server/demo/load';
import { describeInBrowser, type Harness, logIn, toast, waitForApp } from './harness';

function logInAsAdmin(context: BrowserContext): Promise<void> {
  return logIn(context, 'admin');
}

/** Whether any script the author smuggled in ran: each attempt sets a window flag. */
function xssRan(page: Page): Promise<boolean> {
  return page.evaluate(() => Boolean((window as unknown as { __xss?: unknown }).__xss));
}

const HOSTILE_MARKDOWN = [
  'Đội nào trả lời đúng được **đậm** điểm thưởng.',
  '',
  '<script>window.__xss = "script"</script>',
  '',
  '<img src="/khong-co.png" onerror="window.__xss = \'img\'">',
  '',
  '[Bấm vào đây](javascript:window.__xss=1) hoặc [trang hội thi](https://example.com/hoi-thi)',
].join('\n');

/** The dashboard, as the admin, on a console-sized page. */
async function openDashboard(h: Harness) {
  const opened = await h.newPage({ width: 1440, height: 900 });
  await logInAsAdmin(opened.context);
  await opened.page.goto('/user/dashboard');
  await waitForApp(opened.page);
  return opened;
}

describeInBrowser('rules and dashboard in a browser', (h) => {
  it('creates a rule from Markdown without letting its HTML through, shows it on the home page, edits and deletes it', async () => {
    const { context, page, errors } = await h.newPage({ width: 1440, height: 900 });
    await logInAsAdmin(context);
    await page.goto('/user/the-le');
    await waitForApp(page);
    await page.getByText('Chưa có mục thể lệ nào').waitFor();

    await page.getByRole('button', { name: 'Thêm mục thể lệ' }).click();
    const dialog = page.getByRole('dialog');
    // A rule needs a title: the error shows at the field and nothing is sent.
    await dialog.getByRole('button', { name: 'Lưu' }).click();
    await dialog.getByText('Vui lòng nhập tiêu đề').waitFor();

    await dialog.getByLabel('Tiêu đề').fill('Điều thử nghiệm');
    await dialog.getByLabel('Thứ tự').fill('5');
    await dialog.getByLabel('Nội dung (Markdown)').fill(HOSTILE_MARKDOWN);
    const preview = dialog.getByTestId('rule-preview');
    await preview.locator('strong', { hasText: 'đậm' }).waitFor();
    expect(await preview.locator('script').count()).toBe(0);
    expect(await preview.locator('img').count()).toBe(0);
    expect(await page.locator('[onerror]').count()).toBe(0);
    expect(await preview.locator('a[href^="javascript"]').count()).toBe(0);
    const safeLink = preview.getByRole('link', { name: 'trang hội thi' });
    expect(await safeLink.getAttribute('rel')).toBe('noopener noreferrer');
    expect(await safeLink.getAttribute('target')).toBe('_blank');
    expect(await preview.textContent()).not.toContain('window.__xss');

    await dialog.getByRole('button', { name: 'Lưu' }).click();
    await toast(page, 'Tạo mới thành công').waitFor();
    await dialog.waitFor({ state: 'detached' });
    const card = page.getByTestId('rule-card').filter({ hasText: 'Điều thử nghiệm' });
    await card.locator('strong', { hasText: 'đậm' }).waitFor();
    expect(await page.locator('[onerror]').count()).toBe(0);

    // The home page, for an anonymous visitor.
    const visitor = await h.newPage({ width: 1440, height: 900 });
    await visitor.page.goto('/');
    await waitForApp(visitor.page);
    const rules = visitor.page.getByTestId('home-rules');
    await rules.getByText('Điều thử nghiệm').waitFor();
    await rules.locator('strong', { hasText: 'đậm' }).waitFor();
    expect(await rules.locator('script').count()).toBe(0);
    expect(await visitor.page.locator('[onerror]').count()).toBe(0);
    // Every image on the page has loaded or failed, so an error handler that slipped through has run.
    await visitor.page.waitForFunction(() => [...document.images].every((image) => image.complete));
    expect(await xssRan(visitor.page)).toBe(false);
    expect(visitor.errors).toEqual([]);

    // Edit: the list shows the new title.
    await page.getByRole('button', { name: 'Sửa: Điều thử nghiệm' }).click();
    await expect.poll(() => dialog.getByLabel('Tiêu đề').inputValue()).toBe('Điều thử nghiệm');
    await dialog.getByLabel('Tiêu đề').fill('Điều 9. Điểm thưởng');
    await dialog.getByRole('button', { name: 'Lưu' }).click();
    await toast(page, 'Cập nhật thành công').waitFor();
    await page.getByTestId('rule-card').filter({ hasText: 'Điều 9. Điểm thưởng' }).waitFor();
    expect(await page.getByTestId('rule-card').filter({ hasText: 'Điều thử nghiệm' }).count()).toBe(0);

    // Delete, after a confirmation.
    await page.getByRole('button', { name: 'Xóa: Điều 9. Điểm thưởng' }).click();
    const confirm = page.getByRole('dialog');
    await confirm.getByText('Bạn có chắc muốn xóa mục «Điều 9. Điểm thưởng»?').waitFor();
    await confirm.getByRole('button', { name: 'Đồng ý' }).click();
    await toast(page, 'Xóa mục thể lệ thành công').waitFor();
    await page.getByText('Chưa có mục thể lệ nào').waitFor();
    expect(await xssRan(page)).toBe(false);
    expect(errors).toEqual([]);
  });

  it('saves the event name, date and a round title on the dashboard, and the home page shows them', async () => {
    const { page, errors } = await openDashboard(h);
    const settings = page.locator('#event-settings');
    const name = settings.getByLabel('Tên hội thi');
    await expect.poll(() => name.inputValue()).toBe('Hội thi');

    // A date that is not dd/mm/yyyy is refused at the field.
    await settings.getByLabel('Ngày thi').fill('31/02/2026');
    await settings.getByRole('button', { name: 'Lưu thông tin' }).click();
    await settings.getByText('Ngày phải có dạng dd/mm/yyyy').waitFor();

    await name.fill('Hội thi Tìm hiểu Thủ đô 2026');
    await settings.getByLabel('Ngày thi').fill('22/11/2026');
    await settings.getByLabel('Địa điểm').fill('Nhà hát Lớn Hà Nội');
    await settings.getByLabel('Phần thi 5').fill('VỀ ĐÍCH');
    await settings.getByRole('button', { name: 'Lưu thông tin' }).click();
    await toast(page, 'Cập nhật thành công').waitFor();

    await page.reload();
    await waitForApp(page);
    await expect.poll(() => page.locator('#event-settings').getByLabel('Ngày thi').inputValue()).toBe('22/11/2026');

    const visitor = await h.newPage({ width: 1440, height: 900 });
    await visitor.page.goto('/');
    await waitForApp(visitor.page);
    await expect.poll(() => visitor.page.getByTestId('event-name').textContent()).toBe('Hội thi Tìm hiểu Thủ đô 2026');
    await visitor.page.getByText('22/11/2026').waitFor();
    await visitor.page.getByText('Nhà hát Lớn Hà Nội').waitFor();
    await visitor.page.getByText('VỀ ĐÍCH').waitFor();
    // The contract's titles stay for the rounds nobody renamed.
    await visitor.page.getByText('NGƯỜI HÀ NỘI').waitFor();
    expect(await visitor.page.title()).toBe('Hội thi Tìm hiểu Thủ đô 2026');
    expect(errors).toEqual([]);
    expect(visitor.errors).toEqual([]);
  });

  it('adds, edits and deletes a scoring field; max ≤ min and a taken name are shown at their fields', async () => {
    const { page, errors } = await openDashboard(h);
    const sheet = page.locator('#score-sheet');
    await sheet.getByText('Chưa có tiêu chí chấm nào.').waitFor();

    await sheet.getByRole('button', { name: 'Thêm tiêu chí' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Mã tiêu chí').fill('Thuyet-Trinh');
    expect(await dialog.getByLabel('Mã tiêu chí').inputValue()).toBe('thuyet-trinh');
    await dialog.getByLabel('Tên tiêu chí').fill('Thuyết trình');
    await dialog.getByLabel('Điểm tối đa').fill('20');
    await dialog.getByLabel('Bước điểm').fill('0,5');
    await dialog.getByRole('switch', { name: 'Bỏ điểm cao nhất và thấp nhất khi có từ 5 giám khảo' }).check({ force: true });
    await dialog.getByRole('button', { name: 'Lưu' }).click();
    await toast(page, 'Tạo mới thành công').waitFor();
    await dialog.waitFor({ state: 'detached' });
    const row = sheet.getByTestId('score-field-row').filter({ hasText: 'thuyet-trinh' });
    await row.waitFor();
    expect(await row.textContent()).toContain('0 – 20');
    expect(await row.textContent()).toContain('Giám khảo chấm');
    expect(await row.textContent()).toContain('Có');

    // Edit: a new label and an answers-based kind.
    await page.getByRole('button', { name: 'Sửa: Thuyết trình' }).click();
    await expect.poll(() => dialog.getByLabel('Tên tiêu chí').inputValue()).toBe('Thuyết trình');
    await dialog.getByLabel('Tên tiêu chí').fill('Thuyết trình và hùng biện');
    await dialog.getByLabel('Điểm tối đa').fill('30');
    await dialog.getByRole('button', { name: 'Lưu' }).click();
    await toast(page, 'Cập nhật thành công').waitFor();
    await dialog.waitFor({ state: 'detached' });
    await row.getByText('Thuyết trình và hùng biện').waitFor();
    expect(await row.textContent()).toContain('0 – 30');

    // Max not above min: the error is at the field, nothing is sent.
    let sent = 0;
    page.on('request', (request) => {
      if (/scoreField\.(create|update)/.test(request.url())) sent++;
    });
    await page.getByRole('button', { name: 'Sửa: Thuyết trình và hùng biện' }).click();
    await expect.poll(() => dialog.getByLabel('Điểm tối đa').inputValue()).toBe('30');
    await dialog.getByLabel('Điểm tối thiểu').fill('10');
    await dialog.getByLabel('Điểm tối đa').fill('10');
    await dialog.getByRole('button', { name: 'Lưu' }).click();
    const maxInput = dialog.getByLabel('Điểm tối đa');
    await expect.poll(() => maxInput.getAttribute('aria-invalid')).toBe('true');
    const errorId = (await maxInput.getAttribute('aria-describedby')) ?? '';
    expect(await page.locator(`[id="${errorId.split(' ').find((id) => id.includes('error'))}"]`).textContent()).toBe(
      'Điểm tối đa phải lớn hơn điểm tối thiểu',
    );
    expect(sent).toBe(0);
    await dialog.getByRole('button', { name: 'Huỷ' }).click();
    await dialog.waitFor({ state: 'detached' });

    // A name already used: the server's reason shows at the name field and in the toast.
    await sheet.getByRole('button', { name: 'Thêm tiêu chí' }).click();
    await dialog.getByLabel('Mã tiêu chí').fill('thuyet-trinh');
    await dialog.getByLabel('Tên tiêu chí').fill('Trùng mã');
    await dialog.getByRole('button', { name: 'Lưu' }).click();
    await toast(page, 'Tạo tiêu chí chấm lỗi. Mã tiêu chí đã tồn tại').waitFor();
    await expect.poll(() => dialog.getByLabel('Mã tiêu chí').getAttribute('aria-invalid')).toBe('true');
    await dialog.getByText('Mã tiêu chí đã tồn tại').waitFor();
    await dialog.getByRole('button', { name: 'Huỷ' }).click();
    await dialog.waitFor({ state: 'detached' });

    // Delete after a confirmation.
    await page.getByRole('button', { name: 'Xóa: Thuyết trình và hùng biện' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Đồng ý' }).click();
    await toast(page, 'Xóa tiêu chí chấm thành công').waitFor();
    await sheet.getByText('Chưa có tiêu chí chấm nào.').waitFor();
    expect(errors).toEqual([]);
  });

  it('uses three rounds and sets a slogan: the home page counts and lists those rounds with the slogan, round 5 is not used', async () => {
    const { page, errors } = await openDashboard(h);
    const settings = page.locator('#event-settings');
    const round = (n: number) => settings.getByLabel(`Phần thi ${n}`);
    await expect.poll(() => round(1).inputValue()).toBe('NGƯỜI HÀ NỘI');

    // Rounds used are rounds 1..N: an empty round 2 before a used round 3 is refused at round 2.
    await round(2).fill('');
    await settings.getByRole('button', { name: 'Lưu thông tin' }).click();
    await settings
      .getByText('Các phần thi được dùng phải liền nhau từ phần thi 1: hãy nhập tên phần thi này, hoặc để trống tên các phần thi sau nó')
      .waitFor();
    await expect.poll(() => round(2).getAttribute('aria-invalid')).toBe('true');
    await round(2).fill('TIẾN VỀ HÀ NỘI');

    await settings.getByLabel('Khẩu hiệu').fill('Tuổi trẻ Thủ đô: trí tuệ và bản lĩnh');
    for (const n of [4, 5, 6]) await round(n).fill('');
    await settings.getByRole('button', { name: 'Lưu thông tin' }).click();
    await toast(page, 'Cập nhật thành công').waitFor();

    const visitor = await h.newPage({ width: 1440, height: 900 });
    await visitor.page.goto('/');
    await waitForApp(visitor.page);
    await expect.poll(() => visitor.page.getByTestId('event-slogan').textContent()).toBe('Tuổi trẻ Thủ đô: trí tuệ và bản lĩnh');
    // As the hall reads it (the badge is in capitals).
    await expect.poll(() => visitor.page.getByText('3 phần thi', { exact: true }).innerText()).toBe('3 PHẦN THI');
    for (const title of ['NGƯỜI HÀ NỘI', 'TIẾN VỀ HÀ NỘI', 'TÌNH YÊU HÀ NỘI'])
      await visitor.page.getByText(title, { exact: true }).waitFor();
    expect(await visitor.page.getByText('Phần thi 4', { exact: true }).count()).toBe(0);
    expect(await visitor.page.getByText('HÀ NỘI - NIỀM TIN VÀ HY VỌNG').count()).toBe(0);
    expect(await visitor.page.getByText('VỀ ĐÍCH').count()).toBe(0);

    // A round not used: its question sets' page says so instead of the editor; a used round keeps its editor.
    await page.goto('/user/fw-question-5');
    await waitForApp(page);
    await page.getByText('Phần thi này không được dùng trong cuộc thi').waitFor();
    expect(await page.getByRole('button', { name: 'Tạo bộ câu hỏi' }).count()).toBe(0);
    await page.goto('/user/fw-question-3');
    await waitForApp(page);
    await page.getByRole('button', { name: 'Tạo bộ câu hỏi' }).waitFor();
    expect(await page.getByText('Phần thi này không được dùng trong cuộc thi').count()).toBe(0);

    // No slogan: nothing under the event's name.
    await page.goto('/user/dashboard');
    await waitForApp(page);
    await expect.poll(() => settings.getByLabel('Khẩu hiệu').inputValue()).toBe('Tuổi trẻ Thủ đô: trí tuệ và bản lĩnh');
    await settings.getByLabel('Khẩu hiệu').fill('');
    await settings.getByRole('button', { name: 'Lưu thông tin' }).click();
    await toast(page, 'Cập nhật thành công').waitFor();
    await visitor.page.reload();
    await waitForApp(visitor.page);
    await visitor.page.getByTestId('event-name').waitFor();
    expect(await visitor.page.getByTestId('event-slogan').count()).toBe(0);
    expect(errors).toEqual([]);
    expect(visitor.errors).toEqual([]);
  });
});

// The demo event fills what the tests above expect empty: it gets a server of its own.
describeInBrowser('the dashboard with the demo event', (h) => {
  it('counts teams, users by role, question sets per round and rules on the dashboard', async () => {
    const { db } = h.server.deps;
    await loadDemoEvent(db, h.server.deps.hub);

    const { page, errors } = await openDashboard(h);
    const stat = (name: string) => page.locator(`[data-stat="${name}"]`);
    await expect.poll(() => stat('teams').textContent()).toBe('Đội thi88 đang thi');
    // The harness's own judge beside the demo's five.
    await expect.poll(() => stat('users').textContent()).toBe('Người dùng101 quản trị · 1 điều khiển · 6 giám khảo · 2 đội thi');
    await expect.poll(() => stat('question-sets').textContent()).toContain('P6: 1');
    await expect.poll(() => stat('rules').textContent()).toBe('Mục thể lệ4hiện trên trang chủ');
    await expect.poll(() => stat('score-fields').textContent()).toBe('Tiêu chí chấm43 giám khảo chấm · 1 theo câu trả lời');
    await expect.poll(() => page.getByTestId('score-field-row').count()).toBe(4);
    await expect.poll(() => page.locator('#event-settings').getByLabel('Ngày thi').inputValue()).toBe('22/11/2026');

    // The events list, from the navigation: the demo night, on stage, with its eight teams.
    await page.getByRole('link', { name: 'Cuộc thi', exact: true }).click();
    await page.waitForURL('**/user/events');
    await expect.poll(() => page.getByTestId('event-row').count()).toBe(1);
    await expect
      .poll(() => page.getByTestId('event-row').locator('td').allInnerTexts())
      .toEqual([
        'Hội thi "Em yêu Hà Nội" 2026',
        '22/11/2026',
        'Cung Văn hóa Hữu nghị Việt Xô, 91 Trần Hưng Đạo, Hà Nội',
        'Đang diễn ra',
        '8',
      ]);

    await page.goto('/user/the-le');
    await waitForApp(page);
    await expect.poll(() => page.getByTestId('rule-card').count()).toBe(4);
    await page.getByRole('button', { name: 'Sửa: Điều 2. Các phần thi' }).click();
    await page.getByTestId('rule-preview').locator('strong').first().waitFor();

    const visitor = await h.newPage({ width: 1440, height: 900 });
    await visitor.page.goto('/');
    await waitForApp(visitor.page);
    await visitor.page.getByTestId('home-rules').getByText('Điều 1. Đối tượng và thành phần').waitFor();
    await visitor.page.getByText('THPT Chu Văn An').waitFor();
    // The demo looks as it did before the slogan could be set: its slogan is the old tagline, all six rounds.
    await expect.poll(() => visitor.page.getByTestId('event-slogan').textContent()).toBe('Sân chơi trí tuệ, đoàn kết và sáng tạo');
    await expect.poll(() => visitor.page.getByText('6 phần thi', { exact: true }).innerText()).toBe('6 PHẦN THI');
    expect(errors).toEqual([]);
    expect(visitor.errors).toEqual([]);
  });
});
