/**
 * Live read path of the built server, each figure beside a bare baseline measured in the same run.
 * Every server under test and every load generator is a process of its own; this orchestrator only
 * starts them, triggers and collects. The app runs as `node <server>` on PGlite in a fresh temp data
 * folder, with the demo event seeded.
 *
 *   1. GET /api/state with 10 connections (autocannon CLI), anonymous and as admin: requests/s, against
 *      a bare Hono app (bare-hono.ts) serving the same bytes.
 *   2. One show change (PUT /api/show) to N subscribers of system.join: request start → the last
 *      subscriber has the new state, p99 of 30 rounds after 3 warm-up rounds; against a bare `ws`
 *      broadcast (bare-ws.ts) of the same bytes to N sockets, HTTP trigger → last delivery.
 *   3. Opening N subscriptions (200 in flight) until each has its full snapshot (`state` and `teams`);
 *      against a bare `ws` server answering each subscription with one message of the snapshot's size.
 *   4. Server memory per 1,000 idle subscribers: VmRSS growth, and heap used + external after a GC
 *      (servers run with --expose-gc and gc-preload.mjs, asked over IPC).
 *
 * Beside the bare `ws` server, a second baseline is what a socket.io team would write
 * (socketio-baseline.ts): the change stored in PGlite on disk, then `io.emit` to every socket.
 *
 * Subscribers live in client processes (ws-clients.ts, ≤ 1,500 sockets each), which stamp
 * arrivals with the shared wall clock; their offset to this process's clock is measured over IPC.
 * Each figure is measured --runs times (a fresh server per run for 2–4); tables show the median and
 * [min–max] and the median of the per-run ratios. Build first (`node scripts/build.mjs`), then:
 *
 *   npx tsx scripts/bench/live.ts [--sizes 1000,3000] [--runs 3] [--seconds 10] [--server dist/server/index.js]
 *                                 [--rounds 30] [--concurrency 200] [--only throughput,fanout,open,memory]
 *                                 [--out test-results/bench-live.md]
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import WebSocket from 'ws';
import { atExit, exited, gitRevision, login, machine, median, percentile, serverEnv, sleep, stopChild, track } from './lib.mjs';
import {
  clock,
  clockOffset,
  type DoneWhen,
  type FromClients,
  findSystem,
  forkClientProcesses,
  type MemoryAnswer,
  type MemoryRequest,
  SUBSCRIBE,
  stateVersion,
  type ToClients,
} from './live-lib';

const HERE = import.meta.dirname;
const ROOT = path.resolve(HERE, '../..');
const TSX = import.meta.resolve('tsx');
const PRELOAD = pathToFileURL(path.join(HERE, 'gc-preload.mjs')).href;
const AUTOCANNON = createRequire(import.meta.url).resolve('autocannon');
const SOCKETIO_VERSION = (createRequire(import.meta.url)('socket.io/package.json') as { version: string }).version;

const { values: options } = parseArgs({
  options: {
    sizes: { type: 'string', default: '1000,3000' },
    runs: { type: 'string', default: '3' },
    seconds: { type: 'string', default: '10' },
    server: { type: 'string', default: 'dist/server/index.js' },
    rounds: { type: 'string', default: '30' },
    concurrency: { type: 'string', default: '200' },
    only: { type: 'string', default: 'throughput,fanout,open,memory' },
    out: { type: 'string', default: 'test-results/bench-live.md' },
    /** A CPU profile of each app server (test-results/profiles/). */
    profile: { type: 'boolean', default: false },
  },
});
const sizes = options.sizes.split(',').map(Number);
const runs = Number(options.runs);
const seconds = Number(options.seconds);
const rounds = Number(options.rounds);
const concurrency = Number(options.concurrency);
const only = new Set(options.only.split(','));
const serverFile = path.resolve(options.server);
const serverRoot = path.resolve(path.dirname(serverFile), '../..');
const loadAtStart = os.loadavg()[0]!;
const WARMUP_ROUNDS = 3;
const SETTLE_MS = 2000;
const SOCKETS_PER_CLIENT = 1500;
const ADMIN_PASSWORD = 'bench-admin-1';
const log = (line: string) => console.error(`[bench] ${line}`);

