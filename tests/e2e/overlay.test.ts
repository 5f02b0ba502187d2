/**
 * The livestream overlay (`/screen?overlay=1`, an OBS browser source) and the audience vote on the
 * projectors, in a real browser against the real server. The show and the vote are driven through the
 * master's HTTP API (PUT /api/show, PUT /api/vote); ballots come from fresh request contexts, each a
 * phone of its own (no cookie, so each gets a new device).
 */
import { type Page, request } from 'playwright-core';
import { beforeEach, expect, it } from 'vitest';
import { idleRound1, useDemoStage } from './demo';
import { animationsDone, describeInBrowser, type Harness } from './harness';
import { FULL_HD, HD, openScreen } from './screens';

const TRANSPARENT = 'rgba(0, 0, 0, 0)';

/** The alpha (0–255) of a PNG's pixels at these points, read by a scratch page of the browser. */
async function alphaAt(h: Harness, png: Buffer, points: [number, number][]): Promise<number[]> {
  const { page, context } = await h.newPage({ width: 200, height: 200 });
  try {
    return await page.evaluate(
      async ({ data, points }) => {
        const image = new Image();
        image.src = `data:image/png;base64,${data}`;
        await image.decode();
        const canvas = document.createElement('canvas');
        canvas.width = image.naturalWidth;
        canvas.height = image.naturalHeight;
        const context2d = canvas.getContext('2d');
        if (!context2d) throw new Error('no 2d context');
        context2d.drawImage(image, 0, 0);
        return points.map(([x, y]) => context2d.getImageData(x, y, 1, 1).data[3] ?? -1);
      },
      { data: png.toString('base64'), points },
    );
  } finally {
    await context.close();
  }
}

/** The computed background colour of each element matched, by selector. */
async function backgrounds(page: Page, selectors: string[]): Promise<Record<string, string>> {
  return page.evaluate(
    (list) =>
      Object.fromEntries(
        list.map((selector) => {
          const element = document.querySelector(selector);
          return [
            selector,
            element ? `${getComputedStyle(element).backgroundColor} ${getComputedStyle(element).backgroundImage}` : 'missing',
          ];
        }),
      ),
    selectors,
  );
}

