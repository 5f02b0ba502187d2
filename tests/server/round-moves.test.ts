/**
 * A night's rounds played together: a round's board survives a switch to another round and back (and
 * a restart of the server's model), a buzzer question is judged turn by turn, every console move is
 * one history that undo takes back exactly (points, verdicts, board), points are given by hand with a
 * reason, and "Chơi lại vòng này" replays a round with its earlier attempt kept aside.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { movesText } from '../../src/messages/moves';
import { ANSWERS_GK_ID } from '../../src/scoring';
import { loadLiveData } from '../../src-server/picture/load';
import { type Caller, createRoundNight } from '../helpers/round-night';
import type { TestApp } from '../helpers/test-app';

let t: TestApp;
let admin: Caller;
let master: Caller;
let teams: Caller[];
let teamIds: string[];
const NAMES = ['Lớp 9A1', 'Lớp 9A2', 'Lớp 9A3'];

beforeAll(async () => {
  ({ t, admin, master, teams, teamIds } = await createRoundNight(NAMES, { masterName: 'Cô Hạnh' }));
  for (const round of [1, 2, 3])
    await admin.scoreField.create({
      data: { name: `phan-${round}`, label: `Phần ${round}`, kind: 'answers', maxPoint: 500, step: 5, round },
    });
});
afterAll(() => t.close());

/** Every team's points on every answers field, from the stored points (the truth the ranking reads). */
async function stored(): Promise<Record<string, number>> {
  const rows = await t.deps.db.selectFrom('scores').select(['team_id', 'field_name', 'point']).where('gk_id', '=', ANSWERS_GK_ID).execute();
  return Object.fromEntries(rows.map((r) => [`${NAMES[teamIds.indexOf(r.team_id)]}|${r.field_name}`, Number(r.point)]));
}

function withoutCell(points: Record<string, number>, cell: string): Record<string, number> {
  const { [cell]: _gone, ...rest } = points;
  return rest;
}

/** The live ranking's field points, as every screen sees them. */
async function live(team: number, field: string): Promise<number> {
  return (await master.system.state()).listTeam.find((x) => x._id === teamIds[team])?.fieldScores[field] ?? 0;
}

/** The newest audit event's chosen columns. */
function lastEvent<C extends 'source' | 'rule' | 'reason'>(columns: C[]) {
  return t.deps.db.selectFrom('score_events').select(columns).orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
}

/** Per cell, each audit event's old point is the previous event's new one. */
async function expectExactChain() {
  const events = await t.deps.db
    .selectFrom('score_events')
    .select(['team_id', 'gk_id', 'field_name', 'old_point', 'new_point'])
    .orderBy('id')
    .execute();
  const last = new Map<string, number | null>();
  for (const e of events) {
    const key = `${e.team_id}|${e.gk_id}|${e.field_name}`;
    expect(e.old_point === null ? null : Number(e.old_point)).toBe(last.get(key) ?? null);
    last.set(key, e.new_point === null ? null : Number(e.new_point));
  }
}

async function classicSet(round: number, points: number[], buzzer?: { wrongPenalty: number; pauseTimer: boolean }) {
  const set = await admin.questionSet.create({
    set: round,
    data: {
      title: `Khởi động ${Math.random()}`,
      format: { kind: 'classic', ...(buzzer ? { buzzer } : {}) },
      items: points.map((point, i) => ({ content: `Câu hỏi ${i + 1}`, answer: 'Đáp án', point, timeLimit: 20 })),
    },
  });
  return { setId: set.item._id, ids: set.item.items.map((q) => q.id) };
}