// ---------------------------------------------------------------- processes

/** Temp folders (data folders, files for the baselines), removed at exit whatever happens. */
const tempDirs = new Set<string>();
atExit(() => {
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
});

interface Memory {
  /** VmRSS from /proc, bytes, read before the GC. */
  rss: number;
  /** heapUsed + external after a full GC, bytes. */
  heap: number;
  /** heapUsed alone after that GC, bytes. */
  heapUsed: number;
}

interface Server {
  url: string;
  child: ChildProcess;
  memory(): Promise<Memory>;
  stop(): Promise<void>;
}

function vmRss(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!match) throw new Error(`no VmRSS for ${pid}`);
  return Number(match[1]) * 1024;
}

let memoryRequests = 0;
function gcMemory(child: ChildProcess): Promise<NodeJS.MemoryUsage> {
  const id = ++memoryRequests;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no memory answer over IPC (is gc-preload.mjs loaded?)')), 10_000);
    const onMessage = (message: MemoryAnswer) => {
      if (message?.type !== 'bench:memory' || message.id !== id) return;
      clearTimeout(timer);
      child.off('message', onMessage);
      resolve(message.usage);
    };
    child.on('message', onMessage);
    child.send({ type: 'bench:memory', id } satisfies MemoryRequest);
  });
}

