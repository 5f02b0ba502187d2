#!/usr/bin/env node
/**
 * A hostile client against the built server, before and after a fix: what one anonymous machine on
 * the hall's network can do to the server's memory and to the staff's own requests.
 *
 *   node scripts/bench-hostile.mjs --app <checkout> [--app <another checkout>] [--runs 3] [--seconds 20]
 *                                  [--scenarios baseline,h1,m3,m4s,m4f] [--moves 10] [--reads 5]
 *                                  [--setup-max 40] [--rss-limit-mb 6144] [--json file]
 *
 * `--app` is a checkout with its server built (`npm ci && node scripts/build.mjs` in it; only
 * `dist/server/index.js` is run), so an old commit is measured by the same script. Several `--app`
 * (or a comma-separated list) are measured in the same run, interleaved, so they share the machine's
 * conditions. The markdown tables go to stdout, progress to stderr; --json keeps every sample.
 *
 * Every measurement starts the server afresh (no measurement sees another's sockets or garbage), as
 * its own process: `node dist/server/index.js` in the checkout, with `--expose-gc` and a small preload
 * that runs a GC when asked over IPC, on PGlite in a fresh data folder on disk, the demo event seeded
 * (SEED_DEMO=1), the admin's password from ADMIN_PASSWORD, PORT=0 on 127.0.0.1. WS_MAX_PER_ADDRESS
 * and every other limit are the server's own defaults. Then:
 *
 *   1. The admin logs in (POST /login); a few reads and two show moves warm the server up; two GCs a
 *      second apart settle its memory; VmRSS is read: "RSS at start".
 *   2. The attack starts in a child process of its own, through `sh -c 'ulimit -n 65536 …'` so its
 *      descriptors are not what limits it (where the hard limit is lower, it gets the hard limit).
 *      From then on this process reads the server's VmRSS from /proc/<pid>/status and counts its open
 *      descriptors (/proc/<pid>/fd) every 500 ms: peak (set-up included) and at the end of the
 *      window. A server above --rss-limit-mb is killed at once; its run is marked stopped, with the
 *      last sample as its peak.
 *   3. Once the attack is in place (its sockets open and subscribed, or written; at most --setup-max
 *      seconds after it started), the window of --seconds opens. In it, as the admin (session cookie):
 *      - GET /api/state at --reads per second, open loop: each request starts on its schedule
 *        whatever the others did; latency from the scheduled start to the whole answer; no answer in
 *        10 s counts as 10 s and as unanswered;
 *      - show moves, PUT /api/show (the REST path over the console's show.update) with the phase
 *        between 'blank' and 'scoreboard', at most --moves per second and one at a time (a tick that
 *        finds the previous move unanswered is skipped), timed the same way. Each move is a
 *        broadcast to every subscriber of system.join: the broadcasts the attacks' sockets are sent,
 *        at the same rate for every scenario and every checkout (fewer only where the server is too
 *        slow to take them).
 *      The server's CPU time over the window comes from /proc/<pid>/stat; "at the end" is the last
 *      sample of the window.
 *   4. After the window and the answers still due, the attack is told to stop and reports its own
 *      counters; the server is stopped and its data folder removed.
 *
 * Scenarios. The attack is what a script can do: sockets to /trpc with no Origin header (not a
 * browser), speaking tRPC's protocol in raw JSON frames, e.g. the subscription a screen opens:
 * `{"id":n,"method":"subscription","params":{"path":"system.join","input":{}}}`.
 *   baseline  no attack; the same reads and moves.
 *   h1        100 sockets × 20 subscriptions of system.join; 300 ms after subscribing, each socket stops
 *             reading (its TCP socket is paused) and from then on sends the text PONG every second,
 *             which tRPC's keep-alive took as a sign of life. The moves' broadcasts pile up.
 *   h1q       (not in the default list) as h1, and each paused socket also sends, every second, one
 *             frame with an array of 1,000 system.state queries: tRPC answers every call of an array,
 *             some 2.7 MB for a 61 KB frame.
 *   m3        10 clients (10 keep-alive connections), each looping
 *             GET /trpc/system.state,system.state,…(1,237 calls)?batch=1, a 16 KB address.
 *   m4s       up to 2,100 sockets (100 handshakes in flight) × 20 subscriptions, each reading all it is
 *             sent and answering the server's pings as a screen does (ws answers a protocol ping by
 *             itself; a text PING gets the text PONG).
 *   m4f       600 sockets (50 handshakes in flight), each writing 16,000 masked one-byte frames of one
 *             text message that never ends (fin = 0: a text frame, then continuation frames), raw on the
 *             socket after the handshake and in one write; then it holds the socket, reading.
 * A socket the server closes is counted (with its close code), not reopened.
 *
 * Each (checkout, scenario) is measured --runs times, interleaved (run 1 of every scenario, then run
 * 2, …); the tables show the median with [min–max] over the runs. On 2 cores: one checkout, the five
 * default scenarios, 3 runs of 20 s, 8–10 minutes; two checkouts and h1q as well, about 18 minutes.
 * The server's websocket liveness window (20 s) is as long as the default window: `--scenarios h1
 * --seconds 30` shows whether a socket that stops reading is dropped by it.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import WebSocket from 'ws';
import {
  atExit,
  machine as describeHost,
  exited,
  login as loginAs,
  median as medianOf,
  percentile,
  sleep,
  stopChild,
  track,
} from './bench/lib.mjs';

const ADMIN_PASSWORD = 'bench-hostile-admin-1';
const SAMPLE_MS = 500;
const REQUEST_TIMEOUT_MS = 10_000;
const SELF = new URL(import.meta.url).pathname;

const SUBSCRIBE = (id) => JSON.stringify({ id, method: 'subscription', params: { path: 'system.join', input: {} } });

const SCENARIOS = {
  baseline: 'baseline: no attack',
  h1: 'H1: 100 sockets × 20 subscriptions, not reading, PONG every second',
  h1q: 'H1 with queries: as H1, and each socket sends every second one frame of 1,000 batched system.state queries',
  m3: 'M3: 10 clients looping GET /trpc/system.state ×1,237 ?batch=1',
  m4s: 'M4 sockets: up to 2,100 sockets × 20 subscriptions',
  m4f: 'M4 fragments: 600 sockets × 16,000 unfinished one-byte fragments',
};

const now = () => performance.now();
const log = (line) => console.error(`[bench-hostile] ${line}`);

// ================================================================ the attack (child process)

function newCounters() {
  return {
    /** Handshakes completed. */
    opened: 0,
    /** Handshakes that failed (refused, reset, timed out). */
    refused: 0,
    /** Open sockets the server closed (or reset) before the attack ended, by close code. */
    dropped: 0,
    dropCodes: {},
    /** Sockets still open when told to stop. */
    held: 0,
    framesSent: 0,
    bytesSent: 0,
    messagesReceived: 0,
    bytesReceived: 0,
    subscriptionsStarted: 0,
    subscriptionsRefused: 0,
    /** HTTP (m3): answers by status, failed requests, latency. */
    requests: 0,
    statuses: {},
    requestErrors: 0,
    requestMs: [],
    /** ms from the attack's start to its set-up done (every socket opened and subscribed or written). */
    setupMs: null,
  };
}

