/**
 * The tie-break presets through the API: each chain set by `ranking.setTieBreak` ranks two teams on
 * the same total as its rule says, and the standings the projector (/api/state) and the team's phone
 * (its own `system.state`) read carry why (`listTeam[].tie`), a frozen board included.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { TTeamListItem } from '../../src/schemas/system';
import { type TieBreakPreset, tieBreakPresetOf, tieBreakPresetRules } from '../../src/tieBreakPresets';
import { liveTransaction } from '../../src-server/features/live/record';
import { readShow } from '../../src-server/features/show/store';
import { recordSuddenDeath } from '../../src-server/features/tieBreak/suddenDeath';
import { testAppForFile } from '../helpers/app-for-file';
import { createScoreFields, enterPoints } from '../helpers/event-setup';
import type { Caller } from '../helpers/test-app';

const t = testAppForFile({ staff: ['admin', 'master'] });
let admin: Caller;
let team: Caller;
const ids: Record<string, string> = {};
const SHEET = [
  { name: 'phan-1', label: 'Khởi động', maxPoint: 40, step: 1, position: 1, round: 1 },
  { name: 'phan-2', label: 'Về đích', maxPoint: 40, step: 1, position: 2, round: 2 },
];

beforeAll(async () => {
  ({ admin } = t.callers);
  const gk = await t.createUser('gk1', 'judge');
  for (const name of ['Đội An', 'Đội Bình', 'Đội Cúc']) ids[name] = (await admin.team.create({ data: { name } })).item._id;
  await createScoreFields(admin, SHEET);
  // An and Bình on 60 (An ahead in Khởi động, Bình in Về đích); Cúc on 40.
  await enterPoints(admin, gk, (name) => ids[name]!, {
    'Đội An': { 'phan-1': 35, 'phan-2': 25 },
    'Đội Bình': { 'phan-1': 25, 'phan-2': 35 },
    'Đội Cúc': { 'phan-1': 20, 'phan-2': 20 },
  });
  await t.createUser('doi-an', 'team', { teamId: ids['Đội An']! });
  team = await t.caller(await t.login('doi-an'));
});

const byStanding = (list: TTeamListItem[]) =>
  [...list].sort((a, b) => a.rank - b.rank || a.priority - b.priority).map((x) => [x.name, x.rank, x.tie ?? null]);

/** The standings as the projector reads them (anonymous /api/state), checked equal to the team's phone's. */
async function standings() {
  const res = await t.request('GET', '/api/state');
  expect(res.status).toBe(200);
  const projector = byStanding((await res.json()).listTeam);
  expect(byStanding((await team.system.state()).listTeam)).toEqual(projector);
  return projector;
}

async function choose(preset: TieBreakPreset) {
  const rules = tieBreakPresetRules(preset, SHEET);
  expect(rules).not.toBeNull();
  const saved = await admin.ranking.setTieBreak({ rules });
  expect(tieBreakPresetOf(saved.rules, SHEET)).toBe(preset);
}

describe('a preset set by the admin', () => {
  it('Đồng hạng: the two teams on 60 share the first place, and both screens say so', async () => {
    await choose('shared');
    expect(await standings()).toEqual([
      ['Đội An', 1, { shared: true }],
      ['Đội Bình', 1, { shared: true }],
      ['Đội Cúc', 3, null],
    ]);
  });

  it('Theo thứ tự phần thi: Về đích, the last round, puts Bình above An', async () => {
    await choose('rounds');
    expect(await standings()).toEqual([
      ['Đội Bình', 1, { over: { rule: 'round', round: 2 } }],
      ['Đội An', 2, { under: { rule: 'round', round: 2 } }],
      ['Đội Cúc', 3, null],
    ]);
  });

  it('Câu hỏi phụ: shared and offered to the master until played, then its winner is above, with the reason', async () => {
    await choose('suddenDeath');
    expect((await t.callers.master.ranking.suddenDeaths()).groups).toEqual([[ids['Đội An'], ids['Đội Bình']]]);
    expect((await standings()).map((row) => row[1])).toEqual([1, 1, 3]);
    await liveTransaction(t.deps, (recorder) =>
      recordSuddenDeath(recorder, { questionId: 'cau-phu', participants: [ids['Đội An']!, ids['Đội Bình']!], winnerId: ids['Đội An']! }),
    );
    expect(await standings()).toEqual([
      ['Đội An', 1, { over: { rule: 'suddenDeath' } }],
      ['Đội Bình', 2, { under: { rule: 'suddenDeath' } }],
      ['Đội Cúc', 3, null],
    ]);
  });

  it('keeps the reason on a frozen board, as stored and read back', async () => {
    await admin.show.update({ changes: { scoreboardFrozen: true } });
    const frozen = (await readShow(t.deps.db)).stored.frozenListTeam ?? [];
    expect(frozen.find((x) => x._id === ids['Đội An'])?.tie).toEqual({ over: { rule: 'suddenDeath' } });
    expect((await standings())[0]).toEqual(['Đội An', 1, { over: { rule: 'suddenDeath' } }]);
    await admin.show.update({ changes: { scoreboardFrozen: false } });
  });
});

describe('the default chain', () => {
  it('still breaks the tie by the sheet’s first field, and now says which', async () => {
    await admin.ranking.setTieBreak({ rules: null });
    expect(await standings()).toEqual([
      ['Đội An', 1, { over: { rule: 'field', field: 'phan-1', label: 'Khởi động' } }],
      ['Đội Bình', 2, { under: { rule: 'field', field: 'phan-1', label: 'Khởi động' } }],
      ['Đội Cúc', 3, null],
    ]);
  });
});