/** Spawns `node args…` with an IPC channel and waits for its URL line. */
async function startServer(
  args: string[],
  cwd: string,
  env: NodeJS.ProcessEnv,
  ready: RegExp,
  cleanup?: () => Promise<void>,
): Promise<Server> {
  const child = track(spawn(process.execPath, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe', 'ipc'] }));
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${args.at(-1)} did not start:\n${output}`)), 60_000);
    const check = () => {
      const match = ready.exec(output);
      if (!match) return;
      clearTimeout(timer);
      resolve(match[1]!.replace('localhost', '127.0.0.1'));
    };
    child.stdout!.on('data', check);
    void exited(child).then(() => {
      clearTimeout(timer);
      reject(new Error(`${args.join(' ')} exited (${child.exitCode ?? child.signalCode}):\n${output}`));
    });
  });
  return {
    url,
    child,
    async memory() {
      const rss = vmRss(child.pid!);
      const usage = await gcMemory(child);
      return { rss, heap: usage.heapUsed + usage.external, heapUsed: usage.heapUsed };
    },
    async stop() {
      await stopChild(child);
      await cleanup?.();
    },
  };
}

async function startApp(): Promise<Server> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-live-'));
  tempDirs.add(dataDir);
  // Every subscriber connects from 127.0.0.1: lift the per-address and global websocket caps for the bench.
  const env = serverEnv(dataDir, ADMIN_PASSWORD, { WS_MAX_PER_ADDRESS: '100000', WS_MAX_SOCKETS: '100000' });
  const profiling = options.profile ? ['--cpu-prof', `--cpu-prof-dir=${path.join(ROOT, 'test-results/profiles')}`] : [];
  return startServer(
    ['--expose-gc', ...profiling, '--import', PRELOAD, serverFile],
    serverRoot,
    env,
    /đang chạy tại (http:\/\/\S+)/,
    async () => {
      await fs.rm(dataDir, { recursive: true, force: true });
      tempDirs.delete(dataDir);
    },
  );
}

function startBare(file: string, args: string[]): Promise<Server> {
  return startServer(
    ['--expose-gc', '--import', TSX, '--import', PRELOAD, path.join(HERE, file), ...args],
    ROOT,
    process.env,
    /listening (http:\/\/\S+)/,
  );
}

/**
 * Lets a fresh server drop its start-up garbage (the app holds some 400 MiB of external memory while
 * it starts, freed by the first full GC) and its allocator give pages back, so RSS readings that
 * follow start from a steady state.
 */
async function settle(server: Server): Promise<void> {
  for (let i = 0; i < 2; i++) {
    await server.memory();
    await sleep(SETTLE_MS);
  }
}

/** Files handed to the bare servers, in one temp folder removed at exit. */
let filesDir: string | null = null;
async function tempFile(name: string, content: string): Promise<string> {
  if (!filesDir) {
    filesDir = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-live-files-'));
    tempDirs.add(filesDir);
  }
  const file = path.join(filesDir, name);
  await fs.writeFile(file, content);
  return file;
}

// ---------------------------------------------------------------- HTTP

/** One autocannon run in its own process; requests per second. */
async function cannon(url: string, duration: number, cookie: string | null): Promise<number> {
  const args = [AUTOCANNON, '-c', '10', '-d', String(duration), '-j', ...(cookie ? ['-H', `cookie:${cookie}`] : []), url];
  const child = track(spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] }));
  let out = '';
  let err = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (err += d));
  await exited(child);
  if (child.exitCode !== 0) throw new Error(`autocannon failed (${child.exitCode}):\n${err}`);
  const result = JSON.parse(out) as { requests: { total: number }; duration: number; non2xx: number; errors: number; timeouts: number };
  if (result.non2xx || result.errors || result.timeouts) {
    throw new Error(`autocannon ${url}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`);
  }
  return result.requests.total / result.duration;
}

// ---------------------------------------------------------------- client processes

interface Delivery {
  count: number;
  at: number;
  sample: string | null;
}

/** The largest clock offset of a client process seen in this run (corrected for), ms. */
let largestOffset = 0;

/** The subscriber processes of one measurement, with their clock offsets. */
class Clients {
  private readonly offsets: number[] = [];
  private readonly deliveries = new Map<number, Delivery>();
  private readonly waiters = new Map<number, (delivery: Delivery) => void>();
  private failure: ((error: Error) => void) | null = null;

  private constructor(private readonly procs: ChildProcess[]) {
    procs.forEach((proc, index) => {
      proc.on('message', (message: FromClients) => {
        if (message.type === 'delivered') this.onDelivered(index, message.version, message.at, message.sample);
        if (message.type === 'error') this.failure?.(new Error(`client process ${index}: ${message.message}`));
      });
      void exited(proc).then(() => {
        if (proc.exitCode) this.failure?.(new Error(`client process ${index} exited with ${proc.exitCode}`));
      });
    });
  }

  static async start(count: number): Promise<Clients> {
    const procs = forkClientProcesses(count);
    const clients = new Clients(procs);
    await clients.calibrate();
    return clients;
  }

  private next(index: number, type: FromClients['type']): Promise<FromClients> {
    return new Promise((resolve, reject) => {
      const proc = this.procs[index]!;
      const onMessage = (message: FromClients) => {
        if (message.type === 'error') reject(new Error(`client process ${index}: ${message.message}`));
        else if (message.type !== type) return;
        else resolve(message);
        proc.off('message', onMessage);
      };
      proc.on('message', onMessage);
    });
  }

  private send(index: number, message: ToClients): void {
    this.procs[index]!.send(message);
  }

  /** Offset of each process's clock to ours, from the IPC round trip with the smallest delay. */
  private async calibrate(): Promise<void> {
    for (let index = 0; index < this.procs.length; index++) {
      this.offsets[index] = await clockOffset(async (sentAt) => {
        const reply = this.next(index, 'pong');
        this.send(index, { type: 'ping', sentAt });
        return ((await reply) as Extract<FromClients, { type: 'pong' }>).at;
      });
      largestOffset = Math.max(largestOffset, Math.abs(this.offsets[index]!));
    }
  }

  /** Opens `total` subscribers across the processes; wall ms from the first start to the last done. */
  async open(url: string, total: number, doneWhen: DoneWhen, socketio = false): Promise<number> {
    const k = this.procs.length;
    const answers = this.procs.map((_, index) => this.next(index, 'opened'));
    this.procs.forEach((_, index) => {
      const count = Math.floor(total / k) + (index < total % k ? 1 : 0);
      this.send(index, { type: 'open', url, count, concurrency: Math.ceil(concurrency / k), doneWhen, socketio });
    });
    const opened = (await this.guard(Promise.all(answers), 180_000, `opening ${total} sockets`)) as Extract<
      FromClients,
      { type: 'opened' }
    >[];
    const start = Math.min(...opened.map((o, i) => o.startedAt - this.offsets[i]!));
    const done = Math.max(...opened.map((o, i) => o.doneAt - this.offsets[i]!));
    return done - start;
  }

  private onDelivered(index: number, version: number, at: number, sample: string | null): void {
    const entry = this.deliveries.get(version) ?? { count: 0, at: 0, sample: null };
    entry.count++;
    entry.at = Math.max(entry.at, at - this.offsets[index]!);
    entry.sample ??= sample;
    this.deliveries.set(version, entry);
    if (entry.count === this.procs.length) {
      this.deliveries.delete(version);
      this.waiters.get(version)?.(entry);
      this.waiters.delete(version);
    }
  }

  /** Resolves when every subscriber of every process has received this state version. */
  delivered(version: number): Promise<Delivery> {
    const waiting = new Promise<Delivery>((resolve) => this.waiters.set(version, resolve));
    return this.guard(waiting, 30_000, `waiting for every subscriber to get version ${version}`).catch(async (error: Error) => {
      throw new Error(`${error.message}; clients: ${await this.status(version)}`);
    });
  }

  /** Per process: sockets at this version or later / sockets, and how many are closed. */
  private async status(version: number): Promise<string> {
    const answers = this.procs.map((_, index) => this.next(index, 'status'));
    for (const index of this.procs.keys()) this.send(index, { type: 'status', version });
    const replies = (await Promise.race([Promise.all(answers), sleep(2000).then(() => [])])) as Extract<FromClients, { type: 'status' }>[];
    return replies.map((r) => `${r.have}/${r.total} (closed ${r.closed})`).join(', ') || 'no answer';
  }

  private guard<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`timed out ${what}`)), ms);
      this.failure = (error) => reject(error);
      promise.then(resolve, reject).finally(() => clearTimeout(timer));
    });
  }

  async close(): Promise<void> {
    this.failure = null;
    for (const index of this.procs.keys()) this.send(index, { type: 'close' });
    await Promise.all(this.procs.map(exited));
  }
}

function clientProcesses(n: number): number {
  return Math.ceil(n / SOCKETS_PER_CLIENT);
}

// ---------------------------------------------------------------- measurements

/** Bytes of one anonymous subscriber's snapshot: every message until both `state` and `teams`. */
function snapshotBytes(base: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${base.replace('http', 'ws')}/trpc`, { perMessageDeflate: false });
    let bytes = 0;
    let state = false;
    let teams = false;
    socket.on('open', () => socket.send(SUBSCRIBE));
    socket.on('message', (data: Buffer) => {
      bytes += data.length;
      const text = data.toString();
      state ||= stateVersion(text) !== null;
      teams ||= text.includes('"type":"teams"');
      if (state && teams) {
        socket.close();
        resolve(bytes);
      }
    });
    socket.on('error', reject);
  });
}

