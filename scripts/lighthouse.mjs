#!/usr/bin/env node
/**
 * `npm run lighthouse` (and the last step of `npm test`): Lighthouse against the built server.
 *
 * Builds what is stale, starts dist/server/index.js as a child process on a free port with PGlite in
 * a temporary data folder, prepares the screens' content through the real REST API (the admin's
 * login, a master, a judge and a team account, teams, a judges' score field, a question set with a
 * question on air), then drives Debian's Chromium with Lighthouse from this process:
 * - mobile performance (Lighthouse's default mobile config, simulated throttling) of the screens in
 *   PERF_SCREENS, PERF_RUNS runs each (round-robin, so a busy moment of the machine spreads over all
 *   of them), median with min–max;
 * - accessibility of every screen, once, with the desktop preset (`onlyCategories`); the screens
 *   of the performance runs also get the mobile accessibility, from their first mobile run.
 * Screens behind a login get the session as a Cookie header (`extraHeaders`).
 *
 * Prints a table, writes every figure to dist/lighthouse/summary.json and the HTML reports beside it
 * (each mobile run's, and each screen's accessibility run), and exits 1 when a median performance is
 * below PERF_MIN or an accessibility score is below A11Y_MIN, naming the screen and its heaviest
 * failing audits. `LIGHTHOUSE_RUNS` changes the number of performance runs (3 by default).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { build, CHROMIUM_ARGS, CHROMIUM_PATH, prepare, startServer } from './lib/showServer.mjs';

/** A median mobile performance score below this fails the run. */
const PERF_MIN = 80;
/** What performance should reach (printed, not enforced). */
const PERF_AIM = 90;
/** An accessibility score below this fails the run. */
const A11Y_MIN = 98;
/**
 * `LIGHTHOUSE_PERF=report` reports a performance median below PERF_MIN as NOT MET without failing the
 * run (to look at figures while changing a screen); accessibility always fails it. `npm test`, and
 * so CI, is strict.
 */
const PERF_REPORT_ONLY = process.env.LIGHTHOUSE_PERF === 'report';
/** `LIGHTHOUSE_TRACES=1` keeps each mobile run's trace beside its report (DevTools → Performance opens it). */
const SAVE_TRACES = process.env.LIGHTHOUSE_TRACES === '1';
/** Mobile performance runs per screen; the median counts. */
const PERF_RUNS = Number(process.env.LIGHTHOUSE_RUNS) || 3;
/** Attempts at one run when Lighthouse's own trace fails (never when the page scores low). */
const RUN_ATTEMPTS = 3;
/** How many failing audits to print for a failing screen, and how many opportunities per screen. */
const TOP_AUDITS = 3;

const CHROME_PATH = CHROMIUM_PATH;
const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_ARGS];

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = path.join(root, 'dist/lighthouse');

/**
 * `LIGHTHOUSE_SCREENS=/team,/supporter` measures only those screens' mobile performance and skips the
 * accessibility pass (for working on one screen; the full run is what counts).
 */
const ONLY = process.env.LIGHTHOUSE_SCREENS ? process.env.LIGHTHOUSE_SCREENS.split(',').map((s) => s.trim()) : null;

/** The mobile performance screens (phones and the projector) and the login each needs. */
const PERF_SCREENS = [
  { path: '/screen', as: null },
  { path: '/supporter', as: 'judge' },
  { path: '/team', as: 'team' },
  { path: '/login', as: null },
].filter((s) => !ONLY || ONLY.includes(s.path));

/** Every screen for accessibility; `:set` is filled in once the question set exists. */
const A11Y_SCREENS = ONLY
  ? []
  : [
      { path: '/', as: null },
      { path: '/login', as: null },
      { path: '/master', as: 'master' },
      { path: '/preview', as: 'master' },
      { path: '/supporter', as: 'judge' },
      { path: '/team', as: 'team' },
      { path: '/screen', as: null },
      { path: '/screen2', as: null },
      { path: '/user', as: 'admin' },
      { path: '/user/dashboard', as: 'admin' },
      { path: '/user/member', as: 'admin' },
      { path: '/user/the-le', as: 'admin' },
      { path: '/user/fw-question', as: 'admin' },
      { path: '/user/fw-question/:set', as: 'admin' },
      { path: '/khong-co-trang-nay', as: null, notFound: true },
    ];

