/**
 * A hall answering at once: N teams (500 by default) each send their answer to the question on screen
 * (POST /trpc/show.submitAnswer, each team signed in with its own account), all arriving within one
 * second at seeded uniform times, against the built server running as its own process. Every answer
 * must be acknowledged (200); the latency of each is its request's start → whole answer. Beside it,
 * in the same run and on the same kind of database, the same schedule of plain one-row insert
 * transactions (a pool of 10 on PostgreSQL, as the server's). Load generators are processes of their
 * own (this file forked with --answers or --inserts). One server per database: the teams and their
 * accounts are made once, then each run opens the next question. PGlite runs on a fresh data folder
 * on disk; PostgreSQL (BENCH_DATABASE_URL or TEST_DATABASE_URL) on a throwaway database.
 *
 *   node scripts/build.mjs && npx tsx scripts/bench/answers.ts [--teams 500 --window 1000 --runs 3] [--profile]
 */
import { type ChildProcess, fork } from 'node:child_process';
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
const teamCount = Number(args.get('teams') ?? process.env.BENCH_TEAMS ?? 500);
const windowMs = Number(args.get('window') ?? process.env.BENCH_WINDOW ?? 1000);
const runs = Number(args.get('runs') ?? 3);
const profile = args.has('profile');
const PASSWORD = 'bench-team-1';

interface Run {
  acknowledged: number;
  refused: string[];
  p50: number;
  p99: number;
  max: number;
  /** From the first request's start to the last answer. */
  spanMs: number;
}

/** Arrival times in [0, windowMs), the same every run (a small LCG). */
function schedule(n: number, seed: number): number[] {
  let state = seed;
  return Array.from({ length: n }, () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return (state / 2_147_483_648) * windowMs;
  });
}

/** Runs `send(i)` at each scheduled time; the latencies of those that succeed and the failures. */
async function fire(send: (i: number) => Promise<string | null>): Promise<Run> {
  const times = schedule(teamCount, 7);
  const latencies: number[] = [];
  const refused: string[] = [];
  const start = performance.now();
  let last = start;
  await Promise.all(
    times.map(
      (at, i) =>
        new Promise<void>((resolve) => {
          setTimeout(
            async () => {
              const begun = performance.now();
              const error = await send(i).catch((e: Error) => e.message);
              const done = performance.now();
              last = Math.max(last, done);
              if (error) refused.push(error);
              else latencies.push(done - begun);
              resolve();
            },
            Math.max(0, at - (performance.now() - start)),
          );
        }),
    ),
  );
  return {
    acknowledged: latencies.length,
    refused: refused.slice(0, 5),
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: Math.max(...latencies),
    spanMs: last - start,
  };
}

// ---- load generator processes ----------------------------------------------------------------------

async function answersProcess(): Promise<void> {
  const { base, cookies, questionId } = JSON.parse(process.env.BENCH_SETUP!) as { base: string; cookies: string[]; questionId: string };
  // Connections first, so the measurement is of the answers and not of TCP handshakes.
  await Promise.all(cookies.map((cookie) => fetch(`${base}/api/state`, { headers: { cookie } }).then((r) => r.arrayBuffer())));
  const run = await fire(async (i) => {
    const res = await fetch(`${base}/trpc/show.submitAnswer`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: cookies[i]! },
      body: JSON.stringify({ questionId, answer: `Đáp án của đội ${i + 1}` }),
    });
    const text = await res.text();
    return res.status === 200 ? null : `${res.status} ${text.slice(0, 200)}`;
  });
  process.send!(run, () => process.exit(0));
}

async function insertsProcess(): Promise<void> {
  const url = process.env.BENCH_INSERT_URL;
  const create =
    'create table if not exists bench_answers (id bigserial primary key, team int not null, answer text not null, at timestamptz not null default now())';
  if (url) {
    const pool = new pg.Pool({ connectionString: url, max: 10 });
    await pool.query(create);
    await Promise.all(Array.from({ length: 10 }, () => pool.query('select 1')));
    const run = await fire(async (i) => {
      const client = await pool.connect();
      try {
        await client.query('begin');
        await client.query('insert into bench_answers (team, answer) values ($1, $2)', [i, `Đáp án của đội ${i + 1}`]);
        await client.query('commit');
      } finally {
        client.release();
      }
      return null;
    });
    await pool.end();
    process.send!(run, () => process.exit(0));
    return;
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hoithi-bench-pglite-'));
  const db = new PGlite(dir);
  await db.query(create);
  const run = await fire(async (i) => {
    await db.transaction(
      async (tx) => void (await tx.query('insert into bench_answers (team, answer) values ($1, $2)', [i, `Đáp án ${i}`])),
    );
    return null;
  });
  await db.close();
  fs.rmSync(dir, { recursive: true, force: true });
  process.send!(run, () => process.exit(0));
}

// ---- orchestrator ------------------------------------------------------------------------------------

function child(mode: '--answers' | '--inserts', env: Record<string, string>): Promise<Run> {
  return new Promise((resolve, reject) => {
    const proc: ChildProcess = fork(fileURLToPath(import.meta.url), [mode], {
      env: { ...process.env, ...env, BENCH_TEAMS: String(teamCount), BENCH_WINDOW: String(windowMs) },
      execArgv: ['--import', 'tsx'],
    });
    proc.once('message', (run) => resolve(run as Run));
    proc.once('exit', (code) => code !== 0 && reject(new Error(`${mode} exited with ${code}`)));
  });
}

const startServer = (env: Record<string, string>) => startTimedServer(ROOT, env, profile);

const call = (base: string, method: string, route: string, cookie: string, body: unknown) => api(base, method, route, { cookie, body });

/** Runs `task` over `items`, `width` at a time (the accounts' password hashes are the set-up's cost). */
async function inParallel<T, R>(items: T[], width: number, task: (item: T, i: number) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await task(items[i]!, i);
      }
    }),
  );
  return out;
}

