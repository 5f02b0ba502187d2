/**
 * The reads the night repeats answer from memory: every statement the server sends to the database
 * is counted (a Kysely plugin on the server's own connection), and GET /api/state, system.state,
 * the system.join snapshot, progress and the scores list send none. Cached sessions still end at
 * once on logout and when an admin disables the account.
 */
import type { KyselyPlugin, RootOperationNode } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../src-server/features/auth/password';
import { insertAccounts } from '../helpers/accounts';
import { loginAt } from '../helpers/http';
import { type RealServer, startRealServer } from '../helpers/real-server';
import { serverConfig } from '../helpers/test-app';

let statements = 0;
const seen: string[] = [];
/**
 * "select scores", "insert events", "raw with writer" (sql``, named by its first two words): what
 * kind of statement, on which table.
 */
function describeNode(node: RootOperationNode): string {
  // biome-ignore lint/suspicious/noExplicitAny: walks a query's nodes, whose fields vary by node type
  const n = node as unknown as Record<string, any>;
  const table = n.from?.froms?.[0]?.table?.identifier?.name ?? n.into?.table?.identifier?.name ?? n.table?.table?.identifier?.name;
  const kind = String(node.kind).replace('QueryNode', '').replace('Node', '').toLowerCase();
  const words = String(n.sqlFragments?.[0] ?? '')
    .trim()
    .split(/\s+/);
  if (kind === 'raw') return `raw ${words.slice(0, 2).join(' ')}`;
  return table ? `${kind} ${table}` : kind;
}
/**
 * The hub's statements after a commit, not the write's: the NOTIFY to other instances, and at a gap
 * (PostgreSQL sequences skip the ids of rolled-back transactions) the read of the events and of the
 * transactions in flight.
 */
const followingStatements = new Set(['select events', 'raw select pg_notify(', 'raw select array_agg(xid::text)', 'raw select exists']);
const counter: KyselyPlugin = {
  transformQuery: (args) => {
    statements++;
    seen.push(describeNode(args.node));
    return args.node;
  },
  transformResult: async (args) => args.result,
};

let running: RealServer;
let admin = '';
let judge = '';

const login = (username: string, password: string) => loginAt(running.base, username, password);

