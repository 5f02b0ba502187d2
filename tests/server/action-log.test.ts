/**
 * The log of actions: append-only like the points' log, read by the staff in Vietnamese (who, when,
 * what, before → after), and still naming who acted after their account is gone.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordAction } from '../../src-server/features/actions/log';
import { liveTransaction } from '../../src-server/features/live/record';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
let master: Awaited<ReturnType<TestApp['caller']>>;
let masterId: string;

beforeAll(async () => {
  t = await createTestApp();
  await t.createUser('admin', 'admin');
  masterId = await t.createUser('dieukhien', 'master');
  await t.deps.db.updateTable('users').set({ full_name: 'Trần Thị Điều Khiển' }).where('id', '=', masterId).execute();
  master = await t.caller(await t.login('dieukhien'));
});
afterAll(() => t.close());

describe('the action log', () => {
  it('lists an action with who, when, what and before → after, newest first', async () => {
    const before = Date.now();
    const first = await recordAction(t.deps.db, {
      actorId: masterId,
      kind: 'hand',
      summary: 'Cộng điểm bằng tay cho Lớp 9A2: trả lời đúng câu hỏi phụ',
      target: { teamId: 'team-1', fieldName: 'phan-1' },
      before: { point: 20 },
      after: { point: 30 },
    });
    const second = await liveTransaction(t.deps, (recorder) =>
      recordAction(recorder.trx, {
        actorId: masterId,
        kind: 'round.restart',
        summary: 'Chơi lại Phần 2 — Vượt chướng ngại vật',
        before: { text: 'Lượt 1', attempt: 1 },
        after: 'Lượt 2',
      }),
    );
    expect(second).toBeGreaterThan(first);
    const { items } = await master.actions.log({});
    expect(items.map((i) => i.id)).toEqual([second, first]);
    expect(items[1]).toMatchObject({
      kind: 'hand',
      actorName: 'Trần Thị Điều Khiển',
      summary: 'Cộng điểm bằng tay cho Lớp 9A2: trả lời đúng câu hỏi phụ',
      target: { teamId: 'team-1', fieldName: 'phan-1' },
      before: { point: 20 },
      after: { point: 30 },
      beforeText: '20,0',
      afterText: '30,0',
    });
    expect(items[1]!.at).toBeGreaterThanOrEqual(before - 1000);
    expect(items[0]).toMatchObject({ beforeText: 'Lượt 1', afterText: 'Lượt 2' });
  });

  it('records nothing when the change it describes rolls back', async () => {
    const count = (await master.actions.log({ limit: 1000 })).items.length;
    await expect(
      liveTransaction(t.deps, async (recorder) => {
        await recordAction(recorder.trx, { actorId: masterId, kind: 'hand', summary: 'Không được ghi' });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect((await master.actions.log({ limit: 1000 })).items).toHaveLength(count);
  });

  it('refuses UPDATE, DELETE and TRUNCATE in the database itself', async () => {
    for (const statement of [sql`update action_log set summary = 'sửa'`, sql`delete from action_log`, sql`truncate action_log`]) {
      await expect(statement.execute(t.deps.db)).rejects.toThrow(/append-only/);
    }
    expect((await master.actions.log({})).items.length).toBeGreaterThan(0);
  });

  it('keeps who acted after their account is deleted', async () => {
    const id = await t.createUser('tamthoi', 'master');
    await t.deps.db.updateTable('users').set({ full_name: 'Lê Văn Tạm' }).where('id', '=', id).execute();
    await recordAction(t.deps.db, { actorId: id, kind: 'hand', summary: 'Trừ điểm bằng tay' });
    const admin = await t.caller(await t.login('admin'));
    await admin.user.remove({ _id: id });
    const [latest] = (await master.actions.log({ limit: 1 })).items;
    expect(latest).toMatchObject({ actorName: 'Lê Văn Tạm', summary: 'Trừ điểm bằng tay' });
  });

  it('answers 400, not 500, to a bad limit', async () => {
    const cookie = await t.login('dieukhien');
    const res = await t.request('GET', `/trpc/actions.log?input=${encodeURIComponent(JSON.stringify({ limit: 'nhiều' }))}`, { cookie });
    expect(res.status).toBe(400);
  });
});
