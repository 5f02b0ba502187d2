/**
 * The obstacle round (Vượt chướng ngại vật) on the server: rows scored 10 and counted as played when
 * chosen, the keyword's points by rows played (0, 2, 4) or after the centre clue, a wrong keyword
 * that takes a team out (rows included), buzzes judged in order, and secrets that stay hidden.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { messages } from '../../src/messages';
import { type Caller, createRoundNight } from '../helpers/round-night';
import type { TestApp } from '../helpers/test-app';

let t: TestApp;
let admin: Caller;
let master: Caller;
let teams: Caller[];
let teamIds: string[];

const ROWS = [
  { content: 'Sông chảy qua Hà Nội', answer: 'Sông Hồng' },
  { content: 'Cây cầu sắt trăm tuổi', answer: 'Long Biên' },
  { content: 'Hồ giữa lòng phố cổ', answer: 'Hoàn Kiếm' },
  { content: 'Trường đại học đầu tiên', answer: 'Quốc Tử Giám' },
];

beforeAll(async () => {
  ({ t, admin, master, teams, teamIds } = await createRoundNight(['THPT Chu Văn An', 'THPT Việt Đức', 'THPT Kim Liên']));
  await admin.scoreField.create({
    data: { name: 'vcnv', label: 'Vượt chướng ngại vật', kind: 'answers', maxPoint: 200, step: 5, round: 2 },
  });
});
afterAll(() => t.close());

/** Each team's points and the last audit event when the current round started: a round's figures are measured from them. */
let baseline: { points: number[]; eventId: number } = { points: [], eventId: 0 };

const totalOf = async (team: number) => (await master.system.state()).listTeam.find((x) => x._id === teamIds[team])?.fieldScores.vcnv ?? 0;

/** A fresh obstacle set on air. */
async function freshRound() {
  const last = await sql<{ id: string | null }>`select max(id) as id from score_events`.execute(t.deps.db);
  baseline = { points: await Promise.all(teamIds.map((_, i) => totalOf(i))), eventId: Number(last.rows[0]?.id ?? 0) };
  const set = await admin.questionSet.create({
    set: 2,
    data: {
      title: `Chướng ngại vật ${Math.random()}`,
      format: { kind: 'obstacle', keyword: 'Thăng Long', centreClue: 'Kinh đô nghìn năm', tiles: 4 },
      items: ROWS.map((r) => ({ ...r, point: 10, timeLimit: 30 })),
    },
  });
  await master.show.update({ changes: { fw: 2, setId: set.item._id, questionId: null, phase: 'round', answersOpen: false } });
  return { setId: set.item._id, rowIds: set.item.items.map((q) => q.id) };
}

/** The points a team won in this round. */
const points = async (team: number) => (await totalOf(team)) - (baseline.points[team] ?? 0);

/** Runs a row: chooses it, opens answers, takes answers from the given teams, closes and judges them. */
async function playRow(rowId: string, answers: { team: number; right: boolean }[]) {
  await master.show.update({ changes: { questionId: rowId, phase: 'question', answersOpen: true, timer: { action: 'start' } } });
  for (const a of answers) await teams[a.team]!.show.submitAnswer({ questionId: rowId, answer: a.right ? 'đúng' : 'sai' });
  await master.show.update({ changes: { answersOpen: false, timer: { action: 'reset' }, phase: 'answer' } });
  for (const a of answers) await master.show.verdict({ questionId: rowId, teamId: teamIds[a.team]!, verdict: a.right ? 'right' : 'wrong' });
}

async function guess(team: number, verdict: 'right' | 'wrong') {
  await teams[team]!.show.keywordBuzz({});
  await master.show.keywordVerdict({ teamId: teamIds[team]!, verdict });
}

async function auditRules(teamId: string) {
  const rows = await sql<{ source: string; rule: string }>`
    select source, rule from score_events
    where team_id = ${teamId} and source in ('row', 'keyword') and id > ${baseline.eventId} order by id`.execute(t.deps.db);
  return rows.rows.map((r) => `${r.source} ${r.rule}`);
}

