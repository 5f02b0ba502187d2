#!/usr/bin/env node
/**
 * `node scripts/lighthouse-ab.mjs A_DIR B_DIR [/team,/login] [runs]`: two builds of the client, side by
 * side in one run. Starts one server per build (each its own PGlite folder and the same prepared show),
 * then measures mobile performance alternately A, B, A, B… so a busy moment of the machine falls on
 * both, and prints per screen the medians (with min–max) of the score, TBT, LCP and FCP. For deciding
 * whether a change helps on a machine whose speed drifts; the figures that count come from
 * `npm run lighthouse`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, CHROMIUM_PATH, prepare, startServer } from './lib/showServer.mjs';

const [dirA, dirB, screensArg = '/team', runsArg = '5'] = process.argv.slice(2);
if (!dirA || !dirB) {
  console.error('usage: node scripts/lighthouse-ab.mjs A_CLIENT_DIR B_CLIENT_DIR [/team,/login] [runs]');
  process.exit(2);
}
const AS = { '/team': 'team', '/supporter': 'judge', '/master': 'master' };
const screens = screensArg.split(',');
const runs = Number(runsArg);
/** Attempts at one run when Lighthouse's own trace fails. */
const ATTEMPTS = 3;
const stat = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return `${sorted[Math.floor((sorted.length - 1) / 2)]} [${sorted[0]}–${sorted[sorted.length - 1]}]`;
};

const servers = [];
let chrome;
try {
  const sides = [];
  for (const [name, clientDir] of [
    ['A', dirA],
    ['B', dirB],
  ]) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `hoithi-ab-${name}-`));
    const server = startServer(dataDir, { clientDir: path.resolve(clientDir) });
    servers.push({ server, dataDir });
    const base = await server.url;
    sides.push({ name, base, cookies: (await prepare(base)).cookies, results: new Map(screens.map((s) => [s, []])) });
  }
  chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
    logLevel: 'silent',
  });
  for (let run = 1; run <= runs; run++) {
    for (const screen of screens) {
      for (const side of run % 2 ? sides : [...sides].reverse()) {
        const cookie = AS[screen] ? side.cookies[AS[screen]] : undefined;
        // A trace Lighthouse could not read (NO_NAVSTART, NO_FCP… on a busy machine) is taken again, as in
        // lighthouse.mjs; a run still missing is said, so a median of fewer runs is not mistaken for one of all.
        let lhr;
        for (let attempt = 1; attempt <= ATTEMPTS && !lhr; attempt++) {
          const result = await lighthouse(`${side.base}${screen}`, {
            port: chrome.port,
            output: 'json',
            logLevel: 'error',
            onlyCategories: ['performance'],
            disableFullPageScreenshot: true,
            ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
          });
          const error = result ? result.lhr.runtimeError : { code: 'NO_RESULT' };
          if (error) console.log(`${side.name} ${screen} run ${run}: attempt ${attempt}/${ATTEMPTS} failed (${error.code})`);
          else lhr = result.lhr;
        }
        if (!lhr) continue;
        const entry = {
          score: Math.round(lhr.categories.performance.score * 100),
          tbt: Math.round(lhr.audits['total-blocking-time'].numericValue),
          lcp: Math.round(lhr.audits['largest-contentful-paint'].numericValue),
          fcp: Math.round(lhr.audits['first-contentful-paint'].numericValue),
          bench: Math.round(lhr.environment.benchmarkIndex),
        };
        side.results.get(screen).push(entry);
        console.log(`${side.name} ${screen} run ${run}: ${JSON.stringify(entry)}`);
      }
    }
  }
  for (const screen of screens) {
    for (const side of sides) {
      const r = side.results.get(screen);
      const col = (key) => stat(r.map((x) => x[key]));
      console.log(
        `${screen} ${side.name} (${r.length} runs): score ${col('score')}  TBT ${col('tbt')}  LCP ${col('lcp')}  FCP ${col('fcp')}  bench ${col('bench')}`,
      );
    }
  }
} finally {
  await chrome?.kill();
  for (const { server, dataDir } of servers) {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
