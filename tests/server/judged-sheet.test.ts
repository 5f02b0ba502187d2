/**
 * A judged round's sheet: the MC opens every criterion of the round at once, each judge scores each
 * criterion for the team (each with its own range and step), the seed's call without a field is told
 * which to name, the scoring gate moves with the set of open fields, and progress follows per field.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/messages';
import { storedShowOf } from '../../src-server/features/show/store';
import { createTestApp, type TestApp } from '../helpers/test-app';

type Caller = Awaited<ReturnType<TestApp['caller']>>;
let t: TestApp;
let admin: Caller;
let master: Caller;
const judges: { id: string; cookie: string; caller: Caller }[] = [];
const teamIds: string[] = [];

const SHEET = [
  { name: 'noi-dung', label: 'Nội dung', minPoint: 0, maxPoint: 10, step: 0.5 },
  { name: 'hinh-thuc', label: 'Hình thức', minPoint: 0, maxPoint: 5, step: 1 },
  { name: 'sang-tao', label: 'Sáng tạo', minPoint: 0, maxPoint: 20, step: 0.25 },
];
const SHEET_NAMES = SHEET.map((f) => f.name);
const SHEET_LABELS = SHEET.map((f) => f.label);

beforeAll(async () => {
  t = await createTestApp();
  await t.createUser('admin', 'admin');
  await t.createUser('dieukhien', 'master');
  admin = await t.caller(await t.login('admin'));
  master = await t.caller(await t.login('dieukhien'));
  for (let i = 1; i <= 2; i++) {
    const id = await t.createUser(`gk${i}`, 'judge');
    const cookie = await t.login(`gk${i}`);
    judges.push({ id, cookie, caller: await t.caller(cookie) });
  }
  for (const name of ['Lớp 9A1', 'Lớp 9A2']) teamIds.push((await admin.team.create({ data: { name } })).item._id);
  for (const [position, field] of SHEET.entries()) {
    await admin.scoreField.create({ data: { ...field, kind: 'judges', round: 4, position } });
  }
  await admin.scoreField.create({ data: { name: 'phan-2', label: 'Phần 2', maxPoint: 10, round: 2, position: 10 } });
});
afterAll(() => t.close());

const gate = async () =>
  Number((await sql<{ v: number }>`select scoring_version as v from show_state where id = 1`.execute(t.deps.db)).rows[0]!.v);
const submit = (judge: number, body: Record<string, unknown>) =>
  t.request('PUT', '/api/cham-thi/submit', { cookie: judges[judge]!.cookie, body });

describe("a judged round's sheet", () => {
  it('opens every criterion of the round in one move, the first kept as activeField', async () => {
    const { system } = await master.show.update({
      changes: { fw: 4, openFields: SHEET_NAMES, scoringOpen: true, activeTeamId: teamIds[0] },
    });
    expect(system).toMatchObject({ openFields: SHEET_NAMES, activeField: 'noi-dung', scoringOpen: true });
    expect((await judges[0]!.caller.system.state()).system).toMatchObject({ openFields: SHEET_NAMES, scoringOpen: true });
  });

  it('takes a point on each open criterion, each checked against its own range and step', async () => {
    for (const [fieldName, point] of [
      ['noi-dung', 8.5],
      ['hinh-thuc', 4],
      ['sang-tao', 17.25],
    ] as const) {
      const res = await submit(0, { teamId: teamIds[0], fieldName, point, key: `gk1-${fieldName}` });
      expect(res.status, await res.clone().text()).toBe(200);
      expect((await res.json()).item).toMatchObject({ teamId: teamIds[0], gkId: judges[0]!.id, fieldName, point });
    }
    // 4,5 is on Nội dung's step but not on Hình thức's; 6 is past Hình thức's top.
    for (const point of [4.5, 6]) {
      const res = await submit(0, { teamId: teamIds[1], fieldName: 'hinh-thuc', point });
      expect(res.status).toBe(400);
      expect((await res.json()).error).toMatchObject({ field: 'point', message: messages.pointOutOfRange('0', '5', '1') });
    }
    const mine = (await judges[0]!.caller.scoring.list()).items.filter((i) => i.teamId === teamIds[0]);
    expect(Object.fromEntries(mine.map((i) => [i.fieldName, i.point]))).toEqual({ 'noi-dung': 8.5, 'hinh-thuc': 4, 'sang-tao': 17.25 });
  });

  it('refuses a field of the sheet that is not open with 409 naming the open ones', async () => {
    const res = await submit(1, { teamId: teamIds[0], fieldName: 'phan-2', point: 5 });
    expect(res.status).toBe(409);
    expect((await res.json()).error).toMatchObject({ field: 'fieldName', message: messages.fieldNotOpen(SHEET_LABELS) });
  });

  it("answers the seed's call without fieldName with 400 naming fieldName while several are open", async () => {
    const before = (await judges[1]!.caller.scoring.list()).items.length;
    const res = await submit(1, { teamId: teamIds[0], point: 5 });
    expect(res.status).toBe(400);
    expect((await res.json()).error).toMatchObject({ field: 'fieldName', message: messages.sheetFieldRequired(SHEET_LABELS) });
    expect((await judges[1]!.caller.scoring.list()).items).toHaveLength(before);
  });

  it("sends the seed's call without fieldName to the one open field", async () => {
    await master.show.update({ changes: { openFields: ['hinh-thuc'] } });
    const res = await submit(1, { teamId: teamIds[0], point: 3 });
    expect(res.status).toBe(200);
    expect((await res.json()).item).toMatchObject({ fieldName: 'hinh-thuc', point: 3 });
    // The others are closed now.
    const refused = await submit(1, { teamId: teamIds[0], fieldName: 'noi-dung', point: 5 });
    expect(refused.status).toBe(409);
    expect((await refused.json()).error.message).toBe(messages.fieldNotOpen(['Hình thức']));
  });

  it('moves the scoring gate when the set of open fields changes, not when it is sent again in another order', async () => {
    await master.show.update({ changes: { openFields: SHEET_NAMES } });
    const opened = await gate();
    await master.show.update({ changes: { openFields: ['noi-dung', 'hinh-thuc'] } });
    expect(await gate()).toBe(opened + 1);
    await master.show.update({ changes: { openFields: ['noi-dung', 'sang-tao'] } });
    expect(await gate()).toBe(opened + 2);
    await master.show.update({ changes: { openFields: ['sang-tao', 'noi-dung'] } });
    await master.show.update({ changes: { timer: { action: 'start', durationMs: 60_000 }, activeTeamId: teamIds[1] } });
    expect(await gate()).toBe(opened + 2);
    await master.show.update({ changes: { openFields: SHEET_NAMES } });
    expect(await gate()).toBe(opened + 3);
  });

  it('follows the progress of each criterion on its own', async () => {
    await master.show.update({ changes: { openFields: SHEET_NAMES, scoringOpen: true } });
    expect((await submit(1, { teamId: teamIds[1], fieldName: 'sang-tao', point: 12 })).status).toBe(200);
    const doneOf = async (fieldName: string) => (await master.scoring.progress({ fieldName })).done;
    expect(await doneOf('noi-dung')).toEqual([{ teamId: teamIds[0], gkId: judges[0]!.id }]);
    expect(await doneOf('hinh-thuc')).toEqual(
      expect.arrayContaining([
        { teamId: teamIds[0], gkId: judges[0]!.id },
        { teamId: teamIds[0], gkId: judges[1]!.id },
      ]),
    );
    expect(await doneOf('sang-tao')).toEqual(
      expect.arrayContaining([
        { teamId: teamIds[0], gkId: judges[0]!.id },
        { teamId: teamIds[1], gkId: judges[1]!.id },
      ]),
    );
    // A screen that joins now gets each open criterion's progress.
    const snapshot = t.deps.hub.live.snapshot({ role: 'judge', userId: judges[0]!.id, participantId: null });
    const progress = snapshot.filter((m) => m.type === 'progress').map((m) => (m.type === 'progress' ? m.fieldName : ''));
    expect(progress).toEqual(SHEET_NAMES);
  });

  it('refuses an unknown field in the sheet with 400 naming it, and an entry after the sheet closed with 409', async () => {
    await expect(master.show.update({ changes: { openFields: ['noi-dung', 'khong-co'] } })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: messages.scoreFieldNotFound,
    });
    const res = await t.request('PUT', '/api/show', {
      cookie: await t.login('dieukhien'),
      body: { changes: { openFields: ['khong-co'] } },
    });
    expect(res.status).toBe(400);
    expect((await res.json()).error.field).toBe('changes.openFields');

    await master.show.update({ changes: { scoringOpen: false } });
    const closed = await submit(0, { teamId: teamIds[1], fieldName: 'noi-dung', point: 6 });
    expect(closed.status).toBe(409);
    expect((await closed.json()).error.message).toBe(messages.scoringClosed);
  });

  it('reads a show stored with only activeField as that one field open', () => {
    expect(storedShowOf({ activeField: 'phan-2', scoringOpen: true }, 'test')).toMatchObject({ openFields: ['phan-2'] });
    expect(storedShowOf({ activeField: null }, 'test')).toMatchObject({ openFields: [] });
  });
});
