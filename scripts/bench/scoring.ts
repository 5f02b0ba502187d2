/**
 * Scoring throughput: 8 judges submitting points concurrently (PUT /api/cham-thi/submit, each with
 * its idempotency key) for a fixed time, against the built server running as its own process;
 * beside it, in the same run and on the same kind of database, 8 workers running a plain one-row
 * insert transaction. Every load generator is a process of its own (this file, forked with
 * --judges or --inserts). PGlite runs on a fresh data folder on disk; PostgreSQL runs (when
 * BENCH_DATABASE_URL or TEST_DATABASE_URL is set) use throwaway databases. The server is started
 * with HOITHI_TIMINGS=1 and reports how long each commit took from its events statement to its end: one per commit,
 * which is a batch of the writes that arrived together (group commit), so n counts commits, not submits.
 *
 *   node scripts/build.mjs && npm run bench:scoring [-- --seconds 10 --runs 3] [--profile]
 */
import { type ChildProcess, fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { parseArgs } from '../lib/cli-db';
import { api, login, machine, percentile, throwawayPostgres } from './lib.mjs';
import { startTimedServer } from './timed-server';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, '../..');
const args = parseArgs(process.argv.slice(2));
// Children get the measurement time from the parent, through the environment.
const seconds = Number(args.get('seconds') ?? process.env.BENCH_SECONDS ?? 10);
const runs = Number(args.get('runs') ?? 3);
/** Write a CPU profile of the server under load (test-results/profiles/). */
const profile = args.has('profile');
const WORKERS = 8;

interface Run {
  count: number;
  p50: number;
  p99: number;
}

/** `workers` loops doing `work` until the time is up. */
async function loop(work: (worker: number, i: number) => Promise<void>): Promise<Run> {
  const latencies: number[] = [];
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: WORKERS }, async (_, worker) => {
      for (let i = 0; performance.now() < until; i++) {
        const start = performance.now();
        await work(worker, i);
        latencies.push(performance.now() - start);
      }
    }),
  );
  return { count: latencies.length, p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
}

// ---- load generator processes ----------------------------------------------------------------------

async function judgesProcess(): Promise<void> {
  const { base, cookies, teams } = JSON.parse(process.env.BENCH_SETUP!) as { base: string; cookies: string[]; teams: string[] };
  const tag = randomBytes(4).toString('hex');
  const run = await loop(async (worker, i) => {
    const res = await fetch(`${base}/api/cham-thi/submit`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', cookie: cookies[worker]! },
      body: JSON.stringify({ teamId: teams[i % teams.length], point: (i % 21) / 2, key: `${tag}-${worker}-${i}` }),
    });
    if (res.status !== 200) throw new Error(`submit: ${res.status} ${await res.text()}`);
    await res.arrayBuffer();
  });
  process.send!(run, () => process.exit(0));
}