async function pool(count, concurrency, task) {
  let next = 0;
  const worker = async () => {
    while (next < count) await task(next++);
  };
  await Promise.all(Array.from({ length: Math.min(count, concurrency) }, worker));
}

/** One socket to /trpc with no Origin header; resolves once open (or null when the handshake fails). */
function openSocket(wsUrl, counters, attack) {
  return new Promise((resolve) => {
    const socket = new WebSocket(wsUrl, { perMessageDeflate: false, handshakeTimeout: 10_000 });
    let open = false;
    socket.on('error', () => {});
    socket.on('open', () => {
      open = true;
      counters.opened++;
      resolve(socket);
    });
    socket.on('close', (code) => {
      if (!open) {
        counters.refused++;
        resolve(null);
        return;
      }
      attack.sockets.delete(socket);
      if (attack.stopping) return;
      counters.dropped++;
      counters.dropCodes[code] = (counters.dropCodes[code] ?? 0) + 1;
    });
    attack.sockets.add(socket);
  });
}

function countMessage(counters, data) {
  counters.messagesReceived++;
  counters.bytesReceived += data.length;
  if (data.length > 400) return;
  const text = String(data);
  if (text.includes('"type":"started"')) counters.subscriptionsStarted++;
  else if (text.includes('"error":')) counters.subscriptionsRefused++;
}

