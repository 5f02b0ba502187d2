/**
 * The projector screens /screen and /screen2 and the /preview page, in a real browser against the
 * real server. The show is driven through the server's HTTP API as the master (PUT /api/show), as
 * the console would; the screens are anonymous pages that only watch.
 */
import type { APIRequestContext, Page } from 'playwright-core';
import { beforeAll, beforeEach, expect, it } from 'vitest';
import { RESET_CONFIRMATION, type TScoreItem } from '../../src/schemas/scoring';
import { idleRound1, useDemoStage } from './demo';
import { compareCountdowns, describeInBrowser, nextFrame, pageAs, requestAs, trpcMutation, waitForApp } from './harness';
import { FULL_HD, HD, openScreen } from './screens';

/** Records whether the offline sign was ever on the page, however briefly. */
function watchOfflineSign(page: Page): { seen(): Promise<boolean> } {
  const started = page.evaluate(() => {
    const w = window as unknown as { offlineSignSeen: boolean };
    w.offlineSignSeen = document.querySelector('[data-testid="offline-sign"]') !== null;
    new MutationObserver(() => {
      if (document.querySelector('[data-testid="offline-sign"]')) w.offlineSignSeen = true;
    }).observe(document.body, { childList: true, subtree: true });
  });
  return {
    seen: async () => {
      await started;
      return page.evaluate(() => (window as unknown as { offlineSignSeen: boolean }).offlineSignSeen);
    },
  };
}

