/**
 * The obstacle picture on an anonymous /screen: the projector never asks for the original, draws the
 * server's composite (a covered tile's pixels are the paint, not the picture), and shows a tile's
 * part of the picture once its row is revealed.
 */
import type { Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import { loadDemoEvent } from '../../src-server/demo/load';
import { OBSTACLE_FILL } from '../../src-server/features/media/obstacle-picture';
import { describeInBrowser, requestAs, waitForApp, watchRequests } from './harness';

const OBSTACLE_SET = 'Vượt chướng ngại vật — Khuê Văn Các';
const STAGE = { width: 1920, height: 1080 };

/** The colour the board's picture has at (fx, fy) of its width and height, read from the img itself. */
function pictureColour(page: Page, fx: number, fy: number) {
  return page.evaluate(
    ([x, y]) => {
      const image = document.querySelector<HTMLImageElement>('[data-testid="obstacle-board"] img');
      if (!image?.complete || !image.naturalWidth) return null;
      const canvas = document.createElement('canvas');
      canvas.width = image.naturalWidth;
      canvas.height = image.naturalHeight;
      const context = canvas.getContext('2d')!;
      context.drawImage(image, 0, 0);
      const [r, g, b] = context.getImageData(Math.floor(canvas.width * x!), Math.floor(canvas.height * y!), 1, 1).data;
      return { r, g, b };
    },
    [fx, fy],
  );
}

describeInBrowser('the obstacle picture on the projector', (h) => {
  let original = '';
  let setId = '';

  beforeAll(async () => {
    await loadDemoEvent(h.server.deps.db, h.server.deps.hub);
    const master = await requestAs(h, 'master');
    const sets = (await (await master.get('/api/fw-question-2/all')).json()).items as {
      _id: string;
      title: string;
      format: { picture: { url: string } | null };
    }[];
    const set = sets.find((s) => s.title === OBSTACLE_SET)!;
    setId = set._id;
    original = set.format.picture!.url;
    const res = await master.put('/api/show', { data: { changes: { fw: 2, setId, questionId: null, phase: 'round' } } });
    expect(res.status()).toBe(200);
  });

  it('draws the composite, never fetches the original, and uncovers a tile when its row is revealed', async () => {
    const { page } = await h.newPage(STAGE);
    const originals = watchRequests(page, (url) => new URL(url).pathname === original);
    const composites = watchRequests(page, (url) => new URL(url).pathname.startsWith('/media/obstacle/'));
    await page.goto('/screen');
    await waitForApp(page);
    await page.getByTestId('obstacle-board').waitFor();
    await expect.poll(() => pictureColour(page, 0.25, 0.25)).toEqual(OBSTACLE_FILL);
    expect(await pictureColour(page, 0.75, 0.75)).toEqual(OBSTACLE_FILL);

    const master = await requestAs(h, 'master');
    const res = await master.put('/api/show', { data: { changes: { obstacle: { action: 'revealRow', row: 0 } } } });
    expect(res.status()).toBe(200);
    await expect.poll(() => page.locator('[data-testid="obstacle-tile"][data-open]').count()).toBe(1);
    // The tile opens onto the picture already there: the composite that shows it has arrived.
    const uncovered = await pictureColour(page, 0.25, 0.25);
    expect(uncovered).not.toBeNull();
    expect(uncovered).not.toEqual(OBSTACLE_FILL);
    expect(await pictureColour(page, 0.75, 0.25)).toEqual(OBSTACLE_FILL);

    await composites.settled();
    expect(composites.sent()).toBeGreaterThan(0);
    expect(originals.sent()).toBe(0);
  });
});