function subscribe(socket, counters, subscriptions) {
  for (let id = 1; id <= subscriptions; id++) {
    const frame = SUBSCRIBE(id);
    socket.send(frame);
    counters.framesSent++;
    counters.bytesSent += frame.length;
  }
}

const attacks = {
  async h1(attack, { wsUrl }) {
    const { counters } = attack;
    const paused = [];
    await pool(100, 20, async () => {
      const socket = await openSocket(wsUrl, counters, attack);
      if (!socket) return;
      socket.on('message', (data) => countMessage(counters, data));
      subscribe(socket, counters, 20);
      // Long enough for the subscriptions to start; then the socket is no longer read.
      await sleep(300);
      socket._socket?.pause();
      paused.push(socket);
    });
    attack.timers.push(
      setInterval(() => {
        for (const socket of paused) {
          if (socket.readyState !== WebSocket.OPEN) continue;
          socket._socket?.pause(); // in case the library resumed it
          socket.send('PONG');
          counters.framesSent++;
          counters.bytesSent += 4;
        }
      }, 1000),
    );
  },

  async m3(attack, { httpUrl }) {
    const { counters } = attack;
    const target = new URL(httpUrl);
    const requestPath = `/trpc/${Array(1237).fill('system.state').join(',')}?batch=1`;
    const agent = new http.Agent({ keepAlive: true, maxSockets: 10 });
    attack.cleanups.push(() => agent.destroy());
    const once = () =>
      new Promise((resolve) => {
        const start = now();
        const req = http.get({ host: target.hostname, port: target.port, path: requestPath, agent }, (res) => {
          res.on('data', (chunk) => {
            counters.bytesReceived += chunk.length;
          });
          res.on('end', () => {
            counters.requests++;
            counters.statuses[res.statusCode] = (counters.statuses[res.statusCode] ?? 0) + 1;
            counters.requestMs.push(now() - start);
            resolve();
          });
          res.on('error', () => {
            counters.requestErrors++;
            resolve();
          });
        });
        req.setTimeout(30_000, () => req.destroy());
        req.on('error', () => {
          counters.requestErrors++;
          setTimeout(resolve, 100);
        });
        counters.framesSent++;
        counters.bytesSent += requestPath.length;
      });
    for (let i = 0; i < 10; i++) {
      void (async () => {
        while (!attack.stopping) await once();
      })();
    }
  },

  /** H1, and each paused socket also sends, every second, one frame of 1,000 batched system.state queries. */
  async h1q(attack, config) {
    await attacks.h1(attack, config);
    const { counters } = attack;
    const calls = Array.from({ length: 1000 }, (_, i) => ({ id: 1000 + i, method: 'query', params: { path: 'system.state' } }));
    const frame = JSON.stringify(calls);
    attack.timers.push(
      setInterval(() => {
        for (const socket of attack.sockets) {
          if (socket.readyState !== WebSocket.OPEN) continue;
          socket.send(frame);
          counters.framesSent++;
          counters.bytesSent += frame.length;
        }
      }, 1000),
    );
  },

  async m4s(attack, { wsUrl }) {
    const { counters } = attack;
    await pool(2100, 100, async () => {
      if (attack.stopping) return;
      const socket = await openSocket(wsUrl, counters, attack);
      if (!socket) return;
      socket.on('message', (data) => {
        countMessage(counters, data);
        if (data.length === 4 && String(data) === 'PING') socket.send('PONG');
      });
      subscribe(socket, counters, 20);
    });
  },

  async m4f(attack, { wsUrl }) {
    const { counters } = attack;
    const fragments = 16_000;
    const frames = Buffer.alloc(fragments * 7);
    const mask = [0x37, 0xfa, 0x21, 0x3d];
    for (let i = 0; i < fragments; i++) {
      const at = i * 7;
      frames[at] = i === 0 ? 0x01 : 0x00; // fin = 0; a text frame, then continuations
      frames[at + 1] = 0x80 | 1; // masked, one byte
      for (let k = 0; k < 4; k++) frames[at + 2 + k] = mask[k];
      frames[at + 6] = 0x61 ^ mask[0];
    }
    await pool(600, 50, async () => {
      if (attack.stopping) return;
      const socket = await openSocket(wsUrl, counters, attack);
      if (!socket) return;
      socket.on('message', (data) => countMessage(counters, data));
      socket._socket.write(frames);
      counters.framesSent += fragments;
      counters.bytesSent += frames.length;
    });
  },
};