async function insertsProcess(): Promise<void> {
  const url = process.env.BENCH_INSERT_URL;
  if (url) {
    const pool = new pg.Pool({ connectionString: url, max: WORKERS });
    await pool.query(
      'create table if not exists bench_rows (id bigserial primary key, worker int not null, n int not null, at timestamptz not null default now())',
    );
    const run = await loop(async (worker, i) => {
      const client = await pool.connect();
      try {
        await client.query('begin');
        await client.query('insert into bench_rows (worker, n) values ($1, $2)', [worker, i]);
        await client.query('commit');
      } finally {
        client.release();
      }
    });
    await pool.end();
    process.send!(run, () => process.exit(0));
    return;
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hoithi-bench-pglite-'));
  const db = new PGlite(dir);
  await db.query(
    'create table bench_rows (id bigserial primary key, worker int not null, n int not null, at timestamptz not null default now())',
  );
  const run = await loop((worker, i) =>
    db.transaction(async (tx) => void (await tx.query('insert into bench_rows (worker, n) values ($1, $2)', [worker, i]))),
  );
  await db.close();
  fs.rmSync(dir, { recursive: true, force: true });
  process.send!(run, () => process.exit(0));
}

// ---- orchestrator ------------------------------------------------------------------------------------

function child(mode: '--judges' | '--inserts', env: Record<string, string>): Promise<Run> {
  return new Promise((resolve, reject) => {
    const proc: ChildProcess = fork(fileURLToPath(import.meta.url), [mode], {
      env: { ...process.env, ...env, BENCH_SECONDS: String(seconds) },
      execArgv: ['--import', 'tsx'],
    });
    proc.once('message', (run) => resolve(run as Run));
    proc.once('exit', (code) => code !== 0 && reject(new Error(`${mode} exited with ${code}`)));
  });
}

const startServer = (env: Record<string, string>) => startTimedServer(ROOT, env, profile);

/** A set-up call as the holder of `cookie`. */
const call = (base: string, method: string, route: string, cookie: string, body: unknown) => api(base, method, route, { cookie, body });

/** One run: the app under 8 judges, then the plain insert baseline, on fresh databases. */
async function measure(postgresBase: string | undefined): Promise<{ app: Run; insert: Run; ordered: string }> {
  const appDb = postgresBase ? await throwawayPostgres(postgresBase, 'hoithi_bench') : null;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hoithi-bench-data-'));
  const server = await startServer(appDb ? { DATABASE_URL: appDb.url } : { DATA_DIR: dataDir });
  let ordered = '';
  let app: Run;
  try {
    const admin = await login(server.base, 'admin', 'bench-admin-1');
    const teams: string[] = [];
    for (let i = 0; i < 8; i++)
      teams.push((await call(server.base, 'POST', '/api/team', admin, { data: { name: `Đội ${i + 1}` } })).item._id);
    await call(server.base, 'POST', '/api/score-field', admin, { data: { name: 'f', label: 'Tiêu chí', maxPoint: 10, step: 0.5 } });
    const cookies: string[] = [];
    for (let i = 0; i < WORKERS; i++) {
      await call(server.base, 'POST', '/api/user', admin, {
        user: { username: `gk${i}`, password: 'bench-pass-1', fullName: `Giám khảo ${i}`, role: 'judge' },
      });
      cookies.push(await login(server.base, `gk${i}`, 'bench-pass-1'));
    }
    await call(server.base, 'PUT', '/api/show', admin, { changes: { activeField: 'f', scoringOpen: true } });
    app = await child('--judges', { BENCH_SETUP: JSON.stringify({ base: server.base, cookies, teams }) });
  } finally {
    const output = await server.stop();
    ordered = /\[timings\] commits: (.*)/.exec(output)?.[1] ?? 'n/a';
    fs.rmSync(dataDir, { recursive: true, force: true });
    await appDb?.drop();
  }
  const insertDb = postgresBase ? await throwawayPostgres(postgresBase, 'hoithi_bench') : null;
  try {
    const insert = await child('--inserts', insertDb ? { BENCH_INSERT_URL: insertDb.url } : {});
    return { app, insert, ordered };
  } finally {
    await insertDb?.drop();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const span = (values: number[], digits = 0) =>
  `${median(values).toFixed(digits)} [${Math.min(...values).toFixed(digits)}–${Math.max(...values).toFixed(digits)}]`;

async function main(): Promise<void> {
  if (!fs.existsSync(path.join(ROOT, 'dist/server/index.js'))) throw new Error('No build: run node scripts/build.mjs first.');
  const postgres = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  const lines = [
    `Machine: ${machine()}; ${new Date().toISOString()}; ${seconds} s per measurement, ${runs} runs, medians [min–max].`,
    '',
    "| database | judges' submits/s | p50 (ms) | p99 (ms) | plain insert transactions/s, 8 workers | ratio | commits (server) |",
    '|---|---:|---:|---:|---:|---:|---|',
  ];
  for (const [label, base] of [
    ['PGlite (data folder on disk)', undefined],
    ['PostgreSQL 15 (local)', postgres],
  ] as const) {
    if (label.startsWith('PostgreSQL') && !base) continue;
    const results = [];
    for (let i = 0; i < runs; i++) {
      const result = await measure(base);
      console.error(
        `[bench] ${label} run ${i + 1}: ${(result.app.count / seconds).toFixed(0)}/s (p99 ${result.app.p99.toFixed(1)} ms) vs insert ${(result.insert.count / seconds).toFixed(0)}/s; ordered ${result.ordered}`,
      );
      results.push(result);
    }
    const rate = (r: Run) => r.count / seconds;
    lines.push(
      `| ${label} | ${span(results.map((r) => rate(r.app)))} | ${span(
        results.map((r) => r.app.p50),
        1,
      )} | ${span(
        results.map((r) => r.app.p99),
        1,
      )} | ` +
        `${span(results.map((r) => rate(r.insert)))} | ${span(
          results.map((r) => rate(r.app) / rate(r.insert)),
          3,
        )}× | ${results.map((r) => r.ordered).join('; ')} |`,
    );
  }
  console.log(lines.join('\n'));
}

const mode = process.argv[2];
if (mode === '--judges') await judgesProcess();
else if (mode === '--inserts') await insertsProcess();
else await main();
