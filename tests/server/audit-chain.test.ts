/**
 * Property: every change to a point, from any path (a judge through tRPC or the seed's REST path, an
 * admin's correction, admin-submit-all, an answer's verdict, undo, reset), records the point it
 * replaces. Per cell (team, judge, field) each audit event's old point is the previous event's new
 * one, replaying the new points gives the stored scores and the live model's, and undoing an event
 * puts back exactly the point that event replaced.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESET_CONFIRMATION } from '../../src/schemas/scoring';
import { ANSWERS_GK_ID } from '../../src/scoring';
import { ANSWERS_FIELD, createJudges, createQuestionSet, createScoreFields, JUDGED_FIELD } from '../helpers/event-setup';
import { type Caller, createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
let admin: Caller;
let master: Caller;
const judges: { id: string; cookie: string; caller: Caller }[] = [];
const teams: { id: string; caller: Caller }[] = [];
let questionIds: string[] = [];

const cellKey = (teamId: string, gkId: string, fieldName: string) => `${teamId}|${gkId}|${fieldName}`;

beforeAll(async () => {
  t = await createTestApp();
  await t.createUser('admin', 'admin');
  admin = await t.caller(await t.login('admin'));
  await t.createUser('dieukhien', 'master');
  master = await t.caller(await t.login('dieukhien'));
  judges.push(...(await createJudges(t, ['xgk0', 'xgk1', 'xgk2'])));
  for (const [i, name] of ['Đội Hoa Sen', 'Đội Hoa Mai'].entries()) {
    const id = (await admin.team.create({ data: { name } })).item._id;
    await t.createUser(`xdoi${i}`, 'team', { teamId: id });
    teams.push({ id, caller: await t.caller(await t.login(`xdoi${i}`)) });
  }
  await createScoreFields(admin, [JUDGED_FIELD, ANSWERS_FIELD]);
  const set = await createQuestionSet(admin, 1, {
    title: 'Khởi động',
    items: [10, 20, 30].map((point, i) => ({ content: `Câu ${i + 1}?`, options: ['A', 'B'], answer: 'A', point, timeLimit: 30 })),
  });
  questionIds = set.questionIds;
  // Every team answers every question once; the verdicts are given later, in any order, many times.
  await master.show.update({ changes: { phase: 'round', fw: 1, setId: set.id } });
  for (const questionId of questionIds) {
    await master.show.update({
      changes: { questionId, phase: 'question', answersOpen: true, timer: { action: 'start', durationMs: 60_000 } },
    });
    for (const team of teams) await team.caller.show.submitAnswer({ questionId, answer: 'A' });
  }
  await master.show.update({ changes: { answersOpen: false, activeField: 'f', scoringOpen: true } });
});
afterAll(() => t.close());

interface Event {
  id: number;
  team_id: string;
  gk_id: string;
  field_name: string;
  old_point: number | null;
  new_point: number | null;
}

function readEvents(): Promise<Event[]> {
  return t.deps.db
    .selectFrom('score_events')
    .select(['id', 'team_id', 'gk_id', 'field_name', 'old_point', 'new_point'])
    .orderBy('id')
    .execute() as Promise<Event[]>;
}

/** The chain holds per cell; the replay equals the scores table, the live model and scoring.list. */
async function expectExactChain(): Promise<void> {
  const events = await readEvents();
  const replayed = new Map<string, number>();
  const last = new Map<string, number | null>();
  for (const e of events) {
    const key = cellKey(e.team_id, e.gk_id, e.field_name);
    // Each event replaces the point the previous one left: null for a cell's first.
    expect({ event: e.id, cell: key, old: e.old_point }).toEqual({ event: e.id, cell: key, old: last.get(key) ?? null });
    last.set(key, e.new_point);
    if (e.new_point === null) replayed.delete(key);
    else replayed.set(key, e.new_point);
  }
  const stored = await t.deps.db.selectFrom('scores').select(['team_id', 'gk_id', 'field_name', 'point']).execute();
  expect(new Map(stored.map((s) => [cellKey(s.team_id, s.gk_id, s.field_name), s.point]))).toEqual(replayed);
  const live = t.deps.hub.live.standings.allScores();
  expect(new Map(live.map((s) => [cellKey(s.teamId, s.gkId, s.fieldName), s.point]))).toEqual(replayed);
  const judged = new Map([...replayed].filter(([key]) => key.split('|')[1] !== ANSWERS_GK_ID));
  const listed = (await admin.scoring.list()).items;
  expect(new Map(listed.map((s) => [cellKey(s.teamId, s.gkId, s.fieldName), s.point]))).toEqual(judged);
}

