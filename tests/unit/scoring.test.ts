import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  compareNames,
  compareStanding,
  compareTeamOrder,
  computeResults,
  type FieldRule,
  IncrementalRanking,
  judgesFieldScore,
  type PointRow,
} from '../../src/scoring';

const judges = (name: string, position: number, extra: Partial<FieldRule> = {}): FieldRule => ({
  name,
  kind: 'judges',
  weight: 1,
  dropExtremes: false,
  position,
  ...extra,
});
const rows = (teamId: string, fieldName: string, points: number[]): PointRow[] =>
  points.map((point, i) => ({ teamId, gkId: `gk${i + 1}`, fieldName, point }));

describe('a judges field', () => {
  it('is the mean of the judges who scored, rounded to 2 decimals', () => {
    expect(judgesFieldScore([7, 8, 8], false)).toBe(7.67);
    expect(judgesFieldScore([], false)).toBeNull();
  });

  it('drops the highest and the lowest only from five points on', () => {
    expect(judgesFieldScore([1, 7, 8, 9, 10], true)).toBe(8);
    expect(judgesFieldScore([1, 8, 9, 10], true)).toBe(7);
  });
});

describe('results', () => {
  it('sums answers, weights fields and ranks by total', () => {
    const fields: FieldRule[] = [
      { name: 'p1', kind: 'answers', weight: 1, dropExtremes: false, position: 1 },
      judges('p2', 2, { weight: 2 }),
    ];
    const results = computeResults(['a', 'b'], fields, [
      { teamId: 'a', gkId: 'answers', fieldName: 'p1', point: 30 },
      ...rows('a', 'p2', [8, 9]),
      ...rows('b', 'p2', [10, 10]),
    ]);
    expect(results).toEqual([
      { teamId: 'a', fieldScores: { p1: 30, p2: 8.5 }, total: 47, rank: 1 },
      { teamId: 'b', fieldScores: { p1: 0, p2: 10 }, total: 20, rank: 2 },
    ]);
  });

  it('breaks a tie by the fields in sheet order, and equal teams share a rank', () => {
    const fields = [judges('p2', 2), judges('p1', 1)];
    const results = computeResults(['a', 'b', 'c', 'd'], fields, [
      ...rows('a', 'p1', [5]),
      ...rows('a', 'p2', [5]),
      ...rows('b', 'p1', [6]),
      ...rows('b', 'p2', [4]),
      ...rows('c', 'p1', [5]),
      ...rows('c', 'p2', [5]),
      ...rows('d', 'p1', [1]),
    ]);
    expect(results.map((r) => [r.teamId, r.rank])).toEqual([
      ['b', 1],
      ['a', 2],
      ['c', 2],
      ['d', 4],
    ]);
  });

  it('leaves a field nobody scored empty and counts it as 0 in the total', () => {
    const [result] = computeResults(['a'], [judges('p1', 1), judges('p2', 2)], rows('a', 'p1', [7.5]));
    expect(result).toMatchObject({ fieldScores: { p1: 7.5, p2: null }, total: 7.5, rank: 1 });
  });
});

