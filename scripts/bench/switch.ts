/**
 * Putting another event on stage (`PUT /api/events/active`) with N screens watching: the admin's
 * request start → the moment every subscriber of `system.join` has the new event's `state` (its
 * `system.event._id`), and → the end of that snapshot; beside it, in the same run and to the same
 * subscribers, an ordinary show change (PUT /api/show) and a switch to an empty event.
 *
 * The built server runs as its own process (PGlite on a fresh data folder on disk, then PostgreSQL
 * on a throwaway database when BENCH_DATABASE_URL, TEST_DATABASE_URL or --database-url names a
 * server), with a bench-only preload (switch-preload.mjs) that counts the statements it sends to its
 * database. Subscribers live in a forked client process (switch-clients.ts), which stamps arrivals
 * with the shared wall clock; its offset to this process's clock is measured over IPC.
 *
 * Set-up, through the REST API as the admin and the judges: the big event (60 teams, 8 judges on its
 * panel, 6 question sets of 50 questions, 5,000 audit rows written by the judges' own submits), the
 * small one on stage (12 teams, 2 of the judges, a set of 10, 24 points) and an empty one. Then, per
 * N, after a warm-up round: per run a show change, small → empty, empty → small, small → big,
 * big → small; after each switch to the big and the small event, the statements that 20 GET
 * /api/state (anonymous and with the admin's cookie) and 5 new system.join snapshots cost. With
 * --profile, a CPU profile of the server over each size's measured runs (which it slows).
 *
 *   node scripts/build.mjs && npm run bench:switch -- [--sizes 100,1000] [--runs 3] [--server dist/server/index.js]
 *       [--database-url postgres://…] [--databases pglite,postgres] [--profile] [--out test-results/bench-switch.md]
 */
import { type ChildProcess, fork, spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import WebSocket from 'ws';
import { QUESTION_SETS } from '../../src/constants';
import { api, atExit, exited, gitRevision, login, machine, median, serverEnv, sleep, stopChild, throwawayPostgres, track } from './lib.mjs';
import { clock, clockOffset, findSystem, SUBSCRIBE } from './live-lib';
import { type FromSwitchClients, shownEvent, type ToSwitchClients, trackedId } from './switch-clients';

const HERE = import.meta.dirname;
const ROOT = path.resolve(HERE, '../..');
const PRELOAD = pathToFileURL(path.join(HERE, 'switch-preload.mjs')).href;
const ADMIN_PASSWORD = 'bench-switch-admin-1';
const JUDGE_PASSWORD = 'bench-switch-judge-1';
const log = (line: string) => console.error(`[bench:switch] ${line}`);

const { values: options } = parseArgs({
  options: {
    sizes: { type: 'string', default: '100,1000' },
    runs: { type: 'string', default: '3' },
    server: { type: 'string', default: 'dist/server/index.js' },
    'database-url': { type: 'string', default: process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? '' },
    databases: { type: 'string', default: 'pglite,postgres' },
    concurrency: { type: 'string', default: '200' },
    /** A CPU profile of the server over each size's measured runs (test-results/profiles/switch-<database>-<N>.cpuprofile). */
    profile: { type: 'boolean', default: false },
    out: { type: 'string', default: 'test-results/bench-switch.md' },
  },
});
const sizes = options.sizes.split(',').map(Number);
const runs = Number(options.runs);
const serverFile = path.resolve(options.server);
const serverRoot = path.resolve(path.dirname(serverFile), '../..');
const AIM_MS = 1000;
const BIG = { teams: 60, judges: 8, sets: QUESTION_SETS.length, questions: 50, audit: 5000 };
const SMALL = { teams: 12, judges: 2, questions: 10 };
const READS = 20;
const FRESH_SUBSCRIBERS = 5;

// ---------------------------------------------------------------- the server

const tempDirs = new Set<string>();
atExit(() => {
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
});

interface Server {
  kind: 'pglite' | 'postgres';
  url: string;
  /** Statements the server has sent to its database so far (switch-preload.mjs). */
  statements(): Promise<number>;
  /** Starts the server's CPU profiler, or stops it and writes the profile to `file` (switch-preload.mjs). */
  profile(file: string): Promise<void>;
  stop(): Promise<void>;
}

async function startServer(kind: 'pglite' | 'postgres'): Promise<Server> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-switch-'));
  tempDirs.add(dataDir);
  const postgres = kind === 'postgres' ? await throwawayPostgres(options['database-url'], 'hoithi_switch') : null;
  const env = serverEnv(dataDir, ADMIN_PASSWORD, {
    SEED_DEMO: '0',
    // Every subscriber connects from 127.0.0.1: lift the per-address and global websocket caps.
    WS_MAX_PER_ADDRESS: '100000',
    WS_MAX_SOCKETS: '100000',
    CLIENT_DIR: path.join(ROOT, 'dist/client'),
  });
  if (postgres) env.DATABASE_URL = postgres.url;
  const child = track(
    spawn(process.execPath, ['--import', PRELOAD, serverFile], {
      cwd: serverRoot,
      env,
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    }),
  );
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not start:\n${output}`)), 60_000);
    child.stdout!.on('data', () => {
      const match = /đang chạy tại (http:\/\/\S+)/.exec(output);
      if (!match) return;
      clearTimeout(timer);
      resolve(match[1]!.replace('localhost', '127.0.0.1'));
    });
    void exited(child).then(() => reject(new Error(`the server exited (${child.exitCode ?? child.signalCode}):\n${output}`)));
  });
  let asked = 0;
  /** One request to the preload over IPC, answered with the same id. */
  const ask = <T>(type: string, extra: Record<string, unknown> = {}) => {
    const id = ++asked;
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no '${type}' answer over IPC`)), 30_000);
      const onMessage = (message: { type?: string; id?: number } & T) => {
        if (message?.type !== type || message.id !== id) return;
        clearTimeout(timer);
        child.off('message', onMessage);
        resolve(message);
      };
      child.on('message', onMessage);
      child.send({ type, id, ...extra });
    });
  };
  return {
    kind,
    url,
    statements: async () => (await ask<{ statements: number }>('bench:statements')).statements,
    profile: async (file) => void (await ask('bench:profile', { file })),
    async stop() {
      await stopChild(child);
      if (/could not|error/i.test(output)) log(`server output:\n${output}`);
      await fs.rm(dataDir, { recursive: true, force: true });
      tempDirs.delete(dataDir);
      await postgres?.drop();
    },
  };
}

