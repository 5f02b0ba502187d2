/**
 * The tie-break presets (src/tieBreakPresets.ts) and the tie notes the screens show (src/tieBreak.ts,
 * `tieNotes` and `tieNoteLine`): each preset ranks two teams on the same total as its thể lệ says,
 * and every team of a tie says why it stands where it does.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ZTieBreakRulesSchema } from '../../src/schemas/tieBreak';
import { computeResults, type FieldRule, type PointRow, type TeamResult } from '../../src/scoring';
import { type TieBreakContext, tieNotes } from '../../src/tieBreak';
import { TIE_BREAK_PRESETS, tieBreakPresetOf, tieBreakPresetRules } from '../../src/tieBreakPresets';
import { tieNoteLine } from '../../src/tieNote';

const field = (name: string, position: number, round: number | null, label = name): FieldRule => ({
  name,
  label,
  kind: 'judges',
  weight: 1,
  dropExtremes: false,
  position,
  minPoint: 0,
  round,
});
const point = (teamId: string, fieldName: string, value: number): PointRow => ({ teamId, gkId: 'gk1', fieldName, point: value });

// Three rounds; round 2 has two fields.
const SHEET = [
  field('p1', 1, 1, 'Khởi động'),
  field('p2a', 2, 2, 'Vượt chướng ngại vật'),
  field('p2b', 3, 2),
  field('p3', 4, 3, 'Về đích'),
];

/** Each team, its rank and what the screens say under it. */
function shown(teamIds: string[], rows: PointRow[], context: TieBreakContext = {}) {
  const results = computeResults(teamIds, SHEET, rows, context);
  const notes = tieNotes(results, SHEET);
  return results.map((r) => [r.teamId, r.rank, tieNoteLine(notes.get(r.teamId))]);
}

// An and Bình both on 60: An stronger in Khởi động, Bình in Về đích; Cúc on 40.
const TIED = [
  point('an', 'p1', 30),
  point('an', 'p2a', 20),
  point('an', 'p3', 10),
  point('binh', 'p1', 10),
  point('binh', 'p2a', 20),
  point('binh', 'p3', 30),
  point('cuc', 'p1', 40),
];
const TEAMS = ['an', 'binh', 'cuc'];

describe('the presets', () => {
  it('are rule lists the server accepts, shared rank last', () => {
    for (const preset of TIE_BREAK_PRESETS) {
      const rules = tieBreakPresetRules(preset, SHEET);
      expect(ZTieBreakRulesSchema.safeParse(rules).success).toBe(true);
      expect(rules!.at(-1)).toEqual({ kind: 'shared' });
    }
  });

  it('Đồng hạng: two teams on the same total share the rank, and both say so', () => {
    expect(shown(TEAMS, TIED, { rules: tieBreakPresetRules('shared', SHEET) })).toEqual([
      ['an', 1, 'Đồng hạng'],
      ['binh', 1, 'Đồng hạng'],
      ['cuc', 3, null],
    ]);
  });

  it('Câu hỏi phụ: shared until one is played, then its winner goes above and both say why', () => {
    const rules = tieBreakPresetRules('suddenDeath', SHEET);
    expect(rules).toEqual([{ kind: 'suddenDeath' }, { kind: 'shared' }]);
    expect(shown(TEAMS, TIED, { rules })).toEqual([
      ['an', 1, 'Đồng hạng'],
      ['binh', 1, 'Đồng hạng'],
      ['cuc', 3, null],
    ]);
    const suddenDeaths = [{ id: 1, questionId: 'phu-1', participants: ['an', 'binh'], winnerId: 'binh', at: 1 }];
    expect(shown(TEAMS, TIED, { rules, suddenDeaths })).toEqual([
      ['binh', 1, 'Xếp trên do câu hỏi phụ'],
      ['an', 2, 'Xếp sau do câu hỏi phụ'],
      ['cuc', 3, null],
    ]);
  });

  it('Theo thứ tự phần thi: the last round of the sheet first, then the one before', () => {
    expect(tieBreakPresetRules('rounds', SHEET)).toEqual([
      { kind: 'round', round: 3 },
      { kind: 'round', round: 2 },
      { kind: 'round', round: 1 },
      { kind: 'shared' },
    ]);
    // Bình's 30 in Về đích (round 3) puts it above An, whatever Khởi động says.
    expect(shown(TEAMS, TIED, { rules: tieBreakPresetRules('rounds', SHEET) })).toEqual([
      ['binh', 1, 'Xếp trên do điểm «Phần thi 3»'],
      ['an', 2, 'Xếp sau do điểm «Phần thi 3»'],
      ['cuc', 3, null],
    ]);
    // Both on 20, equal in round 3: round 2 (its two fields summed, 11 to 10) decides before Khởi động.
    const rows = [
      point('an', 'p2a', 5),
      point('an', 'p2b', 6),
      point('an', 'p3', 9),
      point('binh', 'p1', 1),
      point('binh', 'p2a', 10),
      point('binh', 'p3', 9),
    ];
    expect(shown(['an', 'binh'], rows, { rules: tieBreakPresetRules('rounds', SHEET) })).toEqual([
      ['an', 1, 'Xếp trên do điểm «Phần thi 2»'],
      ['binh', 2, 'Xếp sau do điểm «Phần thi 2»'],
    ]);
  });

  it('Theo thứ tự phần thi has nothing to go on when no field belongs to a round', () => {
    expect(tieBreakPresetRules('rounds', [field('a', 1, null), field('b', 2, null)])).toBeNull();
    expect(tieBreakPresetOf([{ kind: 'shared' }], [field('a', 1, null)])).toBe('shared');
  });

  it('are told apart from a chain of the admin’s own; a chain without its final shared rank is the same chain', () => {
    for (const preset of TIE_BREAK_PRESETS) expect(tieBreakPresetOf(tieBreakPresetRules(preset, SHEET)!, SHEET)).toBe(preset);
    expect(tieBreakPresetOf([], SHEET)).toBe('shared');
    expect(tieBreakPresetOf([{ kind: 'suddenDeath' }], SHEET)).toBe('suddenDeath');
    expect(tieBreakPresetOf([{ kind: 'field', field: 'p1' }, { kind: 'shared' }], SHEET)).toBeNull();
    expect(
      tieBreakPresetOf(
        [
          { kind: 'round', round: 1 },
          { kind: 'round', round: 2 },
          { kind: 'round', round: 3 },
        ],
        SHEET,
      ),
    ).toBeNull();
  });
});

