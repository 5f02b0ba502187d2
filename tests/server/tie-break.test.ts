/**
 * The tie-break chain on the server: the list's REST path and procedures (read by the staff, set by
 * the admin, refused with 400 naming the rule), the default that keeps today's ranking, the reasons in
 * /api/results, the live list, the CSV and the XLSX, the right-answer times of a speed round and the
 * sudden deaths recorded by `recordSuddenDeath`; the live model always equal to a fresh load.
 */
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { liveTransaction } from '../../src-server/features/live/record';
import { recordSuddenDeath } from '../../src-server/features/tieBreak/suddenDeath';
import { loadLiveData } from '../../src-server/picture/load';
import type { LiveData } from '../../src-server/picture/model';
import { testAppForFile } from '../helpers/app-for-file';
import { createScoreFields, enterPoints } from '../helpers/event-setup';
import type { Caller } from '../helpers/test-app';

const t = testAppForFile({ staff: ['admin', 'master'] });
let admin: Caller;
let master: Caller;
let gk: string;
const ids: Record<string, string> = {};

interface ResultRow {
  name: string;
  rank: number;
  total: number;
  tieBreak: string | null;
}

beforeAll(async () => {
  ({ admin, master } = t.callers);
  gk = await t.createUser('gk1', 'judge');
  for (const name of ['Đội An', 'Đội Bình', 'Đội Cúc', 'Đội Dung']) ids[name] = (await admin.team.create({ data: { name } })).item._id;
  await createScoreFields(admin, [
    { name: 'phan-1', label: 'Phần 1', maxPoint: 10, step: 1, position: 1, round: 1 },
    { name: 'phan-2', label: 'Phần 2', maxPoint: 10, step: 1, position: 2, round: 2 },
    { name: 'tru-diem', label: 'Điểm trừ', minPoint: -10, maxPoint: 0, step: 1, position: 3 },
  ]);
  // Three teams on 10: An 6 + 4, Bình 4 + 6, Cúc 5 + 6 − 1; Dung on 3.
  await enterPoints(admin, gk, (name) => ids[name]!, {
    'Đội An': { 'phan-1': 6, 'phan-2': 4 },
    'Đội Bình': { 'phan-1': 4, 'phan-2': 6 },
    'Đội Cúc': { 'phan-1': 5, 'phan-2': 6, 'tru-diem': -1 },
    'Đội Dung': { 'phan-1': 3 },
  });
});

async function results(): Promise<ResultRow[]> {
  const res = await t.request('GET', '/api/results', { cookie: t.cookies.admin });
  expect(res.status).toBe(200);
  return (await res.json()).items;
}
const table = (rows: ResultRow[]) => rows.map((r) => [r.name, r.rank, r.tieBreak]);

/** The live list as /api/state gives it, in standings order. */
async function standings() {
  const state = await (await t.request('GET', '/api/state')).json();
  return [...state.listTeam]
    .sort((a: { rank: number; priority: number }, b: { rank: number; priority: number }) => a.rank - b.rank || a.priority - b.priority)
    .map((x: { name: string; rank: number; tieBreak: string | null }) => [x.name, x.rank, x.tieBreak]);
}

/** The results page and the live list both rank the teams as `expected` ([name, rank, tie-break reason]). */
async function expectRanking(expected: (string | number | null)[][]) {
  expect(table(await results())).toEqual(expected);
  expect(await standings()).toEqual(expected);
}

/** The model as a fresh load gives it (points and teams in one order, as in live-model.test.ts). */
async function expectModelFresh() {
  const comparable = (data: LiveData) => {
    const plain = JSON.parse(JSON.stringify(data)) as LiveData;
    const key = (s: { teamId: string; gkId: string; fieldName: string }) => `${s.teamId}|${s.gkId}|${s.fieldName}`;
    plain.scores.sort((a, b) => key(a).localeCompare(key(b)));
    plain.teams.sort((a, b) => a.id.localeCompare(b.id));
    return plain;
  };
  const fresh = await loadLiveData(t.deps.db);
  expect(comparable(t.deps.hub.live.toData())).toEqual(comparable(fresh.data));
}

const setRules = (rules: unknown, cookie = t.cookies.admin) => t.request('PUT', '/api/tie-break', { cookie, body: { rules } });

