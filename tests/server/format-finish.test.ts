/**
 * The finish round (Về đích) on the server: a package's points, the star of hope (double when right,
 * minus the points when missed), steals after a miss (the stealer's gain and the loss of the team on
 * stage, a wrong steal's half), same-millisecond steal buzzes in arrival order, an empty steal window,
 * the master's checks, the team's own choice, and undo of each move with its points.
 */
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../../src/messages';
import { type Caller, createRoundNight } from '../helpers/round-night';
import type { TestApp } from '../helpers/test-app';

let t: TestApp;
let admin: Caller;
let master: Caller;
let teams: Caller[];
let teamIds: string[];

const POINTS = [20, 20, 20, 30, 30, 30];

beforeAll(async () => {
  ({ t, admin, master, teams, teamIds } = await createRoundNight(['THPT Chu Văn An', 'THPT Việt Đức', 'THPT Kim Liên']));
  await admin.scoreField.create({ data: { name: 've-dich', label: 'Về đích', kind: 'answers', maxPoint: 400, step: 5, round: 4 } });
});
afterAll(() => t.close());
afterEach(() => vi.restoreAllMocks());

let baseline: { points: number[]; eventId: number } = { points: [], eventId: 0 };
let questions: { id: string; point: number }[] = [];

const totalOf = async (team: number) =>
  (await master.system.state()).listTeam.find((x) => x._id === teamIds[team])?.fieldScores['ve-dich'] ?? 0;
/** The points a team won or lost in this round. */
const points = async (team: number) => (await totalOf(team)) - (baseline.points[team] ?? 0);
const finish = async () => (await master.system.state()).system.finish;

/** The audit since the round started: source, rule and team of every event. */
async function audit() {
  const log = await sql<{ team_id: string; source: string; rule: string | null }>`
    select team_id, source, rule from score_events where id > ${baseline.eventId} order by id`.execute(t.deps.db);
  return log.rows.map((r) => ({ team: teamIds.indexOf(r.team_id), source: r.source, rule: r.rule }));
}

/** A fresh finish set on air, team 0's turn with package 1 (20, 20, 30). */
async function freshTurn(stealSeconds = 5) {
  const last = await sql<{ id: string | null }>`select max(id) as id from score_events`.execute(t.deps.db);
  baseline = { points: await Promise.all(teamIds.map((_, i) => totalOf(i))), eventId: Number(last.rows[0]?.id ?? 0) };
  const set = await admin.questionSet.create({
    set: 4,
    data: {
      title: `Về đích ${Math.random()}`,
      format: { kind: 'finish', stealSeconds },
      items: POINTS.map((point, i) => ({ content: `Câu hỏi ${i + 1}`, answer: `Đáp án ${i + 1}`, point, timeLimit: 15 })),
    },
  });
  questions = set.item.items.map((q) => ({ id: q.id, point: q.point }));
  await master.show.update({ changes: { fw: 4, setId: set.item._id, questionId: null, phase: 'round' } });
  await master.show.update({ changes: { finish: { action: 'startTurn', teamId: teamIds[0]! } } });
  await master.show.update({ changes: { finish: { action: 'choosePackage', package: 1 } } });
  return set.item._id;
}

/** Picks the question at `index` of the set for the next position and shows it. */
const showQuestion = (index: number) => master.show.update({ changes: { questionId: questions[index]!.id, phase: 'question' } });

