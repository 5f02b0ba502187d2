import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/messages';
import { ANSWERS_FIELD, createQuestionSet, createScoreFields, createTeams } from '../helpers/event-setup';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
let master: Awaited<ReturnType<TestApp['caller']>>;
let teamA: Awaited<ReturnType<TestApp['caller']>>;
let teamB: Awaited<ReturnType<TestApp['caller']>>;
let teamIds: string[];
let setId: string;
let questionIds: string[];
let otherRoundSetId: string;

beforeAll(async () => {
  t = await createTestApp();
  await t.createUser('admin', 'admin');
  const admin = await t.caller(await t.login('admin'));
  teamIds = await createTeams(admin, ['THPT Chu Văn An', 'THPT Việt Đức']);
  await t.createUser('dieukhien', 'master');
  for (const [i, username] of ['doia', 'doib'].entries()) {
    await t.createUser(username, 'team', { teamId: teamIds[i]! });
  }
  await createScoreFields(admin, [ANSWERS_FIELD]);
  const set = await createQuestionSet(admin, 1, {
    title: 'Người Hà Nội',
    items: [
      {
        content: 'Hồ Gươm còn gọi là gì?',
        options: ['Hồ Hoàn Kiếm', 'Hồ Tây'],
        answer: 'Hồ Hoàn Kiếm',
        explanation: 'Truyền thuyết trả gươm',
        point: 10,
        timeLimit: 15,
      },
      { content: 'Văn Miếu xây năm nào?', options: ['1070', '1076'], answer: '1070', point: 20, timeLimit: 20 },
    ],
  });
  ({ id: setId, questionIds } = set);
  otherRoundSetId = (await createQuestionSet(admin, 2, { title: 'Khác' })).id;
  master = await t.caller(await t.login('dieukhien'));
  teamA = await t.caller(await t.login('doia'));
  teamB = await t.caller(await t.login('doib'));
});
afterAll(() => t.close());

