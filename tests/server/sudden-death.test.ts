/**
 * The câu hỏi phụ on the show: the master puts a question of a tie-break set on air for the teams
 * the chain still cannot separate; only they answer; a right answer scores nothing; the first right
 * answer in the server's order wins, once every earlier answer is judged wrong; the result is
 * recorded once and the ranking (with its reason) follows everywhere.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/messages';
import { testAppForFile } from '../helpers/app-for-file';
import { createQuestionSet, createScoreFields, enterPoints } from '../helpers/event-setup';
import type { Caller } from '../helpers/test-app';

const t = testAppForFile({ staff: ['admin', 'master'] });
let admin: Caller;
let master: Caller;
const teams: Record<string, { id: string; caller: Caller }> = {};
let tieSetId: string;
let tieQuestions: string[];
let plainSetId: string;
let plainQuestion: string;

beforeAll(async () => {
  ({ admin, master } = t.callers);
  const gk = await t.createUser('gk1', 'judge');
  await createScoreFields(admin, [
    { name: 'phan-1', label: 'Phần 1', maxPoint: 100, step: 1, position: 1, round: 1 },
    { name: 'phan-6', label: 'Câu hỏi phụ', kind: 'answers', maxPoint: 100, step: 1, position: 2, round: 6 },
  ]);
  for (const [i, name] of ['Đội An', 'Đội Bình', 'Đội Cúc', 'Đội Dung'].entries()) {
    const id = (await admin.team.create({ data: { name, priority: i } })).item._id;
    await t.createUser(`doi${i}`, 'team', { teamId: id });
    teams[name] = { id, caller: await t.caller(await t.login(`doi${i}`)) };
  }
  // An, Bình and Cúc on 10, Dung on 5.
  await enterPoints(admin, gk, id, {
    'Đội An': { 'phan-1': 10 },
    'Đội Bình': { 'phan-1': 10 },
    'Đội Cúc': { 'phan-1': 10 },
    'Đội Dung': { 'phan-1': 5 },
  });
  await admin.ranking.setTieBreak({ rules: [{ kind: 'suddenDeath' }, { kind: 'shared' }] });
  ({ id: tieSetId, questionIds: tieQuestions } = await createQuestionSet(admin, 6, {
    title: 'Câu hỏi phụ',
    format: { kind: 'classic', tieBreak: true },
    items: [
      { content: 'Hồ Gươm còn gọi là gì?', answer: 'Hồ Hoàn Kiếm', point: 10, timeLimit: 15 },
      { content: 'Văn Miếu xây năm nào?', answer: '1070', point: 10, timeLimit: 15 },
    ],
  }));
  const plain = await createQuestionSet(admin, 5, {
    title: 'Bình thường',
    items: [{ content: 'Cầu Long Biên bắc qua sông nào?', answer: 'Sông Hồng', point: 10 }],
  });
  plainSetId = plain.id;
  plainQuestion = plain.questionIds[0]!;
});

const id = (name: string) => teams[name]!.id;

async function results(): Promise<{ name: string; rank: number; total: number; tieBreak: string | null }[]> {
  const res = await t.request('GET', '/api/results', { cookie: t.cookies.admin });
  expect(res.status).toBe(200);
  return (await res.json()).items;
}

describe('a câu hỏi phụ on the show', () => {
  it('names the teams still tied at the sudden-death rule', async () => {
    const { groups, items } = await master.ranking.suddenDeaths();
    expect(items).toEqual([]);
    expect(groups).toEqual([[id('Đội An'), id('Đội Bình'), id('Đội Cúc')]]);
    expect((await results()).map((r) => [r.name, r.rank])).toEqual([
      ['Đội An', 1],
      ['Đội Bình', 1],
      ['Đội Cúc', 1],
      ['Đội Dung', 4],
    ]);
  });

  it('is refused on a set that is not for tie-breaks, without a question, or for fewer than two teams', async () => {
    await master.show.update({ changes: { fw: 5, setId: plainSetId, questionId: plainQuestion } });
    await expect(master.show.update({ changes: { suddenDeath: { teamIds: [id('Đội An'), id('Đội Bình')] } } })).rejects.toMatchObject({
      message: expect.stringContaining(messages.suddenDeathSet),
    });
    await master.show.update({ changes: { fw: 6, setId: tieSetId, questionId: null } });
    await expect(master.show.update({ changes: { suddenDeath: { teamIds: [id('Đội An'), id('Đội Bình')] } } })).rejects.toMatchObject({
      message: expect.stringContaining(messages.suddenDeathSet),
    });
    await master.show.update({ changes: { questionId: tieQuestions[0]! } });
    await expect(master.show.update({ changes: { suddenDeath: { teamIds: [id('Đội An'), id('Đội An')] } } })).rejects.toMatchObject({
      message: expect.stringContaining(messages.suddenDeathParticipants),
    });
    await expect(master.show.update({ changes: { suddenDeath: { teamIds: [id('Đội An'), 'khong-co'] } } })).rejects.toMatchObject({
      message: expect.stringContaining(messages.teamNotFound),
    });
    const res = await t.request('PUT', '/api/show', { cookie: t.cookies.admin, body: { changes: { suddenDeath: { teamIds: ['x'] } } } });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.error.message).toContain(messages.suddenDeathParticipants);
    expect(body.error.field).toBe('changes.suddenDeath.teamIds');
    expect((await master.system.state()).system.suddenDeath).toBeNull();
  });

  it('lets only the tied teams answer, scores nothing, and records the first right answer in the server order once the earlier ones are wrong', async () => {
    const tied = [id('Đội An'), id('Đội Bình'), id('Đội Cúc')];
    const { system } = await master.show.update({ changes: { suddenDeath: { teamIds: tied }, phase: 'question', answersOpen: true } });
    expect(system.suddenDeath).toEqual({ questionId: tieQuestions[0], teamIds: tied, winnerId: null });
    const q = tieQuestions[0]!;
    await expect(teams['Đội Dung']!.caller.show.submitAnswer({ questionId: q, answer: 'Hồ Hoàn Kiếm' })).rejects.toMatchObject({
      message: messages.suddenDeathOnly,
    });
    await teams['Đội Cúc']!.caller.show.submitAnswer({ questionId: q, answer: 'Hồ Tây' });
    await new Promise((resolve) => setTimeout(resolve, 5));
    await teams['Đội Bình']!.caller.show.submitAnswer({ questionId: q, answer: 'Hồ Hoàn Kiếm' });
    await new Promise((resolve) => setTimeout(resolve, 5));
    await teams['Đội An']!.caller.show.submitAnswer({ questionId: q, answer: 'Hồ Hoàn Kiếm' });

    // An's answer came after Bình's: judging it right first decides nothing while Cúc's waits.
    await master.show.verdict({ questionId: q, teamId: id('Đội An'), verdict: 'right' });
    await master.show.verdict({ questionId: q, teamId: id('Đội Bình'), verdict: 'right' });
    expect((await master.system.state()).system.suddenDeath?.winnerId).toBeNull();
    expect((await master.ranking.suddenDeaths()).items).toEqual([]);
    // Cúc wrong: Bình's is the first right answer.
    await master.show.verdict({ questionId: q, teamId: id('Đội Cúc'), verdict: 'wrong' });
    expect((await master.system.state()).system.suddenDeath).toMatchObject({ winnerId: id('Đội Bình') });
    const recorded = (await master.ranking.suddenDeaths()).items;
    expect(recorded).toMatchObject([{ questionId: q, winnerId: id('Đội Bình'), participants: tied }]);

    // No points moved: the totals are still level, and Bình is ranked first on the sudden death.
    const rows = await results();
    expect(rows.map((r) => [r.name, r.total, r.rank])).toEqual([
      ['Đội Bình', 10, 1],
      ['Đội An', 10, 2],
      ['Đội Cúc', 10, 2],
      ['Đội Dung', 5, 4],
    ]);
    expect(rows[1]!.tieBreak).toContain(messages.results.tieBreak.rules.suddenDeath);
    // An and Cúc are still tied: the console is offered them for a second question.
    expect((await master.ranking.suddenDeaths()).groups).toEqual([[id('Đội An'), id('Đội Cúc')]]);

    // A changed verdict later does not record a second result.
    await master.show.verdict({ questionId: q, teamId: id('Đội Cúc'), verdict: 'right' });
    expect((await master.ranking.suddenDeaths()).items).toHaveLength(1);
  });

  it('ends with another question, and a second one separates the rest', async () => {
    const q = tieQuestions[1]!;
    const moved = await master.show.update({ changes: { questionId: q } });
    expect(moved.system.suddenDeath).toBeNull();
    await master.show.update({ changes: { suddenDeath: { teamIds: [id('Đội An'), id('Đội Cúc')] }, answersOpen: true } });
    await expect(teams['Đội Bình']!.caller.show.submitAnswer({ questionId: q, answer: '1070' })).rejects.toMatchObject({
      message: messages.suddenDeathOnly,
    });
    await teams['Đội Cúc']!.caller.show.submitAnswer({ questionId: q, answer: '1070' });
    await master.show.verdict({ questionId: q, teamId: id('Đội Cúc'), verdict: 'right' });
    expect((await results()).map((r) => [r.name, r.rank])).toEqual([
      ['Đội Bình', 1],
      ['Đội Cúc', 2],
      ['Đội An', 3],
      ['Đội Dung', 4],
    ]);
    const ended = await master.show.update({ changes: { suddenDeath: null } });
    expect(ended.system.suddenDeath).toBeNull();
  });
});