// ---------------------------------------------------------------- set-up

interface Events {
  small: string;
  big: string;
  empty: string;
  /** What the set-up wrote, as the server answered it. */
  written: string;
}

const question = (set: number, n: number) => ({
  content: `Bộ ${set}, câu ${n}: thủ đô của nước nào có tên bắt đầu bằng chữ cái thứ ${n}?`,
  options: ['Phương án A', 'Phương án B', 'Phương án C', 'Phương án D'],
  answer: 'A',
  explanation: 'Giải thích ngắn cho người dẫn chương trình.',
  point: 10,
  timeLimit: 30,
});

async function setUp(base: string): Promise<Events> {
  const admin = await login(base, 'admin', ADMIN_PASSWORD);
  const call = (method: string, route: string, body?: unknown, cookie = admin) => api(base, method, route, { cookie, body });
  const activate = (id: string) => call('PUT', '/api/events/active', { _id: id });
  const small = (await call('GET', '/api/events')).items[0]._id as string;

  // The big event: made blank (no judge yet, so an empty panel), filled while it is on stage.
  const big = (await call('POST', '/api/events', { data: { title: 'Chung kết (bench)', rounds: 6 } })).item._id as string;
  await activate(big);
  const judges: { id: string; cookie: string }[] = [];
  for (let i = 1; i <= BIG.judges; i++) {
    const user = { username: `gk${i}`, password: JUDGE_PASSWORD, fullName: `Giám khảo ${i}`, role: 'judge' };
    const created = (await call('POST', '/api/user', { user })).user;
    judges.push({ id: created._id, cookie: await login(base, user.username, JUDGE_PASSWORD) });
  }
  const teams: string[] = [];
  for (let i = 1; i <= BIG.teams; i++)
    teams.push((await call('POST', '/api/team', { data: { name: `Đội ${i}`, unit: `Trường ${i}` } })).item._id);
  await call('POST', '/api/score-field', { data: { name: 'f', label: 'Tiêu chí', maxPoint: 10, step: 0.5 } });
  for (let set = 1; set <= BIG.sets; set++) {
    const items = Array.from({ length: BIG.questions }, (_, n) => question(set, n + 1));
    await call('POST', `/api/${QUESTION_SETS[set - 1]}`, { data: { title: `Bộ câu hỏi ${set}`, items } });
  }
  // The audit: each judge's own submits, one worker per judge, every one a saved point and its row.
  await call('PUT', '/api/show', { changes: { activeField: 'f', scoringOpen: true } });
  const started = performance.now();
  const perJudge = BIG.audit / BIG.judges;
  await Promise.all(
    judges.map(async (judge, j) => {
      for (let i = 0; i < perJudge; i++) {
        const body = { teamId: teams[i % teams.length], point: ((i + j) % 21) / 2, key: `seed-${j}-${i}` };
        await call('PUT', '/api/cham-thi/submit', body, judge.cookie);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  await call('PUT', '/api/show', { changes: { scoringOpen: false } });
  let audit = 0;
  for (const judge of judges) {
    const input = encodeURIComponent(JSON.stringify({ gkId: judge.id, limit: 1000 }));
    audit += (await call('GET', `/trpc/scoring.log?input=${input}`)).result.data.items.length;
  }
  if (audit !== BIG.audit) throw new Error(`the big event holds ${audit} audit rows, not ${BIG.audit}`);

  // The small event, on stage when the measurements start: its teams, a set, two of the judges.
  await activate(small);
  const smallTeams: string[] = [];
  for (let i = 1; i <= SMALL.teams; i++)
    smallTeams.push((await call('POST', '/api/team', { data: { name: `Đội sơ khảo ${i}` } })).item._id);
  await call('POST', '/api/score-field', { data: { name: 'f', label: 'Tiêu chí', maxPoint: 10, step: 0.5 } });
  const items = Array.from({ length: SMALL.questions }, (_, n) => question(1, n + 1));
  await call('POST', `/api/${QUESTION_SETS[0]}`, { data: { title: 'Bộ câu hỏi sơ khảo', items } });
  await call('PUT', '/api/show', { changes: { activeField: 'f', scoringOpen: true } });
  for (const judge of judges.slice(0, SMALL.judges)) {
    await call('POST', '/trpc/user.setPanel', { _id: judge.id, seated: true });
    // Signed out when the stage left the big event for a panel they were not on yet.
    const cookie = await login(base, `gk${judges.indexOf(judge) + 1}`, JUDGE_PASSWORD);
    for (const [i, teamId] of smallTeams.entries()) await call('PUT', '/api/cham-thi/submit', { teamId, point: (i % 21) / 2 }, cookie);
  }
  await call('PUT', '/api/show', { changes: { scoringOpen: false } });

  const empty = (await call('POST', '/api/events', { data: { title: 'Sự kiện trống (bench)', rounds: 1 } })).item._id as string;
  const listed = (await call('GET', '/api/events')).items as { _id: string; teamCount: number }[];
  const teamsOf = (id: string) => listed.find((e) => e._id === id)?.teamCount;
  if (teamsOf(big) !== BIG.teams || teamsOf(small) !== SMALL.teams || teamsOf(empty) !== 0) {
    throw new Error(`unexpected team counts: ${JSON.stringify(listed)}`);
  }
  const written =
    `big: ${BIG.teams} teams, ${BIG.judges} judges on its panel, ${BIG.sets} sets × ${BIG.questions} questions, ` +
    `${audit} audit rows (judges' submits, ${Math.round(audit / seconds)}/s); small: ${SMALL.teams} teams, ` +
    `${SMALL.judges} judges, 1 set × ${SMALL.questions}, ${SMALL.judges * SMALL.teams} points; empty: nothing`;
  log(`set up: ${written}`);
  return { small, big, empty, written };
}

// ---------------------------------------------------------------- the subscribers

/** The client process of one size, with its clock offset. */
class Subscribers {
  private offset = 0;
  private tokens = 0;
  private failure: Error | null = null;

  private constructor(private readonly proc: ChildProcess) {
    proc.on('message', (message: FromSwitchClients) => {
      if (message.type === 'error') this.failure = new Error(`client process: ${message.message}`);
    });
  }

  static async start(): Promise<Subscribers> {
    const proc = track(
      fork(path.join(HERE, 'switch-clients.ts'), [], {
        cwd: ROOT,
        execArgv: ['--import', import.meta.resolve('tsx')],
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      }),
    );
    const subscribers = new Subscribers(proc);
    subscribers.offset = await clockOffset(async (sentAt) => {
      const reply = subscribers.next('pong');
      subscribers.send({ type: 'ping', sentAt });
      return ((await reply) as Extract<FromSwitchClients, { type: 'pong' }>).at;
    });
    return subscribers;
  }

  get clockOffset(): number {
    return this.offset;
  }

  private send(message: ToSwitchClients): void {
    this.proc.send(message);
  }

  private next<T extends FromSwitchClients['type']>(type: T, timeoutMs = 60_000): Promise<Extract<FromSwitchClients, { type: T }>> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.proc.off('message', onMessage);
        reject(new Error(`no '${type}' from the client process within ${timeoutMs} ms`));
      }, timeoutMs);
      const onMessage = (message: FromSwitchClients) => {
        if (message.type === 'error') reject(new Error(`client process: ${message.message}`));
        else if (message.type !== type) return;
        else resolve(message as Extract<FromSwitchClients, { type: T }>);
        clearTimeout(timer);
        this.proc.off('message', onMessage);
      };
      this.proc.on('message', onMessage);
    });
  }

  /** Opens `count` subscribers; wall ms from the first start to the last snapshot. */
  async open(url: string, count: number): Promise<number> {
    const opened = this.next('opened', 180_000);
    this.send({ type: 'open', url: `${url.replace('http', 'ws')}/trpc`, count, concurrency: Number(options.concurrency) });
    const { startedAt, doneAt } = await opened;
    return doneAt - startedAt;
  }

  /**
   * Arms the subscribers for event `event` or show version `version`, runs `trigger`, and waits until
   * every subscriber has it; times on this process's clock.
   */
  async until(target: { event?: string; version?: number }, trigger: () => Promise<void>) {
    if (this.failure) throw this.failure;
    const token = ++this.tokens;
    const armed = this.next('armed');
    this.send({ type: 'arm', token, ...target });
    await armed;
    const reached = this.next('reached', 30_000).catch(async (error: Error) => {
      const status = this.next('status', 2000);
      this.send({ type: 'status' });
      throw new Error(`${error.message}; ${JSON.stringify(await status.catch(() => 'no status'))}`);
    });
    const start = clock();
    await trigger();
    const answered = clock();
    const r = await reached;
    return {
      answered: answered - start,
      first: r.firstAt - this.offset - start,
      state: r.stateAt - this.offset - start,
      done: r.doneAt - this.offset - start,
      snapshots: r.snapshots,
      sample: r.sample,
    };
  }

  async close(): Promise<void> {
    this.send({ type: 'close' });
    await exited(this.proc);
  }
}

