/**
 * An online night: the audience vote through nginx over several app instances on one PostgreSQL.
 *
 * Per run, on a throwaway PostgreSQL database (created and dropped here), with the cluster that
 * `npm run start:cluster` starts (`startCluster` of scripts/lib/cluster.mjs: N instances of the built
 * server with TRUST_PROXY=1, nginx in front with deploy/nginx.conf; `worker_connections` raised as
 * docs/DEPLOY.md says for a large night, through a wrapper, see --nginx-worker-connections):
 *
 *   1. The master opens a vote for the demo's teams and puts the tally on screen 2.
 *   2. S public subscribers of `system.join` (screen-2-like, ws-clients.ts processes) connect through
 *      nginx, each from a loopback address of its own, and record every `vote` message.
 *   3. V voters arrive within T seconds (seeded uniform arrival times, the same schedule every run) from
 *      one or two load-generator processes (this file, BENCH_VOTES_ROLE=generator): each a new device
 *      on new connections bound to its own 127.x.y.z source address, `GET /api/vote` (its page's
 *      read, which sets the ballot cookie) then `POST /api/vote` with the cookie and the site's Origin.
 *      Ballot latency: the POST's start → whole answer.
 *   4. Freshness of the tally: for the k-th acknowledged ballot (acks in time order), the arrival at a
 *      subscriber of its first `vote` message with ballots ≥ k, minus that ack; over every subscriber.
 *   5. One more ballot sends an X-Forwarded-For of its own: the address stored must be its socket's.
 *      The vote is closed; the count the master reads (`GET /api/vote`) must equal the acknowledged
 *      ballots (and the rows in `ballots`); a mismatch fails the benchmark (exit 1).
 *   6. Fan-out: one show change (PUT /api/show) to the S subscribers through nginx, then to S fresh
 *      subscribers directly on the first instance (PUT to it too): request start → the last
 *      subscriber has it, over `--rounds` rounds after 3 warm-up rounds.
 *   7. Baseline, same run, same PostgreSQL: a plain one-row `insert into ballots` with `pg` (a pool as
 *      large as the instances' pools together), same arrival schedule, from its own process.
 *
 * Also: distinct addresses in `ballots`, each process's CPU (/proc/<pid>/stat around the vote) and RSS.
 * Clocks: every process stamps with the shared wall clock; offsets are measured over IPC.
 *
 *   node scripts/build.mjs && npm run bench:votes -- [--runs 3] [--voters 3000] [--seconds 10]
 *       [--instances 3] [--subscribers 1000] [--rounds 20] [--generators 1]
 *       [--database-url postgres://postgres@127.0.0.1:5432/postgres] [--out test-results/bench-votes.json]
 *       [--nginx-worker-connections 16384] [--profile] [--per-instance] [--raw /tmp/votes-raw.json]
 */
import { type ChildProcess, execFileSync, fork, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { clock, type FromClients, loopbackAddress, median, percentile, sleep, type ToClients } from './live-lib';
import { throwawayPostgres } from './lib';

const HERE = import.meta.dirname;
const ROOT = path.resolve(HERE, '../..');
const TSX = import.meta.resolve('tsx');
const ROLE = process.env.BENCH_VOTES_ROLE ?? 'main';
const log = (line: string) => console.error(`[bench:votes] ${line}`);

/** Source addresses: voters from loopbackAddress(0…), subscribers from these bases on. */
const SUBSCRIBER_BASE = 400_000;
const DIRECT_BASE = 600_000;
/** The one ballot that sends an X-Forwarded-For of its own, from loopbackAddress(SPOOF_N). */
const SPOOF_N = 800_000;
const SPOOFED = '203.0.113.7';
const WARMUP_ROUNDS = 3;
const SOCKETS_PER_CLIENT = 1500;
const APP_POOL = 10; // src-server/db/connection.ts: max 10 connections an instance
const ADMIN_PASSWORD = 'bench-votes-admin-1';

/** What this benchmark uses of scripts/lib/cluster.mjs (`npm run start:cluster`'s own starter). */
interface Cluster {
  url: string;
  configDir: string;
  nginx: { pid: number };
  instances: { index: number; url: string; pid: number }[];
  stop(): Promise<void>;
}
interface ClusterModule {
  startCluster(options: {
    instances: number;
    port: number;
    databaseUrl: string;
    exposeUpstreams: boolean;
    env: Record<string, string>;
    log: (line: string) => void;
    onUnexpectedExit: (name: string, code: unknown) => void;
  }): Promise<Cluster>;
}
const CLUSTER_MODULE = pathToFileURL(path.join(ROOT, 'scripts/lib/cluster.mjs')).href;

// ================================================================ load generators (child processes)

interface VoterTask {
  type: 'run';
  host: string;
  port: number;
  origin: string;
  /** Voter numbers of this process (its address is loopbackAddress(n)) and their arrival offsets, ms. */
  voters: number[];
  offsets: number[];
  teams: string[];
}

interface VoterResult {
  n: number;
  /** The instance that answered (X-Upstream, with --per-instance). */
  upstream?: string;
  /** Shared-clock times: scheduled arrival, request start, TCP connected, answer's headers, whole answer (or failure). */
  due: number;
  start: number;
  connected: number;
  answered: number;
  ack: number;
  status: number;
  error?: string;
}

type ToGenerator = { type: 'ping'; sentAt: number } | VoterTask | InsertTask;
type FromGenerator =
  | { type: 'pong'; sentAt: number; at: number }
  | { type: 'done'; results: VoterResult[] }
  | { type: 'inserted'; latencies: number[]; lags: number[]; failures: string[]; inFlight: number };

/** The voter's page load, as far as the server is concerned: GET /api/vote, which sets the ballot cookie. */
function loadBallotPage(task: VoterTask, n: number): Promise<string> {
  return new Promise((resolve) => {
    const req = http.request(
      { host: task.host, port: task.port, method: 'GET', path: '/api/vote', localAddress: loopbackAddress(n), agent: false },
      (res) => {
        res.resume();
        const cookie = ([] as string[]).concat(res.headers['set-cookie'] ?? [])[0]?.split(';')[0] ?? '';
        res.on('end', () => resolve(cookie));
        res.on('error', () => resolve(cookie));
      },
    );
    req.setTimeout(30_000, () => req.destroy(new Error('no answer in 30 s')));
    req.on('error', () => resolve(''));
    req.end();
  });
}

async function castOne(task: VoterTask, n: number, due: number, extraHeaders: Record<string, string> = {}): Promise<VoterResult> {
  const body = JSON.stringify({ teamIds: [task.teams[n % task.teams.length]] });
  const cookie = await loadBallotPage(task, n);
  return new Promise((resolve) => {
    const start = clock();
    let connected = 0;
    let answered = 0;
    let upstream: string | undefined;
    const done = (status: number, error?: string) =>
      resolve({ n, due, start, connected, answered, ack: clock(), status, ...(error ? { error } : {}), ...(upstream ? { upstream } : {}) });
    const req = http.request(
      {
        host: task.host,
        port: task.port,
        method: 'POST',
        path: '/api/vote',
        localAddress: loopbackAddress(n),
        agent: false,
        headers: {
          origin: task.origin,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          connection: 'close',
          ...(cookie ? { cookie } : {}),
          ...extraHeaders,
        },
      },
      (res) => {
        answered = clock();
        upstream = res.headers['x-upstream'] as string | undefined;
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => (res.statusCode === 200 ? done(200) : done(res.statusCode ?? 0, text.slice(0, 200))));
        res.on('error', (error) => done(0, error.message));
      },
    );
    req.once('socket', (socket) => socket.once('connect', () => (connected = clock())));
    req.setTimeout(30_000, () => req.destroy(new Error('no answer in 30 s')));
    req.on('error', (error) => done(0, error.message));
    req.end(body);
  });
}