describe('the obstacle round', () => {
  let round: Awaited<ReturnType<typeof freshRound>>;
  beforeEach(async () => {
    round = await freshRound();
  });

  it('gives the row the format’s 15 s and scores a right row 10, audited with its rule', async () => {
    const { system } = await master.show.update({ changes: { questionId: round.rowIds[1]!, phase: 'question' } });
    expect(system.timer.durationMs).toBe(15_000);
    expect(system.obstacle?.played).toEqual([1]);
    await master.show.update({ changes: { questionId: null } });
    await playRow(round.rowIds[1]!, [
      { team: 0, right: true },
      { team: 1, right: false },
    ]);
    expect(await points(0)).toBe(10);
    expect(await points(1)).toBe(0);
    expect(await auditRules(teamIds[0]!)).toContain('row row:2:10');
  });

  it('pays 80 for the keyword with no row played, and ends the round showing the keyword', async () => {
    await guess(2, 'right');
    expect(await points(2)).toBe(80);
    const { obstacle } = (await master.system.state()).system;
    expect(obstacle).toMatchObject({ ended: true, solvedBy: teamIds[2], keyword: 'Thăng Long' });
    expect(obstacle?.rows.every((r) => r.answer !== null)).toBe(true);
    expect(await auditRules(teamIds[2]!)).toEqual(['keyword keyword:rows=0:80']);
    await expect(teams[0]!.show.keywordBuzz({})).rejects.toMatchObject({ message: messages.obstacleEnded });
  });

  it('pays 60 with 2 rows played', async () => {
    await playRow(round.rowIds[0]!, [{ team: 0, right: true }]);
    await playRow(round.rowIds[2]!, [{ team: 0, right: false }]);
    await master.show.update({ changes: { questionId: null, phase: 'round' } });
    await guess(0, 'right');
    expect(await points(0)).toBe(10 + 60);
    // A wrong row moves no points, so it leaves no audit entry; every point that moved names its rule.
    expect(await auditRules(teamIds[0]!)).toEqual(['row row:1:10', 'keyword keyword:rows=2:60']);
  });

  it('pays 20 with 4 rows played, and 10 once the centre clue is out', async () => {
    for (const id of round.rowIds) await playRow(id, []);
    await master.show.update({ changes: { questionId: null, phase: 'round' } });
    expect((await master.system.state()).system.obstacle?.played).toHaveLength(4);
    await guess(1, 'right');
    expect(await points(1)).toBe(20);

    const again = await freshRound();
    for (const id of again.rowIds) await playRow(id, []);
    const { system } = await master.show.update({ changes: { questionId: null, phase: 'round', obstacle: { action: 'showClue' } } });
    expect(system.obstacle?.clue).toBe('Kinh đô nghìn năm');
    await guess(2, 'right');
    expect(await points(2)).toBe(10);
    expect(await auditRules(teamIds[2]!)).toEqual(['keyword keyword:clue:10']);
  });

  it('takes a team with a wrong keyword out of the round, its rows included, while the others play on', async () => {
    await guess(0, 'wrong');
    const { obstacle } = (await master.system.state()).system;
    expect(obstacle).toMatchObject({ eliminated: [teamIds[0]], ended: false, keyword: null });
    await master.show.update({
      changes: { questionId: round.rowIds[0]!, phase: 'question', answersOpen: true, timer: { action: 'start' } },
    });
    await expect(teams[0]!.show.submitAnswer({ questionId: round.rowIds[0]!, answer: 'Sông Hồng' })).rejects.toMatchObject({
      message: messages.teamEliminated,
    });
    await teams[1]!.show.submitAnswer({ questionId: round.rowIds[0]!, answer: 'Sông Hồng' });
    await master.show.update({ changes: { answersOpen: false, timer: { action: 'reset' }, phase: 'answer' } });
    await expect(teams[0]!.show.keywordBuzz({})).rejects.toMatchObject({ message: messages.teamEliminated });
    await guess(1, 'right');
    expect(await points(0)).toBe(0);
    expect(await points(1)).toBe(80);
  });

  it('refuses a keyword buzz while a row runs, from showing its question until its answers close', async () => {
    await master.show.update({
      changes: { questionId: round.rowIds[0]!, phase: 'question', answersOpen: true, timer: { action: 'start' } },
    });
    await expect(teams[0]!.show.keywordBuzz({})).rejects.toMatchObject({ message: messages.keywordWhileRowRuns });
    await master.show.update({ changes: { answersOpen: false, timer: { action: 'reset' }, phase: 'answer' } });
    expect((await teams[0]!.show.keywordBuzz({})).position).toBe(1);
  });

  it('judges keyword buzzes in the server’s order', async () => {
    await teams[1]!.show.keywordBuzz({});
    await teams[2]!.show.keywordBuzz({});
    await expect(master.show.keywordVerdict({ teamId: teamIds[2]!, verdict: 'right' })).rejects.toMatchObject({
      message: messages.keywordEarlierBuzz,
    });
    await master.show.keywordVerdict({ teamId: teamIds[1]!, verdict: 'wrong' });
    await master.show.keywordVerdict({ teamId: teamIds[2]!, verdict: 'right' });
    expect(await points(2)).toBe(80);
  });

  it('shows everyone letter counts, and a row’s answer only once it is revealed; the keyword stays hidden', async () => {
    const { system } = await master.show.update({ changes: { obstacle: { action: 'revealRow', row: 1 } } });
    expect(system.obstacle?.rows).toEqual([
      { letters: 8, answer: null },
      { letters: 8, answer: 'Long Biên' },
      { letters: 8, answer: null },
      { letters: 10, answer: null },
    ]);
    expect(system.obstacle?.keywordLetters).toBe(9);
    const publicState = await (await t.request('GET', '/api/state')).json();
    const text = JSON.stringify(publicState);
    expect(text).not.toContain('Thăng Long');
    expect(text).not.toContain('Sông Hồng');
    expect(text).not.toContain('Kinh đô nghìn năm');
    expect(publicState.system.obstacle.revealed).toEqual([1]);
  });

  it('refuses a row that is not there, and obstacle moves outside an obstacle round', async () => {
    const cookie = await t.login('dieukhien');
    const res = await t.request('PUT', '/api/show', { cookie, body: { changes: { obstacle: { action: 'revealRow', row: 7 } } } });
    expect(res.status).toBe(400);
    expect((await res.json()).error.field).toBe('changes.obstacle.row');
    const classic = await admin.questionSet.create({ set: 1, data: { title: 'Khởi động' } });
    await master.show.update({ changes: { fw: 1, setId: classic.item._id } });
    const refused = await t.request('PUT', '/api/show', { cookie, body: { changes: { obstacle: { action: 'showClue' } } } });
    expect(refused.status).toBe(400);
    expect((await refused.json()).error.field).toBe('changes.obstacle');
    expect((await master.system.state()).system.obstacle).toBeNull();
  });

  it('keeps the round across a restart of the server: its state lives in the database', async () => {
    await playRow(round.rowIds[0]!, [{ team: 0, right: true }]);
    await guess(1, 'wrong');
    const fresh = await t.caller();
    const { obstacle } = (await fresh.system.state()).system;
    expect(obstacle).toMatchObject({ played: [0], eliminated: [teamIds[1]] });
  });

  it('undoes a reveal with the show’s undo', async () => {
    await master.show.update({ changes: { obstacle: { action: 'revealRow', row: 2 } } });
    expect((await master.system.state()).system.obstacle?.revealed).toEqual([2]);
    await master.show.undo({});
    expect((await master.system.state()).system.obstacle?.revealed).toEqual([]);
  });
});

