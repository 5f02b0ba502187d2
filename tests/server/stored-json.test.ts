/**
 * JSON columns are parsed where they are read: a malformed stored value (written here with raw SQL,
 * as a bad migration, a hand edit or an older version might) answers the generic 500 and a log line
 * naming the column, the row and what is wrong; the server keeps serving, and nothing wrong reaches a
 * screen. Also: a malformed event from another instance is not followed; the tables are read again.
 */
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { messages } from '../../src/messages';
import { domainEventOf } from '../../src-server/features/live/events';
import { IdempotencyCache } from '../../src-server/features/scoring/idempotency';
import { createLiveHub } from '../../src-server/picture/hub';
import { createQuestionSet, createScoreFields, JUDGED_FIELD } from '../helpers/event-setup';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
let admin = '';
let master = '';
let judge = '';
let teamId = '';
let setId = '';
let questionId = '';

/** Everything logged as an error while `run` runs, as text. */
async function errorsLoggedBy(run: () => Promise<unknown>): Promise<string> {
  const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
  try {
    await run();
    return spy.mock.calls.map((args) => args.map((a) => (a instanceof Error ? a.message : String(a))).join(' ')).join('\n');
  } finally {
    spy.mockRestore();
  }
}

/** Sends a request and returns its status and body. */
async function call(
  method: string,
  path: string,
  cookie: string,
  body?: unknown,
): Promise<{ status: number; body: { error?: { message: string } } }> {
  const res = await t.request(method, path, { cookie, body });
  return { status: res.status, body: await res.json() };
}

/** Stores `value` as the JSON of one row's column, bypassing the app. */
async function corrupt(table: string, column: string, where: string, id: string | number, value: unknown): Promise<void> {
  await sql`update ${sql.table(table)} set ${sql.ref(column)} = cast(${JSON.stringify(value)} as jsonb) where ${sql.ref(where)} = ${id}`.execute(
    t.deps.db,
  );
}

async function currentJson(table: string, column: string, where: string, id: string | number): Promise<unknown> {
  const { rows } = await sql<{
    value: unknown;
  }>`select ${sql.ref(column)} as value from ${sql.table(table)} where ${sql.ref(where)} = ${id}`.execute(t.deps.db);
  return rows[0]!.value;
}

beforeAll(async () => {
  t = await createTestApp();
  ({ admin, master, judge } = await t.staff(['admin', 'master', 'judge']));
  const caller = await t.caller(admin);
  teamId = (await caller.team.create({ data: { name: 'THPT Chu Văn An', members: [{ fullName: 'Nguyễn Văn A', note: 'Đội trưởng' }] } }))
    .item._id;
  await createScoreFields(caller, [JUDGED_FIELD]);
  const set = await createQuestionSet(caller, 1, { title: 'Bộ 1', items: [{ content: 'Câu một?', answer: 'A', point: 10 }] });
  setId = set.id;
  questionId = set.questionIds[0]!;
});
afterAll(() => t.close());
afterEach(() => vi.restoreAllMocks());

