/**
 * Two consoles at once: each /master lists the others open (who, since when), on every instance,
 * and a show move tells the staff who made it and from which console.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { LiveMessage } from '../../src/live';
import { openDatabase } from '../../src-server/db/connection';
import { hashPassword } from '../../src-server/features/auth/password';
import { type RunningServer, startServer } from '../../src-server/server';
import { insertAccounts } from '../helpers/accounts';
import { type ConsoleClient, openConsole } from '../helpers/console-client';
import { loginAt } from '../helpers/http';
import { serverConfig } from '../helpers/test-app';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db';
import { type JoinedClient, joinSystem } from '../helpers/ws-client';

let database: TestDatabase;
let server: RunningServer;
let base: string;
const config = () => serverConfig();
const opened: (ConsoleClient | JoinedClient)[] = [];
let admin: string;
let master: string;
let masterId: string;
const ids: Record<string, string> = {};

const login = (url: string, username: string, password = 'mat-khau-123') => loginAt(url, username, password);

async function post(url: string, cookie: string, path: string, input: unknown): Promise<Response> {
  return fetch(`${url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify(input) });
}

const track = <T extends ConsoleClient | JoinedClient>(client: T): T => {
  opened.push(client);
  return client;
};
const consoleOn = (url: string, cookie?: string) => track(openConsole(url, cookie));
const othersOf = (c: ConsoleClient) => {
  const last = c.lists[c.lists.length - 1]!;
  return last.consoles.filter((x) => x.id !== last.self);
};
const stateBy = (m: LiveMessage) => (m.type === 'state' ? m.by : undefined);

beforeAll(async () => {
  database = await createTestDatabase();
  server = await startServer(config(), { database: database.handle, log: () => {} });
  base = `http://127.0.0.1:${server.port}`;
  const hash = await hashPassword('mat-khau-123');
  Object.assign(
    ids,
    await insertAccounts(database.handle.db, [
      { username: 'dieukhien', role: 'master', password_hash: hash, full_name: 'Nguyễn Điều Khiển' },
      { username: 'gkmot', role: 'judge', password_hash: hash },
      { username: 'doia', role: 'team', password_hash: hash },
    ]),
  );
  masterId = ids.dieukhien!;
  admin = await login(base, 'admin', 'mat-khau-admin-1');
  master = await login(base, 'dieukhien');
});

// Each test starts with no console open.
afterEach(async () => {
  for (const client of opened.splice(0)) await client.close().catch(() => {});
  await expect.poll(() => server.deps.consoles.current().length).toBe(0);
});

afterAll(async () => {
  await server?.close();
  await database?.drop();
});

describe('consoles open at once', () => {
  it('lists each open console to the others, the same account in two tabs as two, and drops one that closes', async () => {
    const before = Date.now();
    const a = consoleOn(base, admin);
    const b = consoleOn(base, master);
    const c = consoleOn(base, master); // the master's second tab
    for (const x of [a, b, c]) await x.waitForList((m) => m.consoles.length === 3);
    const selves = [a, b, c].map((x) => x.lists.at(-1)!.self);
    expect(new Set(selves).size).toBe(3);
    const seenByA = othersOf(a);
    expect(seenByA.map((x) => x.name)).toEqual(['Nguyễn Điều Khiển', 'Nguyễn Điều Khiển']);
    expect(seenByA.every((x) => x.userId === masterId && x.since >= before - 5000 && x.since <= Date.now() + 5000)).toBe(true);
    // The master's first tab sees the second one (and the admin).
    expect(
      othersOf(b)
        .map((x) => x.id)
        .sort(),
    ).toEqual([selves[0], selves[2]].sort());

    await c.close();
    await a.waitForList((m) => m.consoles.length === 2 && !m.consoles.some((x) => x.id === selves[2]));
    await b.waitForList((m) => m.consoles.length === 2);
    await a.close();
    await b.waitForList((m) => m.consoles.length === 1);
  });

  it('opens a console for the master and the admin only', async () => {
    const judge = await login(base, 'gkmot');
    const team = await login(base, 'doia');
    const watcher = consoleOn(base, master);
    await watcher.waitForList((m) => m.consoles.some((x) => x.id === m.self));
    for (const cookie of [judge, team, undefined]) {
      const refused = consoleOn(base, cookie);
      expect((await refused.refused).message).toMatch(/quyền|đăng nhập/i);
      expect(refused.lists).toEqual([]);
    }
    expect(othersOf(watcher)).toEqual([]);
    await watcher.close();
  });

  it('tells the staff who made a show move and from which console, and no one else', async () => {
    const a = consoleOn(base, admin);
    const b = consoleOn(base, master);
    const audience = track(joinSystem(base));
    const bSelf = (await b.waitForList((m) => m.consoles.length === 2)).self;
    await a.waitForList((m) => m.consoles.length === 2);
    await audience.waitFor((e) => e.data.type === 'teams');

    expect((await post(base, master, '/trpc/show.update', { changes: { phase: 'scoreboard' }, consoleId: bSelf })).status).toBe(200);
    const told = await a.waitForLive((m) => stateBy(m)?.move.kind === 'update');
    expect(stateBy(told)).toEqual({
      userId: masterId,
      name: 'Nguyễn Điều Khiển',
      consoleId: bSelf,
      move: { kind: 'update', changes: { phase: 'scoreboard' } },
    });
    // The console that made it hears the same, and knows it by its own id.
    expect(stateBy(await b.waitForLive((m) => stateBy(m)?.consoleId === bSelf))?.consoleId).toBe(bSelf);

    // Another user cannot pass a move off as that console's; a script's move names no console.
    expect((await post(base, admin, '/trpc/show.update', { changes: { screen2: 'judges' }, consoleId: bSelf })).status).toBe(200);
    const spoofed = await b.waitForLive((m) => stateBy(m)?.userId !== undefined && stateBy(m)?.userId !== masterId);
    expect(stateBy(spoofed)).toMatchObject({ name: 'Quản trị viên', consoleId: null, move: { changes: { screen2: 'judges' } } });
    const rest = await fetch(`${base}/api/show`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', cookie: master },
      body: JSON.stringify({ changes: { screen2: 'answers' } }),
    });
    expect(rest.status).toBe(200);
    const scripted = await a.waitForLive((m) => m.type === 'state' && m.system.screen2 === 'answers' && !!m.by);
    expect(stateBy(scripted)).toMatchObject({ userId: masterId, consoleId: null });

    expect((await post(base, master, '/trpc/show.undo', { consoleId: bSelf })).status).toBe(200);
    await a.waitForLive((m) => stateBy(m)?.move.kind === 'undo' && stateBy(m)?.consoleId === bSelf);

    // The audience follows every move but never learns who made it.
    await audience.waitFor(() => audience.events.filter((e) => e.data.type === 'state').length >= 5); // a snapshot and 4 moves
    const states = audience.events.filter((e) => e.data.type === 'state');
    expect(states.filter((e) => 'by' in e.data)).toEqual([]);

    // A console whose socket dropped still sends its moves over HTTP: they keep its id, so it
    // knows them for its own when it is back.
    await b.close();
    await a.waitForList((m) => m.consoles.length === 1);
    expect((await post(base, master, '/trpc/show.update', { changes: { phase: 'idle' }, consoleId: bSelf })).status).toBe(200);
    await a.waitForLive((m) => m.type === 'state' && m.system.phase === 'idle' && stateBy(m)?.consoleId === bSelf);
  });

  it('forgets the console of an instance that stopped beating, at the next heartbeat', async () => {
    const a = consoleOn(base, admin);
    const crashed = consoleOn(base, master);
    const crashedId = (await crashed.waitForList((m) => m.consoles.length === 2)).self;
    await a.waitForList((m) => m.consoles.length === 2);
    // As if its instance died: the row stays, no one refreshes it.
    await database.handle.db
      .updateTable('console_presence')
      .set({ instance_id: 'an-instance-that-died', last_seen: new Date(Date.now() - 10 * 60_000) })
      .where('id', '=', crashedId)
      .execute();
    await server.deps.consoles.heartbeat();
    await a.waitForList((m) => m.consoles.length === 1 && m.consoles[0]!.id !== crashedId);
    expect(await database.handle.db.selectFrom('console_presence').select('id').where('id', '=', crashedId).execute()).toEqual([]);
    await crashed.close();
    await a.close();
  });
});

describe.runIf(process.env.TEST_DB === 'postgres')('consoles on two instances of one PostgreSQL', () => {
  it('lists a console of the other instance, names its moves, and drops it when it closes or its server stops', async () => {
    const secondHandle = await openDatabase({ databaseUrl: database.url! });
    const second = await startServer(config(), { database: secondHandle, log: () => {} });
    const other = `http://127.0.0.1:${second.port}`;
    try {
      const onFirst = consoleOn(base, admin);
      const onSecond = consoleOn(other, await login(other, 'dieukhien'));
      const secondSelf = (await onSecond.waitForList((m) => m.consoles.length === 2)).self;
      await onFirst.waitForList((m) => m.consoles.some((x) => x.id === secondSelf));
      expect(othersOf(onFirst)).toMatchObject([{ id: secondSelf, name: 'Nguyễn Điều Khiển', userId: masterId }]);
      expect(othersOf(onSecond).map((x) => x.name)).toEqual(['Quản trị viên']);

      // A move made on the second instance names its console on the first.
      expect(
        (await post(other, await login(other, 'dieukhien'), '/trpc/show.update', { changes: { phase: 'blank' }, consoleId: secondSelf }))
          .status,
      ).toBe(200);
      const told = await onFirst.waitForLive((m) => stateBy(m)?.move.kind === 'update' && m.type === 'state' && m.system.phase === 'blank');
      expect(stateBy(told)).toMatchObject({ name: 'Nguyễn Điều Khiển', consoleId: secondSelf });

      await onSecond.close();
      await onFirst.waitForList((m) => m.consoles.length === 1);
      // A console still open when its server stops goes from the other's list at once.
      const again = consoleOn(other, await login(other, 'dieukhien'));
      await onFirst.waitForList((m) => m.consoles.length === 2);
      await second.close();
      await onFirst.waitForList((m) => m.consoles.length === 1, 10_000); // well before the 45 s purge: the stop's notice
      await again.close();
      await onFirst.close();
    } finally {
      await second.close();
      await secondHandle.close().catch(() => {});
    }
  });
});
