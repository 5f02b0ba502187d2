/**
 * Nothing cut at the sizes the night is run at, measured in a real browser against the real server:
 * each element's content against its own box (scrollWidth/scrollHeight against clientWidth/Height),
 * and the text's drawn box against its container and the viewport.
 */
import type { APIRequestContext, Locator } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadDemoEvent } from '../../src-server/demo/load';
import { ACCOUNTS, describeInBrowser, openAs, requestAs } from './harness';

type Box = { left: number; right: number; top: number; bottom: number };

/** The element's content fits its box: nothing scrolled, clamped or cut. */
async function overflow(locator: Locator) {
  return locator.evaluate((el) => ({
    x: el.scrollWidth - el.clientWidth,
    y: el.scrollHeight - el.clientHeight,
  }));
}

/** Where the element's text is drawn, and the element's own padding box. */
async function textAndBox(locator: Locator): Promise<{ text: Box; box: Box; viewport: Box }> {
  return locator.evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    const t = range.getBoundingClientRect();
    const r = el.getBoundingClientRect();
    const style = getComputedStyle(el);
    const bl = Number.parseFloat(style.borderLeftWidth);
    const bt = Number.parseFloat(style.borderTopWidth);
    return {
      text: { left: t.left, right: t.right, top: t.top, bottom: t.bottom },
      box: { left: r.left + bl, right: r.left + bl + el.clientWidth, top: r.top + bt, bottom: r.top + bt + el.clientHeight },
      viewport: { left: 0, right: innerWidth, top: 0, bottom: innerHeight },
    };
  });
}

function expectInside(inner: Box, outer: Box, what: string) {
  const slack = 0.5;
  expect(inner.left, `${what}: left`).toBeGreaterThanOrEqual(outer.left - slack);
  expect(inner.right, `${what}: right`).toBeLessThanOrEqual(outer.right + slack);
  expect(inner.top, `${what}: top`).toBeGreaterThanOrEqual(outer.top - slack);
  expect(inner.bottom, `${what}: bottom`).toBeLessThanOrEqual(outer.bottom + slack);
}

async function rect(locator: Locator): Promise<Box> {
  return locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    return { left: r.left, right: r.right, top: r.top, bottom: r.bottom };
  });
}

