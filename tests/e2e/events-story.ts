/**
 * The events story's servers and steps: a server started as `npm start` starts on an empty database
 * (the first admin, and the demo unless told not to), contexts signed in through the login form, and
 * the /user/events steps the story repeats (a row, its menu, putting an event on stage).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { messages } from '../../src/messages';
import { readConfig } from '../../src-server/config';
import { type RealServer, startRealServer } from '../helpers/real-server';
import { ADMIN_PASSWORD, loginThroughForm, root, toast, waitForApp } from './harness';

const t = messages.eventsAdmin;

/**
 * A server on a throwaway database (PostgreSQL when TEST_DB=postgres, else PGlite in memory) started
 * as a first `npm start` starts it: the first admin made, and with `demo` the demo event on stage.
 */
export function startFirstServer({ demo }: { demo: boolean }): Promise<RealServer> {
  const clientDir = path.join(root, 'dist/client');
  if (!fs.existsSync(path.join(clientDir, 'index.html'))) throw new Error('Build the client first: node scripts/build.mjs --if-stale');
  return startRealServer({ ...readConfig({}), port: 0, host: '127.0.0.1', clientDir, adminPassword: ADMIN_PASSWORD, seedDemo: demo });
}

/** A browser context of its own on `url`, its page errors collected. */
export async function openContext(
  browser: Browser,
  url: string,
  viewport = { width: 1280, height: 800 },
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ baseURL: url, viewport, locale: 'vi-VN', acceptDownloads: true });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return { context, page, errors };
}

/** Signs the admin in through the login form and waits for the dashboard. */
export async function adminLogsIn(page: Page): Promise<void> {
  await loginThroughForm(page, 'admin');
  await page.waitForURL((url) => url.pathname === '/user/dashboard');
  await waitForApp(page);
}

/** An event's row on /user/events (JSON's quoting is CSS's too: the demo's title holds double quotes). */
export function eventRow(page: Page, title: string) {
  return page.locator(`[data-testid="event-row"][data-title=${JSON.stringify(title)}]`);
}

/** Opens a row's menu and picks `item`. */
export async function fromMenu(page: Page, title: string, item: string): Promise<void> {
  await page.getByRole('button', { name: t.actions(title) }).click();
  await page.getByRole('menuitem', { name: item }).click();
}

/** Puts `title` on stage from its row, confirming, and waits until its row says so. */
export async function activateFromRow(page: Page, title: string): Promise<void> {
  const dialog = page.getByRole('dialog');
  await page.getByRole('button', { name: `${t.activate}: ${title}` }).click();
  await dialog.getByText(t.activateText).waitFor();
  await dialog.getByRole('button', { name: t.activate }).click();
  await toast(page, t.activated(title)).waitFor();
  await expect.poll(() => eventRow(page, title).getAttribute('data-state')).toBe('onStage');
}

/** The rows' titles and states, top to bottom. */
export function rowStates(page: Page): Promise<(string | null)[][]> {
  return page.getByTestId('event-row').evaluateAll((rows) => rows.map((r) => [r.getAttribute('data-title'), r.getAttribute('data-state')]));
}

/** A ranking as the story compares it: team, total, rank and tie-break note, ordered by rank then name. */
export interface RankedTeam {
  name: string;
  total: number;
  rank: number;
  tieBreak: string | null;
}
export function ranking(items: RankedTeam[]): RankedTeam[] {
  return items
    .map(({ name, total, rank, tieBreak }) => ({ name, total, rank, tieBreak }))
    .sort((a, b) => a.rank - b.rank || a.name.localeCompare(b.name, 'vi'));
}

/** The teams a carry of the top `top` takes from `items`: the first `top`, and any level with the last of them. */
export function topWithTies(items: RankedTeam[], top: number): RankedTeam[] {
  const sorted = ranking(items);
  const cut = sorted[Math.min(top, sorted.length) - 1]?.rank ?? 0;
  return sorted.filter((item) => item.rank <= cut);
}