describeInBrowser('projector screens in a browser', (h) => {
  let admin: APIRequestContext;
  let team: APIRequestContext;
  const stage = useDemoStage(h);
  const { show } = stage;

  function projector(page: Page) {
    return page.getByTestId('projector');
  }

  async function waitForPhase(page: Page, phase: string): Promise<void> {
    await page.locator(`[data-testid="projector"][data-phase="${phase}"]`).waitFor();
  }

  async function countdownText(page: Page): Promise<string> {
    return (await page.getByTestId('countdown').textContent())?.trim() ?? '';
  }

  /** No points anywhere (nor the verdicts that gave them): what a test before this one scored is gone. */
  async function clearPoints(): Promise<void> {
    const listed = await admin.get('/trpc/scoring.list');
    expect(listed.status(), await listed.text()).toBe(200);
    const { items } = ((await listed.json()) as { result: { data: { items: TScoreItem[] } } }).result.data;
    if (items.length) await trpcMutation(admin, 'scoring.reset', { confirm: RESET_CONFIRMATION, reason: 'Bảng điểm bắt đầu từ 0' });
  }

  beforeAll(async () => {
    admin = await requestAs(h, 'admin');
    // The demo's second team account (the harness's doi1 already existed without a team).
    const teamLogin = stage.logins.find((l) => l.username === 'doi2');
    expect(teamLogin).toBeDefined();
    team = await requestAs(h, { username: 'doi2', password: teamLogin!.password });
  });
  // Every test starts from the same show: round 1's main set chosen, nothing on screen, no timer running.
  beforeEach(async () => {
    await show({
      ...idleRound1(stage.round1._id),
      activeField: null,
      scoringOpen: false,
      answersOpen: false,
      shownAnswers: [],
    });
  });

  it('shows the event on an idle screen, and after a reload the live question at once, sharp, with a small hint in a corner', async () => {
    const { context, page, errors } = await h.newPage(FULL_HD);
    // Every audio context the page makes, so the test can tell whether sound is unlocked.
    await context.addInitScript(() => {
      const Native = window.AudioContext;
      const made: AudioContext[] = [];
      (window as unknown as { audioContexts: AudioContext[] }).audioContexts = made;
      window.AudioContext = class extends Native {
        constructor(options?: AudioContextOptions) {
          super(options);
          made.push(this);
        }
      };
    });
    const soundRunning = () =>
      page.evaluate(() => (window as unknown as { audioContexts: AudioContext[] }).audioContexts.some((c) => c.state === 'running'));
    await page.goto('/screen');
    await waitForApp(page);
    await page.getByTestId('logo-card').getByText('Hội thi "Em yêu Hà Nội" 2026').waitFor();
    expect(await projector(page).getAttribute('data-phase')).toBe('idle');
    // The hall sees no words about it: a small mark that fades (the console says what to do).
    const hint = page.getByTestId('start-hint');
    await hint.waitFor();
    expect(await hint.textContent()).toBe('');
    expect(await page.locator('body').innerText()).not.toMatch(/bấm chuột|âm thanh/i);
    expect(await soundRunning()).toBe(false);
    await page.mouse.click(960, 540);
    await hint.waitFor({ state: 'detached' });
    await expect.poll(soundRunning).toBe(true);

    // A question goes on screen; the projector is reloaded in the middle of it.
    const question = stage.round1.items[3]!;
    await show({ questionId: question.id, phase: 'question', activeTeamId: stage.teams[1]!._id, timer: { action: 'start' } });
    await waitForPhase(page, 'question');
    await page.reload();
    await waitForApp(page);
    const content = page.getByTestId('question-content');
    await content.waitFor();
    expect(await content.textContent()).toBe(question.content);
    await hint.waitFor();
    expect(await soundRunning()).toBe(false);
    // Nothing blurs, dims or covers the question: no filter up its tree, and its middle is the question itself.
    // (Polled: the question fades in over half a second.)
    await expect.poll(() => coveredOrBlurred(page, '[data-testid="question-content"]')).toEqual({ blurred: [], dimmed: [], topmost: true });
    // The hint is small, in the top right corner, and over no text of the stage.
    const box = (await hint.boundingBox())!;
    expect((box.width * box.height) / (FULL_HD.width * FULL_HD.height)).toBeLessThan(0.06);
    expect(box.y).toBeLessThan(20);
    expect(FULL_HD.width - (box.x + box.width)).toBeLessThan(20);
    expect(await textUnder(page, box)).toEqual([]);

    // A key anywhere unlocks the sound (Escape does not) and takes the hint away.
    await page.keyboard.press('Escape');
    await nextFrame(page);
    expect(await hint.count()).toBe(1);
    await page.keyboard.press('Enter');
    await hint.waitFor({ state: 'detached' });
    await expect.poll(soundRunning).toBe(true);
    // The app's own light badge is not shown twice on the dark stage.
    expect(await page.getByTestId('disconnected').isVisible()).toBe(false);
    expect(errors).toEqual([]);
  });

  it('shows the round title card', async () => {
    const { page, errors } = await openScreen(h, '/screen');
    await show({ fw: 1, setId: stage.round1._id, phase: 'round' });
    await waitForPhase(page, 'round');
    await page.getByTestId('round-card').getByText('PHẦN THI 1').waitFor();
    expect(await page.getByTestId('round-title').textContent()).toBe('NGƯỜI HÀ NỘI');
    expect(errors).toEqual([]);
  });

  it('shows a question with its options but not its answer, then the answer only once revealed', async () => {
    const { page, errors } = await openScreen(h, '/screen');
    const question = stage.round1.items[3]!;
    await show({ questionId: question.id, phase: 'question', activeTeamId: stage.teams[1]!._id });
    await waitForPhase(page, 'question');
    expect(await page.getByTestId('question-content').textContent()).toBe(question.content);
    const options = page.getByTestId('option');
    expect(await options.count()).toBe(4);
    expect(await options.allTextContents()).toEqual(question.options.map((o, i) => `${'ABCD'[i]}${o}`));
    expect(await page.getByTestId('revealed-answer').count()).toBe(0);
    expect(await page.locator('[data-right]').count()).toBe(0);
    expect(await page.locator('body').textContent()).not.toContain(question.explanation);
    expect(await page.getByTestId('active-team').textContent()).toContain(stage.teams[1]!.name);

    // The text fits the 16:9 stage: nothing spills out of its box.
    expect(await overflowingBoxes(page)).toEqual([]);

    await show({ timer: { action: 'start' } });
    await page.locator('[data-testid="countdown"][data-running]').waitFor();

    await show({ phase: 'answer' });
    await waitForPhase(page, 'answer');
    expect(await page.getByTestId('revealed-answer').textContent()).toBe(question.answer);
    expect(await page.locator('[data-right="true"]').textContent()).toContain(question.answer);
    await page.getByText(question.explanation).waitFor();
    expect(await overflowingBoxes(page)).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('fits a question on a 1280×720 projector', async () => {
    const { page, errors } = await openScreen(h, '/screen', HD);
    const question = stage.round1.items[3]!;
    await show({ questionId: question.id, phase: 'question', timer: { action: 'start', durationMs: 15_000 } });
    await waitForPhase(page, 'question');
    expect(await page.getByTestId('question-content').textContent()).toBe(question.content);
    expect(await overflowingBoxes(page)).toEqual([]);
    // The stage is letterboxed to 16:9 and fills the width.
    const box = (await page.getByTestId('question-content').boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(HD.width);
    expect(errors).toEqual([]);
  });

  it('counts down', async () => {
    // The screen's clock is the test's to move: seconds pass on it without being waited for.
    const { page } = await openScreen(h, '/screen', FULL_HD, { clock: true });
    await show({ questionId: stage.round1.items[0]!.id, phase: 'question' });
    await waitForPhase(page, 'question');
    // A fresh question's timer waits, showing its full time.
    await expect.poll(() => countdownText(page)).toBe('15');
    await show({ timer: { action: 'start', durationMs: 10_000 } });
    await expect.poll(() => countdownText(page)).toBe('10');
    await page.clock.runFor(2200);
    await nextFrame(page);
    const later = Number(await countdownText(page));
    expect(later).toBeGreaterThanOrEqual(7);
    expect(later).toBeLessThanOrEqual(8);
    await show({ timer: { action: 'pause' } });
    await page.locator('[data-testid="countdown"]:not([data-running])').waitFor();
    const paused = await countdownText(page);
    expect(await page.locator('[data-testid="countdown"][data-warning]').count()).toBe(0);
    await page.clock.runFor(1200);
    await nextFrame(page);
    expect(await countdownText(page)).toBe(paused);

    // The last five seconds turn red, and the count stops at zero.
    await show({ timer: { action: 'start', durationMs: 6_000 } });
    await page.locator('[data-testid="countdown"][data-running]').waitFor();
    await page.clock.runFor(1200);
    await page.locator('[data-testid="countdown"][data-warning]').waitFor();
    await page.clock.runFor(6000);
    await expect.poll(() => countdownText(page)).toBe('0');
  });

  it('shows the same second on two screens whose clocks differ by minutes', async () => {
    const { page: honest } = await openScreen(h, '/screen');
    const { page: skewed } = await h.newPage(FULL_HD);
    // This projector's clock runs three minutes ahead of the server's.
    await skewed.clock.install({ time: Date.now() + 3 * 60_000 });
    await skewed.goto('/screen');
    await waitForApp(skewed);
    await skewed.keyboard.press('Enter');
    expect((await skewed.evaluate(() => Date.now())) - Date.now()).toBeGreaterThan(170_000);

    await show({ questionId: stage.round1.items[1]!.id, phase: 'question' });
    await show({ timer: { action: 'start', durationMs: 30_000 } });
    await honest.locator('[data-testid="countdown"][data-running]').waitFor();
    await skewed.locator('[data-testid="countdown"][data-running]').waitFor();

    // Read side by side until both have shown the same number in three different seconds.
    const { differences, same, steady } = await compareCountdowns(
      () => countdownText(honest),
      () => countdownText(skewed),
      3,
    );
    for (const difference of differences) expect(difference).toBeLessThanOrEqual(1);
    // Only a reading taken near a second's boundary may differ: each screen's balance is rounded to
    // 100 ms (the contract's rule) and redraws every 100 ms, so up to ~0.2 s of each second can disagree.
    expect(same).toBeGreaterThanOrEqual((steady * 2) / 3);
    // And neither is three minutes off: the count is still in the 30 s the master started.
    expect(Number(await countdownText(skewed))).toBeGreaterThan(20);
  });

  it('lists the teams in rank order and moves a row when a team takes the lead', async () => {
    await clearPoints();
    const { page, errors } = await openScreen(h, '/screen');
    await show({ phase: 'scoreboard' });
    await waitForPhase(page, 'scoreboard');
    const rows = page.getByTestId('scoreboard-row');
    await expect.poll(() => rows.count()).toBe(8);
    // Everyone at 0: one shared rank.
    expect(await rows.first().textContent()).toContain('0,0');

    // The demo's second team answers a question right: it leads with 10 points.
    const question = stage.round1.items[0]!;
    await show({ questionId: question.id, phase: 'question', answersOpen: true, timer: { action: 'start', durationMs: 60_000 } });
    await trpcMutation(team, 'show.submitAnswer', { questionId: question.id, answer: question.answer });
    await trpcMutation(stage.master, 'show.verdict', { questionId: question.id, teamId: stage.teams[1]!._id, verdict: 'right' });
    await show({ phase: 'scoreboard', answersOpen: false });
    await waitForPhase(page, 'scoreboard');

    const leader = page.locator('[data-testid="scoreboard-row"][data-position="1"]');
    await expect.poll(() => leader.textContent()).toContain(stage.teams[1]!.name);
    expect(await leader.textContent()).toContain('10,0');
    // On screen too, once the rows have moved: the leader on top, everyone else sharing second place.
    await expect
      .poll(async () => {
        const order = await visualOrder(page);
        return { first: order[0], ranks: order.map((r) => r.rank) };
      })
      .toEqual({ first: { name: stage.teams[1]!.name, rank: 1 }, ranks: [1, 2, 2, 2, 2, 2, 2, 2] });
    expect(errors).toEqual([]);
  });

  it('shows the rules, fitted to the stage', async () => {
    const { page, errors } = await openScreen(h, '/screen');
    await show({ phase: 'rules' });
    await waitForPhase(page, 'rules');
    const rules = page.getByTestId('rules');
    await rules.getByText('Điều 1. Đối tượng và thành phần').waitFor();
    await rules.getByText('Điều 4. Trả lời và bấm chuông').waitFor();
    // Rendered from Markdown, not shown as raw asterisks.
    expect(await rules.locator('strong', { hasText: 'một đội' }).count()).toBe(1);
    expect(await overflowingBoxes(page)).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('follows the screen2 modes', async () => {
    const { page, errors } = await openScreen(h, '/screen2');
    const mode = (m: string) => page.locator(`[data-testid="projector"][data-mode="${m}"]`).waitFor();

    await show({ screen2: 'logo' });
    await mode('logo');
    await page.getByTestId('logo-card').waitFor();

    await show({ screen2: 'scoreboard' });
    await mode('scoreboard');
    await expect.poll(() => page.getByTestId('scoreboard-row').count()).toBe(8);

    await show({ screen2: 'judges', activeField: 'phan-2', scoringOpen: false });
    await mode('judges');
    const grid = page.getByTestId('judges-progress');
    await grid.getByText('Phần 2: Tiến về Hà Nội').waitFor();
    for (const t of stage.teams) await grid.getByText(t.name, { exact: true }).waitFor();
    expect(await grid.getByText('Chưa mở chấm').count()).toBe(stage.teams.length);

    // Two judges score: ticks appear where they have, and never their points.
    await show({ scoringOpen: true });
    const judge = async (username: string) => {
      const login = stage.logins.find((l) => l.username === username)!;
      const { context } = await h.newPage();
      expect((await context.request.post('/login', { data: { username, password: login.password } })).status()).toBe(200);
      return context.request;
    };
    const gk1 = await judge('gk1');
    const gk2 = await judge('gk2');
    await trpcMutation(gk1, 'scoring.submit', { teamId: stage.teams[0]!._id, point: 8.5, fieldName: 'phan-2' });
    await trpcMutation(gk1, 'scoring.submit', { teamId: stage.teams[1]!._id, point: 9, fieldName: 'phan-2' });
    await trpcMutation(gk2, 'scoring.submit', { teamId: stage.teams[0]!._id, point: 7.5, fieldName: 'phan-2' });
    await expect.poll(() => grid.locator('[data-testid="judge-cell"][data-done]').count()).toBe(3);
    // Every seated judge has a column (the demo's five and the harness's one), named, scored yet or not.
    expect(await grid.getByTestId('judge-cell').count()).toBe(6 * stage.teams.length);
    await grid.getByText('Mai', { exact: true }).waitFor();
    expect(await grid.textContent()).not.toMatch(/8,5|7,5|\b9\b/);

    // The answer the team gave to a question of round 1, marked right, put on screen by the master.
    const question = stage.round1.items[2]!;
    await show({ questionId: question.id, phase: 'question', answersOpen: true, timer: { action: 'start', durationMs: 60_000 } });
    await trpcMutation(team, 'show.submitAnswer', { questionId: question.id, answer: question.answer });
    await trpcMutation(stage.master, 'show.verdict', { questionId: question.id, teamId: stage.teams[1]!._id, verdict: 'right' });
    await show({ answersOpen: false, screen2: 'answers', shownAnswers: [stage.teams[1]!._id] });
    await mode('answers');
    const card = page.getByTestId('shown-answer');
    await card.getByText(stage.teams[1]!.name).waitFor();
    await card.getByText('Đáp án của đội').waitFor();
    await expect.poll(() => card.textContent()).toContain(question.answer);
    expect(await card.getAttribute('data-verdict')).toBe('right');
    expect(errors).toEqual([]);
  });

  it('shows the hall no hint and no sign during a short outage, while the console says what the projector needs and when it went', async () => {
    const console_ = await pageAs(h, 'master', { width: 1440, height: 900 });
    await console_.page.goto('/master');
    await waitForApp(console_.page);
    // Each projector tab reports with its own id (other tests' screens are still open).
    const line = (id: string, state: string) =>
      console_.page.locator(`[data-testid="projector-line"][data-screen="screen"][data-page="${id}"][data-state="${state}"]`);
    const pageId = (p: Page) => p.evaluate(() => sessionStorage.getItem('hoithi.projectorPage') ?? '');

    // A fresh projector: no words for the hall, the console asks for the click.
    const { page, errors, context } = await h.newPage(HD);
    await page.goto('/screen');
    await waitForApp(page);
    await page.getByTestId('start-hint').waitFor();
    await expect.poll(() => pageId(page)).not.toBe('');
    const id = await pageId(page);
    const hallText = () => page.locator('body').innerText();
    expect(await hallText()).not.toMatch(/bấm chuột|âm thanh|mất kết nối/i);
    await line(id, 'click').waitFor({ timeout: 10_000 });
    expect(await line(id, 'click').innerText()).toContain('Màn hình chiếu 1 chưa có âm thanh');
    await page.mouse.click(640, 360);
    await page.getByTestId('start-hint').waitFor({ state: 'detached' });
    await line(id, 'ok').waitFor({ timeout: 10_000 });

    // A short outage: the projector knows, the hall sees nothing, and it comes back by itself.
    const signs = watchOfflineSign(page);
    await context.setOffline(true);
    await page.locator('[data-testid="projector"][data-link="lost"]').waitFor({ timeout: 10_000 });
    expect(await hallText()).not.toMatch(/mất kết nối/i);
    await context.setOffline(false);
    await page.locator('[data-testid="projector"][data-link="live"]').waitFor({ timeout: 20_000 });
    expect(await signs.seen()).toBe(false);

    // The projector goes away: the console says since when.
    await page.close();
    await line(id, 'lost').waitFor({ timeout: 20_000 });
    expect(await line(id, 'lost').innerText()).toMatch(/^Màn hình chiếu 1 mất kết nối từ \d\d:\d\d$/);
    // It comes back (a reload needs the click again).
    const again = await context.newPage();
    await again.goto('/screen');
    await expect.poll(() => pageId(again)).not.toBe('');
    await line(await pageId(again), 'click').waitFor({ timeout: 10_000 });
    // The new screen stands in for the lost one.
    await line(id, 'lost').waitFor({ state: 'detached', timeout: 10_000 });
    expect(errors).toEqual([]);
  }, 60_000);

  it('shows the offline sign only once the server has been down a while, and catches up after it restarts, without a reload', async () => {
    const { page } = await openScreen(h, '/screen');
    await show({ phase: 'round', screen2: 'logo' });
    await waitForPhase(page, 'round');
    await page.evaluate(() => {
      (window as unknown as { sameDocument: boolean }).sameDocument = true;
    });

    const signs = watchOfflineSign(page);
    const stopped = await h.stopServer();
    // The page knows at once; the hall sees nothing of a short outage…
    await page.locator('[data-testid="projector"][data-link="lost"]').waitFor({ timeout: 10_000 });
    expect(await signs.seen()).toBe(false);
    // …and the sign once it lasts (OFFLINE_SIGN_AFTER_MS, 15 s).
    const lostAt = Date.now();
    const sign = page.getByTestId('offline-sign');
    await sign.waitFor({ timeout: 30_000 });
    expect(Date.now() - lostAt).toBeGreaterThanOrEqual(13_000);
    expect(await sign.textContent()).toBe('Mất kết nối');
    // One sign, not the app's light badge as well.
    expect(
      await page
        .getByTestId('disconnected')
        .isVisible()
        .catch(() => false),
    ).toBe(false);

    await stopped.start();
    await show({ phase: 'scoreboard' });
    await waitForPhase(page, 'scoreboard');
    await sign.waitFor({ state: 'detached', timeout: 10_000 });
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  });

  it('shows both screens side by side on /preview for the master', async () => {
    const { page, errors } = await pageAs(h, 'master', { width: 1440, height: 900 });
    await show({ questionId: stage.round1.items[2]!.id, phase: 'question', screen2: 'scoreboard', activeTeamId: stage.teams[0]!._id });
    await show({ timer: { action: 'start', durationMs: 20_000 } });
    await page.goto('/preview');
    await waitForApp(page);
    const main = page.frameLocator('[data-testid="preview-screen"]');
    const second = page.frameLocator('[data-testid="preview-screen2"]');
    await main.locator('[data-testid="projector"][data-phase="question"]').waitFor();
    await main.getByTestId('question-content').waitFor();
    await second.locator('[data-testid="projector"][data-mode="scoreboard"]').waitFor();
    // Preview frames have no start hint.
    expect(await main.getByTestId('start-hint').count()).toBe(0);
    // Live: a move shows in the frame.
    await show({ phase: 'answer' });
    await main.getByTestId('revealed-answer').waitFor();
    expect(errors).toEqual([]);
  });
});

/** Text boxes on the stage whose content spills out (a question too long for its box, say). */
function overflowingBoxes(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const spilled: string[] = [];
    for (const element of document.querySelectorAll<HTMLElement>('[data-testid="projector"] *')) {
      const style = getComputedStyle(element);
      if (style.overflow !== 'hidden') continue;
      if (element.scrollHeight > element.clientHeight + 2 || element.scrollWidth > element.clientWidth + 2) {
        spilled.push((element.textContent ?? '').slice(0, 60));
      }
    }
    return spilled;
  });
}

/**
 * What would spoil `selector` on screen: an ancestor (or itself) with a CSS filter or a backdrop
 * filter (blurred), one that is faded (dimmed), and whether the element at its centre is it or inside it
 * (topmost), so nothing lies over it.
 */
function coveredOrBlurred(page: Page, selector: string): Promise<{ blurred: string[]; dimmed: string[]; topmost: boolean }> {
  return page.evaluate((selector) => {
    const element = document.querySelector<HTMLElement>(selector)!;
    const blurred: string[] = [];
    const dimmed: string[] = [];
    for (let node: HTMLElement | null = element; node; node = node.parentElement) {
      const style = getComputedStyle(node);
      if (style.filter !== 'none' || style.backdropFilter !== 'none') blurred.push(node.className);
      if (Number(style.opacity) < 1) dimmed.push(node.className);
    }
    const rect = element.getBoundingClientRect();
    const top = document.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2);
    return { blurred, dimmed, topmost: Boolean(top && element.contains(top)) };
  }, selector);
}

/** The stage's texts whose boxes meet `box` (the start hint's, say). */
function textUnder(page: Page, box: { x: number; y: number; width: number; height: number }): Promise<string[]> {
  return page.evaluate((box) => {
    const met: string[] = [];
    const canvas = document.querySelector('[data-testid="stage-canvas"]')!;
    const walker = document.createTreeWalker(canvas, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.textContent?.trim()) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const rect of range.getClientRects()) {
        if (rect.right > box.x && rect.left < box.x + box.width && rect.bottom > box.y && rect.top < box.y + box.height) {
          met.push(node.textContent.trim().slice(0, 40));
          break;
        }
      }
    }
    return met;
  }, box);
}

/** The scoreboard rows as the audience sees them, top to bottom. */
function visualOrder(page: Page): Promise<{ name: string; rank: number }[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('[data-testid="scoreboard-row"]')]
      .map((row) => ({
        top: row.getBoundingClientRect().top,
        name: row.querySelector('[class*="rowTeam"]')?.textContent ?? '',
        rank: Number(row.dataset.rank),
      }))
      .sort((a, b) => a.top - b.top)
      .map(({ name, rank }) => ({ name, rank })),
  );
}