async function send(method: string, path: string, cookie: string, body?: unknown) {
  const res = await fetch(`${running.base}${path}`, {
    method,
    headers: { 'content-type': 'application/json', cookie },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: await res.json() };
}

/** Statements sent while `work` runs. */
async function countDuring(work: () => Promise<unknown>): Promise<number> {
  const before = statements;
  await work();
  return statements - before;
}

beforeAll(async () => {
  running = await startRealServer(serverConfig(), (handle) => ({ ...handle, db: handle.db.withPlugin(counter) }));
  admin = await login('admin', 'mat-khau-admin-1');
  for (const name of ['Đội A', 'Đội B']) expect((await send('POST', '/api/team', admin, { data: { name } })).status).toBe(200);
  await send('POST', '/api/score-field', admin, { data: { name: 'f', label: 'Tiêu chí', maxPoint: 10, step: 0.5 } });
  await send('POST', '/api/user', admin, {
    user: { username: 'gkmot', password: 'mat-khau-123', fullName: 'Giám khảo Một', role: 'judge' },
  });
  judge = await login('gkmot', 'mat-khau-123');
  await send('PUT', '/api/show', admin, { changes: { activeField: 'f', scoringOpen: true } });
});

afterAll(() => running.close());

describe('reads from memory', () => {
  it('answers GET /api/state with no statement, anonymous or with a session', async () => {
    await fetch(`${running.base}/api/state`, { headers: { cookie: admin } }); // the session is read once
    const anonymous = await countDuring(async () => {
      for (let i = 0; i < 50; i++) expect((await fetch(`${running.base}/api/state?t=${i}`)).status).toBe(200);
    });
    const withCookie = await countDuring(async () => {
      for (let i = 0; i < 50; i++)
        expect((await (await fetch(`${running.base}/api/state`, { headers: { cookie: admin } })).json()).user.username).toBe('admin');
    });
    expect({ anonymous, withCookie }).toEqual({ anonymous: 0, withCookie: 0 });
  });

  it('answers system.state, progress, the scores list and settings over tRPC with no statement', async () => {
    await fetch(`${running.base}/api/state`, { headers: { cookie: judge } }); // the session is read once
    const count = await countDuring(async () => {
      for (const path of ['system.state', 'scoring.list', 'settings.get', 'show.answers']) {
        const res = await fetch(`${running.base}/trpc/${path}`, { headers: { cookie: admin } });
        expect(res.status, path).toBe(200);
      }
      const progress = await fetch(
        `${running.base}/trpc/scoring.progress?input=${encodeURIComponent(JSON.stringify({ fieldName: 'f' }))}`,
        {
          headers: { cookie: judge },
        },
      );
      expect(progress.status).toBe(200);
    });
    expect(count).toBe(0);
  });

  it('gives each new system.join subscriber its snapshot with no statement', async () => {
    await fetch(`${running.base}/api/state`, { headers: { cookie: judge } });
    const count = await countDuring(async () => {
      for (let i = 0; i < 10; i++) {
        const client = running.join(i % 2 ? { cookie: judge } : {});
        await client.waitFor((e) => e.data.type === 'teams');
      }
    });
    // A websocket reads its session when it opens: that is the only read allowed, and it is cached.
    expect(count).toBe(0);
  });

  it('keeps the ranking current in memory when a judge scores and when a field weight changes', async () => {
    const teams = (await (await fetch(`${running.base}/api/state`)).json()).listTeam;
    expect((await send('PUT', '/api/cham-thi/submit', judge, { teamId: teams[1]._id, point: 8 })).status).toBe(200);
    let state = await (await fetch(`${running.base}/api/state`)).json();
    expect(state.listTeam.find((t: { _id: string }) => t._id === teams[1]._id)).toMatchObject({ total: 8, rank: 1 });
    const field = (await send('GET', '/api/score-field/all', admin)).json.items[0];
    expect((await send('PUT', '/api/score-field', admin, { _id: field._id, changes: { weight: 2 } })).status).toBe(200);
    state = await (await fetch(`${running.base}/api/state`)).json();
    expect(state.listTeam.find((t: { _id: string }) => t._id === teams[1]._id)).toMatchObject({ total: 16, rank: 1 });
  });
});

describe("a judge's score", () => {
  it('takes two statements between BEGIN and COMMIT on either database, none of them a ranking or progress read', async () => {
    await send('PUT', '/api/show', admin, { changes: { activeField: 'f', scoringOpen: true } });
    const teams = (await (await fetch(`${running.base}/api/state`)).json()).listTeam;
    await fetch(`${running.base}/api/state`, { headers: { cookie: judge } }); // the session is read once
    for (const [i, team] of teams.entries()) {
      seen.length = 0;
      const count = await countDuring(async () => {
        const res = await send('PUT', '/api/cham-thi/submit', judge, { teamId: team._id, point: 5 + i, key: `dem-${i}` });
        expect(res.status).toBe(200);
      });
      console.log(`[statements] judge score (${running.database.kind}): ${count}: ${seen.join(', ')}`);
      // Two statements between BEGIN and COMMIT: the write (gate, key, point, audit) and the event.
      expect(seen.filter((s) => !followingStatements.has(s))).toEqual(['raw with gate', 'raw with writer']);
      expect(count).toBe(seen.length);
      expect(seen).not.toContain('select scores');
      expect(seen).not.toContain('select score_fields');
      expect(seen).not.toContain('select teams');
      expect(seen).not.toContain('select users');
    }
    // A retry with the same key is answered from memory.
    expect(await countDuring(() => send('PUT', '/api/cham-thi/submit', judge, { teamId: teams[0]._id, point: 5, key: 'dem-0' }))).toBe(0);
  });
});

describe('cached sessions', () => {
  it('forget a session at once on logout', async () => {
    const cookie = await login('gkmot', 'mat-khau-123');
    expect((await (await fetch(`${running.base}/api/state`, { headers: { cookie } })).json()).user.username).toBe('gkmot');
    expect((await send('POST', '/logout', cookie, {})).status).toBe(200);
    expect((await (await fetch(`${running.base}/api/state`, { headers: { cookie } })).json()).user).toBeNull();
  });

  it('forget a user an admin disables, and show a renamed user at once', async () => {
    const hash = await hashPassword('mat-khau-123');
    const ids = await insertAccounts(running.database.handle.db, [{ username: 'gkhai', role: 'judge', password_hash: hash }]);
    const row = { id: ids.gkhai! };
    const cookie = await login('gkhai', 'mat-khau-123');
    expect((await (await fetch(`${running.base}/api/state`, { headers: { cookie } })).json()).user.username).toBe('gkhai');
    expect((await send('PUT', '/api/user', admin, { _id: row!.id, changes: { fullName: 'Giám khảo Hai' } })).status).toBe(200);
    expect((await (await fetch(`${running.base}/api/state`, { headers: { cookie } })).json()).user.fullName).toBe('Giám khảo Hai');
    expect((await send('PUT', '/api/user', admin, { _id: row!.id, changes: { active: false } })).status).toBe(200);
    expect((await (await fetch(`${running.base}/api/state`, { headers: { cookie } })).json()).user).toBeNull();
  });
});