describe('a buzzer question in a classic round', () => {
  it('gives the first ring the turn, says so to everyone, and stops the clock', async () => {
    const { setId, ids } = await classicSet(1, [20]);
    await master.show.update({
      changes: { fw: 1, setId, questionId: ids[0]!, phase: 'question', buzzerOpen: true, timer: { action: 'start' } },
    });
    await teams[1]!.show.buzz({ questionId: ids[0]! });
    await teams[0]!.show.buzz({ questionId: ids[0]! });
    const state = await (await t.request('GET', '/api/state')).json();
    expect(state.system.buzzTurn).toEqual({ questionId: ids[0], teamId: teamIds[1] });
    expect(state.system.timer.endsAt).toBeNull();
    expect(state.system.timer.remainingMs).toBeGreaterThan(0);
  });

  it('refuses a verdict meant for a team whose turn it no longer is (a console that has not caught up)', async () => {
    await expect(master.show.buzzVerdict({ verdict: 'right', teamId: teamIds[0]! })).rejects.toThrow(movesText.buzzTurnMoved('Lớp 9A2'));
    expect(await live(0, 'phan-1')).toBe(0);
  });

  it('passes the turn to the next ring on a wrong answer, and gives the points on a right one', async () => {
    await master.show.buzzVerdict({ verdict: 'wrong', teamId: teamIds[1]! });
    let system = (await master.system.state()).system;
    expect(system.buzzTurn?.teamId).toBe(teamIds[0]);
    await master.show.buzzVerdict({ verdict: 'right' });
    system = (await master.system.state()).system;
    expect(system.buzzTurn).toBeNull();
    expect(system.buzzerOpen).toBe(false);
    expect(await live(0, 'phan-1')).toBe(20);
    expect(await live(1, 'phan-1')).toBe(0);
    const answers = await master.show.answers();
    expect(answers.order.map((b) => [NAMES[teamIds.indexOf(b.teamId)], b.verdict, b.points])).toEqual([
      ['Lớp 9A2', 'wrong', 0],
      ['Lớp 9A1', 'right', 20],
    ]);
    const audit = await lastEvent(['source', 'rule']);
    expect(audit).toEqual({ source: 'buzz', rule: 'buzz:right:20' });
  });

  it('refuses a verdict when nobody waits', async () => {
    await expect(master.show.buzzVerdict({ verdict: 'right' })).rejects.toThrow(movesText.noBuzzTurn);
  });

  it('takes the format’s penalty for a wrong answer, and lets the clock run on when nobody else waits', async () => {
    const { setId, ids } = await classicSet(1, [30], { wrongPenalty: 10, pauseTimer: true });
    await master.show.update({ changes: { setId, questionId: ids[0]!, phase: 'question', buzzerOpen: true, timer: { action: 'start' } } });
    await teams[2]!.show.buzz({ questionId: ids[0]! });
    await master.show.buzzVerdict({ verdict: 'wrong' });
    const system = (await master.system.state()).system;
    expect(system.buzzTurn).toBeNull();
    expect(system.timer.endsAt).not.toBeNull();
    expect(await live(2, 'phan-1')).toBe(-10);
  });

  it('undoes a buzz verdict exactly: the points, the verdict and the turn come back, and the toast names it', async () => {
    const before = await stored();
    const history = await master.show.history();
    expect(history.items[0]!.label).toBe('Bấm chuông: Sai cho Lớp 9A3, −10 điểm');
    const { undone } = await master.show.undo();
    expect(undone).toEqual({ label: 'Bấm chuông: Sai cho Lớp 9A3, −10 điểm', by: 'Cô Hạnh' });
    // The point did not exist before the move: it is gone again, not a zero.
    expect(await stored()).toEqual(withoutCell(before, 'Lớp 9A3|phan-1'));
    const system = (await master.system.state()).system;
    expect(system.buzzTurn?.teamId).toBe(teamIds[2]);
    expect((await master.show.answers()).order[0]).toMatchObject({ verdict: null, points: 0 });
    await expectExactChain();
  });
});

