/**
 * The tie-break chain as a thể lệ usually words it, one click on the dashboard (the editor still
 * builds any other chain). Pure: the editor fills the chain from these, the tests check them.
 *
 * - `shared` ("Đồng hạng"): no rule; teams on the same total share the rank.
 * - `suddenDeath` ("Câu hỏi phụ"): the câu hỏi phụ decides (its winner goes above), then shared rank
 *   while none has been played among the tied teams.
 * - `rounds` ("Theo thứ tự phần thi"): the points of the last round first, then the round before, and
 *   so on, then shared rank. The last round first because the later rounds are the deciding ones (Về
 *   đích closes the night), and the sheet's own order (first round first) is already the default.
 *   Only the rounds some field of the sheet belongs to: a round without points cannot split anyone.
 */
import { type TTieBreakRule, tieBreakRuleKey } from './schemas/tieBreak';

export const TIE_BREAK_PRESETS = ['shared', 'suddenDeath', 'rounds'] as const;
export type TieBreakPreset = (typeof TIE_BREAK_PRESETS)[number];

/** The rounds (1–6) the sheet's fields belong to, last first. */
function sheetRoundsLastFirst(fields: readonly { round?: number | null }[]): number[] {
  const rounds = new Set(fields.flatMap((f) => (f.round ? [f.round] : [])));
  return [...rounds].sort((a, b) => b - a);
}

/** The preset's rules for this sheet; null when it has nothing to go on (no field belongs to a round). */
export function tieBreakPresetRules(preset: TieBreakPreset, fields: readonly { round?: number | null }[]): TTieBreakRule[] | null {
  switch (preset) {
    case 'shared':
      return [{ kind: 'shared' }];
    case 'suddenDeath':
      return [{ kind: 'suddenDeath' }, { kind: 'shared' }];
    case 'rounds': {
      const rounds = sheetRoundsLastFirst(fields);
      return rounds.length > 0 ? [...rounds.map((round): TTieBreakRule => ({ kind: 'round', round })), { kind: 'shared' }] : null;
    }
  }
}

/** The rules that compare: up to shared rank, which ends any chain whether it is listed or not. */
const comparing = (rules: readonly TTieBreakRule[]) =>
  rules
    .filter((rule) => rule.kind !== 'shared')
    .map(tieBreakRuleKey)
    .join('|');

/** The preset a chain is (the same rules in the same order), or null for a chain of the admin's own. */
export function tieBreakPresetOf(rules: readonly TTieBreakRule[], fields: readonly { round?: number | null }[]): TieBreakPreset | null {
  const chain = comparing(rules);
  return (
    TIE_BREAK_PRESETS.find((preset) => {
      const presetRules = tieBreakPresetRules(preset, fields);
      return presetRules !== null && comparing(presetRules) === chain;
    }) ?? null
  );
}