async function attackMain() {
  const attack = { counters: newCounters(), sockets: new Set(), timers: [], cleanups: [], stopping: false };
  process.on('disconnect', () => process.exit(0));
  const config = await new Promise((resolve) => {
    process.once('message', resolve);
    process.send({ type: 'hello' });
  });
  const started = now();
  const openFiles = Number(/Max open files\s+(\d+)/.exec(fs.readFileSync('/proc/self/limits', 'utf8'))?.[1]);
  process.send({ type: 'started' });
  const report = () => {
    const { requestMs, ...rest } = attack.counters;
    const cpu = process.cpuUsage();
    return { ...rest, requestP50: percentile(requestMs, 50), cpuSeconds: (cpu.user + cpu.system) / 1e6, openFiles };
  };
  const ticker = setInterval(() => process.send({ type: 'counters', counters: report() }), 1000);
  process.on('message', async (message) => {
    if (message?.type !== 'stop') return;
    attack.stopping = true;
    clearInterval(ticker);
    for (const timer of attack.timers) clearInterval(timer);
    attack.counters.held = [...attack.sockets].filter((s) => s.readyState === WebSocket.OPEN).length;
    for (const socket of attack.sockets) socket.terminate();
    for (const cleanup of attack.cleanups) cleanup();
    process.send({ type: 'final', counters: report() }, () => process.exit(0));
  });
  await attacks[config.scenario](attack, config);
  attack.counters.setupMs = now() - started;
  process.send({ type: 'ready' });
}

// ================================================================ the measurement (main process)

/** The median of the finite values (a run stopped early has none for some figures). */
const median = (values) => medianOf(values.filter((v) => Number.isFinite(v)));

function vmRss(pid) {
  const match = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) * 1024 : Number.NaN;
}

function openDescriptors(pid) {
  try {
    return fs.readdirSync(`/proc/${pid}/fd`).length;
  } catch {
    return Number.NaN;
  }
}

/** utime + stime of a process, in seconds (Linux counts them in ticks of 1/100 s). */
function cpuSeconds(pid) {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

const PRELOAD = `
process.on('message', (message) => {
  if (message?.type !== 'bench:gc') return;
  globalThis.gc?.();
  process.send?.({ type: 'bench:gc', id: message.id });
});
process.on('disconnect', () => process.exit(0));
`;

const tempRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-hostile-'));
atExit(() => fs.rmSync(tempRoot, { recursive: true, force: true }));

let serverCount = 0;
async function startServer(app) {
  const id = ++serverCount;
  const dataDir = path.join(tempRoot, `data-${id}`);
  const logFile = path.join(tempRoot, `server-${id}.log`);
  const preload = path.join(tempRoot, 'gc-preload.mjs');
  fs.writeFileSync(preload, PRELOAD);
  fs.mkdirSync(dataDir);
  const out = fs.openSync(logFile, 'w');
  const env = serverEnv(dataDir, ADMIN_PASSWORD);
  delete env.WS_MAX_PER_ADDRESS;
  const child = track(
    spawn(process.execPath, ['--expose-gc', '--import', preload, path.join(app, 'dist/server/index.js')], {
      cwd: app,
      env,
      stdio: ['ignore', out, out, 'ipc'],
    }),
  );
  fs.closeSync(out);
  const readLog = () => fs.readFileSync(logFile, 'utf8');
  const deadline = now() + 60_000;
  let url = null;
  while (!url) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`server exited (${child.exitCode ?? child.signalCode}):\n${readLog()}`);
    if (now() > deadline) throw new Error(`server did not start:\n${readLog()}`);
    url = /(http:\/\/127\.0\.0\.1:\d+)/.exec(readLog())?.[1] ?? null;
    if (!url) await sleep(100);
  }
  let gcs = 0;
  return {
    url,
    child,
    pid: child.pid,
    log: readLog,
    alive: () => child.exitCode === null && child.signalCode === null,
    gc() {
      const gcId = ++gcs;
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no GC answer from the server')), 10_000);
        const onMessage = (message) => {
          if (message?.type !== 'bench:gc' || message.id !== gcId) return;
          clearTimeout(timer);
          child.off('message', onMessage);
          resolve();
        };
        child.on('message', onMessage);
        child.send({ type: 'bench:gc', id: gcId });
      });
    },
    async stop() {
      await stopChild(child, 5000);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function timedFetch(url, init) {
  try {
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    await res.arrayBuffer();
    return res.status;
  } catch {
    return 0;
  }
}

/** The admin's session cookie, checked: GET /api/state with it must be the admin's. */
async function login(base) {
  const cookie = await loginAs(base, 'admin', ADMIN_PASSWORD);
  const state = await (await fetch(`${base}/api/state`, { headers: { cookie } })).json();
  if (state?.user?.role !== 'admin')
    throw new Error(`GET /api/state with the login's cookies is not the admin's: ${JSON.stringify(state?.user)}`);
  return cookie;
}

const PHASES = ['blank', 'scoreboard'];
let moveCount = 0;
function move(base, cookie) {
  return timedFetch(`${base}/api/show`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ changes: { phase: PHASES[moveCount++ % 2] } }),
  });
}