const PHASES = ['blank', 'scoreboard'] as const;

interface Fanout {
  /** Request start → last delivery, ms, one per measured round. */
  latencies: number[];
  /** Request start → HTTP answer (app only). */
  answered: number[];
  /** The state message a subscriber received, one per phase (app only). */
  samples: string[];
}

async function fanoutApp(base: string, cookie: string, clients: Clients): Promise<Fanout> {
  const state = (await (await fetch(`${base}/api/state`)).json()) as { system: { version: number } };
  let version = state.system.version;
  const result: Fanout = { latencies: [], answered: [], samples: [] };
  for (let round = 0; round < WARMUP_ROUNDS + rounds; round++) {
    const expected = version + 1;
    const delivered = clients.delivered(expected);
    const start = clock();
    const res = await fetch(`${base}/api/show`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ changes: { phase: PHASES[round % 2] } }),
    });
    const answeredAt = clock();
    if (res.status !== 200) throw new Error(`PUT /api/show: ${res.status} ${await res.text()}`);
    const answer = (await res.json()) as { system?: { version?: unknown } };
    if (typeof answer.system?.version === 'number' && answer.system.version !== expected) {
      throw new Error(`PUT /api/show answered version ${answer.system.version}, expected ${expected}`);
    }
    const { at, sample } = await delivered;
    if (round >= WARMUP_ROUNDS) {
      result.latencies.push(at - start);
      result.answered.push(answeredAt - start);
    }
    if (sample && !result.samples[round % 2]) {
      // The clients read versions with a regex; check it against a real parse once.
      if (stateVersion(sample) !== expected || findSystem(JSON.parse(sample))?.version !== expected) {
        throw new Error(`could not read the version of the state message: ${sample.slice(0, 200)}`);
      }
      result.samples[round % 2] = sample;
    }
    version = expected;
    await sleep(50);
  }
  return result;
}