describe('the finish round: the team on stage', () => {
  beforeEach(() => freshTurn());

  it('starts a turn with the team on stage, and a package of the format’s defaults', async () => {
    const state = (await master.system.state()).system;
    expect(state.activeTeamId).toBe(teamIds[0]);
    expect(state.finish).toMatchObject({
      teamId: teamIds[0],
      packages: [
        [20, 20, 20],
        [20, 20, 30],
        [20, 30, 30],
      ],
      packageIndex: 1,
      picks: [null, null, null],
      results: [null, null, null],
      star: null,
    });
  });

  it('scores a right answer with the position’s points, audited as package', async () => {
    await showQuestion(0);
    await master.show.finishVerdict({ result: 'right' });
    expect(await points(0)).toBe(20);
    expect(await audit()).toEqual([{ team: 0, source: 'package', rule: 'package:right:20' }]);
    expect((await finish())?.results).toEqual(['right', null, null]);
    expect((await finish())?.steal).toBeNull();
  });

  it('doubles a right answer with the star of hope', async () => {
    await master.show.update({ changes: { finish: { action: 'placeStar', position: 2 } } });
    await showQuestion(0);
    await master.show.finishVerdict({ result: 'right' });
    await showQuestion(1);
    await master.show.finishVerdict({ result: 'right' });
    await showQuestion(3);
    await master.show.finishVerdict({ result: 'right' });
    expect(await points(0)).toBe(20 + 20 + 60);
    expect((await audit()).at(-1)).toEqual({ team: 0, source: 'star', rule: 'star:right:60' });
  });

  it('takes the points away for a starred question answered wrong, and opens the steal window', async () => {
    await master.show.update({ changes: { finish: { action: 'placeStar', position: 0 } } });
    await showQuestion(0);
    const before = Date.now();
    await master.show.finishVerdict({ result: 'wrong' });
    expect(await points(0)).toBe(-20);
    expect(await audit()).toEqual([{ team: 0, source: 'star', rule: 'star:wrong:-20' }]);
    const steal = (await finish())?.steal;
    expect(steal).toMatchObject({ position: 0, questionId: questions[0]!.id, point: 20, teamId: null, result: null });
    expect(steal!.endsAt - before).toBeGreaterThanOrEqual(5000);
    expect(steal!.endsAt - Date.now()).toBeLessThanOrEqual(5000);
  });

  it('gives nothing for a time-out without the star, and opens the steal window', async () => {
    await showQuestion(0);
    await master.show.finishVerdict({ result: 'timeout' });
    expect(await points(0)).toBe(0);
    expect(await audit()).toEqual([]);
    expect((await finish())?.results).toEqual(['timeout', null, null]);
    expect((await finish())?.steal).toMatchObject({ point: 20, result: null });
  });

  it('takes the star only before its question is shown, and never moves it once its question was on screen', async () => {
    await showQuestion(0);
    const shown = await t.request('PUT', '/api/show', {
      cookie: await t.login('dieukhien'),
      body: { changes: { finish: { action: 'placeStar', position: 0 } } },
    });
    expect(shown.status).toBe(400);
    expect(await shown.json()).toMatchObject({ error: { message: messages.finishStarShown, field: 'changes.finish.position' } });
    await master.show.update({ changes: { finish: { action: 'placeStar', position: 2 } } });
    await master.show.finishVerdict({ result: 'right' });
    await showQuestion(1);
    await master.show.finishVerdict({ result: 'right' });
    await showQuestion(3);
    await expect(master.show.update({ changes: { finish: { action: 'placeStar', position: null } } })).rejects.toMatchObject({
      message: messages.finishStarLocked,
    });
    expect((await finish())?.star).toBe(2);
  });

  it('refuses a question that is not worth the next position’s points, a used one, and a change of package once started', async () => {
    await expect(master.show.update({ changes: { questionId: questions[3]!.id } })).rejects.toMatchObject({
      message: messages.finishWrongValue(20),
    });
    await showQuestion(0);
    await master.show.finishVerdict({ result: 'right' });
    await expect(master.show.update({ changes: { finish: { action: 'choosePackage', package: 2 } } })).rejects.toMatchObject({
      message: messages.finishPackageLocked,
    });
    await master.show.update({ changes: { finish: { action: 'endTurn' } } });
    await master.show.update({ changes: { finish: { action: 'startTurn', teamId: teamIds[1]! } } });
    await master.show.update({ changes: { finish: { action: 'choosePackage', package: 0 } } });
    await master.show.update({ changes: { questionId: questions[2]!.id, phase: 'idle' } });
    await expect(master.show.update({ changes: { questionId: questions[0]!.id } })).rejects.toMatchObject({
      message: messages.finishQuestionUsed,
    });
    await expect(master.show.update({ changes: { finish: { action: 'startTurn', teamId: teamIds[0]! } } })).rejects.toMatchObject({
      message: messages.finishTeamDone,
    });
  });

  it('judges only a picked question on air, once', async () => {
    await expect(master.show.finishVerdict({ result: 'right' })).rejects.toMatchObject({ message: messages.finishNotOnAir });
    await showQuestion(0);
    await master.show.finishVerdict({ result: 'right' });
    await expect(master.show.finishVerdict({ result: 'wrong' })).rejects.toMatchObject({ message: messages.finishAlreadyJudged });
  });

  it('lets the team choose its package and place its star from its own device only when the master allows', async () => {
    await master.show.update({ changes: { finish: { action: 'startTurn', teamId: teamIds[2]! } } });
    await expect(teams[2]!.show.finishChoose({ package: 2 })).rejects.toMatchObject({ message: messages.finishChoiceNotAllowed });
    await master.show.update({ changes: { finish: { action: 'allowTeamChoice', allow: true } } });
    await expect(teams[1]!.show.finishChoose({ package: 2 })).rejects.toMatchObject({ message: messages.finishNotYourTurn });
    await teams[2]!.show.finishChoose({ package: 2, star: 1 });
    expect(await finish()).toMatchObject({ teamId: teamIds[2], packageIndex: 2, star: 1 });
    await expect(teams[2]!.show.finishChoose({ package: 7 })).rejects.toMatchObject({ message: messages.finishPackageMissing });
  });

  it('refuses finish moves outside a finish round, naming the field', async () => {
    await master.show.update({ changes: { setId: null } });
    const res = await t.request('PUT', '/api/show', {
      cookie: await t.login('dieukhien'),
      body: { changes: { finish: { action: 'endTurn' } } },
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: { message: messages.notFinishRound, field: 'changes.finish' } });
  });
});

