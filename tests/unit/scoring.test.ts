import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeResults, type FieldRule, IncrementalRanking, judgesFieldScore, officialTotal, type PointRow } from '../../src/scoring';
import { compareNames, compareStanding, compareTeamOrder } from '../../src/teamOrder';

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

describe('the official total', () => {
  it('rounds the exact value once, to one decimal, half away from zero', () => {
    expect(officialTotal(152 + 1 / 3)).toBe(152.3);
    // 7.1666… × 5: once-rounded 35.8, where the mean rounded first (7.17 × 5 = 35.85) made 35.9.
    expect(officialTotal((43 / 6) * 5)).toBe(35.8);
    expect(officialTotal(12.25)).toBe(12.3);
    expect(officialTotal(0.05)).toBe(0.1);
    expect(officialTotal(0.04999)).toBe(0);
    expect(officialTotal(47)).toBe(47);
  });

  it('rounds the decimal value, not its binary float: an exact 35.85 is 35.9, and so is 8.45 × 3 (25.349999… in binary) 25.4', () => {
    expect(officialTotal(35.85)).toBe(35.9);
    expect(8.45 * 3).toBeLessThan(25.35);
    expect(officialTotal(8.45 * 3)).toBe(25.4);
    expect(officialTotal(0.35 * 3)).toBe(1.1);
    expect(officialTotal(1.005 * 10)).toBe(10.1);
    expect(officialTotal(0.1 + 0.2 - 0.3)).toBe(0);
    // A mean of 8.45 weighted 3, as the ranking computes it.
    const [result] = computeResults(['a'], [judges('p', 1, { weight: 3 })], rows('a', 'p', [8.4, 8.5]));
    expect(result).toMatchObject({ fieldScores: { p: 8.5 }, total: 25.4 });
  });

  it('rounds a negative total (penalties) the same way, away from zero, and never gives -0', () => {
    expect(officialTotal(-12.25)).toBe(-12.3);
    expect(officialTotal(-0.05)).toBe(-0.1);
    expect(officialTotal(-35.833)).toBe(-35.8);
    expect(Object.is(officialTotal(-0.04), 0)).toBe(true);
  });
});

describe('a judges field', () => {
  it('is the exact mean of the judges who scored; its shown score is rounded once', () => {
    expect(judgesFieldScore([7, 8, 8], false)).toBe(23 / 3);
    expect(judgesFieldScore([], false)).toBeNull();
    const [result] = computeResults(['a'], [judges('p', 1, { weight: 3 })], rows('a', 'p', [7, 8, 8]));
    // 23/3 × 3 = 23 exactly; a mean rounded first (7.67 × 3) would have made 23.01.
    expect(result).toMatchObject({ fieldScores: { p: 7.7 }, total: 23 });
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

  it('weights the exact means: 7.1666… × 5 is 35.8 and 152.333… is 152.3', () => {
    const fields = [judges('p1', 1, { weight: 5 }), judges('p2', 2, { weight: 2 })];
    const [first, second] = computeResults(['a', 'b'], fields, [...rows('a', 'p1', [7, 7, 7.5]), ...rows('b', 'p2', [76, 76, 76.5])]);
    expect(first).toMatchObject({ teamId: 'b', fieldScores: { p1: null, p2: 76.2 }, total: 152.3 });
    expect(second).toMatchObject({ teamId: 'a', fieldScores: { p1: 7.2, p2: null }, total: 35.8 });
  });

  it('ties teams whose exact totals differ but whose official totals are equal, and the chain decides between them', () => {
    const fields = [judges('p', 1, { weight: 5 })];
    // a: 7.1666… × 5 = 35.833…; b: 7.16 × 5 = 35.8; both 35.8, both 7.2 on the field: one shared rank.
    const shared = computeResults(['a', 'b'], fields, [...rows('a', 'p', [7, 7, 7.5]), ...rows('b', 'p', [7, 7, 7.5, 7, 7.3])]);
    expect(shared.map((r) => [r.teamId, r.total, r.rank])).toEqual([
      ['a', 35.8, 1],
      ['b', 35.8, 1],
    ]);
    // c: 10 + 25.84 = 35.84 (the higher exact total), d: 10.5 + 25.26 = 35.76: both 35.8, and the
    // first field in sheet order (q) puts d first.
    const answers = (name: string, position: number): FieldRule => ({ name, kind: 'answers', weight: 1, dropExtremes: false, position });
    const split = computeResults(
      ['c', 'd'],
      [answers('q', 1), answers('p', 2)],
      [
        { teamId: 'c', gkId: 'answers', fieldName: 'q', point: 10 },
        { teamId: 'c', gkId: 'answers', fieldName: 'p', point: 25.84 },
        { teamId: 'd', gkId: 'answers', fieldName: 'q', point: 10.5 },
        { teamId: 'd', gkId: 'answers', fieldName: 'p', point: 25.26 },
      ],
    );
    expect(split.map((r) => [r.teamId, r.total, r.rank, r.decidedBy])).toEqual([
      ['d', 35.8, 1, undefined],
      ['c', 35.8, 2, { kind: 'field', field: 'q' }],
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
    { name: 'gk', kind: 'judges', weight: 1.5, dropExtremes: true, position: 1 },
  ];
  const teams = ['a', 'b', 'c', 'd'];
  // Points in tenths and a weight of 1.5: exact means such as 7.1666… and totals near a half-tenth.
  const change = fc.record({
    team: fc.constantFrom(...teams),
    judge: fc.constantFrom('gk1', 'gk2', 'gk3', 'gk4', 'gk5', 'answers'),
    field: fc.constantFrom('p1', 'gk'),
    point: fc.option(fc.integer({ min: 0, max: 100 }).map((n) => n / 10)),
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
          expect(ranking.results().map((r) => r.teamId)).toEqual(expected.map((r) => r.teamId));
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