async function runVoters(task: VoterTask): Promise<VoterResult[]> {
  const t0 = clock() + 200;
  const pending: Promise<VoterResult>[] = [];
  for (let i = 0; i < task.voters.length; i++) {
    const due = t0 + task.offsets[i]!;
    const wait = due - clock();
    if (wait > 1) await sleep(wait);
    pending.push(castOne(task, task.voters[i]!, due));
  }
  return Promise.all(pending);
}

interface InsertTask {
  type: 'insert';
  url: string;
  voteId: number;
  pool: number;
  offsets: number[];
  teams: string[];
}

async function runInserts(task: InsertTask): Promise<{ latencies: number[]; lags: number[]; failures: string[]; inFlight: number }> {
  const pool = new pg.Pool({ connectionString: task.url, max: task.pool });
  // Every connection open before the clock starts, as the instances' pools are after warming up.
  const warm = await Promise.all(Array.from({ length: task.pool }, () => pool.connect()));
  for (const client of warm) client.release();
  const latencies: number[] = [];
  const lags: number[] = [];
  const failures: string[] = [];
  const spans: { start: number; end: number }[] = [];
  const t0 = clock() + 200;
  const pending: Promise<void>[] = [];
  for (let i = 0; i < task.offsets.length; i++) {
    const due = t0 + task.offsets[i]!;
    const wait = due - clock();
    if (wait > 1) await sleep(wait);
    const start = clock();
    lags.push(start - due);
    pending.push(
      pool
        .query('insert into ballots (vote_id, device, team_ids, address) values ($1, $2, $3::jsonb, $4)', [
          task.voteId,
          `baseline-${i}-${randomBytes(8).toString('hex')}`,
          JSON.stringify([task.teams[i % task.teams.length]]),
          loopbackAddress(i),
        ])
        .then(
          () => {
            const end = clock();
            latencies.push(end - start);
            spans.push({ start, end });
          },
          (error: Error) => void failures.push(error.message),
        ),
    );
  }
  await Promise.all(pending);
  await pool.end();
  return { latencies, lags, failures, inFlight: maxInFlight(spans) };
}

function generatorMain(): void {
  const send = (message: FromGenerator) => process.send!(message);
  process.on('message', (message: ToGenerator) => {
    if (message.type === 'ping') send({ type: 'pong', sentAt: message.sentAt, at: clock() });
    else if (message.type === 'run') void runVoters(message).then((results) => send({ type: 'done', results }));
    else if (message.type === 'insert') void runInserts(message).then((r) => send({ type: 'inserted', ...r }));
  });
  process.on('disconnect', () => process.exit(0));
}

// ================================================================ orchestrator

const { values: options } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    voters: { type: 'string', default: '3000' },
    seconds: { type: 'string', default: '10' },
    instances: { type: 'string', default: '3' },
    subscribers: { type: 'string', default: '1000' },
    rounds: { type: 'string', default: '20' },
    generators: { type: 'string', default: '1' },
    seed: { type: 'string', default: '20261124' },
    'database-url': { type: 'string', default: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres' },
    out: { type: 'string', default: 'test-results/bench-votes.json' },
    /** Diagnostics: every voter's times and one subscriber's tally arrivals, per run, to this JSON file. */
    raw: { type: 'string' },
    /** Diagnostics: the cluster's X-Upstream header on (exposeUpstreams), ballots counted per instance. */
    'per-instance': { type: 'boolean', default: false },
    /** Write a CPU profile of every instance (test-results/profiles/votes-run-N/<pid>.cpuprofile). */
    profile: { type: 'boolean', default: false },
    /**
     * nginx's `worker_connections`: 16,384 as docs/DEPLOY.md tells a large night to set (each websocket
     * holds two); 0 keeps what the cluster starter writes (1,024: about 500 screens).
     */
    'nginx-worker-connections': { type: 'string', default: '16384' },
  },
});
const runs = Number(options.runs);
const voterCount = Number(options.voters);
const seconds = Number(options.seconds);
const instanceCount = Number(options.instances);
const subscriberCount = Number(options.subscribers);
const rounds = Number(options.rounds);
const generatorCount = Number(options.generators);
const workerConnections = Number(options['nginx-worker-connections']) || null;