describe('undoing obstacle moves', () => {
  it('undoes a right keyword with its points: the round is open again and the 80 are gone, audited as undo', async () => {
    await freshRound();
    await guess(0, 'right');
    expect(await points(0)).toBe(80);
    await master.show.undo({});
    expect(await points(0)).toBe(0);
    const { obstacle } = (await master.system.state()).system;
    expect(obstacle).toMatchObject({ ended: false, solvedBy: null, keyword: null });
    const log = await sql<{ source: string; new_point: number | null }>`
      select source, new_point from score_events where team_id = ${teamIds[0]!} and id > ${baseline.eventId} order by id`.execute(
      t.deps.db,
    );
    expect(log.rows.map((r) => r.source)).toEqual(['keyword', 'undo']);
  });

  it('undoes a wrong keyword: the team is back in the round, and a later plain move gives nothing back twice', async () => {
    await freshRound();
    await guess(1, 'wrong');
    await master.show.undo({});
    expect((await master.system.state()).system.obstacle?.eliminated).toEqual([]);
    await master.show.update({ changes: { obstacle: { action: 'revealRow', row: 0 } } });
    await master.show.undo({});
    expect((await master.system.state()).system.obstacle?.revealed).toEqual([]);
    expect(await points(1)).toBe(0);
  });
});