describe('the show state', () => {
  it('grows its version with every move and answers {system} over REST', async () => {
    const before = (await master.system.state()).system.version;
    const cookie = await t.login('dieukhien');
    const res = await t.request('PUT', '/api/show', { cookie, body: { changes: { phase: 'round', fw: 1 } } });
    expect(res.status).toBe(200);
    const { system } = await res.json();
    expect(system).toMatchObject({ version: before + 1, phase: 'round', fw: 1, title: 'NGƯỜI HÀ NỘI' });
  });

  it('shows a question without its answer until the phase is answer', async () => {
    const { system } = await master.show.update({ changes: { setId, questionId: questionIds[0]!, phase: 'question' } });
    expect(system.question).toMatchObject({
      id: questionIds[0],
      content: 'Hồ Gươm còn gọi là gì?',
      options: ['Hồ Hoàn Kiếm', 'Hồ Tây'],
      index: 0,
    });
    expect(system.question).not.toHaveProperty('answer');
    expect(JSON.stringify(await (await t.request('GET', '/api/state')).json())).not.toContain('Truyền thuyết');
    expect(system.timer).toEqual({ durationMs: 15_000, endsAt: null, remainingMs: 15_000 });
    const revealed = (await master.show.update({ changes: { phase: 'answer' } })).system;
    expect(revealed.question).toMatchObject({ answer: 'Hồ Hoàn Kiếm', explanation: 'Truyền thuyết trả gươm' });
  });

  it('runs the timer on the server clock: start, pause keeps the rest, resume, reset', async () => {
    const before = Date.now();
    const started = (await master.show.update({ changes: { timer: { action: 'start', durationMs: 10_000 } } })).system.timer;
    expect(started.endsAt).toBeGreaterThanOrEqual(before + 10_000);
    expect(started.endsAt).toBeLessThanOrEqual(Date.now() + 10_000);
    // The server's clock (this process's) has moved on since the start, so some time has run off.
    await expect.poll(() => Date.now(), { interval: 5 }).toBeGreaterThan(started.endsAt! - 10_000);
    const pausing = Date.now();
    const paused = (await master.show.update({ changes: { timer: { action: 'pause' } } })).system.timer;
    const pausedBy = Date.now();
    expect(paused.endsAt).toBeNull();
    expect(paused.remainingMs).toBeLessThan(10_000);
    // Exactly what was left when the server paused it, however long the call took.
    expect(paused.remainingMs).toBeGreaterThanOrEqual(started.endsAt! - pausedBy);
    expect(paused.remainingMs).toBeLessThanOrEqual(started.endsAt! - pausing);
    const resumed = (await master.show.update({ changes: { timer: { action: 'resume' } } })).system.timer;
    expect(resumed.endsAt! - Date.now()).toBeLessThanOrEqual(paused.remainingMs);
    const reset = (await master.show.update({ changes: { timer: { action: 'reset' } } })).system.timer;
    expect(reset).toEqual({ durationMs: 10_000, endsAt: null, remainingMs: 10_000 });
  });

  it.each([
    [{ phase: 'dancing' }, 'changes.phase'],
    [{ fw: 7 }, 'changes.fw'],
    [{ questionId: 'khong-co' }, 'changes.questionId'],
    [{ setId: 'khong-co' }, 'changes.setId'],
    [{ activeTeamId: 'khong-co' }, 'changes.activeTeamId'],
    [{ timer: { action: 'explode' } }, 'changes.timer.action'],
  ])('refuses %j with 400 naming %s, and changes nothing', async (changes, field) => {
    const before = (await master.system.state()).system;
    const cookie = await t.login('dieukhien');
    const res = await t.request('PUT', '/api/show', { cookie, body: { changes } });
    expect(res.status).toBe(400);
    expect((await res.json()).error.field).toBe(field);
    expect((await master.system.state()).system).toEqual(before);
  });

  it('refuses a set from another round', async () => {
    await expect(master.show.update({ changes: { setId: otherRoundSetId } })).rejects.toMatchObject({ message: messages.setNotInRound });
  });

  it('takes the team on stage down when another set comes on air, unless the same move names one', async () => {
    await master.show.update({ changes: { fw: 1, setId: null, activeTeamId: teamIds[0]! } });
    expect((await master.system.state()).system.activeTeamId).toBe(teamIds[0]);
    await master.show.update({ changes: { setId } });
    expect((await master.system.state()).system.activeTeamId).toBeNull();
    await master.show.update({ changes: { activeTeamId: teamIds[1]! } });
    // Moves within the same set keep it.
    await master.show.update({ changes: { questionId: questionIds[0]! } });
    expect((await master.system.state()).system.activeTeamId).toBe(teamIds[1]);
    await master.show.update({ changes: { setId: null, activeTeamId: teamIds[0]! } });
    expect((await master.system.state()).system.activeTeamId).toBe(teamIds[0]);
    await master.show.update({ changes: { setId: null, activeTeamId: null } });
  });
  it('undoes the last move, then the one before', async () => {
    await master.show.update({ changes: { phase: 'scoreboard' } });
    await master.show.update({ changes: { screen2: 'judges' } });
    const v = (await master.system.state()).system.version;
    const undone = (await master.show.undo({})).system;
    expect(undone).toMatchObject({ screen2: 'logo', phase: 'scoreboard', version: v + 1 });
    const again = (await master.show.undo({})).system;
    expect(again.phase).not.toBe('scoreboard');
  });

  it('keeps the state across a restart of the server (it lives in the database)', async () => {
    await master.show.update({ changes: { activeTeamId: teamIds[1]!, screen2: 'scoreboard' } });
    const fresh = await t.caller();
    expect((await fresh.system.state()).system).toMatchObject({ activeTeamId: teamIds[1], screen2: 'scoreboard' });
  });
});