const children = new Set<ChildProcess>();
function track<T extends ChildProcess>(child: T): T {
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/** A message of one type from a child, or the child's failure. */
function next<T extends { type: string }>(child: ChildProcess, type: T['type'], ms = 300_000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => finish(new Error(`timed out waiting for ${type} from pid ${child.pid}`)), ms);
    const onMessage = (message: T | { type: 'error'; message: string }) => {
      if (message.type === 'error') finish(new Error(`pid ${child.pid}: ${(message as { message: string }).message}`));
      else if (message.type === type) finish(null, message as T);
    };
    const onExit = () => finish(new Error(`pid ${child.pid} exited (${child.exitCode ?? child.signalCode}) before ${type}`));
    function finish(error: Error | null, value?: T) {
      clearTimeout(timer);
      child.off('message', onMessage);
      child.off('exit', onExit);
      if (error) reject(error);
      else resolve(value!);
    }
    child.on('message', onMessage);
    child.once('exit', onExit);
  });
}

/** The child's clock minus ours, from the IPC round trip with the smallest delay. */
async function offsetOf(child: ChildProcess): Promise<number> {
  let best = { rtt: Infinity, offset: 0 };
  for (let i = 0; i < 20; i++) {
    const sentAt = clock();
    const reply = next<{ type: 'pong'; at: number }>(child, 'pong', 10_000);
    child.send({ type: 'ping', sentAt });
    const pong = await reply;
    const back = clock();
    if (back - sentAt < best.rtt) best = { rtt: back - sentAt, offset: pong.at - (sentAt + back) / 2 };
  }
  return best.offset;
}

let largestOffset = 0;

/** Subscriber processes (ws-clients.ts), each holding up to 1,500 sockets. */
class Subscribers {
  private readonly waiters = new Map<number, { count: number; at: number; resolve: (at: number) => void }>();
  private failure: ((error: Error) => void) | null = null;

  private constructor(
    private readonly procs: ChildProcess[],
    private readonly offsets: number[],
  ) {
    procs.forEach((proc, index) => {
      proc.on('message', (message: FromClients) => {
        if (message.type === 'delivered') this.onDelivered(index, message.version, message.at);
        if (message.type === 'error') this.failure?.(new Error(`subscriber process ${index}: ${message.message}`));
      });
    });
  }

  static async start(total: number): Promise<Subscribers> {
    const count = Math.max(1, Math.ceil(total / SOCKETS_PER_CLIENT));
    const procs = Array.from({ length: count }, (_, index) =>
      track(
        fork(path.join(HERE, 'ws-clients.ts'), [], {
          cwd: ROOT,
          execArgv: ['--import', TSX],
          env: { ...process.env, BENCH_CLIENT_INDEX: String(index) },
          stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
        }),
      ),
    );
    const offsets: number[] = [];
    for (const proc of procs) offsets.push(await offsetOf(proc));
    for (const offset of offsets) largestOffset = Math.max(largestOffset, Math.abs(offset));
    return new Subscribers(procs, offsets);
  }

  get pids(): number[] {
    return this.procs.map((proc) => proc.pid!);
  }

  /** Opens `total` subscribers (each from loopbackAddress(sourceBase + i)); wall ms until all have their snapshot. */
  async open(url: string, total: number, sourceBase: number, votes: boolean): Promise<number> {
    const k = this.procs.length;
    const answers = this.procs.map((proc) => next<Extract<FromClients, { type: 'opened' }>>(proc, 'opened', 180_000));
    let base = sourceBase;
    this.procs.forEach((proc, index) => {
      const count = Math.floor(total / k) + (index < total % k ? 1 : 0);
      proc.send({
        type: 'open',
        url,
        count,
        concurrency: Math.ceil(200 / k),
        doneWhen: 'snapshot',
        sourceBase: base,
        votes,
      } satisfies ToClients);
      base += count;
    });
    const opened = await Promise.all(answers);
    const start = Math.min(...opened.map((o, i) => o.startedAt - this.offsets[i]!));
    const done = Math.max(...opened.map((o, i) => o.doneAt - this.offsets[i]!));
    return done - start;
  }

  private onDelivered(index: number, version: number, at: number): void {
    const waiter = this.waiters.get(version);
    if (!waiter) return;
    waiter.count++;
    waiter.at = Math.max(waiter.at, at - this.offsets[index]!);
    if (waiter.count === this.procs.length) {
      this.waiters.delete(version);
      waiter.resolve(waiter.at);
    }
  }

  /** Resolves with the shared-clock time the last subscriber received this state version. */
  delivered(version: number): Promise<number> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`timed out waiting for every subscriber to get version ${version}`)), 30_000);
      this.failure = reject;
      this.waiters.set(version, {
        count: 0,
        at: 0,
        resolve: (at) => {
          clearTimeout(timer);
          resolve(at);
        },
      });
    });
  }

  /** Every socket's [ballots, arrival] list, arrival on our clock. */
  async votes(): Promise<[number, number][][]> {
    const answers = this.procs.map((proc) => next<Extract<FromClients, { type: 'votes' }>>(proc, 'votes', 60_000));
    for (const proc of this.procs) proc.send({ type: 'votes' } satisfies ToClients);
    const replies = await Promise.all(answers);
    return replies.flatMap((reply, i) => reply.lists.map((list) => list.map(([b, at]) => [b, at - this.offsets[i]!] as [number, number])));
  }

  async close(): Promise<void> {
    this.failure = null;
    for (const proc of this.procs) proc.send({ type: 'close' } satisfies ToClients);
    await Promise.all(this.procs.map(exited));
  }
}

function startGenerator(index: number): ChildProcess {
  return track(
    fork(path.join(HERE, 'votes.ts'), [], {
      cwd: ROOT,
      execArgv: ['--import', TSX],
      env: { ...process.env, BENCH_VOTES_ROLE: 'generator', BENCH_GENERATOR_INDEX: String(index) },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    }),
  );
}

// ---------------------------------------------------------------- processes' CPU and memory

