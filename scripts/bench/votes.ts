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
 *      one or two load-generator processes (votes-generator.ts): each a new device
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
import { readFileSync, rmSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { api, gitRevision, login as loginAs, machine, median, percentile, sleep, throwawayPostgres, track } from './lib.mjs';
import { clock, loopbackAddress } from './live-lib';
import { connectionsTo, cpuOf, groupsOf, rssOf } from './votes-processes';
import { castOne, type FromGenerator, type InsertTask, maxInFlight, type VoterResult, type VoterTask } from './votes-shared';
import { largestOffset, next, noteOffset, offsetOf, Subscribers } from './votes-subscribers';

const HERE = import.meta.dirname;
const ROOT = path.resolve(HERE, '../..');
const TSX = import.meta.resolve('tsx');
const log = (line: string) => console.error(`[bench:votes] ${line}`);

/** Source addresses: voters from loopbackAddress(0…), subscribers from these bases on. */
const SUBSCRIBER_BASE = 400_000;
const DIRECT_BASE = 600_000;
/** The one ballot that sends an X-Forwarded-For of its own, from loopbackAddress(SPOOF_N). */
const SPOOF_N = 800_000;
const SPOOFED = '203.0.113.7';
const WARMUP_ROUNDS = 3;
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

function startGenerator(index: number): ChildProcess {
  return track(
    fork(path.join(HERE, 'votes-generator.ts'), [], {
      cwd: ROOT,
      execArgv: ['--import', TSX],
      env: { ...process.env, BENCH_GENERATOR_INDEX: String(index) },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    }),
  );
}

// ---------------------------------------------------------------- HTTP helpers

/** A call to the cluster (or one instance) with the site's own Origin, as a browser on it sends. */
const call = (base: string, method: string, pathname: string, cookie: string | null, body?: unknown): Promise<unknown> =>
  api(base, method, pathname, { cookie, body, origin: base });

const login = (base: string) => loginAs(base, 'admin', ADMIN_PASSWORD, { origin: base });

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
  const state = (await call(base, 'GET', '/api/state', null)) as { system: { version: number } };
  let version = state.system.version;
  const latencies: number[] = [];
  const answered: number[] = [];
  for (let round = 0; round < WARMUP_ROUNDS + rounds; round++) {
    const expected = version + 1;
    const delivered = subs.delivered(expected);
    const start = clock();
    const answer = (await call(base, 'PUT', '/api/show', cookie, { changes: { phase: PHASES[round % 2] } })) as {
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
    const state = (await call(base, 'GET', '/api/state', cookie)) as { listTeam: { _id: string; active?: boolean }[] };
    const teams = state.listTeam.filter((t) => t.active !== false).map((t) => t._id);
    if (teams.length < 2) throw new Error(`the demo has ${teams.length} team(s); a vote needs two`);
    const opened = (await call(base, 'PUT', '/api/vote', cookie, { open: true, teamIds: teams })) as { vote: { _id: string } };
    const voteId = Number(opened.vote._id);
    await call(base, 'PUT', '/api/show', cookie, { changes: { screen2: 'vote' } });

    // Screen-2-like subscribers through nginx, each from its own address.
    subs = await Subscribers.start(subscriberCount);
    const openNginx = await subs.open(`${base.replace('http', 'ws')}/trpc`, subscriberCount, SUBSCRIBER_BASE, true);
    const spread = connectionsTo(cluster.instances.map((i) => Number(new URL(i.url).port)));
    log(`run ${run}: ${subscriberCount} subscribers through nginx in ${openNginx.toFixed(0)} ms; per instance ${spread.join(' / ')}`);

    // The voters.
    for (let g = 0; g < generatorCount; g++) generators.push(startGenerator(g));
    const genOffsets: number[] = [];
    for (const g of generators) genOffsets.push(await offsetOf(g));
    for (const offset of genOffsets) noteOffset(offset);
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
    await call(base, 'PUT', '/api/vote', cookie, { open: false });
    const read = (await call(base, 'GET', '/api/vote', cookie)) as { vote: { _id: string; ballots: number; open: boolean } };
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

function describeMachine(): string {
  const revision = gitRevision(ROOT);
  const nginxVersion = spawnSync('nginx', ['-v'], { encoding: 'utf8' }).stderr?.trim().replace('nginx version: ', '') ?? '';
  return `${machine()}, ${nginxVersion}, PostgreSQL ${postgresVersion}${revision ? `, built from ${revision} + working tree` : ''}`;
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
    `Machine: ${describeMachine()}; ${started}; load average ${num(loadAtStart, 2)} at the start, ${num(os.loadavg()[0]!, 2)} at the end. ` +
    `${voterCount} voters within ${seconds} s, ${instanceCount} instances behind nginx, ${subscriberCount} subscribers, ` +
    `${generatorCount} load-generator process(es), nginx worker_connections ${workerConnections ?? 'as the cluster starter writes it'}, ${runs} run(s): median [min–max]. Clock offsets (corrected for) up to ${num(largestOffset, 3)} ms.`;
  const table = markdown(results, header);
  console.log(table);
  const out = path.resolve(ROOT, options.out);
  await fs.mkdir(path.dirname(out), { recursive: true });
  await fs.writeFile(
    out,
    `${JSON.stringify(
      { started, machine: describeMachine(), loadAtStart, loadAtEnd: os.loadavg()[0], options, runs: results, markdown: table },
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

main().then(
  () => process.exit(0),
  (error: Error) => {
    console.error(error);
    process.exit(1);
  },
);