function startAttack(scenario, server) {
  const script = 'ulimit -n 65536 2>/dev/null || ulimit -n "$(ulimit -Hn)"; exec "$0" "$@"';
  const child = track(
    spawn('/bin/sh', ['-c', script, process.execPath, SELF, '--attack'], {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    }),
  );
  const state = { child, counters: null, final: null };
  child.on('message', (message) => {
    if (message?.type === 'counters') state.counters = message.counters;
    if (message?.type === 'final') state.final = message.counters;
  });
  state.started = new Promise((resolve, reject) => {
    child.on('message', (message) => {
      if (message?.type === 'hello') child.send({ scenario, httpUrl: server.url, wsUrl: `${server.url.replace('http:', 'ws:')}/trpc` });
      if (message?.type === 'started') resolve();
    });
    child.once('exit', () => reject(new Error('attack exited before it started')));
  });
  let ready = false;
  state.isReady = () => ready;
  state.ready = new Promise((resolve) => {
    child.on('message', (message) => {
      if (message?.type !== 'ready') return;
      ready = true;
      resolve();
    });
  });
  state.stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.send({ type: 'stop' });
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited(child);
      clearTimeout(timer);
    }
    return state.final ?? state.counters;
  };
  return state;
}

/** Calls `fn(due)` at start + k × interval (k = 1, 2, …), each timer set from the clock, so no drift builds up. */
function every(start, interval, fn) {
  let k = 0;
  let timer = null;
  const next = () => {
    const due = start + ++k * interval;
    timer = setTimeout(
      () => {
        fn(due);
        next();
      },
      Math.max(0, due - now()),
    );
  };
  next();
  return { stop: () => clearTimeout(timer) };
}

