/**
 * The jury around the points, on both databases: a disagreement above a criterion's threshold (20%
 * of its range unless the event sets one) flags the cell and the team "chờ trưởng ban"; the head
 * judge (the judge named trưởng ban, or the admin) accepts, asks a judge to score again (the cell
 * opens for that judge past the closed scoring gate, through the pad's outbox call, until answered)
 * or decides the score with a reason, which then counts; a recused judge's point is refused and an
 * earlier one kept but not counted (trimmed mean included); every step is in the action log and the
 * biên bản's rulings; a results lock refuses a ruling and a recusal.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/messages';
import { RESET_CONFIRMATION } from '../../src/schemas/scoring';
import { formatPoint } from '../../src/valueFormat';
import { createJudges, createScoreFields, createTeams } from '../helpers/event-setup';
import { type Caller, createTestApp, type TestApp } from '../helpers/test-app';

const j = messages.jury;
let t: TestApp;
let admin: Caller;
let master: Caller;
let judges: { id: string; cookie: string; caller: Caller }[];
let teamIds: string[];

beforeAll(async () => {
  t = await createTestApp();
  await t.createUser('admin', 'admin');
  admin = await t.caller(await t.login('admin'));
  await t.createUser('dieukhien', 'master');
  master = await t.caller(await t.login('dieukhien'));
  judges = await createJudges(t, ['gk1', 'gk2', 'gk3', 'gk4', 'gk5']);
  teamIds = await createTeams(admin, ['THPT Chu Văn An', 'THPT Kim Liên', 'THPT Việt Đức']);
  // A judged criterion 0–10 (default threshold 2 points), extremes dropped from five points on.
  await createScoreFields(admin, [
    { name: 'noi-dung', label: 'Nội dung', maxPoint: 10, step: 0.5, dropExtremes: true },
    { name: 'trinh-bay', label: 'Trình bày', maxPoint: 20, step: 0.5 },
  ]);
  await master.show.update({ changes: { activeField: 'noi-dung', scoringOpen: true } });
});
afterAll(() => t.close());

const [A, B, C] = [0, 1, 2];
const team = (i: number) => teamIds[i]!;

async function score(judge: number, teamIndex: number, point: number, fieldName = 'noi-dung', key?: string) {
  return judges[judge]!.caller.scoring.submit({ teamId: team(teamIndex), point, fieldName, ...(key && { key }) });
}

async function ranking() {
  const { items } = await admin.results.list();
  return new Map(items.map((i) => [i.teamId, i]));
}

const fieldScore = (item: { fields: { fieldName: string; score: number | null }[] } | undefined, name = 'noi-dung') =>
  item?.fields.find((f) => f.fieldName === name)?.score;

describe('disagreements', () => {
  it('flags a spread above 20% of the range, not one at it, and shows the team "chờ trưởng ban" to the staff only', async () => {
    // Team A: 9 and 4 (spread 5 > 2); team B: 7 and 5 (spread 2, at the threshold).
    await score(0, A, 9);
    await score(1, A, 4);
    await score(0, B, 7);
    await score(1, B, 5);
    const results = await ranking();
    expect(results.get(team(A))?.awaitingHeadJudge).toBe(true);
    expect(results.get(team(B))?.awaitingHeadJudge).toBeUndefined();
    const staff = t.deps.hub.live.standings.listTeam('staff');
    expect(staff.find((i) => i._id === team(A))?.awaitingHeadJudge).toBe(true);
    expect(t.deps.hub.live.standings.listTeam('public').some((i) => 'awaitingHeadJudge' in i)).toBe(false);
  });

  it('takes the event’s own threshold for a criterion, and back to the default', async () => {
    await admin.jury.setThreshold({ fieldName: 'noi-dung', threshold: 6 });
    expect((await ranking()).get(team(A))?.awaitingHeadJudge).toBeUndefined();
    await expect(admin.jury.setThreshold({ fieldName: 'noi-dung', threshold: 11 })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: j.thresholdRange(formatPoint(10)),
    });
    await admin.jury.setThreshold({ fieldName: 'noi-dung', threshold: null });
    expect((await ranking()).get(team(A))?.awaitingHeadJudge).toBe(true);
  });
});

describe('the head judge', () => {
  it('is named by the admin among the panel’s judges; any other judge is refused a ruling', async () => {
    await expect(
      judges[2]!.caller.jury.rule({ kind: 'accept', teamId: team(A), fieldName: 'noi-dung', reason: 'Hợp lệ' }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN', message: j.notHeadJudge });
    await expect(judges[2]!.caller.jury.setHead({ judgeId: judges[2]!.id })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    const { headJudgeId } = (await admin.jury.setHead({ judgeId: judges[4]!.id })).jury;
    expect(headJudgeId).toBe(judges[4]!.id);
    // The head judge sees every judge's point; another judge only their own.
    const all = await judges[4]!.caller.scoring.list();
    expect(new Set(all.items.map((i) => i.gkId))).toEqual(new Set([judges[0]!.id, judges[1]!.id]));
    expect((await judges[0]!.caller.scoring.list()).items.every((i) => i.gkId === judges[0]!.id)).toBe(true);
  });

  it('asks a judge to score again: the cell opens past the closed gate for that judge alone, once, through the pad’s call', async () => {
    const head = judges[4]!.caller;
    await master.show.update({ changes: { scoringOpen: false } });
    await head.jury.rule({ kind: 'rescore', teamId: team(A), fieldName: 'noi-dung', judgeId: judges[1]!.id, reason: 'Chênh 5 điểm' });
    await expect(
      head.jury.rule({ kind: 'rescore', teamId: team(A), fieldName: 'noi-dung', judgeId: judges[1]!.id, reason: 'Lần nữa' }),
    ).rejects.toMatchObject({ code: 'CONFLICT', message: j.rescoreOpen });
    const { jury } = await judges[1]!.caller.jury.get();
    expect(jury.rulings.at(-1)).toMatchObject({ kind: 'rescore', judgeId: judges[1]!.id, answeredAt: null });
    // Another judge, and another team, stay closed.
    await expect(score(0, A, 8)).rejects.toMatchObject({ code: 'CONFLICT', message: messages.scoringClosed });
    await expect(score(1, B, 6)).rejects.toMatchObject({ code: 'CONFLICT', message: messages.scoringClosed });
    // The pad's outbox sends the point with its key; a replay of it answers the same and writes once.
    const body = { teamId: team(A), point: 7, fieldName: 'noi-dung', key: 'pad-rescore-0001' };
    const first = await t.request('PUT', '/api/cham-thi/submit', { cookie: judges[1]!.cookie, body });
    expect(first.status).toBe(200);
    const replay = await t.request('PUT', '/api/cham-thi/submit', { cookie: judges[1]!.cookie, body });
    expect(replay.status).toBe(200);
    const answered = (await judges[1]!.caller.jury.get()).jury.rulings.at(-1)!;
    expect(answered.answeredAt).toEqual(expect.any(Number));
    // Answered: the cell is closed again.
    await expect(score(1, A, 7.5)).rejects.toMatchObject({ code: 'CONFLICT', message: messages.scoringClosed });
    // 9 and 7: spread 2, settled.
    expect((await ranking()).get(team(A))?.awaitingHeadJudge).toBeUndefined();
    await master.show.update({ changes: { scoringOpen: true } });
  });

  it('accepts points as they are until one of them changes', async () => {
    await score(2, A, 3); // 9, 7, 3: spread 6
    expect((await ranking()).get(team(A))?.awaitingHeadJudge).toBe(true);
    await judges[4]!.caller.jury.rule({ kind: 'accept', teamId: team(A), fieldName: 'noi-dung', reason: 'Đúng thang điểm' });
    expect((await ranking()).get(team(A))?.awaitingHeadJudge).toBeUndefined();
    await score(2, A, 2.5);
    expect((await ranking()).get(team(A))?.awaitingHeadJudge).toBe(true);
  });

  it('decides a score with a reason: it counts instead of the mean, everywhere, with the source "trưởng ban"', async () => {
    await expect(
      judges[4]!.caller.jury.rule({ kind: 'decision', teamId: team(A), fieldName: 'noi-dung', point: 12, reason: 'Quá' }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST', message: j.decisionRange(formatPoint(0), formatPoint(10)) });
    await expect(
      judges[4]!.caller.jury.rule({ kind: 'decision', teamId: team(A), fieldName: 'noi-dung', point: 7, reason: '  ' }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await judges[4]!.caller.jury.rule({
      kind: 'decision',
      teamId: team(A),
      fieldName: 'noi-dung',
      point: 7.5,
      reason: 'Hội ý ban giám khảo',
    });
    const a = (await ranking()).get(team(A));
    expect(fieldScore(a)).toBe(7.5);
    expect(a?.fields.find((f) => f.fieldName === 'noi-dung')?.decided).toBe(true);
    expect(a?.awaitingHeadJudge).toBeUndefined();
    expect(t.deps.hub.live.standings.liveListTeam().find((i) => i._id === team(A))?.fieldScores['noi-dung']).toBe(7.5);
    const [entry] = (await admin.actions.log({})).items;
    expect(entry).toMatchObject({
      kind: 'jury.decision',
      summary: `${j.decidedAction('THPT Chu Văn An', 'Nội dung', '7,5')}: Hội ý ban giám khảo`,
    });
    const { headJudgeDecisions } = await admin.scoring.corrections();
    expect(headJudgeDecisions.map((d) => [d.what, d.reason])).toEqual([
      [j.rescoreAction('Người dùng gk2', 'THPT Chu Văn An', 'Nội dung'), 'Chênh 5 điểm'],
      [j.acceptedAction('THPT Chu Văn An', 'Nội dung'), 'Đúng thang điểm'],
      [j.decidedAction('THPT Chu Văn An', 'Nội dung', '7,5'), 'Hội ý ban giám khảo'],
    ]);
  });

  it('locks results as the head judge, and a lock refuses a ruling', async () => {
    await judges[4]!.caller.results.lock({ round: null });
    await expect(
      judges[4]!.caller.jury.rule({ kind: 'decision', teamId: team(B), fieldName: 'noi-dung', point: 6, reason: 'Sửa' }),
    ).rejects.toMatchObject({ code: 'CONFLICT', message: messages.resultsLock.eventLocked });
    await expect(admin.jury.recuse({ judgeId: judges[0]!.id, teamId: team(C), reason: 'Cùng trường' })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: messages.resultsLock.eventLocked,
    });
    await expect(judges[0]!.caller.results.lock({ round: 1 })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await judges[4]!.caller.results.unlock({ round: null, reason: 'Chấm tiếp' });
  });
});

describe('recusal', () => {
  it('leaves a recused judge’s kept point out of the trimmed mean, refuses their next one, and counts it again when lifted', async () => {
    // Team C on five judges: 2, 6, 7, 8, 10 → drop 2 and 10 → mean 7.
    for (const [judge, point] of [2, 6, 7, 8, 10].entries()) await score(judge, C, point);
    expect(fieldScore((await ranking()).get(team(C)))).toBe(7);
    // gk3 (7) recused: 2, 6, 8, 10 (four points, nothing dropped) → 6.5.
    await admin.jury.recuse({ judgeId: judges[2]!.id, teamId: team(C), reason: 'Cùng trường' });
    const c = (await ranking()).get(team(C));
    expect(fieldScore(c)).toBe(6.5);
    expect(c?.fields.find((f) => f.fieldName === 'noi-dung')?.judges.find((p) => p.gkId === judges[2]!.id)).toMatchObject({
      point: 7,
      recused: true,
    });
    expect(t.deps.hub.live.standings.liveListTeam().find((i) => i._id === team(C))?.fieldScores['noi-dung']).toBe(6.5);
    await expect(score(2, C, 9)).rejects.toMatchObject({ code: 'CONFLICT', message: j.recused('THPT Việt Đức') });
    await expect(admin.jury.recuse({ judgeId: judges[2]!.id, teamId: team(C), reason: 'Lần nữa' })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: j.alreadyRecused,
    });
    // The head judge cannot ask a recused judge to score again.
    await expect(
      judges[4]!.caller.jury.rule({ kind: 'rescore', teamId: team(C), fieldName: 'noi-dung', judgeId: judges[2]!.id, reason: 'x' }),
    ).rejects.toMatchObject({ code: 'CONFLICT', message: j.judgeRecused });
    const log = (await admin.actions.log({})).items;
    expect(log[0]).toMatchObject({ kind: 'jury.recuse', summary: j.recusedAction('Người dùng gk3', 'THPT Việt Đức', 'Cùng trường') });
    await admin.jury.liftRecusal({ judgeId: judges[2]!.id, teamId: team(C) });
    expect(fieldScore((await ranking()).get(team(C)))).toBe(7);
  });

  it('a fresh load of the live picture equals the one that followed every change', async () => {
    await admin.jury.recuse({ judgeId: judges[3]!.id, teamId: team(C), reason: 'Người thân' });
    const followed = t.deps.hub.live.toData();
    const { loadLiveModel } = await import('../../src-server/picture/load');
    const fresh = (await loadLiveModel(t.deps.db)).toData();
    expect(fresh.jury).toEqual(followed.jury);
    expect(t.deps.hub.live.standings.liveListTeam()).toEqual((await loadLiveModel(t.deps.db)).standings.liveListTeam());
  });
});

describe('a reset of every score', () => {
  it('takes the head judge’s rulings with the points they were on, and keeps the head judge and the recusals', async () => {
    expect((await admin.jury.get()).jury.rulings.length).toBeGreaterThan(0);
    await admin.scoring.reset({ confirm: RESET_CONFIRMATION, reason: 'Tổng duyệt xong' });
    const { jury } = await admin.jury.get();
    expect(jury.rulings).toEqual([]);
    expect(jury.headJudgeId).toBe(judges[4]!.id);
    expect(jury.recusals.length).toBeGreaterThan(0);
    expect(t.deps.hub.live.jury.state().rulings).toEqual([]);
    const [entry] = (await admin.actions.log({})).items;
    expect(entry).toMatchObject({ kind: 'jury.reset', summary: expect.stringContaining('Tổng duyệt xong') });
    // The decided score no longer counts: nobody has a point.
    expect(fieldScore((await ranking()).get(team(A)))).toBeNull();
  });
});