describeInBrowser('the livestream overlay and the vote on the projectors', (h) => {
  const stage = useDemoStage(h);
  const { show } = stage;

  async function openOverlay(viewport = FULL_HD): Promise<{ page: Page; errors: string[] }> {
    const { page, errors } = await h.newPage(viewport);
    await page.goto('/screen?overlay=1');
    await page.getByTestId('overlay').waitFor();
    return { page, errors };
  }

  const scene = (page: Page, name: string) => page.locator(`[data-testid="overlay"][data-scene="${name}"]`).waitFor();

  /** One ballot from a phone of its own (a context without cookies: reading the vote gives it a device, as the ballot page does). */
  async function castFromNewPhone(teamId: string): Promise<void> {
    const phone = await request.newContext({ baseURL: h.url });
    try {
      await phone.get('/api/vote');
      const response = await phone.post('/api/vote', { data: { teamIds: [teamId] } });
      expect(response.status(), await response.text()).toBe(200);
    } finally {
      await phone.dispose();
    }
  }

  async function closeAnyVote(): Promise<void> {
    const response = await stage.master.put('/api/vote', { data: { open: false } });
    // 409: nothing was open.
    expect([200, 409], await response.text()).toContain(response.status());
  }

  beforeEach(async () => {
    await closeAnyVote();
    await show({ ...idleRound1(stage.round1._id), overlay: 'lowerThird' });
  });

  it('draws on a transparent page, with no loading screen and no click-to-start hint', async () => {
    const { page, errors } = await openOverlay();
    await scene(page, 'lowerThird');
    await page.getByTestId('overlay-lower-third').waitFor();
    // Nothing under the panels has a colour: the page, the stage around the canvas, the canvas, the scene.
    const seen = await backgrounds(page, ['html', 'body', '#root', 'main', '[data-testid="overlay"]', '[data-testid="stage-canvas"]']);
    for (const [selector, background] of Object.entries(seen)) expect(background, selector).toBe(`${TRANSPARENT} none`);
    expect(await page.getByTestId('preloader').count()).toBe(0);
    expect(await page.getByTestId('start-hint').count()).toBe(0);
    // The corners of the picture are see-through; the lower third, at the bottom, is not (once faded in).
    await animationsDone(page);
    const png = await page.screenshot({ omitBackground: true });
    const band = (await page.getByTestId('overlay-lower-third').boundingBox())!;
    expect(band.y).toBeGreaterThan(FULL_HD.height * 0.6);
    const [topLeft, topRight, middle, inBand] = await alphaAt(h, png, [
      [2, 2],
      [FULL_HD.width - 3, 2],
      [FULL_HD.width / 2, FULL_HD.height / 3],
      [Math.round(band.x + 40), Math.round(band.y + band.height - 40)],
    ]);
    expect({ topLeft, topRight, middle }).toEqual({ topLeft: 0, topRight: 0, middle: 0 });
    expect(inBand).toBeGreaterThan(200);
    expect(errors).toEqual([]);
  });

  it('shows the question, the countdown, the team on stage and the top five in the lower third', async () => {
    const { page, errors } = await openOverlay();
    const question = stage.round1.items[3]!;
    await show({
      questionId: question.id,
      phase: 'question',
      activeTeamId: stage.teams[1]!._id,
      timer: { action: 'start', durationMs: 30_000 },
    });
    const content = page.getByTestId('overlay-question');
    await content.waitFor();
    expect(await content.textContent()).toBe(question.content);
    expect(await page.getByTestId('overlay-team').textContent()).toContain(stage.teams[1]!.name);
    await page.locator('[data-testid="countdown"][data-running]').waitFor();
    expect(await page.getByTestId('overlay-top').getByTestId('overlay-standing').count()).toBe(5);
    // The answer joins the question once revealed.
    await show({ phase: 'answer' });
    await page.getByTestId('overlay-answer').filter({ hasText: question.answer }).waitFor();
    // Off the question phases the question goes (as on the projector); the band names the event.
    await show({ phase: 'scoreboard', activeTeamId: null, timer: { action: 'reset' } });
    await page.getByTestId('overlay-event').waitFor();
    expect(await content.count()).toBe(0);
    expect(await page.getByTestId('overlay-team').count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('switches scenes as the master chooses, apart from the projector', async () => {
    const { page, errors } = await openOverlay();
    const { page: screen } = await openScreen(h, '/screen');
    await show({ overlay: 'scoreboard' });
    await scene(page, 'scoreboard');
    expect(await page.getByTestId('overlay-scoreboard').getByTestId('overlay-standing').count()).toBe(8);
    expect(await page.getByTestId('overlay-lower-third').count()).toBe(0);
    // The projector did not move.
    expect(await screen.getByTestId('projector').getAttribute('data-phase')).toBe('idle');
    await screen.getByTestId('logo-card').waitFor();

    await show({ overlay: 'hidden' });
    await scene(page, 'hidden');
    expect(await page.getByTestId('overlay-scoreboard').count()).toBe(0);
    expect(await page.getByTestId('overlay-lower-third').count()).toBe(0);
    // Nothing at all is drawn: every point of the picture is see-through.
    const png = await page.screenshot({ omitBackground: true });
    const points: [number, number][] = [];
    for (let x = 10; x < FULL_HD.width; x += 190) for (let y = 10; y < FULL_HD.height; y += 150) points.push([x, y]);
    expect(new Set(await alphaAt(h, png, points))).toEqual(new Set([0]));

    await show({ overlay: 'lowerThird' });
    await page.getByTestId('overlay-lower-third').waitFor();
    expect(errors).toEqual([]);
  });

  it('puts the vote on /screen with its QR code and address, then its live tally, then the result', async () => {
    const { page, errors } = await openScreen(h, '/screen');
    await show({ phase: 'vote' });
    await page.locator('[data-testid="projector"][data-phase="vote"]').waitFor();
    // No vote yet: a calm card.
    await page.locator('[data-testid="vote-view"][data-state="none"]').getByText('Chưa có cuộc bình chọn nào').waitFor();

    const ballot = [stage.teams[0]!, stage.teams[2]!, stage.teams[5]!];
    const opened = await stage.master.put('/api/vote', { data: { open: true, teamIds: ballot.map((t) => t._id) } });
    expect(opened.status(), await opened.text()).toBe(200);
    await page.locator('[data-testid="vote-view"][data-state="open"]').waitFor();
    const qr = page.getByTestId('vote-qr');
    await qr.waitFor();
    expect(await qr.getAttribute('src')).toMatch(/^\/api\/vote\/qr\.svg/);
    await expect.poll(() => qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    // The address people type: no scheme, no trailing slash.
    await expect.poll(async () => (await page.getByTestId('vote-address').textContent()) ?? '').toMatch(/^[^/\s]+(:\d+)?$/);
    expect(await page.getByText('Quét mã hoặc mở địa chỉ để bình chọn').count()).toBe(1);
    const bars = page.getByTestId('vote-bar');
    expect(await bars.count()).toBe(3);

    // Four phones: three for the first team, one for the third.
    for (const teamId of [ballot[0]!._id, ballot[0]!._id, ballot[2]!._id, ballot[0]!._id]) await castFromNewPhone(teamId);
    const bar = (teamId: string) => page.locator(`[data-testid="vote-bar"][data-team-id="${teamId}"]`);
    await expect.poll(() => bar(ballot[0]!._id).getAttribute('data-count')).toBe('3');
    await expect.poll(() => bar(ballot[2]!._id).getAttribute('data-count')).toBe('1');
    expect(await bar(ballot[1]!._id).getAttribute('data-count')).toBe('0');
    await page.getByTestId('vote-ballots').filter({ hasText: 'Tổng số phiếu: 4' }).waitFor();
    // Bars in proportion: the leader's fill is three times the third team's (once their widths settle).
    const fillWidth = (teamId: string) =>
      bar(teamId)
        .getByTestId('vote-fill')
        .evaluate((el) => el.getBoundingClientRect().width);
    await expect
      .poll(async () => Math.round(((await fillWidth(ballot[2]!._id)) / (await fillWidth(ballot[0]!._id))) * 100), { timeout: 5000 })
      .toBe(33);
    expect(await fillWidth(ballot[1]!._id)).toBe(0);

    // Screen 2 shows the same tally in its vote mode, at 1280×720 too, all of it inside the picture.
    const { page: screen2 } = await openScreen(h, '/screen2', HD);
    await show({ screen2: 'vote' });
    await screen2.locator('[data-testid="projector"][data-mode="vote"]').waitFor();
    await expect
      .poll(() => screen2.locator(`[data-testid="vote-bar"][data-team-id="${ballot[0]!._id}"]`).getAttribute('data-count'))
      .toBe('3');
    for (const testId of ['vote-qr', 'vote-bars', 'vote-ballots', 'vote-address']) {
      const box = (await screen2.getByTestId(testId).boundingBox())!;
      expect(box.x >= 0 && box.y >= 0 && box.x + box.width <= HD.width && box.y + box.height <= HD.height, testId).toBe(true);
    }

    // Closed: the final tally, most votes first, the winner lit, no QR code.
    const closed = await stage.master.put('/api/vote', { data: { open: false } });
    expect(closed.status(), await closed.text()).toBe(200);
    await page.locator('[data-testid="vote-view"][data-state="closed"]').waitFor();
    expect(await page.getByTestId('vote-status').textContent()).toBe('Bình chọn đã kết thúc');
    expect(await page.getByTestId('vote-qr').count()).toBe(0);
    expect(await page.locator('[data-testid="vote-bar"][data-winner]').getAttribute('data-team-id')).toBe(ballot[0]!._id);
    expect(errors).toEqual([]);
  });

  it('shows the vote on the overlay: compact bars and the address', async () => {
    const { page, errors } = await openOverlay();
    const ballot = [stage.teams[1]!, stage.teams[3]!];
    const opened = await stage.master.put('/api/vote', { data: { open: true, teamIds: ballot.map((t) => t._id) } });
    expect(opened.status(), await opened.text()).toBe(200);
    await castFromNewPhone(ballot[1]!._id);
    await show({ overlay: 'vote' });
    await scene(page, 'vote');
    const panel = page.getByTestId('overlay-vote');
    await expect
      .poll(() => panel.locator(`[data-testid="vote-bar"][data-team-id="${ballot[1]!._id}"]`).getAttribute('data-count'))
      .toBe('1');
    expect(await panel.getByTestId('vote-bar').count()).toBe(2);
    await expect.poll(async () => (await panel.getByTestId('vote-address').textContent()) ?? '').toMatch(/^[^/\s]+(:\d+)?$/);
    await panel.getByTestId('vote-ballots').filter({ hasText: 'Tổng số phiếu: 1' }).waitFor();
    // Still a see-through page around the panel.
    const png = await page.screenshot({ omitBackground: true });
    expect(await alphaAt(h, png, [[2, 2]])).toEqual([0]);
    expect(errors).toEqual([]);
  });
});