describe('undo in the speed round', () => {
  it('takes back a wrong "Đúng" rather than the show move before it', async () => {
    const set = await admin.questionSet.create({
      set: 3,
      data: {
        title: 'Tăng tốc',
        format: { kind: 'speed', placePoints: [40, 30, 20] },
        items: [{ content: 'Câu tăng tốc', answer: '1945', point: 10, timeLimit: 30 }],
      },
    });
    const q = set.item.items[0]!.id;
    await master.show.update({
      changes: { fw: 3, setId: set.item._id, questionId: q, phase: 'question', answersOpen: true, timer: { action: 'start' } },
    });
    for (const team of [0, 1, 2]) await teams[team]!.show.submitAnswer({ questionId: q, answer: team === 1 ? '1954' : '1945' });
    await master.show.update({ changes: { answersOpen: false, phase: 'answer' } });
    await master.show.verdict({ questionId: q, teamId: teamIds[0]!, verdict: 'right' });
    const afterFirst = await stored();
    const timerBefore = (await master.system.state()).system.timer;
    // The wrong "Đúng": team 2 (9A2) answered 1954.
    await master.show.verdict({ questionId: q, teamId: teamIds[1]!, verdict: 'right' });
    expect(await live(1, 'phan-3')).toBe(30);
    const { undone } = await master.show.undo();
    expect(undone.label).toBe('Đúng cho Lớp 9A2, +30 điểm');
    expect(await stored()).toEqual(afterFirst);
    const answers = await master.show.answers();
    expect(answers.items.find((a) => a.teamId === teamIds[1])?.verdict).toBeNull();
    // The show itself is as it was: phase, timer, answers closed.
    const system = (await master.system.state()).system;
    expect(system.phase).toBe('answer');
    expect(system.timer).toEqual(timerBefore);
    await expectExactChain();
  });
});

describe('an obstacle round left and come back to', () => {
  let setId: string;
  let rowIds: string[];

  it('keeps its board, its solver and its eliminations across a switch of round and back', async () => {
    const set = await admin.questionSet.create({
      set: 2,
      data: {
        title: 'Vượt chướng ngại vật',
        format: { kind: 'obstacle', keyword: 'Thăng Long', tiles: 4 },
        items: ['Sông Hồng', 'Long Biên', 'Hoàn Kiếm', 'Quốc Tử Giám'].map((answer, i) => ({
          content: `Hàng ${i + 1}`,
          answer,
          point: 10,
          timeLimit: 15,
        })),
      },
    });
    setId = set.item._id;
    rowIds = set.item.items.map((q) => q.id);
    await master.show.update({ changes: { fw: 2, setId, questionId: rowIds[0]!, phase: 'question' } });
    await master.show.update({ changes: { obstacle: { action: 'revealRow', row: 0 } } });
    await master.show.update({ changes: { questionId: null, phase: 'round' } });
    await teams[2]!.show.keywordBuzz({});
    await teams[0]!.show.keywordBuzz({});
    await master.show.keywordVerdict({ teamId: teamIds[2]!, verdict: 'wrong' });
    await master.show.keywordVerdict({ teamId: teamIds[0]!, verdict: 'right' });
    const solved = (await master.system.state()).system.obstacle!;
    expect(solved).toMatchObject({ solvedBy: teamIds[0], eliminated: [teamIds[2]], revealed: [0], ended: true, keyword: 'Thăng Long' });
    const points = await stored();

    // A wrong tab, and back.
    await master.show.update({ changes: { fw: 1, setId: null } });
    expect((await master.system.state()).system.obstacle).toBeNull();
    await master.show.update({ changes: { fw: 2, setId } });
    expect((await master.system.state()).system.obstacle).toEqual(solved);

    // The old queue can no longer be judged, and the keyword is solved once.
    await expect(master.show.keywordVerdict({ teamId: teamIds[0]!, verdict: 'right' })).rejects.toThrow();
    await expect(teams[1]!.show.keywordBuzz({})).rejects.toThrow();
    expect(await stored()).toEqual(points);
  });

  it('finds the board as it was after the server reads the night again (a restart)', async () => {
    const before = (await master.system.state()).system.obstacle;
    // What a restarted server reads: the stored show, the round's record inside it.
    const fresh = await loadLiveData(t.deps.db);
    expect(fresh.data.show.stored.obstacle).toEqual(before);
    expect(fresh.data.show.stored.rounds?.[setId]?.obstacle).toEqual(before);
  });

  it('replays the round on purpose: answers kept aside, points taken back, the board clean, and undo brings it all back', async () => {
    const before = await stored();
    const board = (await master.system.state()).system.obstacle;
    const { label } = await master.show.restartRound({ setId });
    expect(label).toBe('Chơi lại Vượt chướng ngại vật (lần 2)');
    const replayed = (await master.system.state()).system.obstacle!;
    expect(replayed).toMatchObject({ solvedBy: null, eliminated: [], revealed: [], ended: false, keyword: null });
    expect(await live(0, 'phan-2')).toBe(0);
    const restartEvents = await t.deps.db.selectFrom('score_events').select('source').where('source', '=', 'restart').execute();
    expect(restartEvents.length).toBeGreaterThan(0);
    // The first attempt's buzzes are kept, set aside under attempt 1.
    const kept = await t.deps.db
      .selectFrom('buzzes')
      .select(['team_id', 'archived_attempt'])
      .where('question_id', '=', `keyword:${setId}`)
      .execute();
    expect(kept.map((b) => b.archived_attempt)).toEqual([1, 1]);
    // The eliminated team may guess again in the new attempt.
    await teams[2]!.show.keywordBuzz({});
    const log = await admin.actions.log({ limit: 5 });
    expect(log.items[0]!.summary).toContain('Chơi lại Vượt chướng ngại vật');

    await master.show.undo();
    expect(await stored()).toEqual(before);
    expect((await master.system.state()).system.obstacle).toEqual(board);
    await expectExactChain();
  });
});

