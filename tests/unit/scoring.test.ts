import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeResults, type FieldRule, IncrementalRanking, judgesFieldScore, type PointRow } from '../../src/scoring';

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
    expect(ranking.results().map((r) => [r.teamId, r.rank])).toEqual([['c', 1], ['a', 2], ['b', 2]]);
    ranking.setPoint('a', 'answers', 'p1', 5);
    expect(ranking.resultOf('a')!.rank).toBe(1);
    expect(ranking.resultOf('c')!.rank).toBe(1);
    expect(ranking.resultOf('b')!.rank).toBe(3);
  });
});
