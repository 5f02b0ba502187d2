/**
 * One order for teams that share a rank everywhere (the live list, the results, the exports), and
 * new records at the end of their lists.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { testAppForFile } from '../helpers/app-for-file';
import { postEach } from '../helpers/event-setup';
import type { Caller } from '../helpers/test-app';

const t = testAppForFile({ staff: ['admin'] });
let admin: Caller;
beforeAll(() => {
  admin = t.callers.admin;
});

describe('a new record without a priority', () => {
  it('goes to the end of the users list, after the admin', async () => {
    const before = (await admin.user.page({ pageNumber: 1, pageSize: 100 })).page.list.map((u) => u.username);
    expect(before).toEqual(['admin']);
    await postEach(
      t,
      t.cookies.admin,
      '/api/user',
      ['gk.an', 'gk.binh'].map((username) => ({
        user: { username, password: 'mat-khau-123', fullName: `Giám khảo ${username}`, role: 'judge' },
      })),
    );
    const after = (await admin.user.page({ pageNumber: 1, pageSize: 100 })).page;
    expect(after.list.map((u) => u.username)).toEqual(['admin', 'gk.an', 'gk.binh']);
    expect(after.list.map((u) => u.priority)).toEqual([0, 1, 2]);
  });

  it('goes to the end of the teams list; a given priority is kept', async () => {
    await admin.team.create({ data: { name: 'Đội Zeta', priority: 5 } });
    await admin.team.create({ data: { name: 'Đội An' } });
    await admin.team.create({ data: { name: 'Đội Ă', priority: 0 } });
    const { items } = await admin.team.all();
    expect(items.map((team) => [team.name, team.priority])).toEqual([
      ['Đội Ă', 0],
      ['Đội Zeta', 5],
      ['Đội An', 6],
    ]);
  });

  it('goes to the end of its own question-set list', async () => {
    await t.request('POST', '/api/fw-question-2', { cookie: t.cookies.admin, body: { data: { title: 'Vòng loại', priority: 3 } } });
    const res = await t.request('POST', '/api/fw-question-2', { cookie: t.cookies.admin, body: { data: { title: 'An toàn giao thông' } } });
    expect((await res.json()).item.priority).toBe(4);
    const other = await t.request('POST', '/api/fw-question-5', { cookie: t.cookies.admin, body: { data: { title: 'Chung kết' } } });
    expect((await other.json()).item.priority).toBe(0);
  });
});

describe('teams that share a rank', () => {
  it('are in one order in /api/state, /api/results and the CSV: rank, then priority, then name', async () => {
    // Three more teams on equal points with the three above; priorities and names decide.
    for (const name of ['Đội Bình', 'Đội Đông', 'Đội Dương']) await admin.team.create({ data: { name, priority: 6 } });
    await admin.scoreField.create({ data: { name: 'phan-1', label: 'Phần 1', maxPoint: 10, step: 0.5, position: 1 } });
    const judgeId = await t.createUser('gk1', 'judge');
    const judge = await t.caller(await t.login('gk1'));
    await admin.show.update({ changes: { activeField: 'phan-1', scoringOpen: true } });
    const teams = (await admin.team.all()).items;
    // Points in reverse list order, all equal but one: the order must not depend on arrival.
    for (const team of [...teams].reverse()) await judge.scoring.submit({ teamId: team._id, point: team.name === 'Đội Zeta' ? 9 : 7 });
    expect(judgeId).toBeTruthy();

    const expected = ['Đội Zeta', 'Đội Ă', 'Đội An', 'Đội Bình', 'Đội Dương', 'Đội Đông'];
    const state = await (await t.request('GET', '/api/state')).json();
    const standings = [...state.listTeam].sort(
      (a: { rank: number }, b: { rank: number }) => a.rank - b.rank || state.listTeam.indexOf(a) - state.listTeam.indexOf(b),
    );
    expect(standings.map((team: { name: string }) => team.name)).toEqual(expected);
    expect(standings.map((team: { rank: number }) => team.rank)).toEqual([1, 2, 2, 2, 2, 2]);

    const results = await (await t.request('GET', '/api/results', { cookie: t.cookies.admin })).json();
    expect(results.items.map((item: { name: string }) => item.name)).toEqual(expected);

    const csv = await (await t.request('GET', '/api/results.csv', { cookie: t.cookies.admin })).text();
    const csvNames = csv
      .split(/\r?\n/)
      .slice(1)
      .filter(Boolean)
      .map((line) => line.split(';')[1]!.replace(/^"|"$/g, ''));
    expect(csvNames).toEqual(expected);
  });
});
