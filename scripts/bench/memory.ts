/**
 * Memory and start-up of the built server on PGlite (BENCHMARKS.md, "Memory and start-up"), each
 * process measured from outside (its VmRSS in /proc), medians of 3 runs with min–max:
 *
 * - fresh: a new data folder, the demo seeded; from spawn until `GET /api/state` answers, the RSS
 *   then and after `--idle` seconds of nothing;
 * - existing: the same folder, the server started again (a restart);
 * - the server as `npm start` runs it (`withServerProcessEnv`), and once more on the existing folder
 *   with glibc's default malloc (no `MALLOC_MMAP_THRESHOLD_`), to show what that setting does;
 * - the baselines in the same run: a bare PGlite on that folder (the server's settings, and
 *   PostgreSQL's defaults), and a bare Hono on @hono/node-server answering one route.
 *
 *   npm run build && npx tsx scripts/bench/memory.ts [--runs 3] [--idle 10] [--root <built checkout>]
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { PGLITE_SETTINGS } from '../../src-server/db/connection';
import { atExit, gitRevision, machine, median, sleep, stopChild, track, withServerProcessEnv } from './lib.mjs';

const HERE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const { values } = parseArgs({
  options: { runs: { type: 'string', default: '3' }, idle: { type: 'string', default: '10' }, root: { type: 'string' } },
});
/** The checkout whose build runs: this one, or another (`--root`, an earlier commit, for "before"). */
const ROOT = path.resolve(values.root ?? HERE);
const RUNS = Number(values.runs);
const IDLE_MS = Number(values.idle) * 1000;

const rssMb = (pid: number) => {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024;
};

/** Waits for `pattern` on the child's output; its first group. */
function waitFor(child: ChildProcess, pattern: RegExp, what: string): Promise<string> {
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what} did not start:\n${output}`)), 120_000);
    const look = (data: Buffer) => {
      output += data;
      const match = pattern.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1] ?? '');
      }
    };
    child.stdout!.on('data', look);
    child.stderr!.on('data', look);
  });
}

interface Start {
  startMs: number;
  readyMb: number;
  idleMb: number;
}

/**
 * The built server on `dataDir`: from spawn until /api/state answers, its RSS then and after the idle
 * wait. `processEnv: false` leaves out what `npm start` sets for the process.
 */
async function serverStart(dataDir: string, processEnv = true): Promise<Start> {
  const started = performance.now();
  const child = track(
    spawn(process.execPath, [path.join(ROOT, 'dist/server/index.js')], {
      cwd: ROOT,
      env: {
        ...withServerProcessEnv(process.env, !processEnv),
        DATA_DIR: dataDir,
        PORT: '0',
        HOST: '127.0.0.1',
        NODE_ENV: 'production',
        ADMIN_PASSWORD: 'bench-admin-1',
        SEED_DEMO: '1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  );
  const base = (await waitFor(child, /đang chạy tại (http:\/\/\S+)/, 'server')).replace('localhost', '127.0.0.1');
  for (;;) {
    const response = await fetch(`${base}/api/state`).catch(() => null);
    if (response?.ok) break;
    await sleep(20);
  }
  const startMs = performance.now() - started;
  const readyMb = rssMb(child.pid!);
  await sleep(IDLE_MS);
  const idleMb = rssMb(child.pid!);
  await stopChild(child);
  return { startMs, readyMb, idleMb };
}

/** A bare process (an inline module) that prints `ready` once set up; its RSS after the idle wait. */
async function bareRss(source: string, args: string[]): Promise<number> {
  const child = track(
    spawn(process.execPath, ['--input-type=module', '-e', source, ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] }),
  );
  await waitFor(child, /(ready)/, 'bare process');
  await sleep(IDLE_MS);
  const mb = rssMb(child.pid!);
  await stopChild(child);
  return mb;
}

const BARE_PGLITE = `
const { PGlite } = await import('@electric-sql/pglite');
const conf = JSON.parse(process.argv[2]);
const db = await PGlite.create({ dataDir: process.argv[1], ...(conf.length ? { postgresqlconf: conf } : {}) });
await db.query('select count(*) from teams');
console.log('ready');
setInterval(() => {}, 1000);
`;

const BARE_HONO = `
const { serve } = await import('@hono/node-server');
const { Hono } = await import('hono');
const app = new Hono();
app.get('/api/state', (c) => c.json({ ok: true }));
serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => console.log('ready'));
`;

const rows: Record<string, number[]> = {};
const add = (name: string, value: number) => {
  rows[name] ??= [];
  rows[name]!.push(value);
};

console.log(`# memory and start-up · ${machine()} · ${gitRevision(ROOT) ?? 'no checkout'} · ${RUNS} runs, ${IDLE_MS / 1000} s idle`);
for (let run = 1; run <= RUNS; run++) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hoithi-memory-'));
  atExit(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const fresh = await serverStart(dataDir);
  const existing = await serverStart(dataDir);
  const defaultMalloc = await serverStart(dataDir, false);
  add('start, fresh folder (s)', fresh.startMs / 1000);
  add('start, existing folder (s)', existing.startMs / 1000);
  add('RSS at ready, fresh folder (MiB)', fresh.readyMb);
  add('RSS idle, fresh folder (MiB)', fresh.idleMb);
  add('RSS at ready, existing folder (MiB)', existing.readyMb);
  add('RSS idle, existing folder (MiB)', existing.idleMb);
  add('fresh idle ÷ existing idle', fresh.idleMb / existing.idleMb);
  add('RSS idle, existing folder, glibc’s default malloc (MiB)', defaultMalloc.idleMb);
  add('bare PGlite on the folder, the server’s settings (MiB)', await bareRss(BARE_PGLITE, [dataDir, JSON.stringify(PGLITE_SETTINGS)]));
  add('bare PGlite on the folder, PostgreSQL’s defaults (MiB)', await bareRss(BARE_PGLITE, [dataDir, '[]']));
  add('bare Hono on @hono/node-server (MiB)', await bareRss(BARE_HONO, []));
  console.log(`run ${run}/${RUNS} done`);
  fs.rmSync(dataDir, { recursive: true, force: true });
}

const fmt = (n: number) => (n >= 10 ? n.toFixed(0) : n.toFixed(2));
console.log('\n| what | median [min–max] |\n|---|---|');
for (const [name, list] of Object.entries(rows)) {
  console.log(`| ${name} | ${fmt(median(list))} [${fmt(Math.min(...list))}–${fmt(Math.max(...list))}] |`);
}
