import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeDemoLogins, loadDemoEvent } from '../../src-server/demo/load';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const count = async (table: 'teams' | 'users' | 'question_sets' | 'rules' | 'score_fields') =>
  Number((await t.deps.db.selectFrom(table).select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow()).n);

describe('the demo event', () => {
  it('loads teams, judges, a master, team accounts, a scoring sheet, rules and all six sets, and its logins work', async () => {
    const logins = await loadDemoEvent(t.deps.db, t.deps.hub);
    expect(logins.filter((l) => l.role === 'judge')).toHaveLength(5);
    expect(logins.filter((l) => l.role === 'master')).toHaveLength(1);
    expect(logins.filter((l) => l.role === 'team')).toHaveLength(2);
    expect(await count('teams')).toBe(8);
    expect(await count('score_fields')).toBe(4);
    expect(await count('rules')).toBeGreaterThanOrEqual(3);

    const printed = describeDemoLogins(logins).join('\n');
    for (const l of logins) expect(printed).toContain(l.password);

    const gk1 = logins.find((l) => l.username === 'gk1')!;
    const cookie = await t.login('gk1', gk1.password);
    const caller = await t.caller(cookie);
    for (let set = 1; set <= 6; set++) {
      const { items } = await caller.questionSet.list({ set });
      // Round 2 also has the obstacle set, round 3 the finish set.
      expect(items.length, `set ${set}`).toBe(set === 2 || set === 3 ? 2 : 1);
      for (const item of items) expect(item.items.length).toBeGreaterThanOrEqual(3);
    }

    // A set of each format, the obstacle's picture drawn by the seed and served as a PNG to the staff
    // only (the audience gets the round's composite); its keyword hidden from the judge as answers are.
    const formats = await Promise.all([2, 3, 4, 5].map(async (set) => (await caller.questionSet.list({ set })).items.map((i) => i.format)));
    expect(formats.flat().map((f) => f.kind)).toEqual(['classic', 'obstacle', 'classic', 'finish', 'judged', 'speed']);
    const obstacle = formats[0]!.find((f) => f.kind === 'obstacle');
    if (obstacle?.kind !== 'obstacle') throw new Error('no obstacle set in the demo');
    expect(obstacle.keyword).toBe('');
    expect((await t.request('GET', obstacle.picture!.url, { cookie })).status).toBe(404);
    const master = logins.find((l) => l.role === 'master')!;
    const picture = await t.request('GET', obstacle.picture!.url, { cookie: await t.login(master.username, master.password) });
    expect(picture.status).toBe(200);
    expect(picture.headers.get('content-type')).toBe('image/png');
    const png = new Uint8Array(await picture.arrayBuffer());
    expect([...png.slice(1, 4)].map((c) => String.fromCharCode(c)).join('')).toBe('PNG');
    expect(png.length).toBeGreaterThan(10_000);

    const doi1 = logins.find((l) => l.username === 'doi1')!;
    const team = await (await t.request('GET', '/api/state', { cookie: await t.login('doi1', doi1.password) })).json();
    expect(team.user.teamId).toBe(team.listTeam[0]._id);
    expect(team.listTeam[0].name).toBe('THPT Chu Văn An');
  });

  it('doubles nothing when loaded again', async () => {
    const again = await loadDemoEvent(t.deps.db, t.deps.hub);
    expect(again).toEqual([]);
    expect(await count('teams')).toBe(8);
    expect(await count('question_sets')).toBe(8);
  });
});