describe('answers and buzzer', () => {
  it('takes one answer per team while answers are open, and refuses late ones', async () => {
    await master.show.update({ changes: { setId, questionId: questionIds[1]!, phase: 'question' } });
    await expect(teamA.show.submitAnswer({ questionId: questionIds[1]!, answer: '1070' })).rejects.toMatchObject({ code: 'CONFLICT' });
    await master.show.update({ changes: { answersOpen: true, timer: { action: 'start', durationMs: 60_000 } } });
    const { item } = await teamA.show.submitAnswer({ questionId: questionIds[1]!, answer: '1070' });
    expect(item).toMatchObject({ answer: '1070', verdict: null });
    await expect(teamA.show.submitAnswer({ questionId: questionIds[1]!, answer: '1076' })).rejects.toMatchObject({
      message: messages.alreadyAnswered,
    });
    await teamB.show.submitAnswer({ questionId: questionIds[1]!, answer: '1076' });
    const { items } = await master.show.answers({});
    expect(items.map((a) => [a.teamId, a.answer])).toEqual([
      [teamIds[0], '1070'],
      [teamIds[1], '1076'],
    ]);

    // The timer ran out on the server: an answer is late even though answers are still open.
    const { timer } = (
      await master.show.update({ changes: { questionId: questionIds[0]!, answersOpen: true, timer: { action: 'start', durationMs: 1 } } })
    ).system;
    await expect.poll(() => Date.now(), { interval: 5 }).toBeGreaterThan(timer.endsAt!);
    await expect(teamB.show.submitAnswer({ questionId: questionIds[0]!, answer: 'Hồ Tây' })).rejects.toMatchObject({
      message: messages.answersClosed,
    });
  });

  it('scores a right answer on the answers field, and takes it back when the verdict changes, in the audit log', async () => {
    await master.show.verdict({ questionId: questionIds[1]!, teamId: teamIds[0]!, verdict: 'right' });
    await master.show.verdict({ questionId: questionIds[1]!, teamId: teamIds[1]!, verdict: 'wrong' });
    let teams = (await master.system.state()).listTeam;
    expect(teams.find((x) => x._id === teamIds[0])).toMatchObject({ total: 20, rank: 1, fieldScores: { 'phan-1': 20 } });
    expect(teams.find((x) => x._id === teamIds[1])).toMatchObject({ total: 0, rank: 2 });
    expect(await teamA.show.mine()).toMatchObject({ questionId: expect.any(String) });

    await master.show.verdict({ questionId: questionIds[1]!, teamId: teamIds[0]!, verdict: 'wrong' });
    teams = (await master.system.state()).listTeam;
    expect(teams.find((x) => x._id === teamIds[0])!.total).toBe(0);

    const log = await sql<{ source: string; old_point: number | null; new_point: number }>`
      select source, old_point, new_point from score_events where team_id = ${teamIds[0]!} order by id`.execute(t.deps.db);
    expect(log.rows).toEqual([
      { source: 'answer', old_point: null, new_point: 20 },
      { source: 'answer', old_point: 20, new_point: 0 },
    ]);
  });

  it('orders buzzes by the server clock and takes one per team', async () => {
    await master.show.update({ changes: { questionId: questionIds[1]!, buzzerOpen: true } });
    expect((await teamB.show.buzz({ questionId: questionIds[1]! })).position).toBe(1);
    expect((await teamA.show.buzz({ questionId: questionIds[1]! })).position).toBe(2);
    await expect(teamB.show.buzz({ questionId: questionIds[1]! })).rejects.toMatchObject({ message: messages.alreadyBuzzed });
    const { order } = await master.show.answers({});
    expect(order.map((b) => b.teamId)).toEqual([teamIds[1], teamIds[0]]);
    expect(order[0]!.at).toBeLessThanOrEqual(order[1]!.at);
    await master.show.update({ changes: { buzzerOpen: false } });
    await expect(teamA.show.buzz({ questionId: questionIds[0]! })).rejects.toMatchObject({ code: 'CONFLICT' });
  });

  it('puts the answers the master chooses on screen 2 for everyone, with their verdicts', async () => {
    await master.show.update({ changes: { questionId: questionIds[1]!, shownAnswers: [teamIds[1]!], screen2: 'answers' } });
    const state = await (await t.request('GET', '/api/state')).json();
    expect(state.system.shownAnswerItems).toEqual([expect.objectContaining({ teamId: teamIds[1], answer: '1076', verdict: 'wrong' })]);
    await master.show.verdict({ questionId: questionIds[1]!, teamId: teamIds[1]!, verdict: null });
    const after = await (await t.request('GET', '/api/state')).json();
    expect(after.system.shownAnswerItems[0].verdict).toBeNull();
  });

  it('refuses an answer to a question that is no longer on screen', async () => {
    await master.show.update({
      changes: { questionId: questionIds[0]!, answersOpen: true, timer: { action: 'start', durationMs: 30_000 } },
    });
    await expect(teamA.show.submitAnswer({ questionId: questionIds[1]!, answer: 'muộn' })).rejects.toMatchObject({
      message: messages.notCurrentQuestion,
    });
  });
});
