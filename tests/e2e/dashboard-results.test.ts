/**
 * The dashboard's judging sections, the biên bản and the judges' links, in a real browser against the
 * real server: judges score through the REST call with their own cookies while the dashboard follows
 * live; corrections, undo, reset; the printed record matches /api/results; a judge link with its QR code.
 */
import type { APIRequestContext, BrowserContext, Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import { messages } from '../../src/messages';
import { RESET_CONFIRMATION } from '../../src/schemas/scoring';
import { formatPoint } from '../../src/valueFormat';
import { describeInBrowser, logIn, requestAs, toast, trpcMutation, USER_PASSWORD, waitForApp } from './harness';

const t = messages.results;
const WIDE = { width: 1440, height: 900 };
const FIELD = 'thuyet-trinh';
const EVENT_NAME = 'Hội thi Tìm hiểu Hà Nội — chung kết';

async function call(request: APIRequestContext, method: 'post' | 'put' | 'get', url: string, data?: unknown) {
  const response = await request[method](url, data === undefined ? {} : { data });
  const body = await response.json().catch(() => null);
  return { status: response.status(), body };
}

async function ok(request: APIRequestContext, method: 'post' | 'put' | 'get', url: string, data?: unknown) {
  const result = await call(request, method, url, data);
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  return result.body;
}

/** A tRPC mutation over plain HTTP (no transformer: the body is the input). */
function rankingTotal(page: Page, team: string) {
  return page.locator(`[data-testid="ranking-row"][data-team="${team}"] [data-testid="ranking-total"]`);
}

describeInBrowser('dashboard results in a browser', (h) => {
  let admin: BrowserContext;
  const teams: Record<string, string> = {};
  const judges: { username: string; fullName: string; id: string }[] = [];

  beforeAll(async () => {
    admin = (await h.newPage(WIDE)).context;
    await logIn(admin, 'admin');
    await trpcMutation(admin.request, 'settings.update', { name: EVENT_NAME, date: '2026-11-20', venue: 'Cung Văn hoá Hữu nghị' });
    await ok(admin.request, 'post', '/api/score-field', {
      data: { name: FIELD, label: 'Thuyết trình', kind: 'judges', minPoint: 0, maxPoint: 10, step: 0.5, position: 1 },
    });
    for (const [i, name] of ['Đội Sông Hồng', 'Đội Hồ Gươm', 'Đội Tây Hồ'].entries()) {
      const { item } = (await ok(admin.request, 'post', '/api/team', { data: { name, unit: `Trường ${i + 1}`, priority: i + 1 } })) as {
        item: { _id: string };
      };
      teams[name] = item._id;
    }
    for (const [username, fullName] of [
      ['gk-an', 'TS Nguyễn Bình An'],
      ['gk-binh', 'ThS Lê Thanh Bình'],
    ]) {
      await ok(admin.request, 'post', '/api/user', { user: { username, password: USER_PASSWORD, fullName, role: 'judge' } });
    }
    const { list } = (await ok(admin.request, 'get', '/api/user/all?partial=1')) as {
      list: { _id: string; username: string; fullName: string; role: string }[];
    };
    for (const user of list.filter((u) => u.role === 'judge'))
      judges.push({ username: user.username, fullName: user.fullName, id: user._id });
    expect(judges).toHaveLength(3);
    // The master opens scoring on the field.
    const master = await requestAs(h, 'master');
    await ok(master, 'put', '/api/show', { changes: { activeField: FIELD, scoringOpen: true } });
  });

  const judge = (username: string) => judges.find((j) => j.username === username)!;
  /**
   * Each judge signed in afresh for the test that scores as them: re-issuing the judges' links (a
   * test below does) ends their sessions.
   */
  async function judgesSignedIn(): Promise<(username: string, team: string, point: number | string) => Promise<unknown>> {
    const requests = new Map<string, APIRequestContext>();
    for (const { username } of judges) requests.set(username, await requestAs(h, { username, password: USER_PASSWORD }));
    return (username, team, point) => ok(requests.get(username)!, 'put', '/api/cham-thi/submit', { teamId: teams[team], point });
  }

  it('follows judges live, shows who is missing, corrects with a reason, undoes from the log and prints the biên bản', async () => {
    const submit = await judgesSignedIn();
    const page = await admin.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto('/user/dashboard');
    await waitForApp(page);
    await page.getByTestId('ranking-row').first().waitFor();
    await expect.poll(() => page.getByTestId('progress-missing-count').textContent()).toBe(t.missingCount(9));

    // Judges score; the ranking follows without a reload.
    await submit('giamkhao1', 'Đội Hồ Gươm', 8);
    await expect.poll(() => rankingTotal(page, 'Đội Hồ Gươm').textContent()).toBe('8,0');
    await expect.poll(() => page.locator('[data-testid="ranking-row"]').first().getAttribute('data-team')).toBe('Đội Hồ Gươm');
    await submit('gk-an', 'Đội Hồ Gươm', '6,5');
    await submit('giamkhao1', 'Đội Tây Hồ', 9);
    await expect.poll(() => rankingTotal(page, 'Đội Hồ Gươm').textContent()).toBe(formatPoint((8 + 6.5) / 2));
    await expect.poll(() => rankingTotal(page, 'Đội Tây Hồ').textContent()).toBe('9,0');

    // Progress: three of nine done; the missing cells are marked.
    await expect.poll(() => page.getByTestId('progress-missing-count').textContent()).toBe(t.missingCount(6));
    const grid = page.getByTestId('progress-grid');
    const cell = (team: string, judgeName: string) =>
      grid.locator(`tr[data-team="${team}"] [data-testid="progress-cell"][data-judge="${judgeName}"]`);
    expect(await cell('Đội Hồ Gươm', judge('giamkhao1').fullName).getAttribute('data-done')).toBe('true');
    expect(await cell('Đội Hồ Gươm', judge('gk-binh').fullName).getAttribute('data-done')).toBe('false');
    expect(await cell('Đội Sông Hồng', judge('gk-an').fullName).textContent()).toBe(t.notDone);

    // Each judge's point per team: the matrix shows the point and "—" where missing.
    const matrixRow = page.locator(`[data-testid="judge-matrix"] tr[data-team="Đội Hồ Gươm"]`);
    await expect.poll(() => matrixRow.textContent()).toContain('6,5');
    expect(await matrixRow.locator('[data-missing]').count()).toBe(1);

    // A correction over an existing point without a reason: the server's message, at the field and in a toast.
    const form = page.getByTestId('correction-form');
    const pick = async (label: string, option: string) => {
      await form.getByLabel(label, { exact: true }).click();
      await page.getByRole('option', { name: option, exact: true }).click();
    };
    await pick(t.filterTeam, 'Đội Hồ Gươm');
    await pick(t.filterField, 'Thuyết trình');
    await pick(t.filterJudge, judge('giamkhao1').fullName);
    await expect.poll(() => form.getByTestId('current-point').textContent()).toBe(t.currentPoint('8,0'));
    await form.getByLabel(t.point).fill('7,5');
    await form.getByRole('button', { name: t.submitCorrection }).click();
    await toast(page, `${messages.scoringError} ${messages.reasonRequired}`).waitFor();
    await form.getByText(messages.reasonRequired).waitFor();
    expect(await rankingTotal(page, 'Đội Hồ Gươm').textContent()).toBe(formatPoint(7.25));

    // With a reason it lands, and the audit log shows it.
    await form.getByLabel(t.reasonLabel).fill('Giám khảo gõ nhầm');
    await form.getByRole('button', { name: t.submitCorrection }).click();
    await toast(page, messages.scored).waitFor();
    await expect.poll(() => rankingTotal(page, 'Đội Hồ Gươm').textContent()).toBe(formatPoint((7.5 + 6.5) / 2));
    const corrected = page.getByTestId('audit-row').filter({ hasText: 'Giám khảo gõ nhầm' });
    await corrected.waitFor();
    const correctedText = await corrected.textContent();
    expect(correctedText).toContain(t.sources.admin);
    expect(correctedText).toContain('8,0 → 7,5');
    expect(correctedText).toMatch(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}/);
    expect(await page.getByTestId('audit-row').first().textContent()).toContain('Giám khảo gõ nhầm');

    // Undo from the log, with a reason.
    await corrected.getByRole('button', { name: t.undo }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(t.undoReason).fill('Sửa nhầm đội');
    await dialog.getByRole('button', { name: t.undo }).click();
    await toast(page, t.undoDone).waitFor();
    await expect.poll(() => rankingTotal(page, 'Đội Hồ Gươm').textContent()).toBe(formatPoint(7.25));
    const undone = page.getByTestId('audit-row').first();
    await expect.poll(() => undone.getAttribute('data-source')).toBe('undo');
    expect(await undone.textContent()).toContain('Sửa nhầm đội');
    expect(await undone.textContent()).toContain('7,5 → 8,0');

    // The audit log's filter by source.
    await page.getByTestId('audit-filters').getByLabel(t.filterSource, { exact: true }).click();
    await page.getByRole('option', { name: t.sources.judge }).click();
    await expect.poll(() => page.getByTestId('audit-row').count()).toBe(3);

    // Exports: the XLSX link answers a spreadsheet.
    expect(await page.getByTestId('export-xlsx').getAttribute('href')).toBe('/api/results.xlsx');
    const xlsx = await admin.request.get('/api/results.xlsx');
    expect(xlsx.status()).toBe(200);
    expect(xlsx.headers()['content-type']).toContain('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect((await xlsx.body()).subarray(0, 2).toString()).toBe('PK');

    // The biên bản: no app frame, the event, the ranking with /api/results' totals, a signature per judge.
    await page.getByTestId('print-record').click();
    await page.waitForURL(/\?print=bien-ban$/);
    const record = page.getByTestId('bien-ban');
    await record.getByText(t.recordTitle).waitFor();
    expect(await record.getByTestId('record-event-name').textContent()).toBe(EVENT_NAME);
    expect(await record.textContent()).toContain('20/11/2026');
    expect(await record.textContent()).toContain(t.nation);
    expect(await page.locator('.mantine-AppShell-header').isVisible()).toBe(false);
    expect(await page.locator('.mantine-AppShell-navbar').isVisible()).toBe(false);
    const { items } = (await ok(admin.request, 'get', '/api/results')) as { items: { name: string; total: number; rank: number }[] };
    expect(await record.getByTestId('record-ranking-row').count()).toBe(items.length);
    for (const item of items) {
      const row = record.locator(`[data-testid="record-ranking-row"][data-team="${item.name}"]`);
      expect(await row.getByTestId('record-total').textContent()).toBe(formatPoint(item.total));
    }
    expect(await record.getByTestId('signature-judge').count()).toBe(judges.length);
    for (const j of judges) expect(await record.getByTestId('signature-judge').filter({ hasText: j.fullName }).count()).toBe(1);
    expect(await record.getByTestId('signature-judge').first().textContent()).toContain(t.signHint);
    // The head judge and the secretary sign too, under the event's place and date.
    await record.getByTestId('signature-head-judge').waitFor();
    await record.getByTestId('signature-secretary').waitFor();
    expect(await record.getByTestId('record-place-date').textContent()).toBe('Cung Văn hoá Hữu nghị, ngày 20 tháng 11 năm 2026');
    // In print, the toolbar goes.
    await page.emulateMedia({ media: 'print' });
    expect(await page.getByTestId('print-button').isVisible()).toBe(false);
    await page.emulateMedia({ media: 'screen' });
    await page.getByRole('button', { name: t.back }).click();
    await page.getByTestId('ranking-row').first().waitFor();
    expect(errors).toEqual([]);
  });

  it('resets all scores only after the exact typed confirmation and a reason', async () => {
    // Three points to reset, entered by the admin (a reason in case a cell already holds one).
    for (const [team, username, point] of [
      ['Đội Hồ Gươm', 'giamkhao1', 8],
      ['Đội Hồ Gươm', 'gk-an', 6.5],
      ['Đội Tây Hồ', 'giamkhao1', 9],
    ] as const) {
      await trpcMutation(admin.request, 'scoring.adminSubmit', {
        teamId: teams[team],
        gkId: judge(username).id,
        fieldName: FIELD,
        point,
        reason: 'Nhập điểm để thử xoá',
      });
    }
    const page = await admin.newPage();
    await page.goto('/user/dashboard');
    await waitForApp(page);
    const button = page.getByTestId('reset-button');
    await page.getByTestId('reset-reason').fill('Chấm lại từ đầu');
    await page.getByTestId('reset-confirm').fill('xoa tat ca diem');
    expect(await button.isDisabled()).toBe(true);
    await page.getByTestId('reset-confirm').fill(RESET_CONFIRMATION.slice(0, -1));
    expect(await button.isDisabled()).toBe(true);
    await page.getByTestId('reset-confirm').fill(RESET_CONFIRMATION);
    expect(await button.isDisabled()).toBe(false);
    await button.click();
    await toast(page, t.resetDone(3)).waitFor();
    await expect.poll(() => rankingTotal(page, 'Đội Hồ Gươm').textContent()).toBe('0,0');
    await expect.poll(() => page.getByTestId('progress-missing-count').textContent()).toBe(t.missingCount(9));
    await expect.poll(() => page.getByTestId('audit-row').first().getAttribute('data-source')).toBe('reset');
  });

  it('issues a judge link with a QR code on /user, and prints QR cards for all judges', async () => {
    const page = await admin.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.setViewportSize(WIDE);
    await page.goto('/user');
    await waitForApp(page);
    const row = page.locator('[data-testid="user-row"][data-username="gk-an"]');
    await row.getByTestId('judge-link-action').click();
    const modal = page.getByTestId('judge-link-modal');
    await modal.getByText(messages.judgeLinks.tokenOnce).first().waitFor();
    await modal.getByRole('button', { name: messages.judgeLinks.create }).click();
    await toast(page, messages.judgeLinks.issued).waitFor();
    const qr = modal.getByTestId('judge-link-qr');
    await qr.waitFor();
    expect(await qr.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    const url = await modal.getByTestId('judge-link-url').inputValue();
    expect(url).toContain('/giam-kham-token/gk-an?token=');
    await modal.getByRole('button', { name: messages.judgeLinks.reissue }).waitFor();

    // The link signs the judge in.
    const holder = await h.newPage();
    const token = new URL(url).searchParams.get('token');
    expect((await holder.context.request.post('/login', { data: { username: 'gk-an', token } })).status()).toBe(200);

    await page.keyboard.press('Escape');
    await modal.waitFor({ state: 'detached' });
    await page.getByTestId('print-qr-cards').click();
    await page.getByRole('dialog').getByRole('button', { name: messages.agree }).click();
    // The confirmation closes with a fade; its own close button (also "Đóng") is gone once it has.
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    const cards = page.getByTestId('qr-card');
    await expect.poll(() => cards.count()).toBe(judges.length);
    await cards.first().locator('img').waitFor();
    // Re-issuing for everyone ended the old link.
    expect((await holder.context.request.post('/login', { data: { username: 'gk-an', token } })).status()).toBe(401);
    await page.getByTestId('qr-cards').getByRole('button', { name: messages.judgeLinks.closeSheet }).click();
    await page.getByTestId('user-table').waitFor();
    expect(errors).toEqual([]);
  });
});