/** One database: the server, its teams and accounts, then `runs` questions each answered by every team. */
async function measure(postgresBase: string | undefined): Promise<{ app: Run; insert: Run; ordered: string }[]> {
  const appDb = postgresBase ? await throwawayPostgres(postgresBase, 'hoithi_bench') : null;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hoithi-bench-data-'));
  const server = await startServer(appDb ? { DATABASE_URL: appDb.url } : { DATA_DIR: dataDir });
  const results: { app: Run; insert: Run; ordered: string }[] = [];
  let output = '';
  try {
    const { base } = server;
    const admin = await login(base, 'admin', 'bench-admin-1');
    const indexes = Array.from({ length: teamCount }, (_, i) => i);
    const teams = await inParallel(
      indexes,
      4,
      async (i) => (await call(base, 'POST', '/api/team', admin, { data: { name: `Đội ${i + 1}` } })).item._id,
    );
    await inParallel(indexes, 4, (i) =>
      call(base, 'POST', '/api/user', admin, {
        user: { username: `doi${i + 1}`, password: PASSWORD, fullName: `Đội ${i + 1}`, role: 'team', teamId: teams[i] },
      }),
    );
    const cookies = await inParallel(indexes, 4, (i) => login(base, `doi${i + 1}`, PASSWORD));
    console.error(`[bench] ${teamCount} teams signed in`);
    const items = Array.from({ length: runs }, (_, i) => ({
      content: `Câu ${i + 1}?`,
      options: ['A', 'B'],
      answer: 'A',
      point: 10,
      timeLimit: 120,
    }));
    const set = (await call(base, 'POST', '/trpc/questionSet.create', admin, { set: 1, data: { title: 'Khởi động', items } })).result.data
      .item;
    await call(base, 'PUT', '/api/show', admin, { changes: { phase: 'round', fw: 1, setId: set._id } });
    for (let r = 0; r < runs; r++) {
      const questionId = set.items[r].id as string;
      await call(base, 'PUT', '/api/show', admin, {
        changes: { questionId, phase: 'question', answersOpen: true, timer: { action: 'start', durationMs: 120_000 } },
      });
      const app = await child('--answers', { BENCH_SETUP: JSON.stringify({ base, cookies, questionId }) });
      const insertDb = postgresBase ? await throwawayPostgres(postgresBase, 'hoithi_bench') : null;
      let insert: Run;
      try {
        insert = await child('--inserts', insertDb ? { BENCH_INSERT_URL: insertDb.url } : {});
      } finally {
        await insertDb?.drop();
      }
      results.push({ app, insert, ordered: '' });
    }
  } finally {
    output = await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    await appDb?.drop();
  }
  const ordered = /\[timings\] commits: (.*)/.exec(output)?.[1] ?? 'n/a';
  for (const result of results) result.ordered = ordered;
  return results;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const span = (values: number[], digits = 0) =>
  `${median(values).toFixed(digits)} [${Math.min(...values).toFixed(digits)}–${Math.max(...values).toFixed(digits)}]`;

async function main(): Promise<void> {
  if (!fs.existsSync(path.join(ROOT, 'dist/server/index.js'))) throw new Error('No build: run node scripts/build.mjs first.');
  const postgres = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  const lines = [
    `Machine: ${machine()}; ${new Date().toISOString()}; ${teamCount} answers within ${windowMs} ms, ${runs} runs, medians [min–max].`,
    '',
    '| database | acknowledged | p50 (ms) | p99 (ms) | max (ms) | last answer after (ms) | plain insert p50 / p99 (ms), same schedule | commits (server, all runs) |',
    '|---|---:|---:|---:|---:|---:|---:|---|',
  ];
  let failed = false;
  for (const [label, base] of [
    ['PGlite (data folder on disk)', undefined],
    ['PostgreSQL (local)', postgres],
  ] as const) {
    if (label.startsWith('PostgreSQL') && !base) continue;
    const results = await measure(base);
    for (const [i, r] of results.entries()) {
      console.error(
        `[bench] ${label} run ${i + 1}: ${r.app.acknowledged}/${teamCount} acknowledged, p99 ${r.app.p99.toFixed(1)} ms (insert p99 ${r.insert.p99.toFixed(1)} ms)${r.app.refused.length ? `; refused: ${r.app.refused.join(' | ')}` : ''}`,
      );
      if (r.app.acknowledged !== teamCount) failed = true;
    }
    const apps = results.map((r) => r.app);
    const inserts = results.map((r) => r.insert);
    lines.push(
      `| ${label} | ${apps.map((a) => a.acknowledged).join(', ')} of ${teamCount} | ${span(
        apps.map((a) => a.p50),
        1,
      )} | ${span(
        apps.map((a) => a.p99),
        1,
      )} | ${span(
        apps.map((a) => a.max),
        1,
      )} | ${span(apps.map((a) => a.spanMs))} | ${span(
        inserts.map((a) => a.p50),
        1,
      )} / ${span(
        inserts.map((a) => a.p99),
        1,
      )} | ${results[0]!.ordered} |`,
    );
  }
  console.log(lines.join('\n'));
  if (failed) process.exitCode = 1;
}

const mode = process.argv[2];
if (mode === '--answers') await answersProcess();
else if (mode === '--inserts') await insertsProcess();
else await main();
