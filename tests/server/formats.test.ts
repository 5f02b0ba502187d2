/**
 * Contest formats, the model: a format per question set (stored, validated, hidden where secret),
 * the rule behind an audited point, and the round a score field belongs to (filled by the migration).
 */
import { Migrator } from 'kysely/migration';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrations } from '../../db/migrations';
import { openDatabase } from '../../src-server/db/connection';
import { onStageHandle } from '../../src-server/features/events/active';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { createThrowawayPostgres } from '../helpers/test-db';

let t: TestApp;
let admin: string, master: string, judge: string, team: string;

beforeAll(async () => {
  t = await createTestApp();
  ({ admin, master, judge, team } = await t.staff(['admin', 'master', 'judge', 'team']));
});
afterAll(() => t.close());

/** The set's REST path: /api/fw-question for the first, /api/fw-question-N for the others. */
const setPath = (set: number) => (set === 1 ? '/api/fw-question' : `/api/fw-question-${set}`);
const row = (content: string, answer: string) => ({ content, answer, point: 10, timeLimit: 30 });

async function createSet(set: number, data: Record<string, unknown>) {
  const res = await t.request('POST', setPath(set), { cookie: admin, body: { data } });
  return { status: res.status, body: await res.json() };
}

describe('a format per question set', () => {
  it('makes a set classic when it names no format, and answers its format with every read', async () => {
    const { status, body } = await createSet(1, { title: 'Khởi động', items: [row('Hồ Gươm còn gọi là gì?', 'Hồ Hoàn Kiếm')] });
    expect(status).toBe(200);
    expect(body.item.format).toEqual({ kind: 'classic' });
    const got = await (await t.request('GET', `/api/fw-question/${body.item._id}`, { cookie: master })).json();
    expect(got.item.format).toEqual({ kind: 'classic' });
    const all = await (await t.request('GET', '/api/fw-question/all', { cookie: master })).json();
    expect(all.items.find((s: { _id: string }) => s._id === body.item._id).format).toEqual({ kind: 'classic' });
  });

  it("fills a speed round's defaults: 30 s, then 40, 30, 20 and 10 points by place", async () => {
    const { status, body } = await createSet(3, { title: 'Tăng tốc', format: { kind: 'speed' } });
    expect(status).toBe(200);
    expect(body.item.format).toEqual({ kind: 'speed', timeLimit: 30, placePoints: [40, 30, 20, 10] });
  });

  it('keeps what the admin changed in a format, and changes only the format when only it is sent', async () => {
    const { body } = await createSet(3, { title: 'Tăng tốc 2', items: [row('Một', 'Hai')], format: { kind: 'speed', timeLimit: 45 } });
    expect(body.item.format.timeLimit).toBe(45);
    const res = await t.request('PUT', '/api/fw-question-3', {
      cookie: admin,
      body: { _id: body.item._id, changes: { format: { kind: 'judged', timeLimit: 240 } } },
    });
    expect(res.status).toBe(200);
    const { item } = await res.json();
    expect(item.format).toEqual({ kind: 'judged', timeLimit: 240 });
    expect(item.items).toHaveLength(1);
    expect(item.title).toBe('Tăng tốc 2');
  });

  it('refuses an unknown kind with a 400 naming data.format (or changes.format), storing nothing', async () => {
    const before = (await (await t.request('GET', '/api/fw-question-4/all', { cookie: admin })).json()).items.length;
    const created = await createSet(4, { title: 'Sai thể thức', format: { kind: 'olympia' } });
    expect(created.status).toBe(400);
    expect(created.body.error.field).toBe('data.format');
    expect(created.body.error.message).toContain('classic, speed, obstacle, finish hoặc judged');
    const missing = await createSet(4, { title: 'Thiếu kind', format: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.error.field).toBe('data.format');
    expect((await (await t.request('GET', '/api/fw-question-4/all', { cookie: admin })).json()).items).toHaveLength(before);

    const { body } = await createSet(4, { title: 'Giữ nguyên', format: { kind: 'speed' } });
    const res = await t.request('PUT', '/api/fw-question-4', {
      cookie: admin,
      body: { _id: body.item._id, changes: { format: { kind: 'vuot-chuong-ngai-vat' } } },
    });
    expect(res.status).toBe(400);
    expect((await res.json()).error.field).toBe('changes.format');
    const kept = await (await t.request('GET', `/api/fw-question-4/${body.item._id}`, { cookie: admin })).json();
    expect(kept.item.format.kind).toBe('speed');
  });

  it("names a bad value inside a known format (a speed round's negative points)", async () => {
    const res = await createSet(3, { title: 'Điểm âm', format: { kind: 'speed', placePoints: [40, -5] } });
    expect(res.status).toBe(400);
    expect(res.body.error.field).toBe('data.format.placePoints.1');
  });

  it('takes a format through tRPC too', async () => {
    const caller = await t.caller(admin);
    const { item } = await caller.questionSet.create({ set: 2, data: { title: 'Phần thi thuyết trình', format: { kind: 'judged' } } });
    expect(item.format).toEqual({ kind: 'judged', timeLimit: 300 });
  });
});

describe("the obstacle round's secrets", () => {
  let obstacleId: string;
  beforeAll(async () => {
    const { body } = await createSet(2, {
      title: 'Vượt chướng ngại vật',
      items: [row('Sông chảy qua Hà Nội', 'Sông Hồng'), row('Cầu sắt đầu tiên', 'Long Biên')],
      format: { kind: 'obstacle', keyword: 'Thăng Long', centreClue: 'Tên cũ của Hà Nội', tiles: 2 },
    });
    obstacleId = body.item._id;
  });

  it('shows the keyword, the centre clue and the row answers to the admin and the master', async () => {
    for (const cookie of [admin, master]) {
      const { item } = await (await t.request('GET', `/api/fw-question-2/${obstacleId}`, { cookie })).json();
      expect(item.format).toMatchObject({ kind: 'obstacle', keyword: 'Thăng Long', centreClue: 'Tên cũ của Hà Nội', tiles: 2 });
      expect(item.items[0].answer).toBe('Sông Hồng');
    }
  });

  it('hides them from a judge, on REST and on tRPC, as answers are hidden', async () => {
    const { item } = await (await t.request('GET', `/api/fw-question-2/${obstacleId}`, { cookie: judge })).json();
    expect(item.format).toMatchObject({ kind: 'obstacle', keyword: '', centreClue: '', tiles: 2 });
    expect(item.items[0].answer).toBeUndefined();
    expect(JSON.stringify(item)).not.toContain('Thăng Long');
    const caller = await t.caller(judge);
    const listed = await caller.questionSet.list({ set: 2 });
    expect(JSON.stringify(listed)).not.toContain('Thăng Long');
    expect(JSON.stringify(listed)).not.toContain('Tên cũ của Hà Nội');
  });

  it('keeps them from a team altogether', async () => {
    const res = await t.request('GET', `/api/fw-question-2/${obstacleId}`, { cookie: team });
    expect(res.status).toBe(403);
  });
});

describe('importing a set with its format', () => {
  const file = (content: unknown) => Buffer.from(JSON.stringify(content)).toString('base64');

  it('creates the set with the JSON file’s format', async () => {
    const caller = await t.caller(admin);
    const { item } = await caller.questionSet.importFile({
      set: 5,
      fileName: 'tang-toc.json',
      dataBase64: file({ title: 'Tăng tốc nhập', format: { kind: 'speed', timeLimit: 20 }, items: [row('Một', 'Hai')] }),
      mode: 'create',
    });
    expect(item?.format).toEqual({ kind: 'speed', timeLimit: 20, placePoints: [40, 30, 20, 10] });
  });

  it('refuses a file whose format is unknown, naming format, and creates nothing', async () => {
    const caller = await t.caller(admin);
    const before = (await caller.questionSet.adminList({ set: 5 })).items.length;
    const preview = await caller.questionSet.importFile({
      set: 5,
      fileName: 'sai.json',
      dataBase64: file({ format: { kind: 'x' }, items: [row('Một', 'Hai')] }),
      mode: 'preview',
    });
    expect(preview.errors.map((e) => e.field)).toEqual(['format']);
    await expect(
      caller.questionSet.importFile({
        set: 5,
        fileName: 'sai.json',
        dataBase64: file({ format: { kind: 'x' }, items: [row('Một', 'Hai')] }),
        mode: 'create',
      }),
    ).rejects.toThrow(/format/);
    expect((await caller.questionSet.adminList({ set: 5 })).items).toHaveLength(before);
  });
});

describe('score fields belong to rounds', () => {
  it('stores a field’s round, refuses one outside 1–6, and clears it with null', async () => {
    const res = await t.request('POST', '/api/score-field', {
      cookie: admin,
      body: { data: { name: 'thuyet-trinh', label: 'Thuyết trình', maxPoint: 10, round: 3 } },
    });
    expect(res.status).toBe(200);
    const { item } = await res.json();
    expect(item.round).toBe(3);
    const bad = await t.request('PUT', '/api/score-field', { cookie: admin, body: { _id: item._id, changes: { round: 7 } } });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.field).toBe('changes.round');
    const cleared = await t.request('PUT', '/api/score-field', { cookie: admin, body: { _id: item._id, changes: { round: null } } });
    expect((await cleared.json()).item.round).toBeNull();
  });
});

