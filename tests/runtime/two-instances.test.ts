/** Two real server processes on one PostgreSQL deliver every event to the screens of both, in order. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ConsoleClient, openConsole } from '../helpers/console-client';
import { type SpawnedServer, startServerProcess } from '../helpers/spawn-server';
import { createThrowawayPostgres } from '../helpers/test-db';
import { type JoinedClient, joinSystem } from '../helpers/ws-client';

const hasPostgres = !!process.env.TEST_DATABASE_URL;
let drop: (() => Promise<void>) | null = null;
const servers: SpawnedServer[] = [];
const clients: (JoinedClient | ConsoleClient)[] = [];

beforeAll(async () => {
  if (!hasPostgres) return;
  const throwaway = await createThrowawayPostgres();
  drop = throwaway.drop;
  const env = { DATABASE_URL: throwaway.url, ADMIN_PASSWORD: 'mat-khau-admin-1', SEED_DEMO: '0' };
  // The first creates the schema and the admin; the second finds them.
  servers.push(await startServerProcess('node', env));
  servers.push(await startServerProcess('node', env));
});

afterAll(async () => {
  for (const client of clients) await client.close().catch(() => {});
  for (const server of servers) await server.stop('SIGTERM');
  await drop?.();
});

async function adminCookie(url: string): Promise<string> {
  const res = await fetch(`${url}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: 'mat-khau-admin-1' }),
  });
  expect(res.status).toBe(200);
  return (res.headers.get('set-cookie') ?? '').split(';')[0]!;
}

const screen2Of = (e: { data: Record<string, unknown> }) => (e.data.system as { screen2: string }).screen2;

describe.runIf(hasPostgres)('two instances on one PostgreSQL', () => {
  it('deliver a change made on one to a subscriber of the other, and every event to both in the same order', async () => {
    const [a, b] = servers as [SpawnedServer, SpawnedServer];
    const onA = joinSystem(a.url);
    const onB = joinSystem(b.url);
    clients.push(onA, onB);
    await onA.waitFor((e) => e.data.type === 'teams');
    await onB.waitFor((e) => e.data.type === 'teams');

    const cookieA = await adminCookie(a.url);
    const cookieB = await adminCookie(b.url);
    const moves: [string, string, string][] = [
      [a.url, cookieA, 'judges'],
      [b.url, cookieB, 'answers'],
      [a.url, cookieA, 'scoreboard'],
      [b.url, cookieB, 'logo'],
    ];
    // Half of them at once, so commits race.
    await Promise.all(
      moves.map(([url, cookie, screen2]) =>
        fetch(`${url}/api/show`, {
          method: 'PUT',
          headers: { 'content-type': 'application/json', cookie },
          body: JSON.stringify({ changes: { screen2 } }),
        }).then((res) => expect(res.status).toBe(200)),
      ),
    );
    const stateEvents = async (client: JoinedClient) => {
      await client.waitFor(() => client.events.filter((e) => e.data.type === 'state').length >= 5, 10_000);
      return client.events.filter((e) => e.data.type === 'state').slice(1);
    };
    const seenOnA = await stateEvents(onA);
    const seenOnB = await stateEvents(onB);
    expect(seenOnA.map((e) => e.id)).toEqual(seenOnB.map((e) => e.id));
    expect(seenOnA.map(screen2Of).sort()).toEqual(['answers', 'judges', 'logo', 'scoreboard']);
    const ids = seenOnA.map((e) => Number(e.id));
    expect(ids).toEqual([...ids].sort((x, y) => x - y));
    // The versions grew one by one, whichever instance made the move.
    const versions = seenOnA.map((e) => (e.data.system as { version: number }).version);
    expect(versions).toEqual([...versions].sort((x, y) => x - y));
    expect(new Set(versions).size).toBe(4);
  });

  /** Milliseconds from `since` until `check` holds, polling every 5 ms (gives up after 2 s). */
  async function within(since: number, check: () => Promise<boolean>): Promise<number> {
    while (!(await check())) {
      if (performance.now() - since > 2000) return Number.POSITIVE_INFINITY;
      await new Promise((r) => setTimeout(r, 5));
    }
    return performance.now() - since;
  }

  it("shows a change made on one in the other's GET /api/state within 200 ms", async () => {
    const [a, b] = servers as [SpawnedServer, SpawnedServer];
    const cookieA = await adminCookie(a.url);
    const created = await fetch(`${a.url}/api/team`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: cookieA },
      body: JSON.stringify({ data: { name: 'Đội Tây Hồ' } }),
    });
    const teamId = (await created.json()).item._id as string;
    const delays: number[] = [];
    for (let i = 0; i < 5; i++) {
      const name = `Đội Tây Hồ ${i}`;
      const res = await fetch(`${a.url}/api/team`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', cookie: cookieA },
        body: JSON.stringify({ _id: teamId, changes: { name } }),
      });
      expect(res.status).toBe(200);
      const answered = performance.now();
      delays.push(
        await within(answered, async () => {
          const state = await (await fetch(`${b.url}/api/state`)).json();
          return state.listTeam.some((t: { _id: string; name: string }) => t._id === teamId && t.name === name);
        }),
      );
    }
    expect(Math.max(...delays)).toBeLessThan(200);
  });

  it('ends on the other instance, within 200 ms, a session logged out on one', async () => {
    const [a, b] = servers as [SpawnedServer, SpawnedServer];
    const cookie = await adminCookie(a.url);
    // B has read (and cached) the session.
    expect((await (await fetch(`${b.url}/api/state`, { headers: { cookie } })).json()).user.username).toBe('admin');
    const onB = joinSystem(b.url, { cookie });
    clients.push(onB);
    await onB.waitFor((e) => e.data.type === 'scores');
    const res = await fetch(`${a.url}/logout`, { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: '{}' });
    expect(res.status).toBe(200);
    const loggedOut = performance.now();
    const delay = await within(
      loggedOut,
      async () => (await (await fetch(`${b.url}/api/state`, { headers: { cookie } })).json()).user === null,
    );
    expect(delay).toBeLessThan(200);
  });

  // Last: it stops the second server.
  it("lists a console open on one on the other's console, names who moved, and drops it when that server stops", async () => {
    const [a, b] = servers as [SpawnedServer, SpawnedServer];
    const cookieB = await adminCookie(b.url);
    const onA = openConsole(a.url, await adminCookie(a.url));
    const onB = openConsole(b.url, cookieB);
    clients.push(onA, onB);
    const bSelf = (await onB.waitForList((m) => m.consoles.length === 2)).self;
    const aSelf = (await onA.waitForList((m) => m.consoles.some((c) => c.id === bSelf))).self;
    expect(onB.lists.at(-1)!.consoles.map((c) => c.id)).toContain(aSelf);

    const moved = await fetch(`${b.url}/trpc/show.update`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: cookieB },
      body: JSON.stringify({ changes: { phase: 'rules' }, consoleId: bSelf }),
    });
    expect(moved.status).toBe(200);
    const told = await onA.waitForLive((m) => m.type === 'state' && m.system.phase === 'rules' && !!m.by);
    expect(told.type === 'state' && told.by).toMatchObject({ name: 'Quản trị viên', consoleId: bSelf, move: { kind: 'update' } });

    await b.stop('SIGTERM');
    await onA.waitForList((m) => m.consoles.length === 1 && m.consoles[0]!.id === aSelf);
  });
});
