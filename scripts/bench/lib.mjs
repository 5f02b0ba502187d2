/**
 * Helpers shared by every benchmark (scripts/bench/*.ts under tsx, scripts/bench-hostile.mjs under
 * plain Node): statistics, the machine's description, the benchmark's child processes, the HTTP
 * calls of a set-up and throwaway PostgreSQL databases. Plain JavaScript (types in lib.d.mts), so
 * the .mjs scripts, which Node runs without a TypeScript loader, can import it too. Imports nothing
 * from the app, so a benchmark runs while the server code is being rewritten.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import pg from 'pg';
import { SERVER_PROCESS_ENV } from '../lib/server-process.mjs';

// ---------------------------------------------------------------- statistics

/** The p-th percentile (nearest rank) of `values`; NaN for none. */
export function percentile(values, p) {
  if (!values.length) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index];
}

/** The median (the mean of the two middle values for an even count); NaN for none. */
export function median(values) {
  if (!values.length) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// ---------------------------------------------------------------- the machine

/** CPU, cores, memory, Node and the kernel, for a benchmark's header. */
export function machine() {
  const cpus = os.cpus();
  return `${cpus.length} × ${cpus[0]?.model ?? 'unknown CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${os.platform()} ${os.release()}`;
}

/** The short commit `dir` is checked out at, or null outside a checkout. */
export function gitRevision(dir) {
  try {
    return execFileSync('git', ['-C', dir, 'rev-parse', '--short', 'HEAD'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------- child processes

const children = new Set();
const cleanups = [];
let exitHooked = false;

/** On exit (Ctrl-C and SIGTERM included): kill the tracked children, then run the clean-ups. */
function hookExit() {
  if (exitHooked) return;
  exitHooked = true;
  process.on('exit', () => {
    for (const child of children) child.kill('SIGKILL');
    for (const cleanup of cleanups) cleanup();
  });
  process.on('SIGINT', () => process.exit(130));
  process.on('SIGTERM', () => process.exit(143));
}

/** Keeps `child` on the list of processes killed when this one exits, however it exits. */
export function track(child) {
  hookExit();
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

/** Runs `cleanup` (synchronous) when this process exits, however it exits. */
export function atExit(cleanup) {
  hookExit();
  cleanups.push(cleanup);
}

/** Resolves once `child` has exited (at once if it has). */
export function exited(child) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/** SIGTERM, then SIGKILL after `graceMs`; resolves once the child has exited. */
export async function stopChild(child, graceMs = 15_000) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited(child);
  clearTimeout(timer);
}

/**
 * `env` with what `npm start` sets for the server's process (`SERVER_PROCESS_ENV`) where `env` sets none
 * of it; with none of it when `defaultMalloc` (by default when BENCH_MALLOC=default): a "before" of
 * glibc's default malloc, in the same sitting.
 */
export function withServerProcessEnv(env, defaultMalloc = process.env.BENCH_MALLOC === 'default') {
  const out = { ...SERVER_PROCESS_ENV, ...env };
  if (defaultMalloc) for (const name of Object.keys(SERVER_PROCESS_ENV)) delete out[name];
  return out;
}

/**
 * The environment of the built server under a benchmark: PGlite in `dataDir` (never DATABASE_URL),
 * a free port on localhost, production, the demo event seeded, the admin's password, what `npm start`
 * sets for the process (`withServerProcessEnv`); then `extra`.
 */
export function serverEnv(dataDir, adminPassword, extra = {}) {
  const env = {
    ...withServerProcessEnv(process.env),
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    NODE_ENV: 'production',
    ADMIN_PASSWORD: adminPassword,
    SEED_DEMO: '1',
    ...extra,
  };
  delete env.DATABASE_URL;
  return env;
}

// ---------------------------------------------------------------- HTTP

/**
 * A JSON call to the server's REST API; the parsed answer (null for an empty one). Anything but 200
 * throws with the status and the start of the answer. `origin` sends an Origin header (the vote's
 * routes want the site's own).
 */
export async function api(base, method, pathname, { cookie, body, origin } = {}) {
  const res = await fetch(`${base}${pathname}`, {
    method,
    headers: { 'content-type': 'application/json', ...(origin ? { origin } : {}), ...(cookie ? { cookie } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`${method} ${pathname}: ${res.status} ${text.slice(0, 300)}`);
  return text ? JSON.parse(text) : null;
}

/** Logs in through POST /login; the session cookie ("hoithi_session=…"). */
export async function login(base, username, password, { origin } = {}) {
  const res = await fetch(`${base}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(origin ? { origin } : {}) },
    body: JSON.stringify({ username, password }),
  });
  if (res.status !== 200) throw new Error(`login ${username}: ${res.status} ${await res.text()}`);
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('hoithi_session='));
  if (!cookie) throw new Error(`login ${username}: no hoithi_session cookie`);
  return cookie.split(';')[0];
}

// ---------------------------------------------------------------- PostgreSQL

/** A fresh database on `base`'s PostgreSQL server for one run, named after `prefix`; `drop` removes it. */
export async function throwawayPostgres(base, prefix) {
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    async drop() {
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}
