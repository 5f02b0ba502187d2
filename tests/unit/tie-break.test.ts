/**
 * The tie-break chain (src/tieBreak.ts, through src/scoring.ts): each rule on its own, the default that
 * keeps today's ranking, the reasons, and properties over random nights: the chain is a strict weak
 * order, whatever the order the teams come in, and no rule lifts a lower total over a higher one.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type TSuddenDeath, type TTieBreakRule, ZTieBreakSetSchema } from '../../src/schemas/tieBreak';
import { computeResults, type FieldRule, IncrementalRanking, type PointRow, type TeamResult } from '../../src/scoring';
import { defaultTieBreakRules, speedTimes, suddenDeathPlaces, type TieBreakContext, tieBreakReason } from '../../src/tieBreak';

const field = (name: string, position: number, extra: Partial<FieldRule> = {}): FieldRule => ({
  name,
  label: `Tiêu chí ${name}`,
  kind: 'judges',
  weight: 1,
  dropExtremes: false,
  position,
  minPoint: 0,
  round: null,
  ...extra,
});
const point = (teamId: string, fieldName: string, value: number, gkId = 'gk1'): PointRow => ({ teamId, gkId, fieldName, point: value });
const ranks = (results: readonly TeamResult[]) => results.map((r) => [r.teamId, r.rank]);
/** Each team, its rank and why it is below the team above (null when not tied). */
const placed = (results: readonly TeamResult[]) => results.map((r) => [r.teamId, r.rank, tieBreakReason(r.decidedBy, SHEET)]);
const death = (id: number, participants: string[], winnerId: string): TSuddenDeath => ({
  id,
  questionId: `q${id}`,
  participants,
  winnerId,
  at: id,
});

// Round 1: p1 and p2 (p2 weighs 2); round 2: p3, which may go negative (penalties).
const SHEET = [field('p1', 1, { round: 1 }), field('p2', 2, { round: 1, weight: 2 }), field('p3', 3, { round: 2, minPoint: -10 })];

describe('the default chain', () => {
  it('is each field in sheet order, then shared rank', () => {
    expect(defaultTieBreakRules([field('b', 2), field('a', 1)])).toEqual([
      { kind: 'field', field: 'a' },
      { kind: 'field', field: 'b' },
      { kind: 'shared' },
    ]);
  });

  it('ranks as before the chain: by total, then each field in sheet order; equal teams share a rank', () => {
    const fields = [field('p2', 2), field('p1', 1)];
    const rows = [
      point('a', 'p1', 5),
      point('a', 'p2', 5),
      point('b', 'p1', 6),
      point('b', 'p2', 4),
      point('c', 'p1', 5),
      point('c', 'p2', 5),
    ];
    const implicit = computeResults(['a', 'b', 'c', 'd'], fields, rows);
    const explicit = computeResults(['a', 'b', 'c', 'd'], fields, rows, { rules: defaultTieBreakRules(fields) });
    expect(ranks(implicit)).toEqual([
      ['b', 1],
      ['a', 2],
      ['c', 2],
      ['d', 4],
    ]);
    expect(explicit).toEqual(implicit);
    expect(implicit[1]!.decidedBy).toEqual({ kind: 'field', field: 'p1' });
    expect(implicit[2]!.decidedBy).toBeUndefined();
  });
});

