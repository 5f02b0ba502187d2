/**
 * The pictures of the screens, kept apart from the browser tests: `npm run screenshots` runs the
 * files beside this one (the vitest project `screenshots`, which `npm test` leaves out). They use the
 * browser tests' harness; each file sets up the state its pictures show and takes them once the page
 * has settled (fonts, images and animations done) rather than after a guessed wait.
 *
 * Where they go: docs/screenshots with `SCREENSHOTS=docs` (what `npm run screenshots` sets unless
 * told otherwise), test-results/screenshots for any other value, so a trial run leaves docs alone.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { type Harness, nextFrame, openAs, root } from '../e2e/harness';

export const screenshotDir = path.join(root, process.env.SCREENSHOTS === 'docs' ? 'docs/screenshots' : 'test-results/screenshots');

/**
 * Waits until the page is still: web fonts loaded, every image loaded (or failed), and no finite
 * animation or transition running (an endless one, a pulsing dot say, is left to run).
 */
export async function settled(page: Page): Promise<void> {
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await page.waitForFunction(
    () =>
      [...document.images].every((image) => image.complete) &&
      document
        .getAnimations()
        .every(
          (animation) => animation.playState !== 'running' || animation.effect?.getComputedTiming().iterations === Number.POSITIVE_INFINITY,
        ),
  );
  await nextFrame(page);
}

/** Closes the toasts on the page (they sit over the header) and waits for them to go. */
export async function closeToasts(page: Page): Promise<void> {
  const toasts = page.locator('.mantine-Notification-root');
  for (const close of await toasts.locator('.mantine-Notification-closeButton').all()) await close.click().catch(() => {});
  await expect.poll(() => toasts.count()).toBe(0);
}

/** Saves `<name>.png` in the screenshot folder once the page has settled. */
export async function shoot(page: Page, name: string, { fullPage = false, withoutToasts = false } = {}): Promise<void> {
  if (withoutToasts) await closeToasts(page);
  await settled(page);
  fs.mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage });
}

/**
 * Opens `route` as `who` at `viewport`, waits for the element `ready` finds, and takes the picture
 * `name` once the page has settled; the opened page.
 */
export async function openAndShoot(
  h: Harness,
  [route, who, viewport]: Parameters<typeof openAs> extends [Harness, ...infer Rest] ? Rest : never,
  ready: (page: Page) => Locator,
  name: string,
): Promise<Page> {
  const { page } = await openAs(h, route, who, viewport);
  await ready(page).waitFor();
  await settled(page);
  await shoot(page, name);
  return page;
}
