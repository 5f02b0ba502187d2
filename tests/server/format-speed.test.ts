/**
 * The speed round (Tăng tốc) on the server: its time limit, points by the order the server received
 * right answers (ties in the same millisecond share a place), places that move when the master
 * changes a verdict, and every point audited with its rule.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, createRoundNight } from '../helpers/round-night';
import type { TestApp } from '../helpers/test-app';

let t: TestApp;
let master: Caller;
let teams: Caller[];
let teamIds: string[];
let questionId: string;
let setId: string;

const NAMES = ['THPT Chu Văn An', 'THPT Việt Đức', 'THPT Kim Liên', 'THPT Yên Hoà', 'THPT Phan Đình Phùng'];

beforeAll(async () => {
  const night = await createRoundNight(NAMES);
  ({ t, master, teams, teamIds } = night);
  const { admin } = night;
  await admin.scoreField.create({ data: { name: 'tang-toc', label: 'Tăng tốc', kind: 'answers', maxPoint: 200, step: 5, round: 3 } });
  const set = await admin.questionSet.create({
    set: 3,
    data: {
      title: 'Tăng tốc',
      format: { kind: 'speed' },
      items: [{ content: 'Hà Nội có bao nhiêu quận?', answer: '12', point: 10, timeLimit: 60 }],
    },
  });
  setId = set.item._id;
  questionId = set.item.items[0]!.id;
});
afterAll(() => t.close());

const totals = async () =>
  Object.fromEntries((await master.system.state()).listTeam.map((x) => [teamIds.indexOf(x._id), x.fieldScores['tang-toc'] ?? 0]));

/** Sets each team's answer time by hand, so places (and ties) are exact. */
async function setTimes(times: number[]) {
  for (const [i, at] of times.entries()) {
    await t.deps.db
      .updateTable('team_answers')
      .set({ at })
      .where('question_id', '=', questionId)
      .where('team_id', '=', teamIds[i]!)
      .execute();
  }
}

describe('the speed round', () => {
  it("gives the question the format's 30 s, not the question's own 60", async () => {
    const { system } = await master.show.update({ changes: { fw: 3, setId, questionId, phase: 'question' } });
    expect(system.timer.durationMs).toBe(30_000);
    expect(system.question?.timeLimit).toBe(30);
    expect(system.format).toBe('speed');
    expect(system.answersOpenedAt).toBeNull();
  });

  it('scores right answers 40, 30, 20, 10 by place; a same-millisecond tie shares first and the next is third', async () => {
    await master.show.update({ changes: { answersOpen: true, timer: { action: 'start' } } });
    for (const team of teams) await team.show.submitAnswer({ questionId, answer: '12' });
    // Teams 1 and 2 in the same millisecond, then 3, 4 and 5.
    await setTimes([1000, 1000, 1500, 1700, 1900]);
    for (const teamId of teamIds) await master.show.verdict({ questionId, teamId, verdict: 'right' });
    expect(await totals()).toEqual({ 0: 40, 1: 40, 2: 20, 3: 10, 4: 0 });
  });

  it('moves the places behind a verdict the master changes, and audits every moved point with its rule', async () => {
    const mark = (await sql<{ id: string }>`select coalesce(max(id), 0) as id from score_events`.execute(t.deps.db)).rows[0]!.id;
    await master.show.verdict({ questionId, teamId: teamIds[0]!, verdict: 'wrong' });
    // Team 2 is now alone in first; team 3 second, 4 third, 5 fourth.
    expect(await totals()).toEqual({ 0: 0, 1: 40, 2: 30, 3: 20, 4: 10 });
    const log = await sql<{ team_id: string; source: string; old_point: number; new_point: number; rule: string }>`
      select team_id, source, old_point, new_point, rule from score_events where id > ${mark} order by id`.execute(t.deps.db);
    expect(log.rows.map((r) => [teamIds.indexOf(r.team_id), r.source, Number(r.old_point), Number(r.new_point), r.rule])).toEqual([
      [0, 'speed', 40, 0, 'speed:place=-:0'],
      [2, 'speed', 20, 30, 'speed:place=2:30'],
      [3, 'speed', 10, 20, 'speed:place=3:20'],
      [4, 'speed', 0, 10, 'speed:place=4:10'],
    ]);
  });

  it('puts the places back when the verdict is restored', async () => {
    await master.show.verdict({ questionId, teamId: teamIds[0]!, verdict: 'right' });
    expect(await totals()).toEqual({ 0: 40, 1: 40, 2: 20, 3: 10, 4: 0 });
  });

  it("shows screen 2 each answer's time after answers opened, to the millisecond, and its points", async () => {
    const openedAt = (await master.system.state()).system.answersOpenedAt!;
    expect(openedAt).toBeGreaterThan(0);
    await setTimes([openedAt + 3270, openedAt + 3270, openedAt + 4010, openedAt + 5500, openedAt + 29_990]);
    await master.show.update({ changes: { shownAnswers: teamIds, screen2: 'answers' } });
    const state = await (await t.request('GET', '/api/state')).json();
    expect(state.system.shownAnswerItems.map((a: { elapsedMs: number; points: number }) => [a.elapsedMs, a.points])).toEqual([
      [3270, 40],
      [3270, 40],
      [4010, 20],
      [5500, 10],
      [29_990, 0],
    ]);
    // A changed verdict moves the points on screen 2 too, for every team behind it.
    await master.show.verdict({ questionId, teamId: teamIds[1]!, verdict: 'wrong' });
    const after = await (await t.request('GET', '/api/state')).json();
    expect(after.system.shownAnswerItems.map((a: { points: number }) => a.points)).toEqual([40, 0, 30, 20, 10]);
  });

  it('tells each team its own points, also when another verdict moved its place', async () => {
    const mine = await Promise.all(teams.map((team) => team.show.mine()));
    expect(mine.map((m) => m.points)).toEqual([40, 0, 30, 20, 10]);
  });

  it('tells the console each answer’s points', async () => {
    const { items } = await master.show.answers({});
    expect(Object.fromEntries(items.map((a) => [teamIds.indexOf(a.teamId), a.points]))).toEqual({ 0: 40, 1: 0, 2: 30, 3: 20, 4: 10 });
  });
});
