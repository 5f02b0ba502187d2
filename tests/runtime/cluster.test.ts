/**
 * `npm run start:cluster` as a night runs it: three instances of the built server on one PostgreSQL
 * behind nginx (deploy/nginx.conf), the screens, voters and judges all coming through nginx. The
 * cluster runs with `--expose-upstreams`, so each answer names the instance that gave it (X-Upstream,
 * also on a websocket's 101) and `/__instance/N/…` reaches instance N only. Needs TEST_DATABASE_URL
 * and nginx (`apt-get install -y nginx`); without nginx the file is skipped with the reason, unless
 * E2E_REQUIRED=1 (as in CI, whose .ci/run installs it).
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { createTRPCClient, createWSClient, wsLink } from '@trpc/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { AppRouter } from '../../src-server/router';
import { type ConsoleClient, openConsole } from '../helpers/console-client';
import { loginAt } from '../helpers/http';
import { ROOT } from '../helpers/spawn-server';
import { createThrowawayPostgres } from '../helpers/test-db';

const ADMIN_PASSWORD = 'mat-khau-admin-1';
const USER_PASSWORD = 'mat-khau-cum-1';

/** nginx as scripts/lib/cluster.mjs finds it: NGINX, the PATH, or Debian's /usr/sbin/nginx. */
function nginxAvailable(): boolean {
  const candidates = [process.env.NGINX, 'nginx', '/usr/sbin/nginx'].filter((c): c is string => !!c);
  if (candidates.some((command) => spawnSync(command, ['-v'], { stdio: 'ignore' }).error === undefined)) return true;
  const reason = 'nginx not found (apt-get install -y nginx)';
  if (process.env.E2E_REQUIRED === '1') throw new Error(`E2E_REQUIRED=1 but ${reason}`);
  console.warn(`[runtime] cluster tests skipped: ${reason}`);
  return false;
}
const hasPostgres = !!process.env.TEST_DATABASE_URL;
const runnable = hasPostgres && nginxAvailable();

// ---------------------------------------------------------------------------------------------------
// The cluster process

interface Instance {
  index: number;
  url: string;
  pid: number;
  /** How nginx names it in X-Upstream. */
  address: string;
}

interface Cluster {
  process: ChildProcess;
  url: string;
  brotli: boolean;
  instances: Instance[];
  output(): string;
  exited: Promise<number | null>;
}

