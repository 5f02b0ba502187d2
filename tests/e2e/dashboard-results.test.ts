/**
 * The dashboard's judging sections, the biên bản and the judges' links, in a real browser against the
 * real server: judges score through the REST call with their own cookies while the dashboard follows
 * live; corrections, undo, reset; the printed record matches /api/results; a judge link with its QR code.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { APIRequestContext, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDemoEvent } from '../../src-server/demo/load';
import { formatPoint } from '../../src/format';
import { messages } from '../../src/messages';
import { RESET_CONFIRMATION } from '../../src/schemas/scoring';
import { ACCOUNTS, browserAvailable, type Harness, root, startHarness, USER_PASSWORD, waitForApp } from './harness';
import { screenshotDir } from './harness';

const available = browserAvailable();
const screenshots = screenshotDir;
const t = messages.results;
const WIDE = { width: 1440, height: 900 };
const FIELD = 'thuyet-trinh';
const EVENT_NAME = 'Hội thi Tìm hiểu Hà Nội — chung kết';

function toast(page: Page, text: string) {
  return page.locator('.mantine-Notification-root', { hasText: text });
}

async function logIn(context: BrowserContext, credentials: { username: string; password: string }): Promise<void> {
  const response = await context.request.post('/login', { data: credentials });
  expect(response.status(), await response.text()).toBe(200);
}

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
async function trpc(request: APIRequestContext, procedure: string, input: unknown) {
  const response = await request.post(`/trpc/${procedure}`, { data: input });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { result: { data: unknown } }).result.data;
}

function rankingTotal(page: Page, team: string) {
  return page.locator(`[data-testid="ranking-row"][data-team="${team}"] [data-testid="ranking-total"]`);
}

describe.skipIf(!available)('dashboard results in a browser', () => {
  let h: Harness;
  let admin: BrowserContext;
  const teams: Record<string, string> = {};
  const judges: { username: string; fullName: string; id: string; context: BrowserContext }[] = [];

  beforeAll(async () => {
    h = await startHarness();
    fs.mkdirSync(screenshots, { recursive: true });
    admin = (await h.newPage(WIDE)).context;
    await logIn(admin, ACCOUNTS.admin);
    await trpc(admin.request, 'settings.update', { name: EVENT_NAME, date: '2026-11-20', venue: 'Cung Văn hoá Hữu nghị' });
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
    for (const user of list.filter((u) => u.role === 'judge')) {
      const { context } = await h.newPage();
      await logIn(context, { username: user.username, password: USER_PASSWORD });
      judges.push({ username: user.username, fullName: user.fullName, id: user._id, context });
    }
    expect(judges).toHaveLength(3);
    // The master opens scoring on the field.
    const master = (await h.newPage()).context;
    await logIn(master, ACCOUNTS.master);
    await ok(master.request, 'put', '/api/show', { changes: { activeField: FIELD, scoringOpen: true } });
  });
  afterAll(async () => {
    await h?.close();
  });

  const judge = (username: string) => judges.find((j) => j.username === username)!;
  const submit = (username: string, team: string, point: number | string) =>
    ok(judge(username).context.request, 'put', '/api/cham-thi/submit', { teamId: teams[team], point });

  it('follows judges live, shows who is missing, corrects with a reason, undoes from the log and prints the biên bản', async () => {
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
    await record.getByTestId('signature-organisers').waitFor();
    // In print, the toolbar goes.
    await page.emulateMedia({ media: 'print' });
    expect(await page.getByTestId('print-button').isVisible()).toBe(false);
    await page.emulateMedia({ media: 'screen' });
    await page.getByRole('button', { name: t.back }).click();
    await page.getByTestId('ranking-row').first().waitFor();
    expect(errors).toEqual([]);
  });

  it('resets all scores only after the exact typed confirmation and a reason', async () => {
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
    await page.waitForTimeout(400);
    await page.screenshot({ path: path.join(screenshots, 'judge-link.png') });

    // The link signs the judge in.
    const holder = await h.newPage();
    const token = new URL(url).searchParams.get('token');
    expect((await holder.context.request.post('/login', { data: { username: 'gk-an', token } })).status()).toBe(200);

    await page.keyboard.press('Escape');
    await modal.waitFor({ state: 'detached' });
    await page.getByTestId('print-qr-cards').click();
    await page.getByRole('dialog').getByRole('button', { name: messages.agree }).click();
    const cards = page.getByTestId('qr-card');
    await expect.poll(() => cards.count()).toBe(judges.length);
    await cards.first().locator('img').waitFor();
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(screenshots, 'judge-qr-cards.png'), fullPage: true });
    // Re-issuing for everyone ended the old link.
    expect((await holder.context.request.post('/login', { data: { username: 'gk-an', token } })).status()).toBe(401);
    await page.getByRole('button', { name: messages.judgeLinks.closeSheet }).click();
    await page.getByTestId('user-table').waitFor();
    expect(errors).toEqual([]);
  });
});

describe.skipIf(!available)('dashboard results with the demo event (screenshots)', () => {
  let h: Harness;

  beforeAll(async () => {
    h = await startHarness();
    fs.mkdirSync(screenshots, { recursive: true });
  });
  afterAll(async () => {
    await h?.close();
  });

  it('shows eight teams scored by five judges across the fields, and prints the biên bản on A4', async () => {
    const { db } = h.server.deps;
    await loadDemoEvent(db, h.server.deps.hub);
    const { context, page, errors } = await h.newPage(WIDE);
    await logIn(context, ACCOUNTS.admin);
    await trpc(context.request, 'settings.update', { date: '2026-11-20' });
    const { list } = (await ok(context.request, 'get', '/api/user/all?partial=1')) as {
      list: { _id: string; username: string; role: string }[];
    };
    const demoJudges = list.filter((u) => u.role === 'judge' && /^gk\d$/.test(u.username));
    expect(demoJudges).toHaveLength(5);
    // The demo's judges get a known password, then score as themselves.
    const judgeContexts: BrowserContext[] = [];
    for (const j of demoJudges) {
      await ok(context.request, 'put', '/api/user', { _id: j._id, changes: { password: USER_PASSWORD } });
      const c = (await h.newPage()).context;
      await logIn(c, { username: j.username, password: USER_PASSWORD });
      judgeContexts.push(c);
    }
    // The harness's own judge is not on the demo's panel.
    const own = list.find((u) => u.username === ACCOUNTS.judge.username)!;
    expect((await context.request.delete('/api/user', { data: { _id: own._id } })).status()).toBe(200);
    const { items: teamItems } = (await ok(context.request, 'get', '/api/team/all')) as { items: { _id: string; priority: number }[] };
    const teamIds = teamItems.sort((a, b) => a.priority - b.priority).map((x) => x._id);
    expect(teamIds).toHaveLength(8);
    const master = (await h.newPage()).context;
    await logIn(master, ACCOUNTS.master);

    // Fields 2 and 3 fully scored; field 4 open with some judges still to score.
    const plan: { field: string; max: number; step: number; upto: number }[] = [
      { field: 'phan-2', max: 10, step: 0.5, upto: 8 },
      { field: 'phan-3', max: 20, step: 0.5, upto: 8 },
      { field: 'phan-4', max: 30, step: 1, upto: 5 },
    ];
    for (const { field, max, step, upto } of plan) {
      await ok(master.request, 'put', '/api/show', { changes: { activeField: field, scoringOpen: true } });
      for (const [ti, teamId] of teamIds.entries()) {
        for (const [ji, jc] of judgeContexts.entries()) {
          if (ti >= upto && ji >= 2) continue;
          if (field === 'phan-4' && ti === upto - 1 && ji === 4) continue;
          const raw = max * (0.55 + ((ti * 7 + ji * 3 + field.length) % 9) / 22);
          const point = Math.min(max, Math.round(raw / step) * step);
          await ok(jc.request, 'put', '/api/cham-thi/submit', { teamId, point });
        }
      }
    }
    // A correction with a reason, for the audit log.
    await ok(context.request, 'post', '/api/cham-thi/admin-submit', {
      teamId: teamIds[2],
      gkId: demoJudges[1]!._id,
      point: 24,
      fieldName: 'phan-4',
      reason: 'Giám khảo báo chấm nhầm thang điểm',
    });

    await page.goto('/user/dashboard');
    await waitForApp(page);
    await page.getByTestId('ranking-row').nth(7).waitFor();
    await expect.poll(() => page.getByTestId('progress-missing-count').textContent()).toMatch(/Còn thiếu \d+ lượt chấm/);
    await page.locator('#live-ranking').evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await page.evaluate(() => window.scrollBy(0, -80));
    await page.waitForTimeout(500);
    await page.screenshot({ path: path.join(screenshots, 'dashboard-results.png') });
    await page.locator('#judge-points').evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await page.evaluate(() => window.scrollBy(0, -80));
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(screenshots, 'dashboard-results-2.png') });
    await page.locator('#scoring-progress').evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await page.evaluate(() => window.scrollBy(0, -80));
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(screenshots, 'dashboard-results-3.png') });
    await page.locator('#audit-log').evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await page.evaluate(() => window.scrollBy(0, -80));
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(screenshots, 'dashboard-results-4.png') });

    await page.goto('/user/dashboard?print=bien-ban');
    await waitForApp(page);
    const record = page.getByTestId('bien-ban');
    await record.getByTestId('record-ranking-row').nth(7).waitFor();
    expect(await record.getByTestId('signature-judge').count()).toBe(5);
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(screenshots, 'bien-ban.png'), fullPage: true });

    // Paper: A4 pages from the print stylesheet.
    await page.emulateMedia({ media: 'print' });
    const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
    fs.writeFileSync(path.join(os.tmpdir(), 'bien-ban.pdf'), pdf);
    const text = pdf.toString('latin1');
    const boxes = [...text.matchAll(/\/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]/g)].map((m) => [Number(m[1]), Number(m[2])]);
    expect(boxes.length).toBeGreaterThanOrEqual(1);
    for (const [w, hgt] of boxes) {
      expect(Math.abs(w! - 595.28)).toBeLessThan(2);
      expect(Math.abs(hgt! - 841.89)).toBeLessThan(2);
    }
    // The first printed page, as the printer lays it out (A4 at 96 dpi).
    await page.setViewportSize({ width: 794, height: 1123 });
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(screenshots, 'bien-ban-print-page1.png') });
    expect(errors).toEqual([]);
  });
});