describe('the migration to formats', () => {
  it('fills each field’s round from its phan-N name, makes existing sets classic and lets the audit name its rule', async () => {
    const throwaway = process.env.TEST_DB === 'postgres' ? await createThrowawayPostgres() : null;
    const handle = await openDatabase(throwaway ? { databaseUrl: throwaway.url } : {});
    try {
      const { db } = handle;
      const provider = { getMigrations: async () => migrations };
      const migrator = new Migrator({ db, provider });
      const before = await migrator.migrateTo('2026_11_22_0008_console_presence');
      expect(before.error).toBeUndefined();
      await db
        .insertInto('score_fields')
        .values(
          ['phan-1', 'phan-4', 'phan-7', 'phan-12', 'tong-ket', 'phan-2-thuyet-trinh'].map((name) => ({
            name,
            label: name,
            max_point: 10,
          })) as never,
        )
        .execute();
      await db
        .insertInto('question_sets')
        .values({ set_no: 1, title: 'Cũ', items: '[]' } as never)
        .execute();

      const after = await migrator.migrateToLatest();
      expect(after.error).toBeUndefined();
      const rounds = Object.fromEntries(
        (await db.selectFrom('score_fields').select(['name', 'round']).execute()).map((f) => [f.name, f.round]),
      );
      expect(rounds).toEqual({ 'phan-1': 1, 'phan-4': 4, 'phan-7': null, 'phan-12': null, 'tong-ket': null, 'phan-2-thuyet-trinh': 2 });
      const set = await db.selectFrom('question_sets').select('format').executeTakeFirstOrThrow();
      expect(set.format).toEqual({ kind: 'classic' });

      const scoped = await onStageHandle(db);
      await scoped
        .insertInto('score_events')
        .values({ team_id: 't', gk_id: '', field_name: 'phan-1', new_point: 30, source: 'speed', rule: 'speed:place=2:30' })
        .execute();
      const event = await db.selectFrom('score_events').select(['source', 'rule']).executeTakeFirstOrThrow();
      expect(event).toEqual({ source: 'speed', rule: 'speed:place=2:30' });
      await expect(
        scoped
          .insertInto('score_events')
          .values({ team_id: 't', gk_id: '', field_name: 'phan-1', source: 'magic' as never })
          .execute(),
      ).rejects.toThrow();
    } finally {
      await handle.close();
      await throwaway?.drop();
    }
  });
});