describe('each rule', () => {
  it('a named field: the higher score first; a field nobody scored counts below any score', () => {
    const rules: TTieBreakRule[] = [{ kind: 'field', field: 'p3' }];
    const results = computeResults(
      ['a', 'b', 'c'],
      SHEET,
      [point('a', 'p1', 4), point('b', 'p3', 4), point('c', 'p1', 2), point('c', 'p3', 2)],
      {
        rules,
      },
    );
    expect(placed(results)).toEqual([
      ['b', 1, null],
      ['c', 2, 'xếp sau do Tiêu chí p3'],
      ['a', 3, 'xếp sau do Tiêu chí p3'],
    ]);
  });

  it("a named round: the weighted sum of that round's fields", () => {
    // Both total 8; round 1: a = 2 + 2×3 = 8, b = 0 + 2×2 + … = 4.
    const rows = [point('a', 'p1', 2), point('a', 'p2', 3), point('b', 'p2', 2), point('b', 'p3', 4)];
    const results = computeResults(['b', 'a'], SHEET, rows, {
      rules: [
        { kind: 'round', round: 2 },
        { kind: 'round', round: 1 },
      ],
    });
    // Round 2 first: b has 4, a has 0.
    expect(ranks(results)).toEqual([
      ['b', 1],
      ['a', 2],
    ]);
    expect(tieBreakReason(results[1]!.decidedBy, SHEET)).toBe('xếp sau do Phần 2');
    const byRound1 = computeResults(['b', 'a'], SHEET, rows, { rules: [{ kind: 'round', round: 1 }] });
    expect(ranks(byRound1)).toEqual([
      ['a', 1],
      ['b', 2],
    ]);
  });

  it('fewer penalty points: the weighted negative scores of fields below 0, nearer 0 first', () => {
    // Both total 6: a lost 2 on p3, b lost 4 (and scored more elsewhere).
    const rows = [point('a', 'p1', 8), point('a', 'p3', -2), point('b', 'p1', 10), point('b', 'p3', -4)];
    const results = computeResults(['b', 'a'], SHEET, rows, { rules: [{ kind: 'penalty' }] });
    expect(ranks(results)).toEqual([
      ['a', 1],
      ['b', 2],
    ]);
    expect(tieBreakReason(results[1]!.decidedBy, SHEET)).toBe('xếp sau do điểm trừ ít hơn');
  });

  it('the lower sum of right-answer times in speed rounds', () => {
    const speedMs = speedTimes(
      [
        { questionId: 's1', openedAt: 1000, speed: true },
        { questionId: 's2', openedAt: 5000, speed: true },
        { questionId: 'c1', openedAt: 0, speed: false },
      ],
      (questionId) =>
        ({
          s1: [
            { teamId: 'a', at: 3000, verdict: 'right' as const },
            { teamId: 'b', at: 2500, verdict: 'right' as const },
          ],
          s2: [
            { teamId: 'a', at: 5400, verdict: 'right' as const },
            { teamId: 'b', at: 5100, verdict: 'wrong' as const },
          ],
          c1: [{ teamId: 'b', at: 99_000, verdict: 'right' as const }],
        })[questionId] ?? [],
    );
    // a: 2000 + 400; b: 1500 (its wrong answer and the classic question do not count).
    expect(Object.fromEntries(speedMs)).toEqual({ a: 2400, b: 1500 });
    const results = computeResults(['a', 'b'], SHEET, [point('a', 'p1', 5), point('b', 'p1', 5)], {
      rules: [{ kind: 'speedTime' }],
      speedMs,
    });
    expect(ranks(results)).toEqual([
      ['b', 1],
      ['a', 2],
    ]);
    expect(tieBreakReason(results[1]!.decidedBy, SHEET)).toBe('xếp sau do tổng thời gian trả lời đúng vòng tốc độ');
  });

  it('a sudden death: the winner above the other participants; a second question decides the next place', () => {
    const rows = ['a', 'b', 'c'].map((team) => point(team, 'p1', 7));
    const rules: TTieBreakRule[] = [{ kind: 'suddenDeath' }];
    const first = computeResults(['a', 'b', 'c'], SHEET, rows, { rules, suddenDeaths: [death(1, ['a', 'b', 'c'], 'c')] });
    expect(ranks(first)).toEqual([
      ['c', 1],
      ['a', 2],
      ['b', 2],
    ]);
    const second = computeResults(['a', 'b', 'c'], SHEET, rows, {
      rules,
      suddenDeaths: [death(1, ['a', 'b', 'c'], 'c'), death(2, ['a', 'b'], 'b')],
    });
    expect(placed(second)).toEqual([
      ['c', 1, null],
      ['b', 2, 'xếp sau do câu hỏi phụ'],
      ['a', 3, 'xếp sau do câu hỏi phụ'],
    ]);
  });

  it('names the groups still tied at the sudden-death rule, whom a câu hỏi phụ is for', () => {
    const rows = ['a', 'b', 'c', 'd', 'e'].map((team) => point(team, 'p1', team === 'e' ? 1 : 7));
    const rules: TTieBreakRule[] = [{ kind: 'suddenDeath' }];
    expect(new IncrementalRanking(['a', 'b', 'c', 'd', 'e'], SHEET, rows, { rules }).suddenDeathGroups()).toEqual([['a', 'b', 'c', 'd']]);
    const after = new IncrementalRanking(['a', 'b', 'c', 'd', 'e'], SHEET, rows, {
      rules,
      suddenDeaths: [death(1, ['a', 'b', 'c', 'd'], 'b')],
    });
    expect(after.suddenDeathGroups()).toEqual([['a', 'c', 'd']]);
    expect(new IncrementalRanking(['a', 'b'], SHEET, rows, {}).suddenDeathGroups()).toEqual([]);
  });

  it('a sudden death decides only a group that every one of its teams took part in', () => {
    expect(Object.fromEntries(suddenDeathPlaces(['a', 'b', 'c'], [death(1, ['a', 'b'], 'a')]))).toEqual({ a: 0, b: 0, c: 0 });
    // A winner no longer in the tie says nothing about the rest.
    expect(Object.fromEntries(suddenDeathPlaces(['b', 'c'], [death(1, ['a', 'b', 'c'], 'a')]))).toEqual({ b: 0, c: 0 });
    // The latest result wins.
    expect(Object.fromEntries(suddenDeathPlaces(['a', 'b'], [death(1, ['a', 'b'], 'a'), death(2, ['a', 'b'], 'b')]))).toEqual({
      b: 0,
      a: 1,
    });
  });

  it('shared rank ends the chain: rules after it are never tried', () => {
    const rows = [point('a', 'p1', 5), point('b', 'p1', 3), point('b', 'p2', 1)];
    const results = computeResults(['a', 'b'], SHEET, rows, { rules: [{ kind: 'shared' }, { kind: 'field', field: 'p1' }] });
    expect(ranks(results)).toEqual([
      ['a', 1],
      ['b', 1],
    ]);
    expect(results.every((r) => r.decidedBy === undefined)).toBe(true);
  });

  it('never names a rule for teams with different totals', () => {
    const results = computeResults(['a', 'b'], SHEET, [point('a', 'p1', 5), point('b', 'p1', 4)], {
      rules: [{ kind: 'field', field: 'p1' }],
    });
    expect(results[1]!.decidedBy).toBeUndefined();
  });
});