/** An anonymous screen's snapshot: the event its state shows, its messages and their bytes. */
interface Snapshot {
  event: string;
  messages: number;
  bytes: number;
}

/** Opens one anonymous subscriber here and reads until its snapshot ends. */
function freshSnapshot(base: string): Promise<Snapshot> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${base.replace('http', 'ws')}/trpc`, { perMessageDeflate: false });
    const snapshot: Snapshot = { event: '', messages: 0, bytes: 0 };
    socket.on('open', () => socket.send(SUBSCRIBE));
    socket.on('message', (data: Buffer) => {
      const text = data.toString();
      if (text === 'PING') return void socket.send('PONG');
      snapshot.event ||= shownEvent(text) ?? '';
      const id = trackedId(text);
      if (id === null) return;
      snapshot.messages++;
      snapshot.bytes += data.length;
      if (snapshot.event && !id.includes(':')) {
        socket.close();
        resolve(snapshot);
      }
    });
    socket.on('error', reject);
  });
}

// ---------------------------------------------------------------- measurements

type Step = 'show' | 'toBig' | 'toSmall' | 'toEmpty' | 'fromEmpty';
const STEPS: { step: Step; what: string }[] = [
  { step: 'show', what: 'show change (PUT /api/show), baseline' },
  { step: 'toEmpty', what: 'switch small → empty event, baseline' },
  { step: 'toBig', what: 'switch small → big event' },
  { step: 'toSmall', what: 'switch big → small event' },
  { step: 'fromEmpty', what: 'switch empty → small event' },
];

interface Timing {
  answered: number;
  state: number;
  done: number;
  /** Statements the server sent from the request to the last delivery. */
  statements: number;
}

interface Reads {
  anonymous: number;
  cookie: number;
  /** The admin's first read after the switch (its session may be read once). */
  cookieFirst: number;
  join: number;
  snapshot: Snapshot;
}

interface SizeResult {
  n: number;
  openMs: number;
  timings: Map<Step, Timing[]>;
  reads: { after: 'big' | 'small'; reads: Reads }[];
}

async function readsAfterSwitch(server: Server, admin: string, expected: string): Promise<Reads> {
  const count = async (work: () => Promise<void>) => {
    const before = await server.statements();
    await work();
    return (await server.statements()) - before;
  };
  const state = async (cookie?: string) => {
    const body = (await api(server.url, 'GET', '/api/state', { cookie: cookie ?? null })) as { system: { event: { _id: string } } };
    if (body.system.event._id !== expected) throw new Error(`GET /api/state shows ${body.system.event._id}, not ${expected}`);
  };
  const anonymous = await count(async () => {
    for (let i = 0; i < READS; i++) await state();
  });
  const cookieFirst = await count(() => state(admin));
  const cookie = await count(async () => {
    for (let i = 0; i < READS; i++) await state(admin);
  });
  let snapshot: Snapshot | null = null;
  const join = await count(async () => {
    for (let i = 0; i < FRESH_SUBSCRIBERS; i++) {
      snapshot = await freshSnapshot(server.url);
      if (snapshot.event !== expected) throw new Error(`a new system.join snapshot shows ${snapshot.event}, not ${expected}`);
    }
  });
  return { anonymous, cookie, cookieFirst, join, snapshot: snapshot! };
}

async function measureSize(server: Server, events: Events, n: number): Promise<SizeResult> {
  const admin = await login(server.url, 'admin', ADMIN_PASSWORD);
  const subscribers = await Subscribers.start();
  const result: SizeResult = { n, openMs: 0, timings: new Map(STEPS.map((s) => [s.step, []])), reads: [] };
  try {
    result.openMs = await subscribers.open(server.url, n);
    log(`N=${n}: open in ${Math.round(result.openMs)} ms (clock offset ${subscribers.clockOffset.toFixed(3)} ms)`);
    let phase = 0;
    const showChange = async () => {
      const version = ((await api(server.url, 'GET', '/api/state')) as { system: { version: number } }).system.version;
      const changes = { phase: ++phase % 2 ? 'scoreboard' : 'blank' };
      return subscribers.until(
        { version: version + 1 },
        async () => void (await api(server.url, 'PUT', '/api/show', { cookie: admin, body: { changes } })),
      );
    };
    const switchTo = (id: string) =>
      subscribers.until(
        { event: id },
        async () => void (await api(server.url, 'PUT', '/api/events/active', { cookie: admin, body: { _id: id } })),
      );
    const timed = async (step: Step, work: () => ReturnType<typeof switchTo>, record: boolean) => {
      const before = await server.statements();
      const t = await work();
      const statements = (await server.statements()) - before;
      if (step !== 'show' && t.snapshots !== n) throw new Error(`${step}: ${t.snapshots} of ${n} screens started over with a snapshot`);
      if (t.sample && findSystem(JSON.parse(t.sample)) === null) throw new Error(`unreadable state message: ${t.sample.slice(0, 200)}`);
      if (record) result.timings.get(step)!.push({ answered: t.answered, state: t.state, done: t.done, statements });
      log(
        `N=${n} ${step}: last state ${t.state.toFixed(1)} ms, last snapshot end ${t.done.toFixed(1)} ms, first ${t.first.toFixed(1)} ms, ` +
          `answered ${t.answered.toFixed(1)} ms, ${statements} statements${record ? '' : ' (warm-up)'}`,
      );
      await sleep(300);
    };
    // Warm-up: each kind once, not recorded.
    const profileFile = path.join(ROOT, `test-results/profiles/switch-${server.kind}-${n}.cpuprofile`);
    for (let run = 0; run <= runs; run++) {
      const record = run > 0;
      if (run === 1 && options.profile) await server.profile(profileFile);
      await timed('show', showChange, record);
      await timed('toEmpty', () => switchTo(events.empty), record);
      await timed('fromEmpty', () => switchTo(events.small), record);
      await timed('toBig', () => switchTo(events.big), record);
      if (record) result.reads.push({ after: 'big', reads: await readsAfterSwitch(server, admin, events.big) });
      await timed('toSmall', () => switchTo(events.small), record);
      if (record) result.reads.push({ after: 'small', reads: await readsAfterSwitch(server, admin, events.small) });
    }
    if (options.profile) {
      await server.profile(profileFile);
      log(`profile of the measured runs: ${path.relative(ROOT, profileFile)}`);
    }
  } finally {
    await subscribers.close();
  }
  return result;
}

// ---------------------------------------------------------------- report

const num = (value: number, digits: number) =>
  value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const spread = (values: number[], digits = 1) =>
  `${num(median(values), digits)} [${num(Math.min(...values), digits)}–${num(Math.max(...values), digits)}]`;

function timingTable(results: SizeResult[]): string {
  const lines = [
    '| N | what | request → every screen has the new `state` (ms) | → every screen has the whole snapshot (ms) | → HTTP answer (ms) | statements, request → last delivery | aim | met |',
    '|---:|---|---:|---:|---:|---:|---|---|',
  ];
  for (const r of results) {
    for (const { step, what } of STEPS) {
      const t = r.timings.get(step)!;
      const aimed = step === 'toBig';
      const met = aimed ? (median(t.map((x) => x.done)) <= AIM_MS ? 'met' : '**not met**') : '—';
      lines.push(
        `| ${r.n} | ${what} | ${spread(t.map((x) => x.state))} | ${spread(t.map((x) => x.done))} | ${spread(t.map((x) => x.answered))} | ` +
          `${spread(
            t.map((x) => x.statements),
            0,
          )} | ${aimed ? `≤ ${num(AIM_MS, 0)} ms` : '—'} | ${met} |`,
      );
    }
  }
  return lines.join('\n');
}

function readsTable(results: SizeResult[]): string {
  const lines = [
    `| N | after the switch to | ${READS} × GET /api/state, anonymous | admin's first GET /api/state | ${READS} × GET /api/state, admin's cookie | ${FRESH_SUBSCRIBERS} new system.join snapshots |`,
    '|---:|---|---:|---:|---:|---:|',
  ];
  for (const r of results) {
    for (const after of ['big', 'small'] as const) {
      const reads = r.reads.filter((x) => x.after === after).map((x) => x.reads);
      const worst = (key: Exclude<keyof Reads, 'snapshot'>) => `max ${Math.max(...reads.map((x) => x[key]))}`;
      lines.push(`| ${r.n} | ${after} event | ${worst('anonymous')} | ${worst('cookieFirst')} | ${worst('cookie')} | ${worst('join')} |`);
    }
  }
  return lines.join('\n');
}

function snapshotSizes(result: SizeResult): string {
  return (['big', 'small'] as const)
    .map((after) => {
      const { snapshot } = result.reads.find((x) => x.after === after)!.reads;
      return `${after} event ${num(snapshot.bytes, 0)} B in ${snapshot.messages} messages`;
    })
    .join(', ');
}

async function main(): Promise<void> {
  await fs.access(serverFile).catch(() => {
    throw new Error(`${serverFile} not found: build it first with \`node scripts/build.mjs\``);
  });
  const kinds = options.databases.split(',').filter((k) => k === 'pglite' || (k === 'postgres' && options['database-url'])) as (
    | 'pglite'
    | 'postgres'
  )[];
  const loadAtStart = os.loadavg()[0]!;
  const sections: string[] = [];
  for (const kind of kinds) {
    log(`${kind}: starting the server`);
    const server = await startServer(kind);
    try {
      const events = await setUp(server.url);
      const results: SizeResult[] = [];
      for (const n of sizes) results.push(await measureSize(server, events, n));
      const label = kind === 'pglite' ? 'PGlite (data folder on disk)' : 'PostgreSQL (local, throwaway database)';
      sections.push(
        [
          `#### ${label}`,
          '',
          `Set-up: ${events.written}. An anonymous screen's snapshot: ${snapshotSizes(results[0]!)}. ` +
            `Opening the subscribers: ${results.map((r) => `${r.n} in ${num(r.openMs, 0)} ms`).join(', ')}.`,
          '',
          timingTable(results),
          '',
          "Statements a screen's read costs after the switch (the most in any run):",
          '',
          readsTable(results),
        ].join('\n'),
      );
    } finally {
      await server.stop();
    }
  }
  const revision = gitRevision(serverRoot);
  const markdown = [
    `Machine: ${machine()}; ${new Date().toISOString()}; load average ${num(loadAtStart, 2)} at the start, ${num(os.loadavg()[0]!, 2)} at the end. ` +
      `Server: ${serverFile}${revision ? ` (checkout at ${revision})` : ''}. ${runs} runs after a warm-up, medians [min–max].`,
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
    console.error(error);
    process.exit(1);
  },
);
