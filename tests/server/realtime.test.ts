import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../src-server/features/auth/password';
import { insertEvent } from '../../src-server/features/live/events';
import { MAX_REPLAY } from '../../src-server/features/live/replay';
import { insertAccounts } from '../helpers/accounts';
import { jsonCall, loginAt } from '../helpers/http';
import { type RealServer, startRealServer } from '../helpers/real-server';
import { serverConfig } from '../helpers/test-app';

let running: RealServer;
const config = () => serverConfig();
const teamIds: string[] = [];
let setId = '';
let questionId = '';

const login = (username: string, password: string) => loginAt(running.base, username, password);
const call = (cookie: string, method: string, path: string, body: unknown) => jsonCall(running.base, cookie, method, path, body);

/** tRPC mutation over HTTP. */
async function mutate(cookie: string, path: string, input: unknown) {
  return call(cookie, 'POST', `/trpc/${path}`, input);
}

const join: RealServer['join'] = (options) => running.join(options);

let admin: string;
let master: string;
let teamCookie: string;

beforeAll(async () => {
  running = await startRealServer(config());
  admin = await login('admin', 'mat-khau-admin-1');
  for (const name of ['Đội A', 'Đội B']) teamIds.push((await call(admin, 'POST', '/api/team', { data: { name } })).item._id);
  const hash = await hashPassword('mat-khau-123');
  await insertAccounts(running.database.handle.db, [
    { username: 'dieukhien', role: 'master', password_hash: hash },
    { username: 'doia', role: 'team', password_hash: hash, team_id: teamIds[0]! },
    { username: 'gkmot', role: 'judge', password_hash: hash },
  ]);
  master = await login('dieukhien', 'mat-khau-123');
  teamCookie = await login('doia', 'mat-khau-123');
  await call(admin, 'POST', '/api/score-field', { data: { name: 'phan-1', label: 'Phần 1', kind: 'answers', maxPoint: 100, step: 5 } });
  const set = await call(admin, 'POST', '/api/fw-question', {
    data: {
      title: 'Bộ 1',
      items: [
        { content: 'Hồ Gươm còn gọi là gì?', options: ['Hồ Hoàn Kiếm', 'Hồ Tây'], answer: 'BÍ-MẬT-HOÀN-KIẾM', point: 10, timeLimit: 30 },
      ],
    },
  });
  setId = set.item._id;
  questionId = set.item.items[0].id;
});

afterAll(() => running.close());

