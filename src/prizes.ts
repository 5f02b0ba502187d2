/**
 * Which prize each ranked team gets, from the ranking the results give (never recomputed here).
 *
 * Counts: prizes take places in rank order, Nhất the first `nhat` places, Nhì the next `nhi`, Ba the
 * next `ba`; the rest get Khuyến khích when `restKhuyenKhich`, else nothing. A team gets the prize of
 * the place its rank names, so teams sharing a rank share that prize and use up as many places: with
 * 1 Nhất and two teams tied 1st both get Nhất and the next team, ranked 3rd, takes the prize of place 3.
 * Bands: a team gets the highest prize whose `minTotal` its official total reaches; equal totals get
 * the same prize.
 */
import type { TPrize, TPrizeRules } from './schemas/certificates';

export function prizeFor(rules: TPrizeRules, team: { rank: number; total: number }): TPrize | null {
  if (rules.mode === 'bands') {
    const reached = rules.bands.filter((band) => team.total >= band.minTotal);
    // The bands are ordered by the schema: the highest prize reached has the highest minimum.
    reached.sort((a, b) => b.minTotal - a.minTotal);
    return reached[0]?.prize ?? null;
  }
  const { nhat, nhi, ba } = rules.counts;
  if (team.rank <= nhat) return 'nhat';
  if (team.rank <= nhat + nhi) return 'nhi';
  if (team.rank <= nhat + nhi + ba) return 'ba';
  return rules.restKhuyenKhich ? 'khuyenKhich' : null;
}

/** Each team of the ranking with its prize, in the ranking's order. */
export function awardPrizes<T extends { rank: number; total: number }>(
  rules: TPrizeRules,
  ranking: readonly T[],
): (T & { prize: TPrize | null })[] {
  return ranking.map((team) => ({ ...team, prize: prizeFor(rules, team) }));
}