const TICKS = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;

/** utime + stime (+ the waited-for children's, for PostgreSQL's postmaster) of a process, seconds. */
function cpuSeconds(pid: number, withChildren = false): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // fields[0] is field 3 (state): utime 14, stime 15, cutime 16, cstime 17.
    const own = Number(fields[11]) + Number(fields[12]);
    return (own + (withChildren ? Number(fields[13]) + Number(fields[14]) : 0)) / TICKS;
  } catch {
    return 0;
  }
}

function rssBytes(pid: number): number {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/** Pids whose parent is `ppid`. */
function childPids(ppid: number): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[1]) === ppid) pids.push(Number(entry));
    } catch {
      // gone
    }
  }
  return pids;
}

/** PostgreSQL's postmaster: the `postgres` process whose parent is not one. */
function postmasterPid(): number | null {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      if (comm !== 'postgres') continue;
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const parent = readFileSync(`/proc/${ppid}/stat`, 'utf8');
      if (parent.slice(parent.indexOf('(') + 1, parent.lastIndexOf(')')) !== 'postgres') return Number(entry);
    } catch {
      // gone
    }
  }
  return null;
}

interface Groups {
  [name: string]: number[];
}

/** The processes watched: each instance, nginx (master and workers), PostgreSQL (all), the generators, subscribers. */
function groupsOf(cluster: Cluster, generators: ChildProcess[], subscribers: number[]): { groups: Groups; postmaster: number | null } {
  const groups: Groups = {};
  for (const [i, instance] of cluster.instances.entries()) groups[`instance ${i + 1}`] = [instance.pid];
  groups.nginx = [cluster.nginx.pid, ...childPids(cluster.nginx.pid)];
  const postmaster = postmasterPid();
  if (postmaster) groups.postgresql = [postmaster, ...childPids(postmaster)];
  groups['load generators'] = generators.map((g) => g.pid!);
  groups['subscriber processes'] = subscribers;
  return { groups, postmaster };
}

function cpuOf(groups: Groups, postmaster: number | null): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [name, pids] of Object.entries(groups)) {
    const live = name === 'postgresql' && postmaster ? [postmaster, ...childPids(postmaster)] : pids;
    out[name] = live.reduce((sum, pid) => sum + cpuSeconds(pid, pid === postmaster), 0);
  }
  return out;
}

function rssOf(groups: Groups, postmaster: number | null): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [name, pids] of Object.entries(groups)) {
    const live = name === 'postgresql' && postmaster ? [postmaster, ...childPids(postmaster)] : pids;
    out[name] = live.reduce((sum, pid) => sum + rssBytes(pid), 0) / 2 ** 20;
  }
  return out;
}

/** Established TCP connections to each port (the subscribers' spread over the instances). */
function connectionsTo(ports: number[]): number[] {
  const text = execFileSync('ss', ['-Htn', 'state', 'established'], { encoding: 'utf8' });
  return ports.map((port) => text.split('\n').filter((line) => line.split(/\s+/)[2]?.endsWith(`:${port}`)).length);
}

// ---------------------------------------------------------------- HTTP helpers