describe('the rules list as the admin sets it', () => {
  it('refuses an unknown rule, a rule twice and shared rank before the end, naming the rule', () => {
    const fail = (rules: unknown) => {
      const parsed = ZTieBreakSetSchema.safeParse({ rules });
      return parsed.success ? null : parsed.error.issues[0]!.path.join('.');
    };
    expect(fail([{ kind: 'penalty' }, { kind: 'coin' }])).toBe('rules.1');
    expect(fail([{ kind: 'penalty' }, { kind: 'penalty' }])).toBe('rules.1');
    expect(fail([{ kind: 'shared' }, { kind: 'penalty' }])).toBe('rules.0');
    expect(fail([{ kind: 'round', round: 7 }])).toBe('rules.0.round');
    expect(fail([{ kind: 'field', field: 'p1' }, { kind: 'suddenDeath' }, { kind: 'shared' }])).toBeNull();
    expect(fail(null)).toBeNull();
  });
});

// ---- Properties --------------------------------------------------------------------------------

const TEAMS = ['t0', 't1', 't2', 't3', 't4', 't5'];
const OFFERED: TTieBreakRule[] = [
  { kind: 'field', field: 'p1' },
  { kind: 'field', field: 'p2' },
  { kind: 'field', field: 'p3' },
  { kind: 'round', round: 1 },
  { kind: 'round', round: 2 },
  { kind: 'penalty' },
  { kind: 'speedTime' },
  { kind: 'suddenDeath' },
];
// Few values, so ties are common.
const arbPoint = fc.record({
  team: fc.constantFrom(...TEAMS),
  field: fc.constantFrom('p1', 'p2', 'p3'),
  judge: fc.constantFrom('gk1', 'gk2'),
  value: fc.integer({ min: -2, max: 3 }),
});
const arbRules = fc
  .tuple(fc.shuffledSubarray(OFFERED), fc.boolean())
  .map(([rules, shared]): TTieBreakRule[] => (shared ? [...rules, { kind: 'shared' }] : rules));
