/**
 * Scoring throughput: 8 judges submitting points concurrently over HTTP (PUT /api/cham-thi/submit)
 * for a fixed time, beside — in the same run, on the same database — 8 workers running a plain
 * insert transaction. Run on PGlite, and on PostgreSQL when BENCH_DATABASE_URL (or
 * TEST_DATABASE_URL) is set; each PostgreSQL run uses a throwaway database.
 *
 *   npm run bench:scoring [-- --seconds 10]
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import pg from 'pg';
import type { DatabaseHandle } from '../../src-server/db/connection';
import { parseArgs } from '../lib/cli-db';
import { addUser, benchServer, login, machine, ms, percentile } from './lib';

const args = parseArgs(process.argv.slice(2));
const seconds = Number(args.get('seconds') ?? 10);
const JUDGES = 8;
const postgresUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;

interface Run {
  count: number;
  latencies: number[];
}

async function loop(workers: number, work: (worker: number, i: number) => Promise<void>): Promise<Run> {
  const latencies: number[] = [];
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: workers }, async (_, worker) => {
      for (let i = 0; performance.now() < until; i++) {
        const start = performance.now();
        await work(worker, i);
        latencies.push(performance.now() - start);
      }
    }),
  );
  return { count: latencies.length, latencies };
}

async function benchOne(label: string, databaseUrl?: string): Promise<string> {
  const { server, database, base } = await benchServer(databaseUrl);
  try {
    await addUser(database, 'bench-admin', 'admin');
    const admin = await login(base, 'bench-admin');
    const teams: string[] = [];
    for (let i = 0; i < 8; i++) {
      const res = await fetch(`${base}/api/team`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: admin },
        body: JSON.stringify({ data: { name: `Đội ${i + 1}` } }),
      });
      teams.push((await res.json()).item._id);
    }
    await fetch(`${base}/api/score-field`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: admin },
      body: JSON.stringify({ data: { name: 'f', label: 'Tiêu chí', maxPoint: 10, step: 0.5 } }),
    });
    await fetch(`${base}/api/show`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', cookie: admin },
      body: JSON.stringify({ changes: { activeField: 'f', scoringOpen: true } }),
    });
    const judges: string[] = [];
    for (let j = 0; j < JUDGES; j++) {
      await addUser(database, `bench-gk${j}`, 'judge');
      judges.push(await login(base, `bench-gk${j}`));
    }

    const scoring = await loop(JUDGES, async (worker, i) => {
      const res = await fetch(`${base}/api/cham-thi/submit`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', cookie: judges[worker]! },
        body: JSON.stringify({ teamId: teams[i % teams.length], point: (i % 21) / 2, key: `w${worker}-${i}` }),
      });
      if (res.status !== 200) throw new Error(`submit: ${res.status} ${await res.text()}`);
    });

    await sql`create table if not exists bench_plain (id bigserial primary key, worker int, n int, at timestamptz default now())`.execute(database.db);
    const plain = await loop(JUDGES, async (worker, i) => {
      await database.db.transaction().execute(async (trx) => {
        await sql`insert into bench_plain (worker, n) values (${worker}, ${i})`.execute(trx);
      });
    });

    const row = (name: string, run: Run) =>
      `| ${label} | ${name} | ${(run.count / seconds).toFixed(0)} /s | ${ms(percentile(run.latencies, 50))} | ${ms(percentile(run.latencies, 99))} |`;
    return [row('8 judges, PUT /api/cham-thi/submit (HTTP, auth, checks, audit, 3 events)', scoring), row('8 workers, plain insert transaction', plain)].join('\n');
  } finally {
    await server.close();
    await (database as DatabaseHandle).close();
  }
}

async function throwaway(base: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `hoithi_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

const lines = [
  `Machine: ${machine()}; ${seconds} s per measurement.`,
  '',
  '| database | what | throughput | p50 | p99 |',
  '|---|---|---:|---:|---:|',
  await benchOne('PGlite (in memory)'),
];
if (postgresUrl) {
  const db = await throwaway(postgresUrl);
  try {
    lines.push(await benchOne('PostgreSQL 15 (local)', db.url));
  } finally {
    await db.drop();
  }
}
console.log(lines.join('\n'));
process.exit(0);
