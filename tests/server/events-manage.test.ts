/**
 * An organiser's events over a season: a blank event of their own, a final cloned from the
 * qualifying round with its top teams carried (a tie at the cut included), the stage moved between
 * them (refused while a question is on air), an event archived (read-only, results unchanged) and
 * reopened, and one deleted whole. By tRPC and by the REST seam; admins only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../src/constants';
import { messages } from '../../src/messages';
import { countRows, createQuestionSet, createScoreFields, createTeams, enterPoints, JUDGED_FIELD } from '../helpers/event-setup';
import { type Caller, createTestApp, TEST_PASSWORD, type TestApp } from '../helpers/test-app';

const text = messages.eventsAdmin;

let t: TestApp;
let cookies: Record<Role, string>;
let admin: Caller;
let qualifierId: string;
let teamIds: string[];

const state = async (cookie?: string) => (await t.request('GET', '/api/state', { cookie })).json();
const call = async (method: 'POST' | 'PUT' | 'DELETE', path: string, body: unknown, cookie: string | null = cookies.admin) => {
  const res = await t.request(method, path, { cookie: cookie ?? undefined, body });
  return { status: res.status, body: await res.json() };
};

beforeAll(async () => {
  t = await createTestApp();
  cookies = await t.staff(['admin', 'master', 'judge', 'team']);
  admin = await t.caller(cookies.admin);
  await admin.settings.update({ name: 'Vòng sơ khảo 2026' });
  qualifierId = (await admin.events.list()).items[0]!._id;
  // Four teams: A 9, B 7, C 7, D 5, so the top 2 are A and B with C tied at the cut.
  teamIds = await createTeams(admin, ['Đội A', 'Đội B', 'Đội C', 'Đội D']);
  await createScoreFields(admin, [JUDGED_FIELD]);
  const judgeId = (await state(cookies.judge)).user._id;
  const names = ['Đội A', 'Đội B', 'Đội C', 'Đội D'];
  await enterPoints(admin, judgeId, (name) => teamIds[names.indexOf(name)]!, {
    'Đội A': { f: 9 },
    'Đội B': { f: 7 },
    'Đội C': { f: 7 },
    'Đội D': { f: 5 },
  });
  await admin.rules.create({ data: { title: 'Thể lệ chung', content: 'Mỗi đội 3 người.', order: 1 } });
  await createQuestionSet(admin, 1, { title: 'Khởi động', items: [{ content: 'Câu 1?', answer: 'A', point: 10, timeLimit: 30 }] });
});
afterAll(() => t.close());

describe('a new event', () => {
  it('starts blank with the rounds the organiser names, no demo text, and the installation’s judges on its panel', async () => {
    const { item, carried } = await admin.events.create({ data: { title: 'Hội thi của trường', rounds: 3 } });
    expect(carried).toBeNull();
    expect(item).toMatchObject({ title: 'Hội thi của trường', state: 'prepared', teamCount: 0, date: null, venue: '' });
    const scoped = t.deps.base.selectFrom('settings').select('data').where('contest_id', '=', item._id);
    const { data } = await scoped.executeTakeFirstOrThrow();
    expect(data).toMatchObject({
      name: 'Hội thi của trường',
      slogan: '',
      roundTitles: { 1: 'Phần thi 1', 2: 'Phần thi 2', 3: 'Phần thi 3', 4: '', 5: '', 6: '' },
    });
    const panel = await t.deps.base.selectFrom('contest_judges').select('user_id').where('contest_id', '=', item._id).execute();
    expect(panel.map((p) => p.user_id)).toEqual([(await state(cookies.judge)).user._id]);
    // Nothing of the event on stage moved.
    expect((await state()).listTeam).toHaveLength(4);
  });

  it('clones the sets, rules and sheet, and carries the top 2 with the team tied at the cut', async () => {
    const { item, carried } = await admin.events.create({
      data: { title: 'Chung kết 2026', from: qualifierId, copy: ['sets', 'rules', 'sheet', 'formats'], carryTeams: { top: 2 } },
    });
    expect(carried).toEqual({
      teams: [
        { _id: teamIds[0], name: 'Đội A', rank: 1 },
        { _id: expect.any(String), name: expect.any(String), rank: 2 },
        { _id: expect.any(String), name: expect.any(String), rank: 2 },
      ],
      tiedAtCut: true,
    });
    expect(carried!.teams.map((team) => team.name).sort()).toEqual(['Đội A', 'Đội B', 'Đội C']);
    expect(item.teamCount).toBe(3);
    const inFinal = (table: 'rules' | 'score_fields' | 'question_sets' | 'scores' | 'score_events' | 'teams') =>
      t.deps.base.selectFrom(table).selectAll().where('contest_id', '=', item._id).execute();
    expect((await inFinal('rules')).map((r) => r.title)).toEqual(['Thể lệ chung']);
    expect((await inFinal('score_fields')).map((f) => f.name)).toEqual(['f']);
    expect((await inFinal('question_sets')).map((s) => s.title)).toEqual(['Khởi động']);
    // Points and audit never travel; the teams are new rows with new ids.
    expect(await inFinal('scores')).toEqual([]);
    expect(await inFinal('score_events')).toEqual([]);
    const finalTeams = await inFinal('teams');
    expect(finalTeams.map((team) => team.name).sort()).toEqual(['Đội A', 'Đội B', 'Đội C']);
    for (const team of finalTeams) expect(teamIds).not.toContain(team.id);
  });

  it('refuses a copy without a source, and a source that does not exist, in Vietnamese', async () => {
    expect(await call('POST', '/api/events', { data: { title: 'X', copy: ['sets'] } })).toMatchObject({
      status: 400,
      body: { error: { message: expect.stringContaining(text.fromRequired), field: 'data.from' } },
    });
    expect(await call('POST', '/api/events', { data: { title: 'X', from: 'khong-co' } })).toMatchObject({
      status: 404,
      body: { error: { message: text.notFound } },
    });
    expect(await call('POST', '/api/events', { data: { title: ' ' } })).toMatchObject({
      status: 400,
      body: { error: { field: 'data.title' } },
    });
  });
});

describe('the event on stage', () => {
  it('moves every screen to another event, signs out the old event’s teams, and keeps its judges on the panel', async () => {
    const blank = (await admin.events.list()).items.find((e) => e.title === 'Hội thi của trường')!;
    expect((await state(cookies.team)).user).not.toBeNull();
    const moved = await call('PUT', '/api/events/active', { _id: blank._id });
    expect(moved).toMatchObject({ status: 200, body: { item: { _id: blank._id, state: 'onStage' } } });
    const shown = await state();
    expect(shown.listTeam).toEqual([]);
    expect(shown.system.event).toMatchObject({ _id: blank._id, title: 'Hội thi của trường' });
    // The old event's team phone is signed out; the judge sits on the new panel and stays.
    expect((await state(cookies.team)).user).toBeNull();
    expect((await state(cookies.judge)).user).not.toBeNull();
    // What the seed's calls write now goes to the event on stage.
    await admin.team.create({ data: { name: 'Đội mới' } });
    expect((await state()).listTeam.map((team: { name: string }) => team.name)).toEqual(['Đội mới']);
    // And back: the qualifier is as it was.
    await admin.events.activate({ _id: qualifierId });
    expect((await state()).listTeam.map((team: { name: string }) => team.name)).toEqual(['Đội A', 'Đội B', 'Đội C', 'Đội D']);
  });

  it('is not switched while a question is on air', async () => {
    const master = await t.caller(cookies.master);
    const set = (await admin.questionSet.list({ set: 1 })).items[0]!;
    await master.show.update({ changes: { phase: 'round', fw: 1, setId: set._id } });
    await master.show.update({ changes: { questionId: set.items[0]!.id, phase: 'question' } });
    const other = (await admin.events.list()).items.find((e) => e.state === 'prepared')!;
    expect(await call('PUT', '/api/events/active', { _id: other._id })).toMatchObject({
      status: 409,
      body: { error: { message: text.switchOnAir } },
    });
    await master.show.update({ changes: { phase: 'idle', questionId: null } });
  });
});

describe('an archived event', () => {
  it('answers every write with 409 and why, keeps its results identical, and reopens by the admin, audited', async () => {
    const before = await (await t.request('GET', '/api/results', { cookie: cookies.admin })).json();
    expect((await call('PUT', '/api/events', { _id: qualifierId, changes: { archived: true } })).body.item.state).toBe('onStage');
    const refused = await call('POST', '/api/team', { data: { name: 'Đội muộn' } });
    expect(refused).toMatchObject({ status: 409, body: { error: { message: text.archived } } });
    const judgeId = (await state(cookies.judge)).user._id;
    await expect(
      admin.scoring.adminSubmit({ teamId: teamIds[3]!, gkId: judgeId, fieldName: 'f', point: 10, reason: 'Chấm lại' }),
    ).rejects.toMatchObject({
      code: 'CONFLICT',
      message: text.archived,
    });
    expect(await (await t.request('GET', '/api/results', { cookie: cookies.admin })).json()).toEqual(before);
    expect(await call('PUT', '/api/events', { _id: qualifierId, changes: { title: 'Đổi tên' } })).toMatchObject({ status: 409 });

    const reopened = await call('PUT', '/api/events', { _id: qualifierId, changes: { archived: false } });
    expect(reopened).toMatchObject({ status: 200, body: { item: { state: 'onStage' } } });
    expect((await call('POST', '/api/team', { data: { name: 'Đội muộn' } })).status).toBe(200);
    const log = await t.deps.db
      .selectFrom('action_log')
      .select(['kind', 'actor_name'])
      .where('kind', 'like', 'event.%')
      .orderBy('id')
      .execute();
    expect(log.map((entry) => entry.kind)).toEqual(['event.switch', 'event.archive', 'event.reopen']);
  });
});

describe('deleting an event', () => {
  it('needs its name typed again, never takes the one on stage, and removes its rows, audit included, and nothing else', async () => {
    const final = (await admin.events.list()).items.find((e) => e.title === 'Chung kết 2026')!;
    expect(await call('DELETE', '/api/events', { _id: final._id, confirm: 'chung ket' })).toMatchObject({
      status: 400,
      body: { error: { message: text.deleteConfirm, field: 'confirm' } },
    });
    expect(await call('DELETE', '/api/events', { _id: qualifierId, confirm: 'Vòng sơ khảo 2026' })).toMatchObject({
      status: 409,
      body: { error: { message: text.deleteOnStage } },
    });
    const auditBefore = await countRows(t.deps.db, 'score_events');
    expect(await call('DELETE', '/api/events', { _id: final._id, confirm: 'Chung kết 2026' })).toEqual({ status: 200, body: { ok: true } });
    expect((await admin.events.list()).items.map((e) => e.title)).not.toContain('Chung kết 2026');
    for (const table of ['teams', 'rules', 'score_fields', 'question_sets', 'settings', 'action_log', 'contest_judges'] as const) {
      const left = await t.deps.base.selectFrom(table).select('contest_id').where('contest_id', '=', final._id).execute();
      expect(left, table).toEqual([]);
    }
    expect(await countRows(t.deps.db, 'score_events')).toBe(auditBefore);
    const entry = await t.deps.base.selectFrom('action_log').selectAll().where('kind', '=', 'event.delete').executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ contest_id: null, summary: text.deletedAction('Chung kết 2026') });
    // The hash of the backup taken as it went (no BACKUP_DIR here: no file).
    expect(entry.target).toMatchObject({
      title: 'Chung kết 2026',
      lastBackup: { sha256: expect.stringMatching(/^[0-9a-f]{64}$/), file: null },
    });
  });

  it('leaves the audit log append-only for everything else', async () => {
    await expect(t.deps.db.deleteFrom('score_events').execute()).rejects.toThrow(/append-only/);
  });
});

describe('who may', () => {
  it('is the admin alone, by tRPC and by REST', async () => {
    for (const who of [null, cookies.master, cookies.judge, cookies.team]) {
      // The team's phone was signed out when the stage moved away from its event.
      const status = who && who !== cookies.team ? 403 : 401;
      expect((await call('POST', '/api/events', { data: { title: 'X' } }, who)).status).toBe(status);
      expect((await call('PUT', '/api/events/active', { _id: qualifierId }, who)).status).toBe(status);
      expect((await call('PUT', '/api/events', { _id: qualifierId, changes: { archived: true } }, who)).status).toBe(status);
      expect((await call('DELETE', '/api/events', { _id: qualifierId, confirm: 'x' }, who)).status).toBe(status);
    }
  });
});

describe('the judges’ panel', () => {
  it('seats a judge for the event on stage only: off it, the judge is signed out and cannot sign in; back on, can', async () => {
    const judgeId = await t.createUser('gkpanel', 'judge');
    const judgeCookie = await t.login('gkpanel');
    expect((await admin.user.panel()).items.find((j) => j._id === judgeId)).toMatchObject({ seated: true });
    await admin.user.setPanel({ _id: judgeId, seated: false });
    expect((await state(judgeCookie)).user).toBeNull();
    const refused = await t.request('POST', '/login', { body: { username: 'gkpanel', password: TEST_PASSWORD } });
    expect(refused.status).toBe(403);
    expect((await refused.json()).error.message).toBe(text.judgeNotOnPanel);
    expect((await admin.user.panel()).items.find((j) => j._id === judgeId)).toMatchObject({ seated: false });
    await admin.user.setPanel({ _id: judgeId, seated: true });
    expect((await state(await t.login('gkpanel'))).user.username).toBe('gkpanel');
  });
});