async function fanoutBare(base: string, clients: Clients): Promise<Fanout> {
  const result: Fanout = { latencies: [], answered: [], samples: [] };
  for (let round = 0; round < WARMUP_ROUNDS + rounds; round++) {
    const version = round + 1;
    const delivered = clients.delivered(version);
    const start = clock();
    const res = await fetch(`${base}/broadcast?version=${version}&round=${round}`, { method: 'POST' });
    if (res.status !== 200) throw new Error(`bare broadcast: ${res.status}`);
    await res.arrayBuffer();
    const { at } = await delivered;
    if (round >= WARMUP_ROUNDS) result.latencies.push(at - start);
    await sleep(50);
  }
  return result;
}

interface SubscriberRun {
  openMs: number;
  before: Memory;
  after: Memory;
  fanout: Fanout | null;
}

/** Opens N subscribers on a server, reads its memory around that, then runs the fan-out rounds. */
async function subscriberRun(
  label: string,
  server: Server,
  n: number,
  doneWhen: DoneWhen,
  fanout: ((clients: Clients) => Promise<Fanout>) | null,
  socketio = false,
): Promise<SubscriberRun> {
  const clients = await Clients.start(clientProcesses(n));
  try {
    await settle(server);
    const before = await server.memory();
    const url = `${server.url.replace('http', 'ws')}${socketio ? '/socket.io/?EIO=4&transport=websocket' : '/trpc'}`;
    const openMs = await clients.open(url, n, doneWhen, socketio);
    log(`${label}: ${n} subscribers open in ${num(openMs, 0)} ms`);
    await sleep(SETTLE_MS);
    const after = await server.memory();
    return { openMs, before, after, fanout: fanout ? await fanout(clients) : null };
  } finally {
    await clients.close();
  }
}

// ---------------------------------------------------------------- report

interface Row {
  what: string;
  app: number[];
  bare: number[] | null;
  aim: string;
  /** Whether a ratio meets the aim; null for a row without aim. */
  meets: ((ratio: number) => boolean) | null;
  digits: number;
}

const num = (value: number, digits: number) =>
  value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const spread = (values: number[], digits: number) =>
  `${num(median(values), digits)} [${num(Math.min(...values), digits)}–${num(Math.max(...values), digits)}]`;

function table(title: string, rows: Row[]): string {
  const lines = [
    `### ${title}`,
    '',
    '| what | app, median [min–max] | baseline, median [min–max] | ratio, median [min–max] | aim | met |',
    '|---|---:|---:|---:|---|---|',
  ];
  for (const row of rows) {
    const ratios = row.bare ? row.app.map((value, i) => value / row.bare![i]!) : [];
    const ratio = median(ratios);
    const met = row.meets && ratios.length ? (row.meets(ratio) ? 'met' : '**not met**') : '—';
    lines.push(
      `| ${row.what} | ${spread(row.app, row.digits)} | ${row.bare ? spread(row.bare, row.digits) : '—'} | ${
        ratios.length ? `${num(ratio, 2)}× [${num(Math.min(...ratios), 2)}–${num(Math.max(...ratios), 2)}]` : '—'
      } | ${row.aim} | ${met} |`,
    );
  }
  return lines.join('\n');
}