describe('the default chain', () => {
  it('is each field in sheet order, then shared rank, until an admin changes it', async () => {
    const res = await t.request('GET', '/api/tie-break', { cookie: t.cookies.master });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      rules: [
        { kind: 'field', field: 'phan-1' },
        { kind: 'field', field: 'phan-2' },
        { kind: 'field', field: 'tru-diem' },
        { kind: 'shared' },
      ],
      isDefault: true,
    });
  });

  it('ranks as before: equal totals by each field in sheet order, and says so', async () => {
    await expectRanking([
      ['Đội An', 1, null],
      ['Đội Cúc', 2, 'xếp sau do Phần 1'],
      ['Đội Bình', 3, 'xếp sau do Phần 1'],
      ['Đội Dung', 4, null],
    ]);
  });
});

describe('setting the list', () => {
  it('is the admin’s alone', async () => {
    expect((await setRules([{ kind: 'penalty' }], t.cookies.master)).status).toBe(403);
  });

  it.each([
    [[{ kind: 'coin' }], 'rules.0'],
    [[{ kind: 'penalty' }, { kind: 'penalty' }], 'rules.1'],
    [[{ kind: 'shared' }, { kind: 'penalty' }], 'rules.0'],
    [[{ kind: 'round', round: 9 }], 'rules.0.round'],
    [[{ kind: 'field', field: 'khong-co' }], 'rules.0.field'],
    ['penalty', 'rules'],
  ])('refuses %j with 400 naming %s', async (rules, field) => {
    const res = await setRules(rules);
    expect(res.status).toBe(400);
    const { error } = await res.json();
    expect(error.field).toBe(field);
    expect(error.message).toMatch(/\p{L}/u);
  });

  it('reorders every ranking: the results, the live list, the CSV and the XLSX', async () => {
    const res = await setRules([{ kind: 'round', round: 2 }, { kind: 'penalty' }, { kind: 'shared' }]);
    expect(res.status).toBe(200);
    expect((await res.json()).isDefault).toBe(false);
    await expectRanking([
      ['Đội Bình', 1, null],
      ['Đội Cúc', 2, 'xếp sau do điểm trừ ít hơn'],
      ['Đội An', 3, 'xếp sau do Phần 2'],
      ['Đội Dung', 4, null],
    ]);
    await expectModelFresh();

    const csv = await (await t.request('GET', '/api/results.csv', { cookie: t.cookies.admin })).text();
    const lines = csv.slice(1).trim().split('\r\n');
    expect(lines[0]!.split(';').at(-1)).toBe('Lý do xếp sau');
    expect(lines.slice(1).map((line) => line.split(';').at(-1))).toEqual(['', 'xếp sau do điểm trừ ít hơn', 'xếp sau do Phần 2', '']);

    const xlsx = await t.request('GET', '/api/results.xlsx', { cookie: t.cookies.admin });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(await xlsx.arrayBuffer()) as never);
    const sheet = workbook.worksheets[0]!;
    expect((sheet.getRow(2).values as unknown[]).at(-1)).toBe('Lý do xếp sau');
    expect([3, 4, 5].map((row) => (sheet.getRow(row).values as unknown[]).at(-1))).toEqual([
      10,
      'xếp sau do điểm trừ ít hơn',
      'xếp sau do Phần 2',
    ]);
  });

  it('goes back to the default with null', async () => {
    expect((await setRules(null)).status).toBe(200);
    expect(table(await results()).map((r) => r[0])).toEqual(['Đội An', 'Đội Cúc', 'Đội Bình', 'Đội Dung']);
    expect((await master.ranking.tieBreak()).isDefault).toBe(true);
  });
});