describe('steals', () => {
  beforeEach(() => freshTurn());

  async function miss(starred = false) {
    if (starred) await master.show.update({ changes: { finish: { action: 'placeStar', position: 0 } } });
    await showQuestion(0);
    await master.show.finishVerdict({ result: 'wrong' });
  }

  it('a right steal: the stealer gains the base points and the team on stage loses them', async () => {
    await miss();
    expect(await teams[1]!.show.stealBuzz({})).toEqual({ position: 1 });
    await master.show.stealVerdict({ verdict: 'right' });
    expect(await points(1)).toBe(20);
    expect(await points(0)).toBe(-20);
    expect(await audit()).toEqual([
      { team: 1, source: 'steal', rule: 'steal:right:20' },
      { team: 0, source: 'steal', rule: 'steal:lost:-20' },
    ]);
    expect((await finish())?.steal).toMatchObject({ teamId: teamIds[1], result: 'right' });
  });

  it('a right steal after a starred miss: the team on stage loses P for its miss and P again for the steal; the stealer gets P, not 2P', async () => {
    await miss(true);
    await teams[2]!.show.stealBuzz({});
    await master.show.stealVerdict({ verdict: 'right' });
    expect(await points(0)).toBe(-40);
    expect(await points(2)).toBe(20);
    expect(await audit()).toEqual([
      { team: 0, source: 'star', rule: 'star:wrong:-20' },
      { team: 2, source: 'steal', rule: 'steal:right:20' },
      { team: 0, source: 'steal', rule: 'steal:lost:-20' },
    ]);
  });

  it('a wrong steal: the stealer loses half the points, the team on stage nothing more', async () => {
    await miss();
    await teams[1]!.show.stealBuzz({});
    await master.show.stealVerdict({ verdict: 'wrong' });
    expect(await points(1)).toBe(-10);
    expect(await points(0)).toBe(0);
    expect(await audit()).toEqual([{ team: 1, source: 'steal', rule: 'steal:wrong:-10' }]);
    await expect(master.show.stealVerdict({ verdict: 'right' })).rejects.toMatchObject({ message: messages.finishStealJudged });
  });

  it('two steal buzzes in the same millisecond: the one that arrived first answers, whatever the teams’ ids', async () => {
    await miss();
    // The later id buzzes first, so arrival order is not the ids' order.
    const [first, second] = teamIds[1]! > teamIds[2]! ? [1, 2] : [2, 1];
    const at = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(at);
    expect(await teams[first]!.show.stealBuzz({})).toEqual({ position: 1 });
    expect(await teams[second]!.show.stealBuzz({})).toEqual({ position: 2 });
    vi.restoreAllMocks();
    const order = await master.show.answers({ questionId: `steal:${questions[0]!.id}` });
    expect(order.order.map((b) => b.at)).toEqual([at, at]);
    expect(order.order.map((b) => b.teamId)).toEqual([teamIds[first], teamIds[second]]);
    // Every screen learns who answers the steal.
    expect((await (await t.caller()).system.state()).system.finish?.steal?.teamId).toBe(teamIds[first]);
    await master.show.stealVerdict({ verdict: 'right' });
    expect(await points(first)).toBe(20);
    expect(await points(second)).toBe(0);
  });

  it('an empty steal window: no buzz, nothing to judge, buzzes refused once it is over, and the next question closes it', async () => {
    await miss();
    await expect(master.show.stealVerdict({ verdict: 'right' })).rejects.toMatchObject({ message: messages.finishNoStealBuzz });
    const endsAt = (await finish())!.steal!.endsAt;
    vi.spyOn(Date, 'now').mockReturnValue(endsAt + 1);
    await expect(teams[1]!.show.stealBuzz({})).rejects.toMatchObject({ message: messages.finishStealClosed });
    vi.restoreAllMocks();
    expect(await audit()).toEqual([]);
    await showQuestion(1);
    expect((await finish())?.steal).toBeNull();
    await expect(teams[1]!.show.stealBuzz({})).rejects.toMatchObject({ message: messages.finishNoSteal });
  });

  it('the team on stage cannot steal its own question, and nobody steals after a right answer', async () => {
    await miss();
    await expect(teams[0]!.show.stealBuzz({})).rejects.toMatchObject({ message: messages.finishOwnSteal });
    await showQuestion(1);
    await master.show.finishVerdict({ result: 'right' });
    await expect(teams[1]!.show.stealBuzz({})).rejects.toMatchObject({ message: messages.finishNoSteal });
  });
});