describe('points by hand', () => {
  it('gives and takes points on an answers field with a reason, audited, and undo takes them back', async () => {
    const before = await live(1, 'phan-1');
    const { label } = await master.show.handPoints({
      teamId: teamIds[1]!,
      fieldName: 'phan-1',
      points: 15,
      reason: 'Trả lời đúng câu hỏi phụ của MC',
    });
    expect(label).toBe('Cộng tay +15 điểm cho Lớp 9A2 (Phần 1)');
    expect(await live(1, 'phan-1')).toBe(before + 15);
    const audit = await lastEvent(['source', 'reason']);
    expect(audit).toEqual({ source: 'hand', reason: 'Trả lời đúng câu hỏi phụ của MC' });
    await master.show.handPoints({ teamId: teamIds[1]!, fieldName: 'phan-1', points: -5, reason: 'Phạm quy' });
    expect(await live(1, 'phan-1')).toBe(before + 10);
    expect((await master.show.undo()).undone.label).toBe('Trừ tay −5 điểm cho Lớp 9A2 (Phần 1)');
    expect(await live(1, 'phan-1')).toBe(before + 15);
    await expectExactChain();
  });

  it('refuses a missing reason, a zero, a judges field and a team, naming what is wrong', async () => {
    await admin.scoreField.create({ data: { name: 'thuyet-trinh', label: 'Thuyết trình', kind: 'judges', maxPoint: 10, step: 0.5 } });
    const bad = async (input: Record<string, unknown>, field: string) => {
      const res = await t.request('POST', '/trpc/show.handPoints', { cookie: await t.login('dieukhien'), body: input });
      expect(res.status).toBe(400);
      const body = await res.json();
      expect(JSON.stringify(body)).toContain(field);
    };
    await bad({ teamId: teamIds[0], fieldName: 'phan-1', points: 5, reason: '' }, 'lý do');
    await bad({ teamId: teamIds[0], fieldName: 'phan-1', points: 0, reason: 'x' }, 'khác 0');
    await bad({ teamId: teamIds[0], fieldName: 'thuyet-trinh', points: 5, reason: 'x' }, 'Sửa điểm');
    const judge = await t.caller(await t.login('doi1'));
    await expect(judge.show.handPoints({ teamId: teamIds[0]!, fieldName: 'phan-1', points: 5, reason: 'x' })).rejects.toThrow();
  });
});

describe('the history', () => {
  it('lists what undo would take back, newest first, whoever made it', async () => {
    await admin.show.update({ changes: { scoreboardFrozen: true } });
    const { items } = await master.show.history();
    expect(items[0]!.by).toBe('Người dùng admin');
    expect(items.length).toBeGreaterThan(3);
    const { undone } = await master.show.undo();
    expect(undone.label).toBe(items[0]!.label);
    expect((await master.show.history()).items[0]!.label).toBe(items[1]!.label);
  });

  it('keeps the audit chain exact through the whole night', async () => {
    await expectExactChain();
    const events = await sql<{
      n: number;
    }>`select count(*)::int as n from score_events where old_point is null and source <> 'judge'`.execute(t.deps.db);
    expect(events.rows[0]!.n).toBeGreaterThan(0);
  });
});