const arbDeath = fc
  .tuple(fc.shuffledSubarray(TEAMS, { minLength: 2 }), fc.nat())
  .map(([participants, n]) => ({ participants, winnerId: participants[n % participants.length]! }));
const arbNight = fc.record({
  points: fc.array(arbPoint, { maxLength: 30 }),
  rules: fc.option(arbRules, { nil: null }),
  speed: fc.dictionary(
    fc.constantFrom(...TEAMS),
    fc.integer({ min: 0, max: 3 }).map((n) => n * 500),
  ),
  deaths: fc.array(arbDeath, { maxLength: 4 }),
});
type Night = typeof arbNight extends fc.Arbitrary<infer T> ? T : never;

function rowsOf(points: Night['points']): PointRow[] {
  const byKey = new Map<string, PointRow>();
  for (const p of points) byKey.set(`${p.team}|${p.judge}|${p.field}`, point(p.team, p.field, p.value, p.judge));
  return [...byKey.values()];
}
function contextOf(night: Night): TieBreakContext {
  return {
    rules: night.rules,
    speedMs: new Map(Object.entries(night.speed)),
    suddenDeaths: night.deaths.map((d, i) => death(i + 1, d.participants, d.winnerId)),
  };
}
const byTeam = (results: readonly TeamResult[]) => new Map(results.map((r) => [r.teamId, r]));

describe('the chain, over random nights', () => {
  it('gives every team the same rank and reason whatever order the teams come in', () => {
    fc.assert(
      fc.property(arbNight, fc.shuffledSubarray(TEAMS, { minLength: TEAMS.length }), (night, order) => {
        const a = byTeam(computeResults(TEAMS, SHEET, rowsOf(night.points), contextOf(night)));
        const b = byTeam(computeResults(order, SHEET, rowsOf(night.points).reverse(), contextOf(night)));
        for (const team of TEAMS) {
          expect(b.get(team)!.rank).toBe(a.get(team)!.rank);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('is a strict weak order: ranks run 1.. down the list, equal inputs share a rank, no lower total above a higher', () => {
    fc.assert(
      fc.property(arbNight, fc.constantFrom(...TEAMS), (night, model) => {
        // A twin of `model`: the same points and time, and no sudden death tells the two apart.
        const twin = 'twin';
        const points = [
          ...night.points.filter((p) => p.team !== twin),
          ...night.points.filter((p) => p.team === model).map((p) => ({ ...p, team: twin })),
        ];
        const deaths = night.deaths.filter((d) => !d.participants.includes(model));
        const speed = { ...night.speed, ...(night.speed[model] !== undefined ? { [twin]: night.speed[model]! } : {}) };
        const teams = [...TEAMS, twin];
        const results = computeResults(teams, SHEET, rowsOf(points), contextOf({ ...night, deaths, speed }));
        const ranked = byTeam(results);
        expect(ranked.get(twin)!.rank).toBe(ranked.get(model)!.rank);
        results.forEach((r, i) => {
          if (i === 0) expect(r.rank).toBe(1);
          else expect(r.rank === results[i - 1]!.rank || r.rank === i + 1).toBe(true);
        });
        for (const x of results) {
          for (const y of results) if (x.total > y.total) expect(x.rank).toBeLessThan(y.rank);
        }
        // A reason only below an equal total with a lower rank.
        results.forEach((r, i) => {
          if (r.decidedBy) expect(results[i - 1]!.total === r.total && results[i - 1]!.rank < r.rank).toBe(true);
        });
      }),
      { numRuns: 300 },
    );
  });

  it('is the same kept point by point as computed whole', () => {
    fc.assert(
      fc.property(arbNight, fc.array(arbPoint, { maxLength: 20 }), (night, changes) => {
        const context = contextOf(night);
        const live = new IncrementalRanking(TEAMS, SHEET, rowsOf(night.points), context);
        const points = [...night.points];
        for (const change of changes) {
          points.push(change);
          live.setPoint(change.team, change.judge, change.field, change.value);
          const full = computeResults(TEAMS, SHEET, rowsOf(points), context);
          expect(live.results().map((r) => [r.teamId, r.rank, r.decidedBy])).toEqual(full.map((r) => [r.teamId, r.rank, r.decidedBy]));
        }
      }),
      { numRuns: 150 },
    );
  });
});