const point = fc.nat(20).map((half) => half / 2);
const action = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('judge' as const), judge: fc.nat(2), team: fc.nat(1), point }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('judgeRest' as const), judge: fc.nat(2), team: fc.nat(1), point }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('admin' as const), judge: fc.nat(2), team: fc.nat(1), point }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('all' as const), team: fc.nat(1), point }) },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('verdict' as const),
      question: fc.nat(2),
      team: fc.nat(1),
      verdict: fc.constantFrom('right' as const, 'wrong' as const, null),
    }),
  },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('undo' as const), pick: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('reset' as const) }) },
);
type Action = typeof action extends fc.Arbitrary<infer A> ? A : never;

async function play(a: Action): Promise<void> {
  switch (a.kind) {
    case 'judge':
      await judges[a.judge]!.caller.scoring.submit({ teamId: teams[a.team]!.id, point: a.point });
      return;
    case 'judgeRest': {
      const res = await t.request('PUT', '/api/cham-thi/submit', {
        cookie: judges[a.judge]!.cookie,
        body: { teamId: teams[a.team]!.id, point: a.point },
      });
      expect(res.status).toBe(200);
      return;
    }
    case 'admin':
      await admin.scoring.adminSubmit({
        teamId: teams[a.team]!.id,
        gkId: judges[a.judge]!.id,
        point: a.point,
        fieldName: 'f',
        reason: 'sửa',
      });
      return;
    case 'all':
      await admin.scoring.adminSubmitAll({ teamId: teams[a.team]!.id, point: a.point, fieldName: 'f', reason: 'sửa' });
      return;
    case 'verdict':
      await master.show.verdict({ questionId: questionIds[a.question]!, teamId: teams[a.team]!.id, verdict: a.verdict });
      return;
    case 'undo': {
      const events = await readEvents();
      if (!events.length) return;
      const target = events[a.pick % events.length]!;
      await admin.scoring.undo({ eventId: target.id });
      // The undo's own event puts back exactly the point the undone event replaced, and so does every copy.
      const undo = (await readEvents()).at(-1)!;
      expect(undo).toMatchObject({
        team_id: target.team_id,
        gk_id: target.gk_id,
        field_name: target.field_name,
        new_point: target.old_point,
      });
      const key = cellKey(target.team_id, target.gk_id, target.field_name);
      const live = t.deps.hub.live.standings.allScores().find((s) => cellKey(s.teamId, s.gkId, s.fieldName) === key);
      expect(live?.point ?? null).toBe(target.old_point);
      return;
    }
    case 'reset':
      if ((await t.deps.db.selectFrom('scores').select('point').executeTakeFirst()) !== undefined) {
        await admin.scoring.reset({ confirm: RESET_CONFIRMATION, reason: 'chấm lại' });
      }
      return;
  }
}

describe('the audit chain', () => {
  it('records the point each change replaces, from every path, and undo restores it, for random histories', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 1, maxLength: 14 }), async (actions) => {
        for (const a of actions) await play(a);
        await expectExactChain();
      }),
      { numRuns: 25 },
    );
  });

  it("undoing a judge's 5 → 7 puts 5 back, and the team's mean follows", async () => {
    const [gk] = judges;
    const teamId = teams[1]!.id;
    await admin.scoring.reset({ confirm: RESET_CONFIRMATION, reason: 'chấm lại' }).catch(() => undefined);
    await gk!.caller.scoring.submit({ teamId, point: 5 });
    await gk!.caller.scoring.submit({ teamId, point: 7 });
    const second = (await readEvents()).at(-1)!;
    expect(second).toMatchObject({ old_point: 5, new_point: 7 });
    await admin.scoring.undo({ eventId: second.id });
    expect((await admin.scoring.list()).items).toEqual([expect.objectContaining({ teamId, gkId: gk!.id, point: 5 })]);
    const team = (await admin.system.state()).listTeam.find((x) => x._id === teamId);
    expect(team).toMatchObject({ fieldScores: { f: 5 } });
    await expectExactChain();
  });

  it('stays exact when several judges and an admin write at once', async () => {
    const fresh: string[] = [];
    for (const name of ['Đội Phượng', 'Đội Bằng Lăng']) fresh.push((await admin.team.create({ data: { name } })).item._id);
    for (let round = 0; round < 4; round++) {
      const writes: Promise<unknown>[] = [];
      for (const teamId of fresh) {
        for (const [i, gk] of judges.entries()) {
          writes.push(gk.caller.scoring.submit({ teamId, point: (round + i) % 11 }));
          writes.push(
            t.request('PUT', '/api/cham-thi/submit', { cookie: gk.cookie, body: { teamId, point: (round * 2 + i) % 11 } }).then((res) => {
              expect(res.status).toBe(200);
            }),
          );
        }
        // Corrections race the judges on the same cells.
        writes.push(admin.scoring.adminSubmit({ teamId, gkId: judges[round % 3]!.id, point: 10, fieldName: 'f', reason: 'sửa' }));
      }
      await Promise.all(writes);
    }
    await expectExactChain();
  });
});