describeInBrowser('nothing cut at real sizes', (h) => {
  let master: APIRequestContext;
  let admin: APIRequestContext;

  async function show(changes: unknown): Promise<void> {
    const response = await master.put('/api/show', { data: { changes } });
    expect(response.status(), await response.text()).toBe(200);
  }

  beforeAll(async () => {
    const { db, hub } = h.server.deps;
    await loadDemoEvent(db, hub);
    const team = await db.selectFrom('teams').select('id').orderBy('priority').executeTakeFirstOrThrow();
    await db.updateTable('users').set({ team_id: team.id }).where('username', '=', ACCOUNTS.team.username).execute();
    master = await requestAs(h, 'master');
    admin = await requestAs(h, 'admin');
    const sets = (await (await admin.get(`/trpc/questionSet.list?input=${encodeURIComponent(JSON.stringify({ set: 1 }))}`)).json()) as {
      result: { data: { items: { _id: string; items: { id: string }[] }[] } };
    };
    const set = sets.result.data.items[0]!;
    const fields = (await (await admin.get('/trpc/scoreField.all')).json()) as {
      result: { data: { items: { name: string; kind: string; maxPoint: number }[] } };
    };
    const field = fields.result.data.items.find((f) => f.kind === 'judges')!;
    await show({ fw: 1 });
    await show({ setId: set._id, questionId: set.items[0]!.id, phase: 'question', activeField: field.name, scoringOpen: true });
    // One judge's point: one team first, the seven others tied second, and a row in the audit log.
    const state = (await (await master.get('/api/state')).json()) as { listTeam: { _id: string }[] };
    const judge = await requestAs(h, 'judge');
    const teamId = state.listTeam[0]!._id;
    const submit = async () => {
      const sent = await judge.put('/api/cham-thi/submit', { data: { teamId, point: field.maxPoint } });
      expect(sent.status(), await sent.text()).toBe(200);
    };
    await submit();
    // The audit log as on the night: an undo with its reason (the longest badge), then the point again.
    const log = (await (await admin.get(`/trpc/scoring.log?input=${encodeURIComponent(JSON.stringify({ limit: 10 }))}`)).json()) as {
      result: { data: { items: { id: number }[] } };
    };
    const undone = await admin.post('/trpc/scoring.undo', {
      data: { eventId: log.result.data.items[0]!.id, reason: 'Giám khảo bấm nhầm đội; ban tổ chức đã xác nhận lại với giám khảo' },
    });
    expect(undone.status(), await undone.text()).toBe(200);
    await submit();
  }, 60_000);

  describe('countdowns of three digits and more', () => {
    for (const [seconds, shown] of [
      [552, '9:12'],
      [1800, '30:00'],
    ] as const) {
      it(`shows ${seconds} s as ${shown} inside the projector's ring at 1920×1080`, async () => {
        await show({ timer: { action: 'reset', durationMs: seconds * 1000 } });
        const { page, errors } = await openAs(h, '/screen?preview=1', null, { width: 1920, height: 1080 });
        const countdown = page.getByTestId('countdown');
        await expect.poll(() => countdown.innerText()).toBe(shown);
        const { text, box } = await textAndBox(countdown);
        expectInside(text, box, 'the countdown in its ring');
        expect(errors).toEqual([]);
      });
    }

    for (const viewport of [
      { width: 360, height: 740 },
      { width: 390, height: 844 },
    ]) {
      it(`keeps /team's countdown whole at ${viewport.width} px`, async () => {
        await show({ timer: { action: 'reset', durationMs: 552_000 } });
        const { page, errors } = await openAs(h, '/team', 'team', viewport);
        const countdown = page.getByTestId('team-countdown');
        await expect.poll(() => countdown.innerText()).toBe('9:12');
        // Sideways: the digits' line is as wide as they are (its height is the font's, a pixel over the line-height).
        expect((await overflow(countdown)).x).toBe(0);
        const { text, viewport: screen } = await textAndBox(countdown);
        const badge = countdown.locator('xpath=..');
        expectInside(text, await rect(badge), 'the digits in the white badge');
        expectInside(await rect(badge), screen, 'the badge in the viewport');
        // The team's name beside it is not pushed out either.
        expectInside(await rect(page.getByTestId('team-name')), screen, 'the team name in the viewport');
        expect(errors).toEqual([]);
      });
    }
  });

  it('reads tied ranks in full on the dashboard at 1366 px', async () => {
    const { page, errors } = await openAs(h, '/user/dashboard', 'admin', { width: 1366, height: 768 });
    const ranks = page.getByTestId('ranking-rank');
    await expect.poll(() => ranks.count()).toBe(8);
    expect(await ranks.allInnerTexts()).toEqual(['1', ...Array(7).fill('Đồng hạng 2')]);
    for (const rank of await ranks.all()) {
      expect(await overflow(rank.locator('.mantine-Badge-label'))).toEqual({ x: 0, y: 0 });
      expect(await overflow(rank)).toEqual({ x: 0, y: 0 });
    }
    expect(errors).toEqual([]);
  });

  it("shows the audit log's undo in full, without scrolling sideways, at 1366 px", async () => {
    const { page, errors } = await openAs(h, '/user/dashboard', 'admin', { width: 1366, height: 768 });
    const row = page.getByTestId('audit-row').first();
    await row.waitFor();
    const undo = row.getByRole('button', { name: 'Hoàn tác' });
    const table = page.getByTestId('audit-log');
    // The table's own sideways scroller (Mantine's Table.ScrollContainer) has nothing hidden.
    const scroller = table.locator('xpath=ancestor::*[contains(@class, "mantine-ScrollArea-viewport")][1]');
    expect(await overflow(scroller)).toMatchObject({ x: 0 });
    // Brought into sight by scrolling the page down only: the table is never scrolled sideways here.
    await page.locator('#audit-log').scrollIntoViewIfNeeded();
    expect(await scroller.evaluate((el) => el.scrollLeft)).toBe(0);
    const button = await rect(undo);
    expectInside(button, { left: 0, right: 1366, top: 0, bottom: 768 }, 'the undo button in the viewport');
    expectInside(button, await rect(scroller), 'the undo button in the table');
    expectInside(button, await rect(page.locator('#audit-log')), 'the undo button in its section');
    expect(await overflow(undo.locator('.mantine-Button-label'))).toEqual({ x: 0, y: 0 });
    expect(errors).toEqual([]);
  });

  it("shows the console's open field, its label and its badge, in full at 1920×1080", async () => {
    const { page, errors } = await openAs(h, '/master', 'master', { width: 1920, height: 1080 });
    const open = page.locator('[data-testid="scoring-field"][data-open="true"]');
    await open.waitFor();
    const label = open.getByTestId('scoring-field-label');
    expect(await label.innerText()).toBe('Phần 2: Tiến về Hà Nội');
    expect(await overflow(label)).toEqual({ x: 0, y: 0 });
    const badge = open.getByTestId('scoring-open-badge');
    expect(await overflow(badge.locator('.mantine-Badge-label'))).toEqual({ x: 0, y: 0 });
    const row = await rect(open);
    for (const part of [label, badge, open.getByRole('button', { name: 'Đóng chấm' })])
      expectInside(await rect(part), row, 'the open field');
    expect(errors).toEqual([]);
  });
});
