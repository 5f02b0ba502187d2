/** The dashboard: the judges' links and QR cards, the live results with the demo event, the biên bản on screen and on paper, the rules and the home page. */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { APIRequestContext, BrowserContext } from 'playwright-core';
import { expect, it } from 'vitest';
import { messages } from '../../src/messages';
import { loadDemoEvent } from '../../src-server/demo/load';
import { ACCOUNTS, describeInBrowser, logIn, openAs, pageAs, requestAs, trpcMutation, USER_PASSWORD, waitForApp } from '../e2e/harness';
import { screenshotDir, shoot } from './shots';

const WIDE = { width: 1440, height: 900 };

async function ok(request: APIRequestContext, method: 'post' | 'put' | 'get', url: string, data?: unknown) {
  const response = await request[method](url, data === undefined ? {} : { data });
  expect(response.status(), await response.text()).toBe(200);
  return response.json();
}

/** Scrolls a dashboard section to the top of the window, under the header. */
async function scrollTo(page: import('playwright-core').Page, selector: string): Promise<void> {
  await page.locator(selector).evaluate((el) => el.scrollIntoView({ block: 'start' }));
  await page.evaluate(() => window.scrollBy(0, -80));
}

describeInBrowser('screenshots: the judges’ links', (h) => {
  it('judge-link, judge-qr-cards', async () => {
    const admin = await requestAs(h, 'admin');
    await trpcMutation(admin, 'settings.update', {
      name: 'Hội thi Tìm hiểu Hà Nội — chung kết',
      date: '2026-11-20',
      venue: 'Cung Văn hoá Hữu nghị',
    });
    for (const [username, fullName] of [
      ['gk-an', 'TS Nguyễn Bình An'],
      ['gk-binh', 'ThS Lê Thanh Bình'],
    ]) {
      await ok(admin, 'post', '/api/user', { user: { username, password: USER_PASSWORD, fullName, role: 'judge' } });
    }
    const { page } = await openAs(h, '/user', 'admin', WIDE);
    await page.locator('[data-testid="user-row"][data-username="gk-an"]').getByTestId('judge-link-action').click();
    const modal = page.getByTestId('judge-link-modal');
    await modal.getByRole('button', { name: messages.judgeLinks.create }).click();
    await modal.getByTestId('judge-link-qr').waitFor();
    await modal.getByRole('button', { name: messages.judgeLinks.reissue }).waitFor();
    await shoot(page, 'judge-link');

    await page.keyboard.press('Escape');
    await modal.waitFor({ state: 'detached' });
    await page.getByTestId('print-qr-cards').click();
    await page.getByRole('dialog').getByRole('button', { name: messages.agree }).click();
    await expect.poll(() => page.getByTestId('qr-card').count()).toBe(3);
    await shoot(page, 'judge-qr-cards', { fullPage: true });
  });
});

describeInBrowser('screenshots: results with the demo event', (h) => {
  it('dashboard-results (1–4), bien-ban, bien-ban-print-page1, bien-ban-pdf-page1', async () => {
    const { db } = h.server.deps;
    await loadDemoEvent(db, h.server.deps.hub);
    const { context, page } = await pageAs(h, 'admin', WIDE);
    await trpcMutation(context.request, 'settings.update', { date: '2026-11-20' });
    const { list } = (await ok(context.request, 'get', '/api/user/all?partial=1')) as {
      list: { _id: string; username: string; role: string }[];
    };
    const demoJudges = list.filter((u) => u.role === 'judge' && /^gk\d$/.test(u.username));
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
    const master = await requestAs(h, 'master');

    // Fields 2 and 3 fully scored; field 4 open with some judges still to score.
    const plan: { field: string; max: number; step: number; upto: number }[] = [
      { field: 'phan-2', max: 10, step: 0.5, upto: 8 },
      { field: 'phan-3', max: 20, step: 0.5, upto: 8 },
      { field: 'phan-4', max: 30, step: 1, upto: 5 },
    ];
    for (const { field, max, step, upto } of plan) {
      await ok(master, 'put', '/api/show', { changes: { activeField: field, scoringOpen: true } });
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
    await scrollTo(page, '#live-ranking');
    await shoot(page, 'dashboard-results');
    await scrollTo(page, '#judge-points');
    await shoot(page, 'dashboard-results-2');
    await scrollTo(page, '#scoring-progress');
    await shoot(page, 'dashboard-results-3');
    await scrollTo(page, '#audit-log');
    await shoot(page, 'dashboard-results-4');

    await page.goto('/user/dashboard?print=bien-ban');
    await waitForApp(page);
    await page.getByTestId('bien-ban').getByTestId('record-ranking-row').nth(7).waitFor();
    await shoot(page, 'bien-ban', { fullPage: true });

    // Paper: the first printed page as the printer lays it out (A4 at 96 dpi), and as the PDF shows it.
    await page.emulateMedia({ media: 'print' });
    const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
    await page.setViewportSize({ width: 794, height: 1123 });
    await shoot(page, 'bien-ban-print-page1');
    if (spawnSync('pdftoppm', ['-v']).error === undefined) {
      const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'hoithi-bien-ban-'));
      fs.writeFileSync(path.join(folder, 'bien-ban.pdf'), pdf);
      fs.mkdirSync(screenshotDir, { recursive: true });
      execFileSync('pdftoppm', [
        '-png',
        '-r',
        '80',
        '-f',
        '1',
        '-l',
        '1',
        '-singlefile',
        path.join(folder, 'bien-ban.pdf'),
        path.join(screenshotDir, 'bien-ban-pdf-page1'),
      ]);
      fs.rmSync(folder, { recursive: true, force: true });
    } else {
      console.warn('[screenshots] bien-ban-pdf-page1.png skipped: pdftoppm not found (apt-get install poppler-utils)');
    }
  });
});

describeInBrowser('screenshots: the dashboard, the rules and the home page with the demo event', (h) => {
  it('dashboard, rules, rules-editor, home', async () => {
    await loadDemoEvent(h.server.deps.db, h.server.deps.hub);
    const { page } = await openAs(h, '/user/dashboard', 'admin', WIDE);
    await expect.poll(() => page.locator('[data-stat="teams"]').textContent()).toBe('Đội thi88 đang thi');
    await expect.poll(() => page.getByTestId('score-field-row').count()).toBe(4);
    await expect.poll(() => page.locator('#event-settings').getByLabel('Ngày thi').inputValue()).toBe('22/11/2026');
    // The whole page in one picture, 1440 wide: a viewport as tall as the page keeps the side bar whole.
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    await page.setViewportSize({ width: 1440, height });
    await shoot(page, 'dashboard');
    await page.setViewportSize(WIDE);

    await page.goto('/user/the-le');
    await waitForApp(page);
    await expect.poll(() => page.getByTestId('rule-card').count()).toBe(4);
    await shoot(page, 'rules');
    await page.getByRole('button', { name: 'Sửa: Điều 2. Các phần thi' }).click();
    await page.getByTestId('rule-preview').locator('strong').first().waitFor();
    await shoot(page, 'rules-editor');

    const { page: visitor } = await openAs(h, '/', null, WIDE);
    await visitor.getByTestId('home-rules').getByText('Điều 1. Đối tượng và thành phần').waitFor();
    await visitor.getByText('THPT Chu Văn An').waitFor();
    await shoot(visitor, 'home', { fullPage: true });
  });
});