async function api(base: string, method: string, pathname: string, cookie: string | null, body?: unknown): Promise<unknown> {
  const res = await fetch(`${base}${pathname}`, {
    method,
    headers: { 'content-type': 'application/json', origin: base, ...(cookie ? { cookie } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`${method} ${pathname}: ${res.status} ${text.slice(0, 300)}`);
  return text ? JSON.parse(text) : null;
}

async function login(base: string): Promise<string> {
  const res = await fetch(`${base}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`login admin: ${res.status} ${await res.text()}`);
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('hoithi_session='));
  if (!cookie) throw new Error('login: no hoithi_session cookie');
  return cookie.split(';')[0]!;
}

// ---------------------------------------------------------------- measurements

/** Ballots per instance that answered, by its port. */
function perInstance(results: VoterResult[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const r of results) {
    const key = r.upstream ?? 'unknown';
    out[key] = (out[key] ?? 0) + 1;
  }
  return out;
}

/** Seeded arrival offsets (ms), uniform over the window, sorted. */
function schedule(count: number, ms: number, seed: number): number[] {
  let state = seed >>> 0;
  const random = () => {
    // mulberry32
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return Array.from({ length: count }, () => random() * ms).sort((a, b) => a - b);
}

/** The largest number of requests in flight at once. */
function maxInFlight(spans: { start: number; end: number }[]): number {
  const edges = spans.flatMap((s) => [
    [s.start, 1],
    [s.end, -1],
  ]);
  edges.sort((a, b) => a[0]! - b[0]! || a[1]! - b[1]!);
  let now = 0;
  let most = 0;
  for (const [, d] of edges) {
    now += d!;
    most = Math.max(most, now);
  }
  return most;
}

/**
 * Freshness of the tally: for the k-th ack (in time order), every subscriber's first `vote` message
 * with ballots ≥ k, minus the ack. Missing arrivals count as +Infinity.
 */
function freshness(acks: number[], lists: [number, number][][]): { values: Float64Array; missing: number; lastScreen: number[] } {
  const values = new Float64Array(acks.length * lists.length);
  const lastScreen = new Array<number>(acks.length).fill(-Infinity);
  let missing = 0;
  let w = 0;
  for (const list of lists) {
    let j = 0;
    for (let k = 1; k <= acks.length; k++) {
      while (j < list.length && list[j]![0] < k) j++;
      const value = j < list.length ? list[j]![1] - acks[k - 1]! : Number.POSITIVE_INFINITY;
      if (value === Number.POSITIVE_INFINITY) missing++;
      values[w++] = value;
      lastScreen[k - 1] = Math.max(lastScreen[k - 1]!, value);
    }
  }
  values.sort();
  return { values, missing, lastScreen };
}

const pct = (sorted: Float64Array, p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;

const PHASES = ['blank', 'scoreboard'] as const;

/** Show changes (PUT /api/show to `base`) until every subscriber has each; request start → last delivery. */
async function fanout(base: string, cookie: string, subs: Subscribers): Promise<{ latencies: number[]; answered: number[] }> {
  const state = (await api(base, 'GET', '/api/state', null)) as { system: { version: number } };
  let version = state.system.version;
  const latencies: number[] = [];
  const answered: number[] = [];
  for (let round = 0; round < WARMUP_ROUNDS + rounds; round++) {
    const expected = version + 1;
    const delivered = subs.delivered(expected);
    const start = clock();
    const answer = (await api(base, 'PUT', '/api/show', cookie, { changes: { phase: PHASES[round % 2] } })) as {
      system?: { version?: number };
    };
    const answeredAt = clock();
    if (typeof answer?.system?.version === 'number' && answer.system.version !== expected) {
      throw new Error(`PUT /api/show answered version ${answer.system.version}, expected ${expected}`);
    }
    const at = await delivered;
    if (round >= WARMUP_ROUNDS) {
      latencies.push(at - start);
      answered.push(answeredAt - start);
    }
    version = expected;
    await sleep(50);
  }
  return { latencies, answered };
}

interface RunResult {
  run: number;
  voters: number;
  acked: number;
  failures: Record<string, number>;
  failureSamples: string[];
  ballot: { p50: number; p99: number; max: number; connectP50: number; connectP99: number; waitP50: number; waitP99: number };
  generatorLagMs: { p99: number; max: number };
  maxInFlight: number;
  freshness: { p50: number; p99: number; max: number; lastScreenP50: number; lastScreenP99: number; missing: number; messages: number };
  /** The voters' ballots (the spoofing ballot taken off the count, rows and addresses). */
  counted: {
    acked: number;
    masterCount: number;
    rows: number;
    distinctAddresses: number;
    distinctDevices: number;
    equal: boolean;
    spoofedHeaderIgnored: boolean;
  };
  tallyIntervalMs: { p50: number; p99: number };
  subscribersPerInstance: number[];
  /** Ballots answered per instance (X-Upstream), with --per-instance. */
  ballotsPerInstance: Record<string, number> | null;
  subscribersOpenMs: { nginx: number; direct: number };
  fanout: {
    nginx: { p50: number; p99: number; answeredP50: number };
    direct: { p50: number; p99: number; answeredP50: number };
    raw: { nginx: number[]; direct: number[] };
  };
  baseline: { p50: number; p99: number; max: number; pool: number; failures: number; maxLagMs: number; maxInFlight: number };
  nginxMain: string;
  cpu: { windowS: number; seconds: Record<string, number>; percentOfCore: Record<string, number> };
  rssMiB: Record<string, number>;
}

async function oneRun(run: number, offsets: number[]): Promise<RunResult> {
  const database = await throwawayPostgres(options['database-url'], 'hoithi_bench_votes');
  log(`run ${run}: database ${database.name}`);
  let cluster: Cluster | null = null;
  const generators: ChildProcess[] = [];
  let subs: Subscribers | null = null;
  try {
    const { startCluster } = (await import(CLUSTER_MODULE)) as ClusterModule;
    const quiet = (line: string) => {
      // The instances' start-up lines are noise here; warnings and errors are not.
      if (/error|warn|lỗi|exited|\[nginx\]/i.test(line)) log(line);
    };
    cluster = await startCluster({
      instances: instanceCount,
      port: 0,
      databaseUrl: database.url,
      exposeUpstreams: options['per-instance'],
      env: {
        ADMIN_PASSWORD,
        SEED_DEMO: '1',
        NODE_ENV: 'production',
        ...(options.profile
          ? {
              NODE_OPTIONS: `--import ${pathToFileURL(path.join(HERE, 'cpu-prof-preload.mjs')).href}`,
              BENCH_CPU_PROF_DIR: path.join(ROOT, `test-results/profiles/votes-run-${run}`),
            }
          : {}),
      },
      log: quiet,
      onUnexpectedExit: (name, code) => log(`${name} exited (${String(code)}) during the run`),
    });
    const base = cluster.url;
    const nginx = new URL(base);
    const mainConf = readFileSync(path.join(cluster.configDir, 'nginx.conf'), 'utf8');
    const nginxMain = ['worker_processes', 'worker_connections']
      .map((d) => new RegExp(`${d} [^;]+`).exec(mainConf)?.[0] ?? `${d} ?`)
      .join(', ');
    log(
      `run ${run}: ${cluster.instances.length} instances (${cluster.instances.map((i) => i.url).join(', ')}) behind ${base} (${nginxMain})`,
    );
    const cookie = await login(base);
    const state = (await api(base, 'GET', '/api/state', cookie)) as { listTeam: { _id: string; active?: boolean }[] };
    const teams = state.listTeam.filter((t) => t.active !== false).map((t) => t._id);
    if (teams.length < 2) throw new Error(`the demo has ${teams.length} team(s); a vote needs two`);
    const opened = (await api(base, 'PUT', '/api/vote', cookie, { open: true, teamIds: teams })) as { vote: { _id: string } };
    const voteId = Number(opened.vote._id);
    await api(base, 'PUT', '/api/show', cookie, { changes: { screen2: 'vote' } });

    // Screen-2-like subscribers through nginx, each from its own address.
    subs = await Subscribers.start(subscriberCount);
    const openNginx = await subs.open(`${base.replace('http', 'ws')}/trpc`, subscriberCount, SUBSCRIBER_BASE, true);
    const spread = connectionsTo(cluster.instances.map((i) => Number(new URL(i.url).port)));
    log(`run ${run}: ${subscriberCount} subscribers through nginx in ${openNginx.toFixed(0)} ms; per instance ${spread.join(' / ')}`);

    // The voters.
    for (let g = 0; g < generatorCount; g++) generators.push(startGenerator(g));
    const genOffsets: number[] = [];
    for (const g of generators) genOffsets.push(await offsetOf(g));
    for (const offset of genOffsets) largestOffset = Math.max(largestOffset, Math.abs(offset));
    const { groups, postmaster } = groupsOf(cluster, generators, subs.pids);
    await sleep(1000);
    const cpuBefore = cpuOf(groups, postmaster);
    const t0 = clock();
    const doneAnswers = generators.map((g) => next<Extract<FromGenerator, { type: 'done' }>>(g, 'done', 600_000));
    generators.forEach((g, index) => {
      const mine = offsets.map((_, n) => n).filter((n) => n % generatorCount === index);
      g.send({
        type: 'run',
        host: nginx.hostname,
        port: Number(nginx.port),
        origin: nginx.origin,
        voters: mine,
        offsets: mine.map((n) => offsets[n]!),
        teams,
      } satisfies VoterTask);
    });
    const results = (await Promise.all(doneAnswers)).flatMap((answer, i) =>
      answer.results.map((r) => ({
        ...r,
        due: r.due - genOffsets[i]!,
        start: r.start - genOffsets[i]!,
        connected: r.connected - genOffsets[i]!,
        answered: r.answered - genOffsets[i]!,
        ack: r.ack - genOffsets[i]!,
      })),
    );
    const ok = results.filter((r) => r.status === 200);
    const lastAck = Math.max(...ok.map((r) => r.ack));
    // The tally is counted at most twice a second: give the last count time to reach every screen.
    await sleep(Math.max(0, lastAck + 2000 - clock()));
    const cpuAfter = cpuOf(groups, postmaster);
    const window = (clock() - t0) / 1000;
    const rss = rssOf(groups, postmaster);
    await sleep(1000);
    const lists = await subs.votes();

    // A client's own X-Forwarded-For never counts: one more ballot claims another address.
    const spoof = await castOne(
      { type: 'run', host: nginx.hostname, port: Number(nginx.port), origin: nginx.origin, voters: [], offsets: [], teams },
      SPOOF_N,
      clock(),
      { 'x-forwarded-for': SPOOFED },
    );
    if (spoof.status !== 200) throw new Error(`the ballot with its own X-Forwarded-For: ${spoof.status} ${spoof.error ?? ''}`);

    const failures: Record<string, number> = {};
    for (const r of results) if (r.status !== 200) failures[String(r.status)] = (failures[String(r.status)] ?? 0) + 1;
    const latencies = ok.map((r) => r.ack - r.start);
    // Stages: the TCP connection to nginx, then connected → the answer's headers.
    const connects = ok.map((r) => r.connected - r.start);
    const waits = ok.map((r) => r.answered - r.connected);
    const acks = ok.map((r) => r.ack).sort((a, b) => a - b);
    const fresh = freshness(acks, lists);
    const lags = results.map((r) => r.start - r.due);
    // Time between two tally messages at one subscriber, from the first ballot counted on.
    const gaps = lists.flatMap((list) => list.slice(2).map(([, at], i) => at - list[i + 1]![1]));

    // Close, and compare the count with the acknowledged ballots.
    await api(base, 'PUT', '/api/vote', cookie, { open: false });
    const read = (await api(base, 'GET', '/api/vote', cookie)) as { vote: { _id: string; ballots: number; open: boolean } };
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    const rows = (
      await client.query<{ rows: string; addresses: string; devices: string }>(
        'select count(*) as rows, count(distinct address) as addresses, count(distinct device) as devices from ballots where vote_id = $1',
        [voteId],
      )
    ).rows[0]!;
    const spoofRows = (
      await client.query<{ address: string }>('select address from ballots where vote_id = $1 and address in ($2, $3)', [
        voteId,
        loopbackAddress(SPOOF_N),
        SPOOFED,
      ])
    ).rows.map((r) => r.address);
    await client.end();
    const expected = ok.length + 1; // the voters' and the spoofing one
    const counted = {
      acked: ok.length,
      masterCount: read.vote.ballots - 1,
      rows: Number(rows.rows) - 1,
      distinctAddresses: Number(rows.addresses) - 1,
      distinctDevices: Number(rows.devices) - 1,
      equal: read.vote.ballots === expected && Number(rows.rows) === expected && read.vote._id === String(voteId) && !read.vote.open,
      spoofedHeaderIgnored: spoofRows.length === 1 && spoofRows[0] === loopbackAddress(SPOOF_N),
    };
    if (!counted.spoofedHeaderIgnored) throw new Error(`a client's X-Forwarded-For counted: addresses stored ${spoofRows.join(', ')}`);
    log(
      `run ${run}: acked ${counted.acked}, master's count ${counted.masterCount}, rows ${counted.rows}, ` +
        `distinct addresses ${counted.distinctAddresses}${counted.equal ? '' : '  <-- MISMATCH'}`,
    );

    // Fan-out through nginx (these subscribers), then directly on the first instance.
    const viaNginx = await fanout(base, cookie, subs);
    await subs.close();
    subs = null;
    subs = await Subscribers.start(subscriberCount);
    const first = cluster.instances[0]!.url;
    const openDirect = await subs.open(`${first.replace('http', 'ws')}/trpc`, subscriberCount, DIRECT_BASE, false);
    const direct = await fanout(first, await login(first), subs);
    await subs.close();
    subs = null;
    log(
      `run ${run}: fan-out to ${subscriberCount}: p99 through nginx ${percentile(viaNginx.latencies, 99).toFixed(1)} ms, ` +
        `directly ${percentile(direct.latencies, 99).toFixed(1)} ms`,
    );

    // Baseline: the same arrivals as plain inserts on the same PostgreSQL.
    const pool = APP_POOL * cluster.instances.length;
    const inserter = track(startGenerator(99));
    const insertAnswer = next<Extract<FromGenerator, { type: 'inserted' }>>(inserter, 'inserted', 600_000);
    inserter.send({ type: 'insert', url: database.url, voteId, pool, offsets, teams } satisfies InsertTask);
    const inserted = await insertAnswer;
    inserter.kill();

    const sec = (name: string) => cpuAfter[name]! - cpuBefore[name]!;
    const result: RunResult = {
      run,
      voters: offsets.length,
      acked: ok.length,
      failures,
      failureSamples: results
        .filter((r) => r.status !== 200)
        .slice(0, 5)
        .map((r) => `${r.status} ${r.error ?? ''}`),
      ballot: {
        p50: percentile(latencies, 50),
        p99: percentile(latencies, 99),
        max: Math.max(...latencies),
        connectP50: percentile(connects, 50),
        connectP99: percentile(connects, 99),
        waitP50: percentile(waits, 50),
        waitP99: percentile(waits, 99),
      },
      generatorLagMs: { p99: percentile(lags, 99), max: Math.max(...lags) },
      maxInFlight: maxInFlight(results.map((r) => ({ start: r.start, end: r.ack }))),
      freshness: {
        p50: pct(fresh.values, 50),
        p99: pct(fresh.values, 99),
        max: fresh.values[fresh.values.length - 1]!,
        lastScreenP50: percentile(fresh.lastScreen, 50),
        lastScreenP99: percentile(fresh.lastScreen, 99),
        missing: fresh.missing,
        messages: median(lists.map((l) => l.length)),
      },
      counted,
      tallyIntervalMs: { p50: percentile(gaps, 50), p99: percentile(gaps, 99) },
      subscribersPerInstance: spread,
      ballotsPerInstance: options['per-instance'] ? perInstance(ok) : null,
      subscribersOpenMs: { nginx: openNginx, direct: openDirect },
      fanout: {
        nginx: {
          p50: percentile(viaNginx.latencies, 50),
          p99: percentile(viaNginx.latencies, 99),
          answeredP50: percentile(viaNginx.answered, 50),
        },
        direct: {
          p50: percentile(direct.latencies, 50),
          p99: percentile(direct.latencies, 99),
          answeredP50: percentile(direct.answered, 50),
        },
        raw: { nginx: viaNginx.latencies, direct: direct.latencies },
      },
      baseline: {
        p50: percentile(inserted.latencies, 50),
        p99: percentile(inserted.latencies, 99),
        max: Math.max(...inserted.latencies),
        pool,
        failures: inserted.failures.length,
        maxLagMs: Math.max(...inserted.lags),
        maxInFlight: inserted.inFlight,
      },
      cpu: {
        windowS: window,
        seconds: Object.fromEntries(Object.keys(cpuBefore).map((name) => [name, sec(name)])),
        percentOfCore: Object.fromEntries(Object.keys(cpuBefore).map((name) => [name, (100 * sec(name)) / window])),
      },
      rssMiB: rss,
      nginxMain,
    };
    if (options.raw) {
      await fs.writeFile(
        options.raw.replace(/(\.json)?$/, `-run-${run}.json`),
        JSON.stringify({ voters: results, tally: lists[0] ?? [], acks }),
      );
    }
    if (result.ballotsPerInstance) log(`run ${run}: ballots per instance ${JSON.stringify(result.ballotsPerInstance)}`);
    log(
      `run ${run}: ballot p50 ${result.ballot.p50.toFixed(1)} / p99 ${result.ballot.p99.toFixed(1)} ms; ` +
        `freshness p50 ${result.freshness.p50.toFixed(0)} / p99 ${result.freshness.p99.toFixed(0)} ms; ` +
        `baseline insert p50 ${result.baseline.p50.toFixed(2)} / p99 ${result.baseline.p99.toFixed(2)} ms`,
    );
    return result;
  } finally {
    await subs?.close().catch(() => {});
    for (const g of generators) g.kill();
    await cluster?.stop().catch((error: Error) => log(`stopping the cluster: ${error.message}`));
    await database.drop().catch((error: Error) => log(`dropping ${database.name}: ${error.message}`));
  }
}

// ---------------------------------------------------------------- report

const num = (value: number, digits: number) =>
  Number.isFinite(value) ? value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits }) : String(value);
const spread = (values: number[], digits: number) =>
  `${num(median(values), digits)} [${num(Math.min(...values), digits)}–${num(Math.max(...values), digits)}]`;

function markdown(results: RunResult[], header: string): string {
  const col = (f: (r: RunResult) => number) => results.map(f);
  const rows: [string, number[], number, string][] = [
    [`ballot latency p50 (ms), POST /api/vote through nginx`, col((r) => r.ballot.p50), 1, '—'],
    [`ballot latency p99 (ms)`, col((r) => r.ballot.p99), 1, '≤ 500'],
    [`of which TCP connect to nginx, p99 (ms)`, col((r) => r.ballot.connectP99), 1, '—'],
    [`of which connected → answer's headers, p99 (ms)`, col((r) => r.ballot.waitP99), 1, '—'],
    [`baseline: plain insert into ballots, p50 (ms)`, col((r) => r.baseline.p50), 2, '—'],
    [`baseline: plain insert into ballots, p99 (ms)`, col((r) => r.baseline.p99), 2, '—'],
    [`tally freshness p50 (ms), every subscriber × every ballot`, col((r) => r.freshness.p50), 0, '—'],
    [`tally freshness p99 (ms)`, col((r) => r.freshness.p99), 0, '≤ 1,000'],
    [`tally freshness p99 (ms), the last screen to have it`, col((r) => r.freshness.lastScreenP99), 0, '—'],
    [`time between two tally messages at a screen, p50 (ms)`, col((r) => r.tallyIntervalMs.p50), 0, '—'],
    [`time between two tally messages at a screen, p99 (ms)`, col((r) => r.tallyIntervalMs.p99), 0, '—'],
    [`fan-out to ${subscriberCount}, through nginx over ${instanceCount}: p99 (ms)`, col((r) => r.fanout.nginx.p99), 1, '—'],
    [`fan-out to ${subscriberCount}, directly on one instance: p99 (ms)`, col((r) => r.fanout.direct.p99), 1, '—'],
    [`fan-out ratio, nginx / direct, p99`, col((r) => r.fanout.nginx.p99 / r.fanout.direct.p99), 2, '—'],
    [`fan-out through nginx: p50 (ms)`, col((r) => r.fanout.nginx.p50), 1, '—'],
    [`fan-out directly: p50 (ms)`, col((r) => r.fanout.direct.p50), 1, '—'],
    [`acknowledged ballots`, col((r) => r.counted.acked), 0, `${voterCount}`],
    [`counted (GET /api/vote after the close)`, col((r) => r.counted.masterCount), 0, '= acknowledged'],
    [`distinct addresses in ballots`, col((r) => r.counted.distinctAddresses), 0, `${voterCount}`],
    [`voters' requests in flight at most`, col((r) => r.maxInFlight), 0, '—'],
    [`baseline inserts in flight at most (pool of ${results[0]!.baseline.pool})`, col((r) => r.baseline.maxInFlight), 0, '—'],
    [`load generator behind its schedule, at most (ms)`, col((r) => r.generatorLagMs.max), 1, '—'],
  ];
  const names = Object.keys(results[0]!.cpu.seconds);
  for (const name of names) rows.push([`CPU, ${name} (% of one core over the vote)`, col((r) => r.cpu.percentOfCore[name]!), 0, '—']);
  for (const name of Object.keys(results[0]!.rssMiB)) rows.push([`RSS, ${name} (MiB)`, col((r) => r.rssMiB[name]!), 0, '—']);
  const lines = [header, '', '| what | median [min–max] | aim |', '|---|---:|---|'];
  for (const [what, values, digits, aim] of rows) lines.push(`| ${what} | ${spread(values, digits)} | ${aim} |`);
  return lines.join('\n');
}

let postgresVersion = '';

function machine(): string {
  const cpus = os.cpus();
  let revision = '';
  try {
    revision = `, built from ${execFileSync('git', ['-C', ROOT, 'rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim()} + working tree`;
  } catch {
    // not a checkout
  }
  const nginxVersion = spawnSync('nginx', ['-v'], { encoding: 'utf8' }).stderr?.trim().replace('nginx version: ', '') ?? '';
  return (
    `${cpus[0]?.model ?? 'unknown CPU'}, ${cpus.length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB RAM, Node ${process.version}, ` +
    `${os.platform()} ${os.release()}, ${nginxVersion}, PostgreSQL ${postgresVersion}${revision}`
  );
}

/**
 * With --nginx-worker-connections: the cluster starter runs nginx through NGINX, here a wrapper that
 * raises `worker_connections` in the config it is given (-c) and runs the real nginx. The starter's
 * files stay as they are.
 */
async function nginxWrapper(connections: number): Promise<string> {
  const real = ['/usr/sbin/nginx', 'nginx'].find((command) => spawnSync(command, ['-v']).error === undefined);
  if (!real) throw new Error('nginx not found');
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-votes-nginx-'));
  const file = path.join(dir, 'nginx');
  await fs.writeFile(
    file,
    [
      '#!/bin/sh',
      'prev=',
      'for arg in "$@"; do',
      `  if [ "$prev" = "-c" ]; then sed -i 's/worker_connections [0-9]*;/worker_connections ${connections};/' "$arg"; fi`,
      '  prev=$arg',
      'done',
      // nginx reads NGINX itself (sockets inherited in a binary upgrade): not for it.
      'unset NGINX',
      `exec ${real} "$@"`,
      '',
    ].join('\n'),
    { mode: 0o755 },
  );
  process.on('exit', () => void rmSync(dir, { recursive: true, force: true }));
  return file;
}

async function main(): Promise<void> {
  if (workerConnections) process.env.NGINX = await nginxWrapper(workerConnections);
  const limit = Number(execFileSync('/bin/sh', ['-c', 'ulimit -n'], { encoding: 'utf8' }).trim());
  if (Number.isFinite(limit) && limit < subscriberCount * 2 + voterCount + 1024) {
    throw new Error(`ulimit -n is ${limit}: raise it (e.g. ulimit -n 65536)`);
  }
  const loadAtStart = os.loadavg()[0]!;
  const started = new Date().toISOString();
  const offsets = schedule(voterCount, seconds * 1000, Number(options.seed));
  const server = new pg.Client({ connectionString: options['database-url'] });
  await server.connect();
  postgresVersion = (await server.query<{ server_version: string }>('show server_version')).rows[0]!.server_version.split(' ')[0]!;
  await server.end();
  const results: RunResult[] = [];
  for (let run = 1; run <= runs; run++) results.push(await oneRun(run, offsets));
  const header =
    `Machine: ${machine()}; ${started}; load average ${num(loadAtStart, 2)} at the start, ${num(os.loadavg()[0]!, 2)} at the end. ` +
    `${voterCount} voters within ${seconds} s, ${instanceCount} instances behind nginx, ${subscriberCount} subscribers, ` +
    `${generatorCount} load-generator process(es), nginx worker_connections ${workerConnections ?? 'as the cluster starter writes it'}, ${runs} run(s): median [min–max]. Clock offsets (corrected for) up to ${num(largestOffset, 3)} ms.`;
  const table = markdown(results, header);
  console.log(table);
  const out = path.resolve(ROOT, options.out);
  await fs.mkdir(path.dirname(out), { recursive: true });
  await fs.writeFile(
    out,
    `${JSON.stringify(
      { started, machine: machine(), loadAtStart, loadAtEnd: os.loadavg()[0], options, runs: results, markdown: table },
      null,
      2,
    )}\n`,
  );
  log(`written to ${path.relative(ROOT, out)}`);
  const unequal = results.filter((r) => !r.counted.equal);
  if (unequal.length) {
    for (const r of unequal) {
      console.error(
        `[bench:votes] COUNT MISMATCH in run ${r.run}: acknowledged ${r.counted.acked}, counted ${r.counted.masterCount}, rows ${r.counted.rows}`,
      );
    }
    process.exit(1);
  }
}

if (ROLE === 'generator') generatorMain();
else {
  process.on('exit', () => {
    for (const child of children) child.kill('SIGKILL');
  });
  process.on('SIGINT', () => process.exit(130));
  process.on('SIGTERM', () => process.exit(143));
  main().then(
    () => process.exit(0),
    (error: Error) => {
      console.error(error);
      process.exit(1);
    },
  );
}
