/**
 * The keyboard on the console and on the judge's pad, in a real browser against the real server.
 * The console's shortcuts act only while focus is on the page itself: on a focused control a key does
 * what the control does and nothing else; the single-key shortcuts can be switched off, and the
 * switch is remembered by the browser. On the pad, a sent point moves focus to the next team to score.
 */
import type { APIRequestContext, Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import type { ShowState } from '../../src/schemas/show';
import { loadDemoEvent } from '../../src-server/demo/load';
import { describeInBrowser, openAs, requestAs, watchRequests } from './harness';

const WIDE = { width: 1440, height: 900 };

describeInBrowser('the keyboard in a browser', (h) => {
  let master: APIRequestContext;

  beforeAll(async () => {
    await loadDemoEvent(h.server.deps.db, h.server.deps.hub);
    master = await requestAs(h, 'master');
  }, 60_000);

  async function showState(): Promise<ShowState> {
    const response = await master.get('/api/state');
    expect(response.status()).toBe(200);
    return ((await response.json()) as { system: ShowState }).system;
  }
  async function show(changes: unknown): Promise<void> {
    const response = await master.put('/api/show', { data: { changes } });
    expect(response.status(), await response.text()).toBe(200);
  }
  /** The console's show moves: how many it sent, and a wait until each is answered and painted. */
  const showMoves = (page: Page) => watchRequests(page, (url) => url.includes('/trpc/show.update') || url.includes('/trpc/show.undo'));
  const pageFocused = (page: Page) => page.evaluate(() => document.activeElement === document.body);

  it('leaves a key on a focused control to that control, and acts on it only from the page', async () => {
    await show({ phase: 'idle', scoreboardFrozen: false, timer: { action: 'reset', durationMs: 30_000 } });
    const { page, errors } = await openAs(h, '/master', 'master', WIDE);
    await page.getByTestId('master-console').waitFor();
    const moves = showMoves(page);
    const button = (name: string) => page.getByRole('button', { name, exact: true });

    // Space on the focused freeze button freezes the scoreboard, as the button would, and starts no clock.
    await button('Đóng băng bảng điểm').focus();
    await page.keyboard.press('Space');
    await page.getByTestId('frozen-note').waitFor();
    await moves.settled();
    expect(moves.sent()).toBe(1);
    expect((await showState()).timer.endsAt).toBeNull();

    // A letter on a focused button does nothing at all; Space then clicks it.
    await button('Công bố bảng điểm').focus();
    await page.keyboard.press('b');
    await page.keyboard.press('s');
    await page.keyboard.press('Space');
    await page.getByTestId('frozen-note').waitFor({ state: 'detached' });
    await moves.settled();
    expect(moves.sent()).toBe(2);
    expect((await showState()).phase).toBe('idle');

    // Typing in the on-stage picker filters the teams; no letter reaches the show.
    const picker = page.getByRole('combobox', { name: 'Đội trên sân khấu' });
    await picker.click();
    await page.keyboard.type('bsq ');
    await expect.poll(() => picker.inputValue()).toBe('bsq ');
    await page.keyboard.press('Escape');
    await moves.settled();
    expect(moves.sent()).toBe(2);

    // A chip of the clock's presets takes Space as its own: it is picked, and no clock starts.
    const chip = page.getByRole('radio', { name: '20s' });
    await chip.focus();
    await page.keyboard.press('Space');
    await expect.poll(() => chip.isChecked()).toBe(true);
    await moves.settled();
    expect(moves.sent()).toBe(2);
    expect((await showState()).timer.endsAt).toBeNull();

    // Escape on a control hands focus back to the page: now B blanks the screen and Space starts the clock.
    await page.keyboard.press('Escape');
    expect(await pageFocused(page)).toBe(true);
    await button('Bảng điểm').focus();
    await page.keyboard.press('b');
    expect(await pageFocused(page)).toBe(false);
    await page.keyboard.press('Escape');
    expect(await pageFocused(page)).toBe(true);
    await moves.settled();
    expect(moves.sent()).toBe(2);
    await page.keyboard.press('b');
    await expect.poll(async () => (await showState()).phase).toBe('blank');
    await page.keyboard.press('Space');
    await expect.poll(async () => (await showState()).timer.endsAt).not.toBeNull();
    await moves.settled();
    expect(moves.sent()).toBe(4);
    expect(errors).toEqual([]);
  });

  it('switches the single-key shortcuts off, remembers it after a reload, and keeps Ctrl+Z', async () => {
    await show({ phase: 'idle', timer: { action: 'reset', durationMs: 30_000 } });
    const { page, errors } = await openAs(h, '/master', 'master', WIDE);
    await page.getByTestId('master-console').waitFor();
    const legend = page.getByTestId('shortcut-legend');
    const keys = () => legend.locator('kbd').allInnerTexts();
    await expect.poll(keys).toContain('Q');
    expect(await keys()).toContain('Space');
    const questionButton = page.getByRole('button', { name: 'Hiện câu hỏi', exact: true });
    // The key is drawn by CSS from data-key (hidden from assistive technology; the button announces aria-keyshortcuts).
    await expect(questionButton.locator('kbd').getAttribute('data-key')).resolves.toBe('Q');
    await expect(questionButton.getAttribute('aria-keyshortcuts')).resolves.toBe('Q');

    // The switch itself takes Space from the keyboard (and starts no clock).
    const toggle = page.getByRole('switch', { name: 'Phím tắt một phím' });
    expect(await toggle.isChecked()).toBe(true);
    await toggle.focus();
    await page.keyboard.press('Space');
    await expect.poll(() => toggle.isChecked()).toBe(false);
    expect((await showState()).timer.endsAt).toBeNull();
    // The legend and the hints on the buttons say what is left: Ctrl+Z.
    await expect.poll(keys).toEqual(['Ctrl + Z']);
    expect(await questionButton.locator('kbd').count()).toBe(0);

    // After a reload the switch is still off, and letters and Space on the page do nothing.
    await page.reload();
    await page.getByTestId('master-console').waitFor();
    await expect.poll(() => page.getByRole('switch', { name: 'Phím tắt một phím' }).isChecked()).toBe(false);
    await expect.poll(keys).toEqual(['Ctrl + Z']);
    const moves = showMoves(page);
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    for (const key of ['b', 's', 'r', 'Space', 'Shift+A', 'z']) await page.keyboard.press(key);
    await moves.settled();
    expect(moves.sent()).toBe(0);
    expect((await showState()).phase).toBe('idle');
    // Ctrl+Z still undoes.
    await show({ phase: 'rules' });
    await expect.poll(() => page.getByTestId('master-version').innerText()).toContain(String((await showState()).version));
    await page.keyboard.press('Control+z');
    await expect.poll(async () => (await showState()).phase).toBe('idle');

    // Switched on again, the letters work again.
    await page.getByRole('switch', { name: 'Phím tắt một phím' }).click();
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('s');
    await expect.poll(async () => (await showState()).phase).toBe('scoreboard');
    expect(errors).toEqual([]);
  });

  it("moves the pad's focus to the next team to score after a point is sent", async () => {
    const admin = await requestAs(h, 'admin');
    const fields = (await (await admin.get('/trpc/scoreField.all')).json()) as {
      result: { data: { items: { name: string; kind: string }[] } };
    };
    const field = fields.result.data.items.find((f) => f.kind === 'judges')!.name;
    await show({ activeField: field, scoringOpen: true, activeTeamId: null });
    const { page, errors } = await openAs(h, '/supporter', 'judge', { width: 390, height: 844 });
    await page.getByTestId('pad-keypad').waitFor();
    const rows = page.getByTestId('pad-team');
    const order = await rows.evaluateAll((elements) => elements.map((e) => e.getAttribute('data-team-id')!));
    expect(order.length).toBeGreaterThanOrEqual(5);
    const { listTeam } = (await (await master.get('/api/state')).json()) as { listTeam: { _id: string; name: string }[] };
    const teamName = (teamId: string) => listTeam.find((t) => t._id === teamId)?.name;
    const row = (teamId: string) => page.locator(`[data-testid="pad-team"][data-team-id="${teamId}"]`);
    const focusedTeam = () =>
      page.evaluate(() => document.activeElement?.closest('[data-testid="pad-team"]')?.getAttribute('data-team-id') ?? null);
    const focusInKeypad = () => page.evaluate(() => document.activeElement?.closest('[data-testid="pad-keypad"]') !== null);
    /** Types the point in the keypad's field and sends it with Enter twice (the second confirms). */
    async function typeAndSend(point: string) {
      await page.getByTestId('pad-keypad').getByRole('textbox').focus();
      await page.keyboard.type(point);
      await page.keyboard.press('Enter');
      await page.locator('[data-testid="pad-submit"][data-confirming]').waitFor();
      await page.keyboard.press('Enter');
    }

    // The first team, picked with Enter: focus goes on into its keypad.
    await row(order[0]!).focus();
    await page.keyboard.press('Enter');
    await expect.poll(focusInKeypad).toBe(true);
    expect(await page.getByTestId('pad-keypad').getAttribute('aria-label')).toBe(
      `Chấm điểm cho ${await page.getByTestId('pad-selected-team').innerText()}`,
    );
    await typeAndSend('7');
    // Sent: focus is on the next team, not lost to the page; Enter opens its keypad.
    await expect.poll(focusedTeam).toBe(order[1]);
    await expect.poll(() => row(order[0]!).getAttribute('data-scored')).toBe('true');
    await page.keyboard.press('Enter');
    await expect.poll(focusInKeypad).toBe(true);
    expect(await page.getByTestId('pad-selected-team').innerText()).toBe(teamName(order[1]!));

    // The third team already has a point: sending the second's skips it.
    const judge = await requestAs(h, 'judge');
    const sent = await judge.put('/api/cham-thi/submit', { data: { teamId: order[2], point: 5 } });
    expect(sent.status(), await sent.text()).toBe(200);
    await expect.poll(() => row(order[2]!).getAttribute('data-scored')).toBe('true');
    await typeAndSend('8');
    await expect.poll(focusedTeam).toBe(order[3]);

    // Every team but the last has a point: after the last, focus stays on it, showing its point.
    for (const teamId of order.slice(3, -1)) {
      const response = await judge.put('/api/cham-thi/submit', { data: { teamId, point: 6 } });
      expect(response.status(), await response.text()).toBe(200);
      await expect.poll(() => row(teamId).getAttribute('data-scored')).toBe('true');
    }
    const last = order.at(-1)!;
    await row(last).focus();
    await page.keyboard.press('Enter');
    await expect.poll(focusInKeypad).toBe(true);
    await typeAndSend('9');
    await expect.poll(() => row(last).getAttribute('data-scored')).toBe('true');
    expect(await focusedTeam()).toBe(last);
    expect(errors).toEqual([]);
  });
});