describe('the incremental ranking', () => {
  const fields: FieldRule[] = [
    { name: 'p1', kind: 'answers', weight: 1, dropExtremes: false, position: 2 },
    { name: 'gk', kind: 'judges', weight: 2, dropExtremes: true, position: 1 },
  ];
  const teams = ['a', 'b', 'c', 'd'];
  const change = fc.record({
    team: fc.constantFrom(...teams),
    judge: fc.constantFrom('gk1', 'gk2', 'gk3', 'gk4', 'gk5', 'answers'),
    field: fc.constantFrom('p1', 'gk'),
    point: fc.option(fc.integer({ min: 0, max: 20 }).map((n) => n / 2)),
  });

  it('equals a full recomputation after any sequence of point changes', () => {
    fc.assert(
      fc.property(fc.array(change, { maxLength: 60 }), (changes) => {
        const ranking = new IncrementalRanking(teams, fields, []);
        const points = new Map<string, PointRow>();
        for (const c of changes) {
          const key = `${c.team}|${c.judge}|${c.field}`;
          if (c.point === null) points.delete(key);
          else points.set(key, { teamId: c.team, gkId: c.judge, fieldName: c.field, point: c.point });
          ranking.setPoint(c.team, c.judge, c.field, c.point);
          const expected = computeResults(teams, fields, [...points.values()]);
          for (const result of expected) expect(ranking.resultOf(result.teamId)).toEqual(result);
        }
      }),
    );
  });

  it('moves only the changed team: a new leader goes to the top and shared ranks follow', () => {
    const ranking = new IncrementalRanking(['a', 'b', 'c'], fields, []);
    expect(ranking.results().map((r) => r.rank)).toEqual([1, 1, 1]);
    ranking.setPoint('c', 'answers', 'p1', 5);
    expect(ranking.results().map((r) => [r.teamId, r.rank])).toEqual([
      ['c', 1],
      ['a', 2],
      ['b', 2],
    ]);
    ranking.setPoint('a', 'answers', 'p1', 5);
    expect(ranking.resultOf('a')!.rank).toBe(1);
    expect(ranking.resultOf('c')!.rank).toBe(1);
    expect(ranking.resultOf('b')!.rank).toBe(3);
  });
});

describe('teams that share a rank', () => {
  const teams = [
    { id: 't-b', priority: 1, name: 'Đội Bình' },
    { id: 't-a', priority: 1, name: 'Đội An' },
    { id: 't-z', priority: 0, name: 'Đội Zeta' },
    { id: 't-e', priority: 1, name: 'Đội Ê' },
  ];
  const listOrder = [...teams].sort(compareTeamOrder).map((t) => t.id);
  const field = [judges('p', 1)];

  it('are listed by priority, then by name as a Vietnamese reader sorts it', () => {
    expect(listOrder).toEqual(['t-z', 't-a', 't-b', 't-e']);
    // Not code-point order: Ă (U+0102) comes before B, Đ after D.
    expect(compareNames('Đội Ăn', 'Đội Bình')).toBeLessThan(0);
    expect(compareNames('Đông', 'Dương')).toBeGreaterThan(0);
  });

  it('keep that order in the full and the incremental ranking, whatever order the points came in', () => {
    const points = teams.map((t) => ({ teamId: t.id, gkId: 'gk1', fieldName: 'p', point: 7 }));
    const full = computeResults(listOrder, field, points);
    expect(full.map((r) => [r.teamId, r.rank])).toEqual([
      ['t-z', 1],
      ['t-a', 1],
      ['t-b', 1],
      ['t-e', 1],
    ]);
    // Points arriving one by one in the reverse order end in the same order.
    const live = new IncrementalRanking(listOrder, field, []);
    for (const p of [...points].reverse()) live.setPoint(p.teamId, p.gkId, p.fieldName, p.point);
    expect(live.results().map((r) => r.teamId)).toEqual(full.map((r) => r.teamId));
    // A team that leaves the tie and comes back returns to its place in it.
    live.setPoint('t-a', 'gk1', 'p', 9);
    live.setPoint('t-a', 'gk1', 'p', 7);
    expect(live.results().map((r) => r.teamId)).toEqual(['t-z', 't-a', 't-b', 't-e']);
  });

  it('are shown in one standings order on every screen: rank, priority, name', () => {
    const rows = [
      { rank: 2, priority: 0, name: 'C' },
      { rank: 1, priority: 2, name: 'A' },
      { rank: 1, priority: 1, name: 'B' },
      { rank: 1, priority: 1, name: 'Ă' },
    ];
    expect([...rows].sort(compareStanding).map((r) => r.name)).toEqual(['Ă', 'B', 'A', 'C']);
  });
});
