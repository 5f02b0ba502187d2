/** The projector screens in a browser: their sizes, opening one as the hall does, and texts that test their fit. */
import type { APIRequestContext, Page } from 'playwright-core';
import { type Harness, trpcMutation, waitForApp } from './harness';

export const FULL_HD = { width: 1920, height: 1080 };
export const HD = { width: 1280, height: 720 };

/**
 * An anonymous projector page at `pathName` (/screen, /screen2, with a query if need be), its sound
 * unlocked by a click (the corner hint gone), with its errors; with `clock`, its timers run on a
 * clock the test can move on.
 */
export async function openScreen(
  h: Harness,
  pathName: string,
  viewport = FULL_HD,
  { clock = false } = {},
): Promise<{ page: Page; errors: string[] }> {
  const { page, errors } = await h.newPage(viewport);
  if (clock) await page.clock.install();
  await page.goto(pathName);
  await waitForApp(page);
  await page.mouse.click(viewport.width / 2, viewport.height / 2);
  await page.getByTestId('start-hint').waitFor({ state: 'detached' });
  return { page, errors };
}

/** One long option among short ones: all four must still share one size. */
export const LONG_OPTIONS = [
  'Rồng vàng',
  'Phượng hoàng',
  'Mây ngũ sắc bao phủ khắp núi Nùng, sông Tô Lịch và cả vùng đất Đại La suốt ba ngày ba đêm liền',
  'Rùa vàng',
];
/** Two names that tell the teams apart only at their end. */
export const LONG_NAMES = ['Trường THPT Chuyên Hà Nội – Amsterdam (Đội A)', 'Trường THPT Chuyên Hà Nội – Amsterdam (Đội B)'];

/** Four teams more than the demo's eight: twelve on the board. */
export async function addFourTeams(admin: APIRequestContext): Promise<void> {
  for (const [name, unit] of [
    ['THPT Thăng Long', 'Phường Bạch Mai'],
    ['THPT Yên Hòa', 'Phường Yên Hòa'],
    ['THPT Nguyễn Trãi – Ba Đình', 'Phường Ba Đình'],
    ['THPT Đoàn Kết – Hai Bà Trưng', 'Phường Vĩnh Tuy'],
  ]) {
    await trpcMutation(admin, 'team.create', { data: { name, unit } });
  }
}