describe('the tie notes', () => {
  it('name the field that decided, by its label, under the default chain', () => {
    expect(shown(TEAMS, TIED)).toEqual([
      ['an', 1, 'Xếp trên do điểm «Khởi động»'],
      ['binh', 2, 'Xếp sau do điểm «Khởi động»'],
      ['cuc', 3, null],
    ]);
  });

  it('give every team of a shared rank the rule that put them over the next rank on the same total', () => {
    // An and Bình level on everything; Dung on the same 60 but behind in Khởi động.
    const rows = [...TIED.filter((r) => r.teamId === 'an'), ...['p1', 'p2a', 'p3'].map((f, i) => point('binh', f, [30, 20, 10][i]!))];
    rows.push(point('dung', 'p1', 20), point('dung', 'p2a', 20), point('dung', 'p3', 20));
    expect(shown(['an', 'binh', 'dung'], rows)).toEqual([
      ['an', 1, 'Đồng hạng · Xếp trên do điểm «Khởi động»'],
      ['binh', 1, 'Đồng hạng · Xếp trên do điểm «Khởi động»'],
      ['dung', 3, 'Xếp sau do điểm «Khởi động»'],
    ]);
  });

  it('say nothing for teams with no score yet, level on 0 before the first point', () => {
    expect(shown(['an', 'binh', 'cuc'], [])).toEqual([
      ['an', 1, null],
      ['binh', 1, null],
      ['cuc', 1, null],
    ]);
  });

  it('say nothing for teams still on 0 beside an answers round, which counts 0 before its first point', () => {
    const sheet = [{ ...field('p1', 1, 1), kind: 'answers' as const }, field('p2', 2, 2)];
    const rows = [point('an', 'p2', 7), point('binh', 'p2', 7)];
    const results = computeResults(['an', 'binh', 'cuc', 'dung'], sheet, rows);
    const withPoints = new Set(rows.map((r) => r.teamId));
    const notes = tieNotes(results, sheet, (row) => withPoints.has(row.teamId));
    expect(results.map((r) => [r.teamId, r.rank, tieNoteLine(notes.get(r.teamId))])).toEqual([
      ['an', 1, 'Đồng hạng'],
      ['binh', 1, 'Đồng hạng'],
      ['cuc', 3, null],
      ['dung', 3, null],
    ]);
  });

  it('name the penalty and the speed round’s times', () => {
    const sheet = [field('p1', 1, 1), { ...field('tru', 2, null), minPoint: -10 }];
    const rows = [point('an', 'p1', 10), point('binh', 'p1', 12), point('binh', 'tru', -2)];
    const penalty = computeResults(['an', 'binh'], sheet, rows, { rules: [{ kind: 'penalty' }] });
    expect(penalty.map((r) => tieNoteLine(tieNotes(penalty, sheet).get(r.teamId)))).toEqual([
      'Xếp trên do điểm trừ',
      'Xếp sau do điểm trừ',
    ]);
    const speedMs = new Map([
      ['an', 4000],
      ['binh', 3000],
    ]);
    const timed = computeResults(['an', 'binh'], sheet, [point('an', 'p1', 10), point('binh', 'p1', 10)], {
      rules: [{ kind: 'speedTime' }],
      speedMs,
    });
    expect(timed.map((r) => [r.teamId, tieNoteLine(tieNotes(timed, sheet).get(r.teamId))])).toEqual([
      ['binh', 'Xếp trên do thời gian trả lời vòng tốc độ'],
      ['an', 'Xếp sau do thời gian trả lời vòng tốc độ'],
    ]);
  });

  it('over random nights: a team has a note exactly when a scored team of another place has its total, or one shares its rank', () => {
    const team = fc.record({ p1: fc.integer({ min: 0, max: 3 }), p3: fc.integer({ min: 0, max: 3 }) });
    const preset = fc.constantFrom(...TIE_BREAK_PRESETS);
    fc.assert(
      fc.property(fc.array(team, { minLength: 2, maxLength: 7 }), preset, (teams, chosen) => {
        const ids = teams.map((_, i) => `t${i}`);
        const rows = teams.flatMap((t, i) => [point(ids[i]!, 'p1', t.p1), point(ids[i]!, 'p3', t.p3)]);
        const results: TeamResult[] = computeResults(ids, SHEET, rows, { rules: tieBreakPresetRules(chosen, SHEET) });
        const notes = tieNotes(results, SHEET);
        for (const r of results) {
          const sameTotal = results.filter((o) => o !== r && o.total === r.total);
          const note = notes.get(r.teamId);
          expect(note !== undefined).toBe(sameTotal.length > 0);
          expect(note?.shared ?? false).toBe(sameTotal.some((o) => o.rank === r.rank));
          // Over and under only name a rule that tells apart teams on the same total.
          if (note?.over) expect(sameTotal.some((o) => o.rank > r.rank)).toBe(true);
          if (note?.under) expect(sameTotal.some((o) => o.rank < r.rank)).toBe(true);
        }
      }),
    );
  });
});