/** One measurement: a fresh server, one scenario, one window. */
async function measure(app, scenario, options) {
  const server = await startServer(app);
  const rssLimit = options.rssLimitMb * 2 ** 20;
  try {
    const cookie = await login(server.url);
    for (let i = 0; i < 5; i++) await timedFetch(`${server.url}/api/state`, { headers: { cookie } });
    for (let i = 0; i < 2; i++) {
      const status = await move(server.url, cookie);
      if (status !== 200) throw new Error(`PUT /api/show as the admin: ${status}`);
    }
    for (let i = 0; i < 2; i++) {
      await server.gc();
      await sleep(1000);
    }
    const result = {
      rssStart: vmRss(server.pid),
      rssPeak: 0,
      rssEnd: Number.NaN,
      fdsStart: openDescriptors(server.pid),
      fdsPeak: 0,
      fdsEnd: Number.NaN,
      cpu: Number.NaN,
      reads: [],
      readsUnanswered: 0,
      moves: [],
      movesUnanswered: 0,
      movesSkipped: 0,
      aborted: null,
      setupDone: true,
      attack: null,
    };
    let abort;
    const aborted = new Promise((resolve) => (abort = resolve));
    let windowEnd = Number.POSITIVE_INFINITY;
    // From the attack's start (its set-up included) to its stop.
    const sampler = setInterval(() => {
      if (!server.alive()) {
        result.aborted ??= 'the server exited';
        abort();
        return;
      }
      const rss = vmRss(server.pid);
      result.rssPeak = Math.max(result.rssPeak, rss);
      const fds = openDescriptors(server.pid);
      result.fdsPeak = Math.max(result.fdsPeak, fds);
      if (now() <= windowEnd + SAMPLE_MS / 2) {
        result.rssEnd = rss;
        result.fdsEnd = fds;
      }
      if (rss > rssLimit) {
        result.aborted = `RSS above ${options.rssLimitMb} MiB`;
        server.child.kill('SIGKILL');
        abort();
      }
    }, SAMPLE_MS);

    const attack = scenario === 'baseline' ? null : startAttack(scenario, server);
    if (attack) {
      await attack.started;
      // The window opens once the attack is in place (its sockets open, subscribed or written), at most
      // --setup-max seconds after it started.
      await Promise.race([attack.ready, sleep(options.setupMax * 1000), aborted]);
      result.setupDone = attack.isReady();
    }
    const cpuStart = cpuSeconds(server.pid);
    const t0 = now();
    windowEnd = t0 + options.seconds * 1000;
    let stopped = false;

    const inFlight = new Set();
    /** Times `request` from `start` into `result[list]`; an answer other than 200 is unanswered and counts as the timeout at least. */
    const timed = (request, start, list, unanswered) => {
      const p = request.then((status) => {
        if (status === 200) result[list].push(now() - start);
        else {
          result[unanswered]++;
          result[list].push(Math.max(now() - start, REQUEST_TIMEOUT_MS));
        }
      });
      inFlight.add(p);
      void p.finally(() => inFlight.delete(p));
      return p;
    };

    // GET /api/state, open loop: request k (from 1) is due at t0 + k / reads.
    const readEvery = 1000 / options.reads;
    const readTimer = every(t0, readEvery, (scheduled) => {
      if (stopped) return;
      timed(timedFetch(`${server.url}/api/state`, { headers: { cookie } }), scheduled, 'reads', 'readsUnanswered');
    });

    // Show moves, one at a time, at most --moves per second.
    let moving = false;
    const moveEvery = options.moves ? 1000 / options.moves : 60_000;
    const moveTimer = every(t0, moveEvery, () => {
      if (stopped || !options.moves) return;
      if (moving) {
        result.movesSkipped++;
        return;
      }
      moving = true;
      void timed(move(server.url, cookie), now(), 'moves', 'movesUnanswered').then(() => {
        moving = false;
      });
    });

    await Promise.race([sleep(options.seconds * 1000), aborted]);
    stopped = true;
    readTimer.stop();
    moveTimer.stop();
    await Promise.race([Promise.all([...inFlight]), aborted]);
    if (server.alive()) result.cpu = (100 * (cpuSeconds(server.pid) - cpuStart)) / ((now() - t0) / 1000);
    if (attack) result.attack = await attack.stop();
    clearInterval(sampler);
    if (result.aborted) log(`  aborted: ${result.aborted}`);
    return result;
  } catch (error) {
    throw new Error(`${error.message}\n--- server log (end) ---\n${server.log().slice(-4000)}`);
  } finally {
    await server.stop();
  }
}

// ---------------------------------------------------------------- report

const MiB = 2 ** 20;
const fmt = (value, digits = 0) =>
  Number.isFinite(value) ? value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits }) : '—';

/** "median [min–max]" of one figure over the runs (runs without it left out). */
function cell(values, digits = 0) {
  const list = values.filter((v) => Number.isFinite(v));
  if (!list.length) return '—';
  const m = median(list);
  if (list.length === 1) return fmt(m, digits);
  return `${fmt(m, digits)} [${fmt(Math.min(...list), digits)}–${fmt(Math.max(...list), digits)}]`;
}

const cell1 = (values) => cell(values, 1);

function table(header, rows) {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length), 3));
  const line = (cells) => `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join(' | ')} |`;
  const rule = `| ${widths.map((w, i) => (i === 0 ? '-'.repeat(w) : `${'-'.repeat(w - 1)}:`)).join(' | ')} |`;
  return [line(header), rule, ...rows.map(line)].join('\n');
}

/** Counts by key (close code, HTTP status), each the median over the runs (0 where a run had none). */
function codes(list) {
  const keys = [...new Set(list.flatMap((entry) => Object.keys(entry ?? {})))];
  return keys.length ? keys.map((k) => `${k}: ${fmt(median(list.map((entry) => entry?.[k] ?? 0)))}`).join(', ') : '—';
}

