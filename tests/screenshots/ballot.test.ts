/**
 * The audience's ballot on a phone (390×844): the demo's teams on a vote of two choices closing in a
 * few minutes, one team chosen.
 */
import { beforeAll, expect, it } from 'vitest';
import { loadDemoEvent } from '../../src-server/demo/load';
import { describeInBrowser, requestAs } from '../e2e/harness';
import { shoot } from './shots';

const PHONE = { width: 390, height: 844 };

describeInBrowser('screenshots: the ballot on a phone', (h) => {
  let teamIds: string[] = [];

  beforeAll(async () => {
    const { db } = h.server.deps;
    await loadDemoEvent(db, h.server.deps.hub);
    teamIds = (await db.selectFrom('teams').select('id').orderBy('priority').execute()).map((r) => r.id);
    const master = await requestAs(h, 'master');
    const opened = await master.put('/api/vote', {
      data: { open: true, teamIds: teamIds.slice(0, 6), choices: 2, closesAt: Date.now() + 10 * 60_000 },
    });
    expect(opened.status(), await opened.text()).toBe(200);
  }, 90_000);

  it('ballot.png: the teams, one chosen', async () => {
    const phone = await h.browser.newContext({
      baseURL: h.url,
      viewport: PHONE,
      isMobile: true,
      hasTouch: true,
      locale: 'vi-VN',
      timezoneId: 'Asia/Ho_Chi_Minh',
    });
    const page = await phone.newPage();
    await page.goto('/');
    await page.locator(`[data-testid="ballot-team"][data-team-id="${teamIds[1]}"]`).tap();
    await shoot(page, 'ballot');
    await phone.close();
  });
});