/** Spawns scripts/start-cluster.mjs and reads the instances and the address from what it prints. */
async function startCluster(databaseUrl: string): Promise<Cluster> {
  const child = spawn(
    process.execPath,
    [path.join(ROOT, 'scripts/start-cluster.mjs'), '--instances', '3', '--port', '0', '--database-url', databaseUrl, '--expose-upstreams'],
    { cwd: ROOT, env: { ...process.env, ADMIN_PASSWORD, SEED_DEMO: '0', NODE_ENV: 'production' }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the cluster did not start in 120 s:\n${output}`)), 120_000);
    child.stdout!.on('data', () => {
      const ready = /\[cluster\] ready: (http:\/\/\S+)/.exec(output);
      if (ready) {
        clearTimeout(timer);
        resolve(ready[1]!);
      }
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`the cluster exited with ${code}:\n${output}`));
    });
  });
  const instances = [...output.matchAll(/\[cluster\] instance (\d+): (http:\/\/127\.0\.0\.1:(\d+)) \(pid (\d+)\)/g)].map((m) => ({
    index: Number(m[1]),
    url: m[2]!,
    pid: Number(m[4]),
    address: `127.0.0.1:${m[3]}`,
  }));
  return { process: child, url, brotli: /Brotli on/.test(output), instances, output: () => output, exited };
}

// ---------------------------------------------------------------------------------------------------
// Calls through nginx (with this site's Origin, as a browser sends it) or to one instance

interface Answer<T> {
  status: number;
  json: T;
  upstream: string | null;
  headers: Headers;
}

interface VoteAnswer {
  vote: { open: boolean; ballots: number | null; tally: { teamId: string; count: number }[] | null } | null;
}
interface StateAnswer {
  system: { activeField: string | null; scoringOpen: boolean };
  listTeam: { _id: string; fieldScores: Record<string, number | null> }[];
}

let cluster: Cluster;
let drop: (() => Promise<void>) | null = null;

async function call<T = unknown>(
  method: string,
  urlPath: string,
  options: { cookie?: string; body?: unknown; base?: string } = {},
): Promise<Answer<T>> {
  const res = await fetch(`${options.base ?? cluster.url}${urlPath}`, {
    method,
    headers: {
      'content-type': 'application/json',
      origin: cluster.url,
      ...(options.cookie ? { cookie: options.cookie } : {}),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await res.text();
  return {
    status: res.status,
    json: (text.startsWith('{') ? JSON.parse(text) : text) as T,
    upstream: res.headers.get('x-upstream'),
    headers: res.headers,
  };
}

const login = (username: string, password: string) => loginAt(cluster.url, username, password, { origin: cluster.url });

/** Polls `check` every 50 ms until it holds; fails with `what` after `timeoutMs`. */
async function until(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out: ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const liveInstances = () => cluster.instances.filter((i) => i.pid !== killed?.pid);

// ---------------------------------------------------------------------------------------------------
// A screen: system.join over a websocket through nginx, reconnecting (with its last event id) as the
// projector's client does, remembering which instance each connection reached

interface Received {
  id: string | undefined;
  data: { type: string; [key: string]: unknown };
}

interface Screen {
  events: Received[];
  /** One entry per connection: the instance (X-Upstream of the 101) and when it opened. */
  connections: { upstream: string; at: number }[];
  close(): Promise<void>;
}

function openScreen(): Screen {
  const connections: Screen['connections'] = [];
  const origin = cluster.url;
  class TracedWebSocket extends WebSocket {
    constructor(address: string) {
      super(address, { headers: { origin } });
      this.once('upgrade', (res) => connections.push({ upstream: String(res.headers['x-upstream']), at: performance.now() }));
    }
  }
  // 1 s between tries, the low end of the client's 1–5 s, so moves land while a screen is away.
  const wsClient = createWSClient({
    url: `${cluster.url.replace(/^http/, 'ws')}/trpc`,
    WebSocket: TracedWebSocket as never,
    // Longer than a move through nginx takes: a killed instance's screens come back after the first move.
    retryDelayMs: () => 2000,
  });
  const client = createTRPCClient<AppRouter>({ links: [wsLink({ client: wsClient })] });
  const events: Received[] = [];
  const subscription = client.system.join.subscribe(
    {},
    { onData: (tracked) => events.push({ id: tracked.id, data: tracked.data as Received['data'] }) },
  );
  return {
    events,
    connections,
    async close() {
      subscription.unsubscribe();
      await wsClient.close();
    },
  };
}

const screen2Of = (e: Received) => (e.data.system as { screen2: string }).screen2;
/** The instance that answered: X-Upstream lists every one nginx tried, a refused one first. */
const answeredBy = (upstream: string | null | undefined) => upstream?.split(',').at(-1)?.trim();
const upstreamOf = (screen: Screen) => answeredBy(screen.connections.at(-1)?.upstream);

/** The screen2 modes a screen went through after its first picture, repeats (other changes) folded. */
function screen2Path(screen: Screen): string[] {
  const modes = screen.events
    .filter((e) => e.data.type === 'state')
    .slice(1)
    .map(screen2Of);
  return modes.filter((mode, i) => i === 0 || mode !== modes[i - 1]);
}

/** The ids of the changes a screen followed after `baseline` (a change id every screen had). */
function idsAfter(screen: Screen, baseline: number): string[] {
  return screen.events.map((e) => e.id!).filter((id) => Number(id.split(':')[0]) > baseline);
}

// ---------------------------------------------------------------------------------------------------

const screens: Screen[] = [];
let consoleClient: ConsoleClient | null = null;
let admin = '';
let master = '';
/** Every screen2 move made, in order: what each screen must have followed. */
const moves: string[] = [];
let baseline = 0;
let killed: Instance | null = null;

async function move(screen2: string): Promise<Answer<unknown>> {
  const res = await call('PUT', '/api/show', { cookie: master, body: { changes: { screen2 } } });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  moves.push(screen2);
  return res;
}

/** The next screen2 mode after the last move (never the same twice in a row). */
function nextMode(): string {
  const cycle = ['judges', 'answers', 'scoreboard', 'logo'];
  const last = moves.at(-1);
  return cycle[(cycle.indexOf(last ?? 'logo') + 1) % cycle.length]!;
}

beforeAll(async () => {
  if (!runnable) return;
  const throwaway = await createThrowawayPostgres();
  drop = throwaway.drop;
  cluster = await startCluster(throwaway.url);
  admin = await login('admin', ADMIN_PASSWORD);
  const created = await call('POST', '/api/user', {
    cookie: admin,
    body: { user: { username: 'dieukhien', password: USER_PASSWORD, fullName: 'Người điều khiển', role: 'master' } },
  });
  expect(created.status).toBe(200);
  master = await login('dieukhien', USER_PASSWORD);
});

afterAll(async () => {
  for (const screen of screens) await screen.close().catch(() => {});
  await consoleClient?.close().catch(() => {});
  if (cluster && cluster.process.exitCode === null) {
    cluster.process.kill('SIGTERM');
    await cluster.exited;
  }
  await drop?.();
});

describe.runIf(runnable)('three instances behind nginx (npm run start:cluster)', () => {
  it('serves the hashed assets itself, precompressed and cached for good, and every other path from the app', async () => {
    expect(cluster.instances).toHaveLength(3);
    const page = await fetch(`${cluster.url}/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('x-upstream')).toMatch(/^127\.0\.0\.1:\d+$/);
    expect(page.headers.get('content-security-policy')).toContain(`connect-src 'self' ws://${new URL(cluster.url).host}`);
    const asset = /src="(\/assets\/[^"]+\.js)"/.exec(await page.text())?.[1];
    expect(asset).toBeDefined();

    const plain = await fetch(`${cluster.url}${asset}`, { headers: { 'accept-encoding': 'identity' } });
    const source = await plain.text();
    expect(plain.headers.get('content-encoding')).toBeNull();
    for (const encoding of cluster.brotli ? ['br', 'gzip'] : ['gzip']) {
      const packed = await fetch(`${cluster.url}${asset}`, { headers: { 'accept-encoding': encoding } });
      expect(packed.headers.get('content-encoding')).toBe(encoding);
      expect(packed.headers.get('vary')).toContain('Accept-Encoding');
      expect(packed.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(packed.headers.get('x-content-type-options')).toBe('nosniff');
      expect(packed.headers.get('cross-origin-resource-policy')).toBe('same-origin');
      expect(packed.headers.get('x-upstream')).toBeNull(); // nginx's own
      expect(await packed.text()).toBe(source);
    }

    // A name that is not there is the app's 404 page, with the app's headers.
    const missing = await fetch(`${cluster.url}/assets/khong-co-123.js`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('x-upstream')).not.toBeNull();
    expect(missing.headers.get('cache-control')).toBe('no-store');
    expect(await missing.text()).toContain('<div id="root">');

    // The Origin check sees the site as the browser does, through the forwarded headers.
    const foreign = await fetch(`${cluster.url}/logout`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'http://tran-khac.example' },
      body: '{}',
    });
    expect(foreign.status).toBe(403);
    expect((await call('POST', '/logout', { body: {} })).status).toBe(200);
  });

  it('spreads the screens over every instance, and every screen follows each show change in order', async () => {
    for (let i = 0; i < 9; i++) screens.push(openScreen());
    await until('every screen has its first picture', () => screens.every((s) => s.events.some((e) => e.data.type === 'teams')));
    expect(new Set(screens.map(upstreamOf))).toEqual(new Set(cluster.instances.map((i) => i.address)));
    baseline = Math.max(...screens.map((s) => Number(s.events.at(-1)!.id!.split(':')[0])));

    // The master's console, open on one instance, sees the moves too.
    consoleClient = openConsole(cluster.url, master);
    await consoleClient.waitForList((m) => m.consoles.length === 1, 10_000);

    const upstreams = new Set<string | null>();
    for (let i = 0; i < 6; i++) upstreams.add((await move(nextMode())).upstream);
    expect(upstreams.size).toBeGreaterThan(1); // the moves themselves went to several instances

    await until('every screen followed the six moves', () => screens.every((s) => screen2Path(s).length >= moves.length));
    for (const screen of screens) expect(screen2Path(screen)).toEqual(moves);
    // The same changes, in the same order, on every screen.
    const reference = idsAfter(screens[0]!, baseline);
    for (const screen of screens) expect(idsAfter(screen, baseline)).toEqual(reference);
    const numbers = reference.map((id) => Number(id.split(':')[0]));
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
    await consoleClient.waitForLive((m) => m.type === 'state' && m.system.screen2 === moves.at(-1));
  });

  it('counts ballots cast through every instance in one tally, none lost or counted twice', async () => {
    const teamIds: string[] = [];
    for (const name of ['Đội Hoàn Kiếm', 'Đội Ba Đình', 'Đội Tây Hồ']) {
      const res = await call<{ item: { _id: string } }>('POST', '/api/team', { cookie: admin, body: { data: { name } } });
      expect(res.status).toBe(200);
      teamIds.push(res.json.item._id);
    }
    // The instance that opens the vote checks its teams in memory: let every instance hear of them first.
    for (const instance of liveInstances()) {
      await until(`instance ${instance.index} knows the new teams`, async () => {
        const { listTeam } = (await call<{ listTeam: { _id: string }[] }>('GET', '/api/state', { base: instance.url })).json;
        return teamIds.every((id) => listTeam.some((t) => t._id === id));
      });
    }
    expect((await call('PUT', '/api/vote', { cookie: master, body: { open: true, teamIds } })).status).toBe(200);
    for (const instance of liveInstances()) {
      await until(`instance ${instance.index} knows the vote is open`, async () => {
        const res = await call<VoteAnswer>('GET', '/api/vote', { base: instance.url });
        return res.json.vote?.open === true;
      });
    }

    // 300 phones, each its own device (the cookie its page's read of the vote set), 15 at a time.
    const acknowledged = new Map(teamIds.map((id) => [id, 0]));
    const upstreams = new Map<string, number>();
    let aCookie = '';
    const queue = Array.from({ length: 300 }, (_, i) => teamIds[i % teamIds.length]!);
    await Promise.all(
      Array.from({ length: 15 }, async () => {
        for (let teamId = queue.pop(); teamId; teamId = queue.pop()) {
          const page = await call('GET', '/api/vote');
          const device = (page.headers.get('set-cookie') ?? '').split(';')[0]!;
          const res = await call('POST', '/api/vote', { cookie: device, body: { teamIds: [teamId] } });
          expect(res.status, JSON.stringify(res.json)).toBe(200);
          expect(res.json).toEqual({ ok: true });
          acknowledged.set(teamId, acknowledged.get(teamId)! + 1);
          const instance = answeredBy(res.upstream)!;
          upstreams.set(instance, (upstreams.get(instance) ?? 0) + 1);
          aCookie ||= device;
        }
      }),
    );
    expect([...upstreams.keys()].sort()).toEqual(cluster.instances.map((i) => i.address).sort());

    // One device is one ballot on every instance (they share the cookie's key).
    for (const instance of cluster.instances) {
      const again = await call('POST', `/__instance/${instance.index}/api/vote`, { cookie: aCookie, body: { teamIds: [teamIds[0]] } });
      expect(again.status).toBe(409);
    }

    // The close answers with the vote as its instance counted it on closing; another instance may
    // not have heard the close yet, so the GETs below wait for each.
    const final = await call<VoteAnswer>('PUT', '/api/vote', { cookie: master, body: { open: false } });
    expect(final.status).toBe(200);
    const expected = teamIds.map((teamId) => ({ teamId, count: acknowledged.get(teamId)! }));
    expect(final.json.vote).toMatchObject({ open: false, ballots: 300 });
    expect(final.json.vote!.tally).toEqual(expect.arrayContaining(expected));
    expect(final.json.vote!.tally).toHaveLength(3);
    // Every instance reads the same closed tally.
    for (const instance of cluster.instances) {
      await until(`instance ${instance.index} has the final tally`, async () => {
        const { vote } = (await call<VoteAnswer>('GET', '/api/vote', { cookie: master, base: instance.url })).json;
        return vote?.open === false && vote.ballots === 300 && JSON.stringify(vote.tally) === JSON.stringify(final.json.vote!.tally);
      });
    }
  });

  it("shows a judge's score sent through one instance on every instance's /api/state", async () => {
    expect(
      (
        await call('POST', '/api/score-field', {
          cookie: admin,
          body: { data: { name: 'phan-1', label: 'Phần 1', maxPoint: 10, position: 1 } },
        })
      ).status,
    ).toBe(200);
    const judgeCreated = await call('POST', '/api/user', {
      cookie: admin,
      body: { user: { username: 'gk.cum', password: USER_PASSWORD, fullName: 'Giám khảo Cụm', role: 'judge' } },
    });
    expect(judgeCreated.status).toBe(200);
    const judge = await login('gk.cum', USER_PASSWORD);
    const teamId = (await call<StateAnswer>('GET', '/api/state')).json.listTeam[0]!._id;

    expect(
      (await call('PUT', '/api/show', { cookie: master, body: { changes: { activeField: 'phan-1', scoringOpen: true } } })).status,
    ).toBe(200);
    for (const instance of cluster.instances) {
      await until(`instance ${instance.index} has scoring open`, async () => {
        const { system } = (await call<StateAnswer>('GET', '/api/state', { base: instance.url })).json;
        return system.activeField === 'phan-1' && system.scoringOpen === true;
      });
    }

    const [, second, third] = cluster.instances as [Instance, Instance, Instance];
    const body = { teamId, point: '8,5', key: 'cum-gk-1' };
    const sent = await call('PUT', `/__instance/${second.index}/api/cham-thi/submit`, { cookie: judge, body });
    expect(sent.status, JSON.stringify(sent.json)).toBe(200);
    expect(sent.upstream).toBe(second.address);
    // The pad's retry of the same point, through another instance, is answered alike and lands once.
    const retried = await call('PUT', `/__instance/${third.index}/api/cham-thi/submit`, { cookie: judge, body });
    expect(retried.status).toBe(200);
    expect(retried.json).toEqual(sent.json);

    const scoreOn = async (base: string) => {
      const { listTeam } = (await call<StateAnswer>('GET', '/api/state', { base })).json;
      return listTeam.find((t) => t._id === teamId)?.fieldScores['phan-1'];
    };
    for (const instance of cluster.instances)
      await until(`instance ${instance.index} shows the point`, async () => (await scoreOn(instance.url)) === 8.5);
    expect(await scoreOn(cluster.url)).toBe(8.5);
  });

  it('moves the screens of an instance killed with kill -9 to the others, which replay every change they missed, in order', async () => {
    const victim = cluster.instances.find((i) => screens.some((s) => upstreamOf(s) === i.address))!;
    const moved = screens.filter((s) => upstreamOf(s) === victim.address);
    expect(moved.length).toBeGreaterThan(0);
    const connectionsBefore = new Map(moved.map((s) => [s, s.connections.length]));
    const before = moves.length;

    process.kill(victim.pid, 'SIGKILL');
    killed = victim;
    const answered: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await move(nextMode());
      expect(answeredBy(res.upstream)).not.toBe(victim.address);
      answered.push(performance.now());
    }

    await until('every screen followed every move', () => screens.every((s) => screen2Path(s).length >= moves.length), 20_000);
    for (const screen of screens) expect(screen2Path(screen)).toEqual(moves);
    const reference = idsAfter(screens.find((s) => !moved.includes(s))!, baseline);
    for (const screen of screens) expect(idsAfter(screen, baseline)).toEqual(reference);

    for (const screen of moved) {
      expect(screen.connections.length).toBeGreaterThan(connectionsBefore.get(screen)!);
      expect(upstreamOf(screen)).not.toBe(victim.address);
      // It was away while the first move was made: what it shows of it came by replay.
      expect(screen.connections.at(-1)!.at).toBeGreaterThan(answered[0]!);
    }
    expect(moves.length - before).toBe(4);
    await until('the cluster noticed', () => cluster.output().includes(`instance ${victim.index} exited`));
    // A call still reaches a live instance through nginx.
    expect((await call('GET', '/api/state')).status).toBe(200);
  });

  it('stops nginx and every instance on SIGTERM', async () => {
    for (const screen of screens.splice(0)) await screen.close();
    await consoleClient?.close();
    consoleClient = null;
    const pids = [...liveInstances().map((i) => i.pid), Number(/nginx \(pid (\d+)\)/.exec(cluster.output())![1])];
    cluster.process.kill('SIGTERM');
    expect(await cluster.exited).toBe(0);
    for (const pid of pids) expect(() => process.kill(pid, 0), `pid ${pid}`).toThrow();
  });
});