describe('a sudden death', () => {
  const record = (participants: string[], winner: string, questionId = 'cau-phu-1') =>
    liveTransaction(t.deps, (recorder) =>
      recordSuddenDeath(recorder, { questionId, participants: participants.map((n) => ids[n]!), winnerId: ids[winner]! }),
    );

  it('leaves the tie shared until a result is recorded', async () => {
    await admin.ranking.setTieBreak({ rules: [{ kind: 'suddenDeath' }] });
    // The three teams on 10 are whom the câu hỏi phụ is for.
    expect((await master.ranking.suddenDeaths()).groups).toEqual([[ids['Đội An'], ids['Đội Bình'], ids['Đội Cúc']]]);
    expect(table(await results())).toEqual([
      ['Đội An', 1, null],
      ['Đội Bình', 1, null],
      ['Đội Cúc', 1, null],
      ['Đội Dung', 4, null],
    ]);
  });

  it('ranks the winner above the other participants, and a second question decides the rest', async () => {
    await record(['Đội An', 'Đội Bình', 'Đội Cúc'], 'Đội Cúc');
    expect((await master.ranking.suddenDeaths()).groups).toEqual([[ids['Đội An'], ids['Đội Bình']]]);
    expect(table(await results())).toEqual([
      ['Đội Cúc', 1, null],
      ['Đội An', 2, 'xếp sau do câu hỏi phụ'],
      ['Đội Bình', 2, null],
      ['Đội Dung', 4, null],
    ]);
    await record(['Đội An', 'Đội Bình'], 'Đội Bình', 'cau-phu-2');
    await expectRanking([
      ['Đội Cúc', 1, null],
      ['Đội Bình', 2, 'xếp sau do câu hỏi phụ'],
      ['Đội An', 3, 'xếp sau do câu hỏi phụ'],
      ['Đội Dung', 4, null],
    ]);
    expect((await master.ranking.suddenDeaths()).items.map((d) => d.questionId)).toEqual(['cau-phu-1', 'cau-phu-2']);
    expect((await master.ranking.suddenDeaths()).groups).toEqual([]);
    await expectModelFresh();
  });

  it('refuses a winner who did not take part, and a single participant', async () => {
    await expect(record(['Đội An', 'Đội Bình'], 'Đội Cúc')).rejects.toMatchObject({ code: 'BAD_REQUEST', field: 'winnerId' });
    await expect(record(['Đội An'], 'Đội An')).rejects.toMatchObject({ code: 'BAD_REQUEST', field: 'participants' });
  });
});

describe('the speed round’s times', () => {
  it('rank equal totals by the lower sum of right-answer times, from the opening of answers', async () => {
    await admin.scoreField.create({
      data: { name: 'tang-toc', label: 'Tăng tốc', kind: 'answers', maxPoint: 100, step: 5, position: 4, round: 3 },
    });
    const set = await admin.questionSet.create({
      set: 3,
      data: {
        title: 'Tăng tốc',
        format: { kind: 'speed', placePoints: [10, 10, 10, 10] },
        items: [{ content: 'Hà Nội có bao nhiêu quận?', answer: '12', point: 10 }],
      },
    });
    const questionId = set.item.items[0]!.id;
    await master.show.update({ changes: { fw: 3, setId: set.item._id, questionId, phase: 'question' } });
    await master.show.update({ changes: { answersOpen: true } });
    const openedAt = (await master.system.state()).system.answersOpenedAt!;
    for (const [index, name] of ['Đội An', 'Đội Bình'].entries()) {
      await t.createUser(`doi${index}`, 'team', { teamId: ids[name]! });
      const team = await t.caller(await t.login(`doi${index}`));
      await team.show.submitAnswer({ questionId, answer: '12' });
    }
    // An answered 3.2 s after the opening, Bình 2.1 s.
    await t.deps.db
      .updateTable('team_answers')
      .set({ at: openedAt + 3200 })
      .where('team_id', '=', ids['Đội An']!)
      .execute();
    await t.deps.db
      .updateTable('team_answers')
      .set({ at: openedAt + 2100 })
      .where('team_id', '=', ids['Đội Bình']!)
      .execute();
    // The show moves on: the opening stays stored.
    await master.show.update({ changes: { answersOpen: false } });
    for (const name of ['Đội An', 'Đội Bình']) await master.show.verdict({ questionId, teamId: ids[name]!, verdict: 'right' });
    await master.show.update({ changes: { fw: 1, setId: null } });

    await admin.ranking.setTieBreak({ rules: [{ kind: 'speedTime' }, { kind: 'shared' }] });
    const rows = await results();
    // An and Bình are on 20 now, Cúc on 10.
    expect(table(rows).slice(0, 2)).toEqual([
      ['Đội Bình', 1, null],
      ['Đội An', 2, 'xếp sau do tổng thời gian trả lời đúng vòng tốc độ'],
    ]);
    expect(await standings()).toEqual(table(rows));
    await expectModelFresh();
  });
});