function describeRun(): string {
  const revision = gitRevision(serverRoot);
  return (
    `Machine: ${machine()}; ${new Date().toISOString()}; ` +
    `load average ${num(loadAtStart, 2)} at the start, ${num(os.loadavg()[0]!, 2)} at the end. ` +
    `Server: ${serverFile}${revision ? `, server built from ${revision}` : ''}; PGlite on disk (fresh temp folder).`
  );
}

// ---------------------------------------------------------------- main

/** A problem with the setup, reported without a stack. */
class SetupError extends Error {}

function checkLimits(): void {
  if (!existsSync(serverFile)) throw new SetupError(`${serverFile} not found: build it first with \`node scripts/build.mjs\``);
  const limit = execFileSync('/bin/sh', ['-c', 'ulimit -n'], { encoding: 'utf8' }).trim();
  const need = Math.max(...sizes) + 1024;
  if (limit !== 'unlimited' && Number(limit) < need) {
    throw new SetupError(
      `ulimit -n is ${limit}; ${Math.max(...sizes)} subscribers need at least ${need} open files. Raise it (e.g. \`ulimit -n 65536\`) and run again.`,
    );
  }
  for (const n of sizes) {
    if (clientProcesses(n) > 2) log(`note: ${n} subscribers take ${clientProcesses(n)} client processes on ${os.cpus().length} cores`);
  }
}

async function throughput(): Promise<Row[]> {
  log('throughput: starting the app');
  const app = await startApp();
  let bare: Server | null = null;
  try {
    await settle(app);
    const cookie = await login(app.url, 'admin', ADMIN_PASSWORD);
    const anonymousRes = await fetch(`${app.url}/api/state`);
    const contentType = anonymousRes.headers.get('content-type') ?? 'application/json';
    const anonymousBody = await anonymousRes.text();
    const cookieBody = await (await fetch(`${app.url}/api/state`, { headers: { cookie } })).text();
    bare = await startBare('bare-hono.ts', [
      await tempFile('anonymous.json', anonymousBody),
      await tempFile('cookie.json', cookieBody),
      contentType,
    ]);
    const variants = [
      { what: 'GET /api/state, anonymous (requests/s)', cookie: null, aim: '≥ 0.30×', min: 0.3, app: [] as number[], bare: [] as number[] },
      { what: 'GET /api/state, admin cookie (requests/s)', cookie, aim: '≥ 0.25×', min: 0.25, app: [] as number[], bare: [] as number[] },
    ];
    for (const variant of variants) {
      // Warm both servers up.
      await cannon(`${app.url}/api/state`, 1, variant.cookie);
      await cannon(`${bare.url}/api/state`, 1, variant.cookie);
    }
    for (let run = 1; run <= runs; run++) {
      for (const variant of variants) {
        variant.app.push(await cannon(`${app.url}/api/state`, seconds, variant.cookie));
        variant.bare.push(await cannon(`${bare.url}/api/state`, seconds, variant.cookie));
        log(`throughput run ${run}: ${variant.what}: app ${num(variant.app.at(-1)!, 0)}, bare ${num(variant.bare.at(-1)!, 0)}`);
      }
    }
    return variants.map((v) => ({ what: v.what, app: v.app, bare: v.bare, aim: v.aim, meets: (r: number) => r >= v.min, digits: 0 }));
  } finally {
    await bare?.stop();
    await app.stop();
  }
}

interface SizeResult {
  app: SubscriberRun[];
  bare: SubscriberRun[];
  socketio: SubscriberRun[];
  snapshot: number;
  payload: number;
}

