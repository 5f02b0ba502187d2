#!/usr/bin/env node
/**
 * `npm run profile`: where a phone's main thread goes while a screen first loads.
 *
 * Starts the built server with a live show on it (scripts/lib/showServer.mjs), then loads each screen
 * in Debian's Chromium with the CPU slowed 4× (Lighthouse's mobile setting) and V8's sampling profiler
 * running from navigation until the page has been quiet for 2 s. Prints, per screen, the self time by
 * script file and the functions with the most self time, and writes each profile to
 * dist/profile/<screen>.cpuprofile (DevTools → Performance → Load profile opens it).
 *
 * `PROFILE_SCREENS=/team,/supporter` picks screens; `PROFILE_RUNS` repeats each (default 1).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { build, CHROMIUM_ARGS, CHROMIUM_PATH, prepare, startServer } from './lib/showServer.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = path.join(root, 'dist/profile');
const CPU_SLOWDOWN = 4;
const SCREENS = [
  { path: '/screen', as: null },
  { path: '/supporter', as: 'judge' },
  { path: '/team', as: 'team' },
  { path: '/login', as: null },
];
const only = process.env.PROFILE_SCREENS?.split(',').map((s) => s.trim());
const runs = Number(process.env.PROFILE_RUNS) || 1;
const TOP = 25;

/** Self time (ms) per node, from the sample deltas. */
function selfTimes(profile) {
  const self = new Map();
  for (let i = 0; i < profile.samples.length; i++) {
    const id = profile.samples[i];
    self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  }
  return self;
}

function summarise(profile, base) {
  const self = selfTimes(profile);
  const byFile = new Map();
  const byFunction = new Map();
  let total = 0;
  for (const node of profile.nodes) {
    const ms = self.get(node.id) ?? 0;
    const { url, functionName, lineNumber, columnNumber } = node.callFrame;
    if (functionName === '(idle)' || functionName === '(program)') continue;
    total += ms;
    const file = url ? url.replace(base, '') : functionName;
    byFile.set(file, (byFile.get(file) ?? 0) + ms);
    const key = `${functionName || '(anonymous)'} ${url ? `${url.replace(base, '')}:${lineNumber + 1}:${columnNumber + 1}` : ''}`;
    byFunction.set(key, (byFunction.get(key) ?? 0) + ms);
  }
  const top = (map, n) =>
    [...map.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([name, ms]) => ({ name, ms: Math.round(ms) }));
  return { totalMs: Math.round(total), byFile: top(byFile, 12), byFunction: top(byFunction, TOP) };
}

async function main() {
  build();
  fs.rmSync(outDir, { recursive: true, force: true });
  fs.mkdirSync(outDir, { recursive: true });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hoithi-profile-'));
  const server = startServer(dataDir);
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });

  try {
    const base = await server.url;
    const { cookies } = await prepare(base);
    const report = [];
    for (const screen of SCREENS.filter((s) => !only || only.includes(s.path))) {
      for (let run = 1; run <= runs; run++) {
        const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true });
        if (screen.as) {
          const [name, value] = cookies[screen.as].split('=');
          await context.addCookies([{ name, value, url: base }]);
        }
        const page = await context.newPage();
        const cdp = await context.newCDPSession(page);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
        await cdp.send('Profiler.enable');
        await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
        await cdp.send('Profiler.start');
        const t0 = Date.now();
        await page.goto(`${base}${screen.path}`, { waitUntil: 'networkidle' });
        await page.waitForTimeout(2000);
        const { profile } = await cdp.send('Profiler.stop');
        const longTasks = await page.evaluate(() =>
          performance.getEntriesByType('longtask').map((t) => ({ start: Math.round(t.startTime), ms: Math.round(t.duration) })),
        );
        const name = `${screen.path.slice(1) || 'home'}${runs > 1 ? `-${run}` : ''}`;
        fs.writeFileSync(path.join(outDir, `${name}.cpuprofile`), JSON.stringify(profile));
        const summary = { screen: screen.path, run, wallMs: Date.now() - t0, longTasks, ...summarise(profile, base) };
        report.push(summary);
        console.log(
          `\n== ${screen.path} (run ${run}, CPU ×${CPU_SLOWDOWN}): ${summary.totalMs} ms of script and rendering on the main thread`,
        );
        console.log(`   long tasks (ms at start): ${longTasks.map((t) => `${t.ms}@${t.start}`).join(' ') || 'none'}`);
        console.log('   by file:');
        for (const f of summary.byFile) console.log(`     ${String(f.ms).padStart(6)} ms  ${f.name}`);
        console.log('   by function (self time):');
        for (const f of summary.byFunction) console.log(`     ${String(f.ms).padStart(6)} ms  ${f.name}`);
        await context.close();
      }
    }
    fs.writeFileSync(path.join(outDir, 'summary.json'), `${JSON.stringify(report, null, 2)}\n`);
  } finally {
    await browser.close();
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