function report(app, results, options) {
  const serverRows = [];
  const attackRows = [];
  for (const scenario of options.scenarios) {
    const runs = results.filter((r) => r.scenario === scenario).map((r) => r.result);
    if (!runs.length) continue;
    const get = (f) => runs.map(f);
    const p = (list, q) => percentile(list, q);
    // A run stopped at --rss-limit-mb keeps the last sample (above the limit) as its peak.
    const aborted = runs.filter((r) => r.aborted);
    const name =
      scenario +
      (aborted.length ? ` (${aborted.length} of ${runs.length} stopped: ${[...new Set(aborted.map((r) => r.aborted))].join(', ')})` : '');
    serverRows.push([
      name,
      cell(get((r) => r.rssStart / MiB)),
      cell(get((r) => r.rssPeak / MiB)),
      cell(get((r) => (r.aborted ? Number.NaN : r.rssEnd / MiB))),
      cell(get((r) => (r.rssPeak - r.rssStart) / MiB)),
      cell(get((r) => r.fdsPeak)),
      cell(get((r) => (r.aborted ? Number.NaN : r.fdsEnd))),
      cell(get((r) => r.cpu)),
      cell1(get((r) => p(r.reads, 50))),
      cell1(get((r) => p(r.reads, 99))),
      cell(get((r) => r.readsUnanswered)),
      cell1(get((r) => p(r.moves, 50))),
      cell1(get((r) => p(r.moves, 99))),
      cell(get((r) => r.moves.length)),
    ]);
    if (scenario === 'baseline') continue;
    const a = runs.map((r) => r.attack ?? {});
    const isHttp = scenario === 'm3';
    attackRows.push([
      scenario,
      isHttp ? '—' : cell(a.map((c) => c.opened)),
      isHttp ? '—' : cell(a.map((c) => c.held)),
      isHttp ? '—' : `${cell(a.map((c) => c.dropped))}${a.some((c) => c.dropped) ? ` (codes ${codes(a.map((c) => c.dropCodes))})` : ''}`,
      // tRPC answers "started" before the procedure runs; a refused subscription then gets its error.
      isHttp ? '—' : cell(a.map((c) => c.subscriptionsStarted - c.subscriptionsRefused)),
      isHttp ? '—' : cell(a.map((c) => c.subscriptionsRefused)),
      cell(a.map((c) => c.framesSent)),
      cell1(a.map((c) => c.bytesSent / MiB)),
      isHttp
        ? `${cell(a.map((c) => c.requests))} (${codes(a.map((c) => c.statuses))}; ${cell(a.map((c) => c.requestErrors))} failed)`
        : '—',
      isHttp ? cell1(a.map((c) => c.requestP50)) : '—',
      cell1(a.map((c) => c.bytesReceived / MiB)),
      cell1(a.map((c) => (c.setupMs === null ? Number.NaN : c.setupMs / 1000))),
      cell1(a.map((c) => c.cpuSeconds)),
    ]);
  }
  const serverTable = table(
    [
      'scenario',
      'RSS at start (MiB)',
      'RSS peak (MiB)',
      'RSS at the end (MiB)',
      'peak − start (MiB)',
      'descriptors, peak',
      'at the end',
      'server CPU (% of a core)',
      'GET /api/state p50 (ms)',
      'p99 (ms)',
      'unanswered in 10 s',
      'show move p50 (ms)',
      'p99 (ms)',
      'moves made',
    ],
    serverRows,
  );
  const attackTable = table(
    [
      'scenario',
      'sockets opened',
      'held at the end',
      'closed by the server',
      'subscriptions accepted',
      'refused',
      'frames / requests sent',
      'MiB sent',
      'HTTP answers (by status)',
      'answer p50 (ms)',
      'MiB received',
      'set-up (s)',
      'attack CPU (s)',
    ],
    attackRows,
  );
  return `#### ${app}\n\nThe server, as measured from outside:\n\n${serverTable}\n\nThe attack's own counters:\n\n${attackTable}\n`;
}

function describeApp(app) {
  let commit = 'unknown commit';
  try {
    const head = fs.readFileSync(path.join(app, '.git/HEAD'), 'utf8').trim();
    commit = head.startsWith('ref: ') ? fs.readFileSync(path.join(app, '.git', head.slice(5)), 'utf8').trim() : head;
  } catch {}
  const built = fs.statSync(path.join(app, 'dist/server/index.js')).mtime.toISOString();
  return `${app} at ${commit.slice(0, 12)} (server built ${built})`;
}