async function subscribers(n: number): Promise<SizeResult> {
  const result: SizeResult = { app: [], bare: [], socketio: [], snapshot: 0, payload: 0 };
  const withFanout = only.has('fanout');
  for (let run = 1; run <= runs; run++) {
    const app = await startApp();
    let samples: string[] = [];
    try {
      const cookie = await login(app.url, 'admin', ADMIN_PASSWORD);
      result.snapshot = await snapshotBytes(app.url);
      const measured = await subscriberRun('app', app, n, 'snapshot', withFanout ? (clients) => fanoutApp(app.url, cookie, clients) : null);
      samples = measured.fanout?.samples ?? [];
      result.app.push(measured);
    } finally {
      await app.stop();
    }
    result.payload = samples[0] ? Buffer.byteLength(samples[0]) : 0;
    const templates = await tempFile('templates.json', JSON.stringify(samples));
    const bare = await startBare('bare-ws.ts', [String(result.snapshot), templates]);
    try {
      result.bare.push(await subscriberRun('bare', bare, n, 'first', withFanout ? (clients) => fanoutBare(bare.url, clients) : null));
    } finally {
      await bare.stop();
    }
    const socketioDir = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-live-socketio-'));
    tempDirs.add(socketioDir);
    const socketio = await startBare('socketio-baseline.ts', [String(result.snapshot), templates, socketioDir]);
    try {
      const fanout = withFanout ? (clients: Clients) => fanoutBare(socketio.url, clients) : null;
      result.socketio.push(await subscriberRun('socket.io', socketio, n, 'first', fanout, true));
    } finally {
      await socketio.stop();
      await fs.rm(socketioDir, { recursive: true, force: true });
    }
    const [a, b, c] = [result.app.at(-1)!, result.bare.at(-1)!, result.socketio.at(-1)!];
    const p99 = (x: SubscriberRun) => num(percentile(x.fanout!.latencies, 99), 1);
    log(
      `N=${n} run ${run}: open ${num(a.openMs, 0)} / ${num(b.openMs, 0)} / ${num(c.openMs, 0)} ms` +
        (a.fanout ? `, fan-out p99 ${p99(a)} / ${p99(b)} / ${p99(c)} ms` : '') +
        ` (app / bare ws / socket.io)`,
    );
  }
  return result;
}