describe('a malformed stored JSON value', () => {
  it('teams.members: the team list answers 500 and the log names the team, not a list with a broken team', async () => {
    const good = await currentJson('teams', 'members', 'id', teamId);
    await corrupt('teams', 'members', 'id', teamId, [{ fullName: 42 }]);
    let answer!: Awaited<ReturnType<typeof call>>;
    const log = await errorsLoggedBy(async () => (answer = await call('GET', '/api/team/all', admin)));
    expect(answer.status).toBe(500);
    expect(answer.body.error?.message).toBe(messages.internalError);
    expect(log).toContain(`teams.members of team ${teamId} is malformed: [0].fullName: Invalid input: expected string, received number`);
    // The server keeps serving the rest.
    expect((await t.request('GET', '/api/state')).status).toBe(200);
    await corrupt('teams', 'members', 'id', teamId, good);
    expect((await call('GET', '/api/team/all', admin)).body).toMatchObject({
      items: [{ members: [{ fullName: 'Nguyễn Văn A', note: 'Đội trưởng' }] }],
    });
  });

  it('question_sets.items: the set list and a show move to the set answer 500, naming the set', async () => {
    const good = await currentJson('question_sets', 'items', 'id', setId);
    await corrupt('question_sets', 'items', 'id', setId, { content: 'not a list' });
    let list!: Awaited<ReturnType<typeof call>>;
    let move!: Awaited<ReturnType<typeof call>>;
    const log = await errorsLoggedBy(async () => {
      list = await call('GET', '/api/fw-question/all', admin);
      move = await call('PUT', '/api/show', master, { changes: { fw: 1, setId, questionId } });
    });
    expect(list.status).toBe(500);
    expect(move.status).toBe(500);
    expect(move.body.error?.message).toBe(messages.internalError);
    expect(log).toContain(`question_sets.items of set ${setId} is malformed: (the value): Invalid input: expected array, received object`);
    await corrupt('question_sets', 'items', 'id', setId, good);
    expect((await call('PUT', '/api/show', master, { changes: { fw: 1, setId, questionId } })).status).toBe(200);
  });

  it('show_state.state: a show move answers 500 and a new instance refuses to start, naming the field', async () => {
    const good = await currentJson('show_state', 'state', 'id', 1);
    await corrupt('show_state', 'state', 'id', 1, { ...(good as object), phase: 'dancing' });
    let move!: Awaited<ReturnType<typeof call>>;
    const log = await errorsLoggedBy(async () => (move = await call('PUT', '/api/show', master, { changes: { screen2: 'judges' } })));
    expect(move.status).toBe(500);
    expect(log).toMatch(/show_state\.state is malformed: phase: Invalid option: expected one of "idle"\|/);
    const fresh = createLiveHub(t.deps.db, t.deps.notices);
    await expect(fresh.start()).rejects.toThrow(/show_state\.state is malformed: phase/);
    await fresh.stop();
    // The running instance still shows what it had.
    expect((await (await t.request('GET', '/api/state')).json()).system.phase).not.toBe('dancing');
    await corrupt('show_state', 'state', 'id', 1, good);
    expect((await call('PUT', '/api/show', master, { changes: { screen2: 'judges' } })).status).toBe(200);
  });

  it('show_history.state: undo answers 500 and names the version, and restores nothing', async () => {
    await call('PUT', '/api/show', master, { changes: { screen2: 'answers' } });
    const { version } = await t.deps.db.selectFrom('show_history').select('version').orderBy('version', 'desc').executeTakeFirstOrThrow();
    await corrupt('show_history', 'state', 'version', version, { timer: 'soon' });
    let undo!: Awaited<ReturnType<typeof call>>;
    const log = await errorsLoggedBy(async () => (undo = await call('POST', '/trpc/show.undo', master, {})));
    expect(undo.status).toBe(500);
    expect(log).toContain(`show_history.state of version ${version} is malformed: timer: Invalid input: expected object, received string`);
    expect((await (await t.request('GET', '/api/state')).json()).system.screen2).toBe('answers');
  });

  it('settings.data: saving the settings answers 500 and a new instance refuses to start, naming the field', async () => {
    await (await t.caller(admin)).settings.update({ name: 'Hội thi Em yêu Hà Nội' });
    const good = await currentJson('settings', 'data', 'id', 1);
    await corrupt('settings', 'data', 'id', 1, { ...(good as object), roundTitles: ['PHẦN MỘT'] });
    let save!: Awaited<ReturnType<typeof call>>;
    const log = await errorsLoggedBy(async () => (save = await call('POST', '/trpc/settings.update', admin, { venue: 'Cung Văn hóa' })));
    expect(save.status).toBe(500);
    expect(log).toContain('settings.data is malformed: roundTitles: Invalid input: expected record, received array');
    const fresh = createLiveHub(t.deps.db, t.deps.notices);
    await expect(fresh.start()).rejects.toThrow(/settings\.data is malformed: roundTitles/);
    await fresh.stop();
    await corrupt('settings', 'data', 'id', 1, good);
    expect((await call('POST', '/trpc/settings.update', admin, { venue: 'Cung Văn hóa' })).status).toBe(200);
  });

  it('idempotency_keys.response: a retried point answers 500 naming the key, not a wrong point', async () => {
    await call('PUT', '/api/show', master, { changes: { activeField: 'f', scoringOpen: true } });
    const body = { teamId, point: 7.5, key: 'gk-doi-f-1' };
    expect((await call('PUT', '/api/cham-thi/submit', judge, body)).status).toBe(200);
    const adminBody = {
      teamId,
      gkId: (await t.deps.db.selectFrom('users').select('id').where('username', '=', 'giamkhao').executeTakeFirstOrThrow()).id,
      fieldName: 'f',
      point: 8,
      reason: 'sửa',
      key: 'admin-doi-f-1',
    };
    expect((await call('POST', '/api/cham-thi/admin-submit', admin, adminBody)).status).toBe(200);
    await sql`update idempotency_keys set response = cast(${JSON.stringify({ item: { teamId, point: 'bảy' } })} as jsonb)`.execute(
      t.deps.db,
    );
    // As after a restart: this instance no longer remembers the answers it gave.
    t.deps.idempotency = new IdempotencyCache();
    let retry!: Awaited<ReturnType<typeof call>>;
    let adminRetry!: Awaited<ReturnType<typeof call>>;
    const log = await errorsLoggedBy(async () => {
      retry = await call('PUT', '/api/cham-thi/submit', judge, body);
      adminRetry = await call('POST', '/api/cham-thi/admin-submit', admin, adminBody);
    });
    expect(retry.status).toBe(500);
    expect(adminRetry.status).toBe(500);
    expect(log).toContain('idempotency_keys.response of key "gk-doi-f-1"');
    expect(log).toContain('idempotency_keys.response of key "admin-doi-f-1"');
    expect(log).toMatch(
      /item\.gkId: Invalid input: expected string, received undefined.*item\.point: Invalid input: expected number, received string/,
    );
  });

  it('events.payload: reading one back names the event', async () => {
    const { rows } = await sql<{
      id: number;
    }>`insert into events (type, payload) values ('teams', cast(${JSON.stringify({ teams: 'THPT' })} as jsonb)) returning id`.execute(
      t.deps.db,
    );
    const id = Number(rows[0]!.id);
    const row = await t.deps.db.selectFrom('events').select(['id', 'type', 'payload']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(() => domainEventOf(row)).toThrow(
      `events.payload of event ${id} (teams) is malformed: teams: Invalid input: expected array, received string`,
    );
    expect(domainEventOf({ ...row, type: 'not-a-type' })).toBeNull();
  });
});

describe.runIf(process.env.TEST_DB === 'postgres')('a malformed event from another instance', () => {
  it('is not followed: the instance logs it and reads the tables again, so its screens stay right', async () => {
    const other = createLiveHub(t.deps.db, t.deps.notices);
    await other.start();
    try {
      const teamsBefore = other.live.standings.allTeams().map((team) => team.name);
      expect(teamsBefore).toEqual(['THPT Chu Văn An']);
      const log = await errorsLoggedBy(async () => {
        // As another instance would record it, but malformed: each "team" a letter of a string.
        await t.deps.db.transaction().execute(async (trx) => {
          const { rows } = await sql<{
            id: number;
          }>`insert into events (type, payload) values ('teams', cast(${JSON.stringify({ teams: 'THPT' })} as jsonb)) returning id`.execute(
            trx,
          );
          await sql`select pg_notify('hoithi_events', ${String(rows[0]!.id)})`.execute(trx);
        });
        await expect.poll(() => other.live.eventId, { timeout: 10_000 }).toBeGreaterThanOrEqual(await lastEventId());
        await other.catchUp();
      });
      expect(other.live.standings.allTeams().map((team) => team.name)).toEqual(teamsBefore);
      expect(log).toMatch(
        /could not follow event \d+ events\.payload of event \d+ \(teams\) is malformed: teams: Invalid input: expected array/,
      );
    } finally {
      await other.stop();
    }
  });
});

async function lastEventId(): Promise<number> {
  const row = await t.deps.db
    .selectFrom('events')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirstOrThrow();
  return Number(row.id);
}