describe('undoing finish moves', () => {
  beforeEach(() => freshTurn());

  it('undoes a right starred answer with its points', async () => {
    await master.show.update({ changes: { finish: { action: 'placeStar', position: 0 } } });
    await showQuestion(0);
    await master.show.finishVerdict({ result: 'right' });
    expect(await points(0)).toBe(40);
    await master.show.undo({});
    expect(await points(0)).toBe(0);
    expect((await finish())?.results).toEqual([null, null, null]);
    expect((await audit()).map((e) => e.source)).toEqual(['star', 'undo']);
  });

  it('undoes a starred miss: the points come back and the steal window closes', async () => {
    await master.show.update({ changes: { finish: { action: 'placeStar', position: 0 } } });
    await showQuestion(0);
    await master.show.finishVerdict({ result: 'wrong' });
    await master.show.undo({});
    expect(await points(0)).toBe(0);
    expect((await finish())?.steal).toBeNull();
  });

  it('undoes a steal: both teams’ points come back, and the steal can be judged again', async () => {
    await showQuestion(0);
    await master.show.finishVerdict({ result: 'wrong' });
    await teams[1]!.show.stealBuzz({});
    await master.show.stealVerdict({ verdict: 'right' });
    await master.show.undo({});
    expect(await points(0)).toBe(0);
    expect(await points(1)).toBe(0);
    expect((await finish())?.steal).toMatchObject({ teamId: teamIds[1], result: null });
    expect((await audit()).map((e) => e.source)).toEqual(['steal', 'steal', 'undo', 'undo']);
    await master.show.stealVerdict({ verdict: 'wrong' });
    expect(await points(1)).toBe(-10);
  });

  it('undoes a wrong steal, a star, a package and a turn, one move at a time', async () => {
    await master.show.update({ changes: { finish: { action: 'placeStar', position: 1 } } });
    expect((await finish())?.star).toBe(1);
    await master.show.undo({});
    expect((await finish())?.star).toBeNull();
    await master.show.undo({});
    expect((await finish())?.packageIndex).toBeNull();
    await master.show.undo({});
    expect((await finish())?.teamId).toBeNull();
  });

  it('keeps the round across a restart of the server', async () => {
    await master.show.update({ changes: { finish: { action: 'placeStar', position: 2 } } });
    await showQuestion(0);
    await master.show.finishVerdict({ result: 'right' });
    const fresh = await t.caller();
    expect((await fresh.system.state()).system.finish).toMatchObject({ teamId: teamIds[0], star: 2, results: ['right', null, null] });
  });
});