async function main(): Promise<void> {
  checkLimits();
  const sections: string[] = [];
  if (only.has('throughput')) {
    sections.push(table(`1. GET /api/state throughput, 10 connections, ${seconds} s per measurement (autocannon)`, await throughput()));
  }
  const bySize = new Map<number, SizeResult>();
  if (only.has('fanout') || only.has('open') || only.has('memory')) {
    for (const n of sizes) bySize.set(n, await subscribers(n));
  }
  const perThousand = (runsOf: SubscriberRun[], n: number, key: keyof Memory) =>
    runsOf.map((r) => (((r.after[key] - r.before[key]) / n) * 1000) / 2 ** 20);
  if (only.has('fanout')) {
    const rows: Row[] = [];
    for (const [n, r] of bySize) {
      const app = r.app.map((x) => x.fanout!);
      const bare = r.bare.map((x) => x.fanout!);
      const socketio = r.socketio.map((x) => x.fanout!);
      rows.push(
        {
          what: `N = ${n}: request → last delivery, p99 (ms)`,
          app: app.map((f) => percentile(f.latencies, 99)),
          bare: bare.map((f) => percentile(f.latencies, 99)),
          aim: '≤ 1.3×',
          meets: (x) => x <= 1.3,
          digits: 1,
        },
        {
          what: `N = ${n}: request → last delivery, p50 (ms)`,
          app: app.map((f) => percentile(f.latencies, 50)),
          bare: bare.map((f) => percentile(f.latencies, 50)),
          aim: '—',
          meets: null,
          digits: 1,
        },
        {
          what: `N = ${n}: p99 against socket.io persist-then-emit (ms)`,
          app: app.map((f) => percentile(f.latencies, 99)),
          bare: socketio.map((f) => percentile(f.latencies, 99)),
          aim: '< 1×',
          meets: (x) => x < 1,
          digits: 1,
        },
        {
          what: `N = ${n}: p50 against socket.io persist-then-emit (ms)`,
          app: app.map((f) => percentile(f.latencies, 50)),
          bare: socketio.map((f) => percentile(f.latencies, 50)),
          aim: '—',
          meets: null,
          digits: 1,
        },
        {
          what: `N = ${n}: request → HTTP answer, p50 (ms)`,
          app: app.map((f) => percentile(f.answered, 50)),
          bare: null,
          aim: '—',
          meets: null,
          digits: 1,
        },
      );
    }
    const payloads = [...bySize].map(([n, r]) => `${r.payload} B at N = ${n}`).join(', ');
    sections.push(
      `${table(`2. Show change (PUT /api/show) → N subscribers of system.join, ${rounds} rounds after ${WARMUP_ROUNDS} warm-up rounds`, rows)}\n\n` +
        `Baselines: bare \`ws\` server, HTTP trigger, the app's state message (${payloads}) serialised once and sent to N sockets; ` +
        `socket.io ${SOCKETIO_VERSION}, HTTP trigger, the same message stored in PGlite on disk, then \`io.emit\` (websocket transport).`,
    );
  }
  if (only.has('open')) {
    const rows: Row[] = [...bySize].map(([n, r]) => ({
      what: `open ${n} subscriptions until each has its snapshot (ms)`,
      app: r.app.map((x) => x.openMs),
      bare: r.bare.map((x) => x.openMs),
      aim: '≤ 2×',
      meets: (x: number) => x <= 2,
      digits: 0,
    }));
    const snapshots = [...bySize].map(([n, r]) => `${r.snapshot} B at N = ${n}`).join(', ');
    sections.push(
      `${table(`3. Opening subscriptions, ${concurrency} in flight`, rows)}\n\n` +
        `App: done at both \`state\` and \`teams\`. Baseline: one message of the app's snapshot size (${snapshots}) per subscription.`,
    );
  }
  if (only.has('memory')) {
    const rows: Row[] = [];
    for (const [n, r] of bySize) {
      rows.push(
        {
          what: `N = ${n}: RSS growth per 1,000 idle subscribers (MiB)`,
          app: perThousand(r.app, n, 'rss'),
          bare: perThousand(r.bare, n, 'rss'),
          aim: '≤ 1.3×',
          meets: (x) => x <= 1.3,
          digits: 2,
        },
        {
          what: `N = ${n}: RSS growth per 1,000, against socket.io (MiB)`,
          app: perThousand(r.app, n, 'rss'),
          bare: perThousand(r.socketio, n, 'rss'),
          aim: '—',
          meets: null,
          digits: 2,
        },
        {
          what: `N = ${n}: heap used + external after GC, per 1,000 (MiB)`,
          app: perThousand(r.app, n, 'heap'),
          bare: perThousand(r.bare, n, 'heap'),
          aim: '≤ 2×',
          meets: (x) => x <= 2,
          digits: 2,
        },
        {
          what: `N = ${n}: of which heap used (MiB)`,
          app: perThousand(r.app, n, 'heapUsed'),
          bare: perThousand(r.bare, n, 'heapUsed'),
          aim: '—',
          meets: null,
          digits: 2,
        },
      );
    }
    sections.push(table(`4. Server memory per 1,000 idle subscribers (${SETTLE_MS / 1000} s settle)`, rows));
  }
  const notes = bySize.size ? ` Client clock offsets (corrected for) up to ${num(largestOffset, 3)} ms.` : '';
  const markdown = [
    `## Live read path (\`scripts/bench/live.ts\`)`,
    '',
    `${describeRun()} ${runs} run(s) per figure.${notes}`,
    '',
    sections.join('\n\n'),
    '',
  ].join('\n');
  console.log(markdown);
  const out = path.resolve(ROOT, options.out);
  await fs.mkdir(path.dirname(out), { recursive: true });
  await fs.writeFile(out, markdown);
  log(`written to ${path.relative(ROOT, out)}`);
}

main().then(
  () => process.exit(0),
  (error: Error) => {
    console.error(error instanceof SetupError ? `[bench] ${error.message}` : error);
    process.exit(1);
  },
);