describe('system.join over a real websocket', () => {
  it('gives a snapshot, then delivers each change to anonymous screens', async () => {
    const screen = join();
    await screen.waitFor((e) => e.data.type === 'state');
    await screen.waitFor((e) => e.data.type === 'teams');
    await call(master, 'PUT', '/api/show', { changes: { phase: 'round', fw: 1 } });
    const event = await screen.waitFor((e) => e.data.type === 'state' && (e.data.system as { phase: string }).phase === 'round');
    expect(Number(event.id)).toBeGreaterThan(0);
  });

  it('never shows the answer before the reveal, and shows it after', async () => {
    const screen = join();
    await screen.waitFor((e) => e.data.type === 'state');
    await call(master, 'PUT', '/api/show', { changes: { setId, questionId, phase: 'question' } });
    await screen.waitFor((e) => e.data.type === 'state' && (e.data.system as { phase: string }).phase === 'question');
    expect(JSON.stringify(screen.events)).not.toContain('BÍ-MẬT-HOÀN-KIẾM');
    await call(master, 'PUT', '/api/show', { changes: { phase: 'answer' } });
    await screen.waitFor((e) => JSON.stringify(e.data).includes('BÍ-MẬT-HOÀN-KIẾM'));
    await call(master, 'PUT', '/api/show', { changes: { phase: 'question' } });
  });

  it('sends answers and buzzes to the console only, and each team only its own verdict', async () => {
    const anonymous = join();
    const team = join({ cookie: teamCookie });
    const console_ = join({ cookie: master });
    for (const c of [anonymous, team, console_]) await c.waitFor((e) => e.data.type === 'teams');
    await call(master, 'PUT', '/api/show', {
      changes: { answersOpen: true, buzzerOpen: true, timer: { action: 'start', durationMs: 60_000 } },
    });
    await mutate(teamCookie, 'show.submitAnswer', { questionId, answer: 'Hồ Hoàn Kiếm' });
    await mutate(teamCookie, 'show.buzz', { questionId });
    await console_.waitFor((e) => e.data.type === 'answers' && (e.data.items as unknown[]).length === 1);
    await console_.waitFor((e) => e.data.type === 'buzz');
    await mutate(master, 'show.verdict', { questionId, teamId: teamIds[0], verdict: 'right' });
    const mine = await team.waitFor((e) => e.data.type === 'mine' && e.data.verdict === 'right');
    expect(mine.data).not.toHaveProperty('teamId');
    await anonymous.waitFor((e) => e.data.type === 'teams' && (e.data.listTeam as { total: number }[]).some((t) => t.total === 10));

    for (const c of [anonymous, team]) {
      expect(c.events.filter((e) => e.data.type === 'answers' || e.data.type === 'buzz')).toEqual([]);
    }
    expect(anonymous.events.filter((e) => e.data.type === 'mine')).toEqual([]);
  });

  it('shows frozen totals to the audience and live ones to the console while frozen', async () => {
    await call(master, 'PUT', '/api/show', { changes: { scoreboardFrozen: true } });
    const audience = join();
    const console_ = join({ cookie: master });
    await audience.waitFor((e) => e.data.type === 'teams');
    await console_.waitFor((e) => e.data.type === 'teams');
    // Team A's right answer is taken back while frozen.
    await mutate(master, 'show.verdict', { questionId, teamId: teamIds[0], verdict: 'wrong' });
    await console_.waitFor((e) => e.data.type === 'teams' && (e.data.listTeam as { total: number }[]).every((t) => t.total === 0));
    const total = (e: { data: Record<string, unknown> }) =>
      (e.data.listTeam as { _id: string; total: number }[]).find((t) => t._id === teamIds[0])!.total;
    const audienceTeams = audience.events.filter((e) => e.data.type === 'teams');
    expect(audienceTeams.map(total)).toEqual(audienceTeams.map(() => 10));

    await call(master, 'PUT', '/api/show', { changes: { scoreboardFrozen: false } });
    await audience.waitFor((e) => e.data.type === 'teams' && total(e) === 0);
  });

  it('tells the console which judges have a pad open, and no one else', async () => {
    const console_ = join({ cookie: master });
    const anonymous = join();
    await console_.waitFor((e) => e.data.type === 'teams');
    await anonymous.waitFor((e) => e.data.type === 'teams');
    const judgeCookie = await login('gkmot', 'mat-khau-123');
    const judgeId = (await (await fetch(`${running.base}/api/state`, { headers: { cookie: judgeCookie } })).json()).user._id;
    const pad = join({ cookie: judgeCookie });
    await console_.waitFor((e) => e.data.type === 'presence' && (e.data.judges as string[]).includes(judgeId));
    const presence = await (await fetch(`${running.base}/trpc/show.presence`, { headers: { cookie: master } })).json();
    expect(presence.result.data.judges).toContain(judgeId);
    await pad.close();
    await console_.waitFor((e) => e.data.type === 'presence' && !(e.data.judges as string[]).includes(judgeId));
    expect(anonymous.events.filter((e) => e.data.type === 'presence')).toEqual([]);
  });

  it('replays every missed event in order after a server restart', async () => {
    const screen = join();
    await screen.waitFor((e) => e.data.type === 'teams');
    await call(master, 'PUT', '/api/show', { changes: { screen2: 'judges' } });
    await screen.waitFor((e) => e.data.type === 'state' && (e.data.system as { screen2: string }).screen2 === 'judges');
    const lastEventId = screen.lastId()!;
    await screen.close();

    // The server goes away; moves are made on its successor over the same database.
    await running.restart({ ...config() });
    master = await login('dieukhien', 'mat-khau-123');
    for (const screen2 of ['answers', 'scoreboard', 'logo'] as const) await call(master, 'PUT', '/api/show', { changes: { screen2 } });

    const back = join({ lastEventId });
    await back.waitFor((e) => e.data.type === 'state' && (e.data.system as { screen2: string }).screen2 === 'logo');
    const modes = back.events.filter((e) => e.data.type === 'state').map((e) => (e.data.system as { screen2: string }).screen2);
    expect(modes).toEqual(['answers', 'scoreboard', 'logo']);
    const ids = back.events.map((e) => Number(e.id));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(ids[0]).toBeGreaterThan(Number(lastEventId));
  });

  it('sends one fresh snapshot to a client that was away too long', async () => {
    const screen = join();
    await screen.waitFor((e) => e.data.type === 'teams');
    const lastEventId = screen.lastId()!;
    await screen.close();
    // More changes than a replay carries: each re-states the event's settings.
    const { hub } = running.server.deps;
    const settings = hub.live.stage.eventSettings();
    const events = await running.database.handle.db.transaction().execute(async (trx) => {
      const recorded = [];
      for (let i = 0; i < MAX_REPLAY + 5; i++) recorded.push(await insertEvent(trx, { type: 'settings', payload: { settings } }));
      return recorded;
    });
    await hub.published(events);
    const back = join({ lastEventId });
    await back.waitFor((e) => e.data.type === 'teams');
    expect(back.events.map((e) => e.data.type).slice(0, 2)).toEqual(['state', 'teams']);
    expect(back.events.filter((e) => e.data.type === 'state')).toHaveLength(1);
    expect(back.lastId()).toBe(String(hub.live.eventId));
  });
});