const log = (text) => console.log(`[lighthouse] ${text}`);

// ---------------------------------------------------------------------------------------------------
// Lighthouse

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const score100 = (category) => (category && category.score !== null ? Math.round(category.score * 100) : null);
const slug = (urlPath) =>
  urlPath
    .replace(/^\/$/, 'home')
    .replace(/^\//, '')
    .replace(/[^a-z0-9-]+/gi, '_');

/** Performance insights and diagnostics that find something, the largest estimated savings first. */
function perfOpportunities(lhr) {
  const refs = lhr.categories.performance?.auditRefs ?? [];
  const found = [];
  for (const ref of refs) {
    if (ref.group !== 'insights' && ref.group !== 'diagnostics') continue; // not the metrics, nor the hidden ones
    const audit = lhr.audits[ref.id];
    if (!audit || audit.score === null || audit.score >= 0.9) continue;
    if (audit.scoreDisplayMode === 'notApplicable' || audit.scoreDisplayMode === 'manual') continue;
    const savings = audit.metricSavings ?? {};
    const ms = (savings.LCP ?? 0) + (savings.FCP ?? 0) + (savings.TBT ?? 0);
    found.push({
      id: audit.id,
      title: audit.title,
      displayValue: audit.displayValue ?? '',
      score: audit.score,
      savingsMs: Math.round(ms),
      savingsBytes: audit.details?.overallSavingsBytes ?? 0,
    });
  }
  return found.sort((a, b) => b.savingsMs - a.savingsMs || b.savingsBytes - a.savingsBytes || a.score - b.score);
}

/** The metrics that cost performance points, by the points lost. */
function perfLosses(lhr) {
  const refs = lhr.categories.performance?.auditRefs ?? [];
  const total = refs.reduce((sum, ref) => sum + ref.weight, 0) || 1;
  return refs
    .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
    .map((ref) => {
      const audit = lhr.audits[ref.id];
      return {
        id: ref.id,
        title: audit.title,
        displayValue: audit.displayValue ?? '',
        pointsLost: Math.round(((1 - audit.score) * ref.weight * 100) / total),
      };
    })
    .sort((a, b) => b.pointsLost - a.pointsLost);
}

/** The failing accessibility audits, heaviest first, with a few of the elements each names. */
function a11yFailures(lhr) {
  const refs = lhr.categories.accessibility?.auditRefs ?? [];
  return refs
    .filter((ref) => ref.weight > 0 && lhr.audits[ref.id]?.score === 0)
    .map((ref) => {
      const audit = lhr.audits[ref.id];
      const items = audit.details?.items ?? [];
      return {
        id: ref.id,
        title: audit.title,
        weight: ref.weight,
        count: items.length,
        // What a person can find on the page: the element's text, its selector and axe's reason.
        nodes: items.slice(0, 3).map((item) => ({
          label: item.node?.nodeLabel ?? '',
          selector: item.node?.selector ?? '',
          explanation: (item.node?.explanation ?? '')
            .split('\n')
            .map((line) => line.trim())
            .filter((line) => line && !line.startsWith('Fix '))
            .join(' '),
        })),
      };
    })
    .sort((a, b) => b.weight - a.weight || b.count - a.count);
}

/** Runs taken again, with the reason, for the summary. */
const retried = [];

async function runLighthouse(port, url, { cookie, config, categories, notFound, screenshot = false }) {
  const flags = {
    port,
    output: 'html',
    logLevel: 'error',
    onlyCategories: categories,
    // The full-page screenshot only illustrates the report's elements: a few seconds a run on a busy machine.
    disableFullPageScreenshot: !screenshot,
    ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
    // The not-found screen answers 404 on purpose; audit it anyway.
    ...(notFound ? { ignoreStatusCode: true } : {}),
  };
  // A trace Lighthouse could not read (NO_NAVSTART, NO_FCP… on a busy machine) is its own hiccup, not the
  // page's: that run is taken again, up to RUN_ATTEMPTS times in all.
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, flags, config);
    const error = result ? result.lhr.runtimeError : { code: 'NO_RESULT', message: 'Lighthouse returned nothing' };
    if (!error) {
      return {
        lhr: result.lhr,
        html: Array.isArray(result.report) ? result.report[0] : result.report,
        trace: result.artifacts?.Trace,
        attempts: attempt,
      };
    }
    const text = `Lighthouse could not audit ${url}: ${error.code} ${error.message}`;
    if (attempt >= RUN_ATTEMPTS) throw new Error(text);
    retried.push(`${url}: ${error.code}`);
    log(`${text}; trying again (${attempt + 1}/${RUN_ATTEMPTS})`);
  }
}