function machine(attackOpenFiles) {
  const read = (file) => {
    try {
      return fs.readFileSync(file, 'utf8').trim().replace(/\s+/g, ' ');
    } catch {
      return '?';
    }
  };
  const limits = /Max open files\s+(\d+)\s+(\d+)/.exec(read('/proc/self/limits'));
  return (
    `${describeHost()}; ` +
    `open files ${limits?.[1] ?? '?'} (hard ${limits?.[2] ?? '?'}) for the server, ${fmt(attackOpenFiles)} for the attack (ulimit -n); ` +
    `tcp_wmem ${read('/proc/sys/net/ipv4/tcp_wmem')}, tcp_rmem ${read('/proc/sys/net/ipv4/tcp_rmem')}`
  );
}

async function main() {
  const { values } = parseArgs({
    options: {
      app: { type: 'string', multiple: true },
      runs: { type: 'string', default: '3' },
      seconds: { type: 'string', default: '20' },
      scenarios: { type: 'string', default: 'baseline,h1,m3,m4s,m4f' },
      moves: { type: 'string', default: '10' },
      reads: { type: 'string', default: '5' },
      'rss-limit-mb': { type: 'string', default: '6144' },
      'setup-max': { type: 'string', default: '40' },
      json: { type: 'string' },
    },
  });
  const apps = (values.app ?? []).flatMap((a) => a.split(',')).map((a) => path.resolve(a));
  if (!apps.length) throw new Error('give the checkout to measure: --app <dir> (with dist/server/index.js built)');
  for (const app of apps) {
    if (!fs.existsSync(path.join(app, 'dist/server/index.js'))) {
      throw new Error(`${app}/dist/server/index.js is missing: run \`npm ci && node scripts/build.mjs\` in ${app}`);
    }
  }
  const options = {
    runs: Number(values.runs),
    seconds: Number(values.seconds),
    scenarios: values.scenarios.split(',').map((s) => s.trim()),
    moves: Number(values.moves),
    reads: Number(values.reads),
    rssLimitMb: Number(values['rss-limit-mb']),
    setupMax: Number(values['setup-max']),
  };
  for (const s of options.scenarios) if (!SCENARIOS[s]) throw new Error(`unknown scenario ${s} (${Object.keys(SCENARIOS).join(', ')})`);
  const startedAt = new Date();
  const loadStart = os.loadavg()[0];
  const results = [];
  for (let run = 1; run <= options.runs; run++) {
    for (const scenario of options.scenarios) {
      for (const app of apps) {
        log(`run ${run}/${options.runs}: ${scenario} on ${app}`);
        const result = await measure(app, scenario, options);
        results.push({ app, scenario, run, result });
        log(
          `  RSS ${fmt(result.rssStart / MiB)} → peak ${fmt(result.rssPeak / MiB)} MiB; GET /api/state p99 ${fmt(percentile(result.reads, 99), 1)} ms; ` +
            `move p99 ${fmt(percentile(result.moves, 99), 1)} ms (${result.moves.length} moves)` +
            (result.attack ? `; attack ${JSON.stringify(result.attack)}` : ''),
        );
      }
    }
  }
  const header =
    `Machine: ${machine(Math.max(0, ...results.map((r) => r.result.attack?.openFiles ?? 0)))}.\n${startedAt.toISOString()}, load average ${loadStart.toFixed(2)} at the start, ${os.loadavg()[0].toFixed(2)} at the end. ` +
    `${options.runs} run(s) per figure, each on a fresh server; ${options.seconds} s of attack per run; GET /api/state ${options.reads}/s ` +
    `and show moves ${options.moves}/s as the admin throughout; median [min–max].\n\n` +
    `Scenarios: ${options.scenarios.map((s) => `${s} = ${SCENARIOS[s]}`).join('; ')}.\n`;
  const body = apps
    .map((app) =>
      report(
        describeApp(app),
        results.filter((r) => r.app === app),
        options,
      ),
    )
    .join('\n');
  console.log(`${header}\n${body}`);
  if (values.json) fs.writeFileSync(values.json, JSON.stringify({ startedAt, options, apps: apps.map(describeApp), results }, null, 2));
}

if (process.argv.includes('--attack')) await attackMain();
else
  await main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
