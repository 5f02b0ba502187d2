/**
 * The events list (/user/events): every contest with its title, date and venue from its settings,
 * its state and its team count; admins only, the same answer by tRPC and by REST (GET /api/events).
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Role } from '../../src/constants';
import { messages } from '../../src/messages';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
let cookies: Record<Role, string>;

beforeAll(async () => {
  t = await createTestApp();
  cookies = await t.staff(['admin', 'master', 'judge', 'team']);
});
afterAll(() => t.close());

const restList = async (cookie?: string) => {
  const res = await t.request('GET', '/api/events', { cookie });
  return { status: res.status, body: await res.json() };
};

describe('the events list', () => {
  it('shows a fresh database as its one contest on stage, titled by its settings, with its teams', async () => {
    const admin = await t.caller(cookies.admin);
    // Before its settings are saved it has the title every screen shows.
    expect((await admin.events.list()).items.map((e) => e.title)).toEqual([messages.appName]);
    await admin.settings.update({ name: 'Hội thi Rung chuông vàng 2026', date: '2026-12-05', venue: 'Nhà văn hóa Thanh niên' });
    await admin.team.create({ data: { name: 'THPT Chu Văn An' } });
    await admin.team.create({ data: { name: 'THPT Kim Liên' } });

    const { items } = await admin.events.list();
    const contest = await t.deps.db.selectFrom('contests').select(['id', 'created_at']).executeTakeFirstOrThrow();
    expect(items).toEqual([
      {
        _id: contest.id,
        title: 'Hội thi Rung chuông vàng 2026',
        date: '2026-12-05',
        venue: 'Nhà văn hóa Thanh niên',
        state: 'onStage',
        archived: false,
        teamCount: 2,
        createdAt: contest.created_at.getTime(),
      },
    ]);
    expect(await restList(cookies.admin)).toEqual({ status: 200, body: { items } });
  });

  it('refuses everyone but admins, as the other admin lists do', async () => {
    for (const who of [undefined, cookies.team, cookies.judge, cookies.master]) {
      const other = await t.request('GET', '/api/user/all', { cookie: who });
      const answer = await restList(who);
      expect(answer.status).toBe(who ? 403 : 401);
      expect(answer.status).toBe(other.status);
      expect(answer.body.error.message).toBe((await other.json()).error.message);
      await expect((await t.caller(who)).events.list()).rejects.toMatchObject({ code: who ? 'FORBIDDEN' : 'UNAUTHORIZED' });
    }
  });

  it('lists a contest without settings as untitled and prepared, after the one on stage, and an archived one as archived', async () => {
    // A second contest has no settings row yet.
    const second = await t.deps.base
      .insertInto('contests')
      .values({ created_at: new Date(Date.now() + 60_000) })
      .returning('id')
      .executeTakeFirstOrThrow();
    const archived = await t.deps.base
      .insertInto('contests')
      .values({ archived: true, created_at: new Date(Date.now() - 60_000) })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.deps.base.insertInto('teams').values({ name: 'Đội của cuộc thi sau', contest_id: second.id }).execute();

    const { items } = await (await t.caller(cookies.admin)).events.list();
    expect(items.map(({ title, state, teamCount, date, venue }) => ({ title, state, teamCount, date, venue }))).toEqual([
      { title: 'Hội thi Rung chuông vàng 2026', state: 'onStage', teamCount: 2, date: '2026-12-05', venue: 'Nhà văn hóa Thanh niên' },
      { title: messages.eventsAdmin.untitled, state: 'prepared', teamCount: 1, date: null, venue: '' },
      { title: messages.eventsAdmin.untitled, state: 'archived', teamCount: 0, date: null, venue: '' },
    ]);
    expect(items.map((e) => e._id).slice(1)).toEqual([second.id, archived.id]);
    expect(await restList(cookies.admin)).toEqual({ status: 200, body: { items } });
  });

  it('reads the settings through their parser: a malformed row answers 500 and names the field', async () => {
    await sql`update settings set data = jsonb_set(data, '{name}', '42') where id = 1`.execute(t.deps.db);
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const answer = await restList(cookies.admin);
      expect(answer).toEqual({ status: 500, body: { error: expect.objectContaining({ message: messages.internalError }) } });
      expect(spy.mock.calls.flat().map(String).join('\n')).toContain('settings.data is malformed: name');
    } finally {
      spy.mockRestore();
    }
  });
});