// ---------------------------------------------------------------------------------------------------
// Output

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const pad = (text, width) => String(text).padEnd(width);

function printTable(perf, a11y) {
  const rows = [['screen', 'perf median [min–max]', 'a11y desktop', 'a11y mobile', 'LCP', 'TBT', 'FCP', 'benchmarkIndex median [min–max]']];
  const paths = [...new Set([...perf.map((p) => p.path), ...a11y.map((a) => a.path)])];
  for (const p of paths) {
    const pr = perf.find((x) => x.path === p);
    const ar = a11y.find((x) => x.path === p);
    // The performance runs' own, where there are some: they are what the performance figures depend on.
    const bench = pr ? pr.runs.map((r) => r.benchmarkIndex) : ar ? [ar.benchmarkIndex] : [];
    rows.push([
      p,
      pr ? `${pr.performance.median} [${pr.performance.min}–${pr.performance.max}]` : '—',
      ar ? String(ar.score) : '—',
      pr?.accessibility != null ? String(pr.accessibility) : '—',
      pr ? seconds(pr.lcpMs.median) : '—',
      pr ? `${Math.round(pr.tbtMs.median)} ms` : '—',
      pr ? seconds(pr.fcpMs.median) : '—',
      bench.length ? `${Math.round(median(bench))} [${Math.round(Math.min(...bench))}–${Math.round(Math.max(...bench))}]` : '—',
    ]);
  }
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  console.log('');
  for (const [index, row] of rows.entries()) {
    console.log(row.map((cell, i) => pad(cell, widths[i])).join('  '));
    if (index === 0) console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  }
  console.log('');
  console.log(
    `Thresholds: mobile performance median ≥ ${PERF_MIN} (aim ${PERF_AIM}), accessibility ≥ ${A11Y_MIN}. ` +
      `Performance: Lighthouse's default mobile config, simulated throttling, ${PERF_RUNS} run(s) per screen.`,
  );
}

function printOpportunities(perf) {
  for (const p of perf) {
    console.log(`\n${p.path}: performance ${p.performance.median} (median); points lost by metric (median run, #${p.medianRun}):`);
    for (const loss of p.losses.slice(0, 5)) console.log(`  - ${loss.title} ${loss.displayValue}: −${loss.pointsLost}`);
    console.log(`  top opportunities/diagnostics (median run):`);
    for (const o of p.opportunities.slice(0, TOP_AUDITS)) {
      const savings = [o.savingsMs ? `~${o.savingsMs} ms` : '', o.savingsBytes ? `~${Math.round(o.savingsBytes / 1024)} KiB` : '']
        .filter(Boolean)
        .join(', ');
      console.log(`  - ${o.title}${o.displayValue ? ` (${o.displayValue})` : ''}${savings ? ` — est. savings ${savings}` : ''}`);
    }
  }
}

// ---------------------------------------------------------------------------------------------------

