/**
 * axe-core in a real page: injects the installed axe-core and runs it on the whole document. Only
 * violations a user is badly hurt by (impact serious or critical) are returned, each with its rule,
 * the elements it names and a line that says what is wrong, so a failing test reads as a to-do list.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
/** The script itself: the app's Content-Security-Policy refuses an inline <script>, but not the debugger's evaluation. */
const AXE_SOURCE = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  rule: string;
  impact: 'serious' | 'critical';
  help: string;
  /** One entry per offending element: its CSS selector and axe's reason (contrast figures, missing name…). */
  nodes: { target: string; summary: string }[];
}

interface RawResult {
  id: string;
  impact?: string | null;
  help: string;
  nodes: { target: unknown[]; failureSummary?: string }[];
}

/** Runs axe-core on the page as it is now; the serious and critical violations. */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  // Into every frame (the preview's projectors are iframes): axe in the page asks each frame's axe.
  for (const frame of page.frames()) {
    const loaded = await frame.evaluate(() => typeof (window as unknown as { axe?: unknown }).axe === 'object');
    if (!loaded) await frame.evaluate(AXE_SOURCE);
  }
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<{ violations: unknown[] }> } }).axe;
    const results = await axe.run(document, { resultTypes: ['violations'] });
    return results.violations as RawResult[];
  });
  return violations
    .filter((v): v is RawResult & { impact: 'serious' | 'critical' } => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      rule: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((node) => ({
        target: node.target.map(String).join(' '),
        summary: (node.failureSummary ?? '').replace(/\s+/g, ' ').trim(),
      })),
    }));
}

/** How many offending elements the violations name in all. */
export function countNodes(violations: AxeViolation[]): number {
  return violations.reduce((sum, v) => sum + v.nodes.length, 0);
}

/** A readable report: one line per rule, then one per element (at most `perRule` of them). */
export function describeViolations(violations: AxeViolation[], perRule = 8): string {
  return violations
    .map((v) => {
      const lines = v.nodes.slice(0, perRule).map((node) => `    ${node.target} — ${node.summary}`);
      if (v.nodes.length > perRule) lines.push(`    … and ${v.nodes.length - perRule} more`);
      return [`  [${v.impact}] ${v.rule} (${v.nodes.length}): ${v.help}`, ...lines].join('\n');
    })
    .join('\n');
}

/** The page's structure a screen reader leans on: headings of level 1, main landmarks, titles. */
export async function pageStructure(page: Page): Promise<{ h1: number; main: number; titles: number; title: string }> {
  return page.evaluate(() => ({
    h1: document.querySelectorAll('h1').length,
    main: document.querySelectorAll('main, [role="main"]').length,
    titles: document.querySelectorAll('title:not(svg title)').length,
    title: document.title,
  }));
}