async function main() {
  const started = Date.now();
  if (!fs.existsSync(CHROME_PATH)) {
    // Like the browser tests: skipped with the reason, unless a run that requires them says so.
    const reason = `Chromium not found at ${CHROME_PATH} (set CHROMIUM_PATH)`;
    if (process.env.E2E_REQUIRED === '1') {
      console.error(`[lighthouse] E2E_REQUIRED=1 but ${reason}`);
      return 1;
    }
    log(`skipped: ${reason}`);
    return 0;
  }
  build();
  fs.rmSync(outDir, { recursive: true, force: true });
  fs.mkdirSync(outDir, { recursive: true });

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hoithi-lighthouse-'));
  const server = startServer(dataDir);
  let chrome;
  try {
    const base = await server.url;
    log(`server at ${base} after ${((Date.now() - started) / 1000).toFixed(1)} s (data in ${dataDir})`);
    const { cookies, setId } = await prepare(base);
    log(`content ready after ${((Date.now() - started) / 1000).toFixed(1)} s`);
    chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
    log(`Chromium on port ${chrome.port}`);

    // Mobile performance, round-robin over the screens.
    const perfRuns = new Map(PERF_SCREENS.map((s) => [s.path, []]));
    for (let run = 1; run <= PERF_RUNS; run++) {
      for (const screen of PERF_SCREENS) {
        const t0 = Date.now();
        const { lhr, html, trace } = await runLighthouse(chrome.port, `${base}${screen.path}`, {
          cookie: screen.as ? cookies[screen.as] : undefined,
          // The phone-sized accessibility once (it does not depend on timing); the other runs time only.
          categories: run === 1 ? ['performance', 'accessibility'] : ['performance'],
        });
        perfRuns.get(screen.path).push(lhr);
        fs.writeFileSync(path.join(outDir, `${slug(screen.path)}.mobile-${run}.html`), html);
        if (SAVE_TRACES && trace)
          fs.writeFileSync(path.join(outDir, `${slug(screen.path)}.mobile-${run}.trace.json`), JSON.stringify(trace));
        log(
          `perf ${screen.path} run ${run}/${PERF_RUNS}: ${score100(lhr.categories.performance)} ` +
            `(benchmarkIndex ${Math.round(lhr.environment.benchmarkIndex)}, ${((Date.now() - t0) / 1000).toFixed(1)} s)`,
        );
      }
    }

    // Accessibility of every screen, desktop preset.
    const a11y = [];
    for (const screen of A11Y_SCREENS) {
      const urlPath = screen.path.replace(':set', setId);
      const t0 = Date.now();
      const { lhr, html } = await runLighthouse(chrome.port, `${base}${urlPath}`, {
        cookie: screen.as ? cookies[screen.as] : undefined,
        config: desktopConfig,
        categories: ['accessibility'],
        notFound: screen.notFound,
        screenshot: true,
      });
      fs.writeFileSync(path.join(outDir, `${slug(screen.path)}.desktop-a11y.html`), html);
      const entry = {
        path: screen.path.replace(':set', ':_id'),
        url: urlPath,
        as: screen.as,
        score: score100(lhr.categories.accessibility),
        benchmarkIndex: lhr.environment.benchmarkIndex,
        failing: a11yFailures(lhr),
      };
      a11y.push(entry);
      log(`a11y ${urlPath}: ${entry.score} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
    }

    const perf = PERF_SCREENS.map((screen) => {
      const runs = perfRuns.get(screen.path);
      // What cost the points is read from the median run (by score), so it matches the median printed.
      const byScore = [...runs].sort((a, b) => a.categories.performance.score - b.categories.performance.score);
      const medianRun = byScore[Math.floor((byScore.length - 1) / 2)];
      const stat = (values) => ({ median: median(values), min: Math.min(...values), max: Math.max(...values), values });
      const metric = (id) => stat(runs.map((lhr) => lhr.audits[id].numericValue));
      return {
        path: screen.path,
        as: screen.as,
        performance: stat(runs.map((lhr) => score100(lhr.categories.performance))),
        accessibility: score100(runs[0].categories.accessibility),
        a11yFailing: a11yFailures(runs[0]),
        lcpMs: metric('largest-contentful-paint'),
        tbtMs: metric('total-blocking-time'),
        fcpMs: metric('first-contentful-paint'),
        clsValue: metric('cumulative-layout-shift'),
        speedIndexMs: metric('speed-index'),
        runs: runs.map((lhr) => ({
          performance: score100(lhr.categories.performance),
          benchmarkIndex: lhr.environment.benchmarkIndex,
          fetchTime: lhr.fetchTime,
        })),
        medianRun: runs.indexOf(medianRun) + 1,
        losses: perfLosses(medianRun),
        opportunities: perfOpportunities(medianRun).slice(0, 10),
      };
    });

    printTable(perf, a11y);
    printOpportunities(perf);

    const failures = [];
    const notMet = [];
    for (const p of perf) {
      if (p.performance.median < PERF_MIN) {
        const why = p.losses.slice(0, TOP_AUDITS).map((l) => `${l.title} ${l.displayValue} (−${l.pointsLost})`);
        (PERF_REPORT_ONLY ? notMet : failures).push(
          `${p.path}: mobile performance median ${p.performance.median} < ${PERF_MIN}; heaviest: ${why.join('; ')}`,
        );
      }
      if (p.accessibility === null || p.accessibility < A11Y_MIN) {
        const why = p.a11yFailing
          .slice(0, TOP_AUDITS)
          .map((f) => `${f.id} (weight ${f.weight}, ${f.count} element(s), e.g. ${f.nodes.map((n) => `"${n.label}"`).join(', ')})`);
        failures.push(`${p.path}: mobile accessibility ${p.accessibility} < ${A11Y_MIN}; failing: ${why.join('; ')}`);
      }
    }
    for (const a of a11y) {
      if (a.score === null || a.score < A11Y_MIN) {
        const why = a.failing
          .slice(0, TOP_AUDITS)
          .map((f) => `${f.id} (weight ${f.weight}, ${f.count} element(s), e.g. ${f.nodes.map((n) => `"${n.label}"`).join(', ')})`);
        failures.push(`${a.path}: accessibility ${a.score} < ${A11Y_MIN}; failing: ${why.join('; ')}`);
      }
    }

    const summary = {
      date: new Date().toISOString(),
      lighthouse: perfRuns.get(PERF_SCREENS[0].path)[0].lighthouseVersion,
      chromium: perfRuns.get(PERF_SCREENS[0].path)[0].environment.hostUserAgent,
      machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model ?? '', loadavg: os.loadavg() },
      thresholds: { performanceMin: PERF_MIN, performanceAim: PERF_AIM, accessibilityMin: A11Y_MIN, runs: PERF_RUNS },
      performance: perf,
      accessibility: a11y,
      failures,
      notMet,
      retried,
      durationSeconds: Math.round((Date.now() - started) / 1000),
    };
    fs.writeFileSync(path.join(outDir, 'summary.json'), `${JSON.stringify(summary, null, 2)}\n`);
    console.log(`\nFull figures: ${path.relative(root, path.join(outDir, 'summary.json'))}; HTML reports beside it.`);

    if (notMet.length) {
      console.log('\nLighthouse: performance NOT MET (reported, not failing: LIGHTHOUSE_PERF=report)');
      for (const miss of notMet) console.log(`  ! ${miss}`);
    }
    if (failures.length) {
      console.log(`\nLighthouse: FAILED (${summary.durationSeconds} s)`);
      for (const failure of failures) console.log(`  ✗ ${failure}`);
      return 1;
    }
    console.log(`\nLighthouse: passed (${summary.durationSeconds} s)`);
    return 0;
  } catch (error) {
    console.error(`[lighthouse] the server's last output:\n${server.output().slice(-4000)}`);
    throw error;
  } finally {
    await chrome?.kill();
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(`[lighthouse] ${error instanceof Error ? (error.stack ?? error.message) : error}`);
    process.exit(1);
  },
);
