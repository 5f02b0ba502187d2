/**
 * Scores and ranking (docs/ARCHITECTURE.md, "Decisions"). Pure: the server, the screens and the tests use the same rules.
 * - A `judges` field is the mean of the judges who scored (missing judges are left out); with
 *   `dropExtremes` and at least five points, the highest and the lowest are dropped first.
 * - An `answers` field is the sum of the points won by right answers.
 * - Points stay exact through the means and the weights; the team's official total is the exact
 *   weighted sum rounded once, to one decimal (`officialTotal`). A field's score is shown (and
 *   compared by the tie-break chain) rounded the same way, from its exact value.
 * - Ranking by the official total, then by the tie-break chain (`src/tieBreak.ts`; by default each
 *   field in sheet order); teams still equal share a rank.
 * - Teams that share a rank are listed in one order everywhere (screens, dashboard, exports, the
 *   biên bản): the team's priority, then its name (`compareTeamOrder`, src/teamOrder.ts).
 */

import type { TTieBreakRule } from './schemas/tieBreak';
import { TieBreakChain, type TieBreakContext } from './tieBreak';

export const ANSWERS_GK_ID = 'answers';

export interface FieldRule {
  name: string;
  kind: 'judges' | 'answers';
  weight: number;
  dropExtremes: boolean;
  position: number;
  /** For the penalty rule: a field whose points may be negative. */
  minPoint?: number;
  /** For the round rule: the round (1–6) the field belongs to. */
  round?: number | null;
  /** For the tie-break reasons. */
  label?: string;
}

export interface PointRow {
  teamId: string;
  gkId: string;
  fieldName: string;
  point: number;
}

export interface TeamResult {
  teamId: string;
  /** Each field's score rounded once to one decimal (`officialTotal`); null where nobody scored a judges field. */
  fieldScores: Record<string, number | null>;
  /** The official total: the exact weighted sum rounded once to one decimal. What ranks and what every output shows. */
  total: number;
  rank: number;
  /** With the same total as the team above and a lower rank: the chain's rule that put it below. */
  decidedBy?: TTieBreakRule;
}

/** The exact mean of the judges' points (extremes dropped from five points on); null when nobody scored. */
export function judgesFieldScore(points: number[], dropExtremes: boolean): number | null {
  if (points.length === 0) return null;
  let used = [...points].sort((a, b) => a - b);
  if (dropExtremes && used.length >= 5) used = used.slice(1, -1);
  return used.reduce((sum, p) => sum + p, 0) / used.length;
}

/**
 * The one rounding of a score: the exact value to one decimal, half away from zero, as every screen,
 * export and the biên bản show it (35.85 → 35.9; 7.1666… × 5 = 35.833… → 35.8; −0.05 → −0.1). The
 * decimal text to nine places is rounded, not the binary float: 35.85 is 35.8499… in binary, and a
 * sum such as 7.17 × 5 carries noise in its last bits; nine places are far finer than any mean of
 * points a jury gives and far coarser than that noise.
 */
export function officialTotal(exact: number): number {
  if (!Number.isFinite(exact)) return exact;
  const tenths = Math.round(Number(`${Math.abs(exact).toFixed(9)}e1`));
  return tenths === 0 ? 0 : (Math.sign(exact) * tenths) / 10;
}

/**
 * What ranks besides the points: the tie-break chain's inputs, the head judge's decisions (team and
 * criterion, `decisionKey` of src/jury.ts → the score that counts instead of the judges' mean) and
 * whose points count (false: a recused judge's point for that team, kept and not counted).
 */
export interface RankingContext extends TieBreakContext {
  decided?: ReadonlyMap<string, number>;
  counts?: (teamId: string, gkId: string) => boolean;
}

/** One team's field scores and official total from its points per field; only the shown numbers are rounded. */
function teamResult(
  teamId: string,
  ordered: FieldRule[],
  pointsOf: (fieldName: string) => number[],
  decided?: ReadonlyMap<string, number>,
): TeamResult {
  const fieldScores: Record<string, number | null> = {};
  let exactTotal = 0;
  for (const field of ordered) {
    const points = pointsOf(field.name);
    const decision = field.kind === 'judges' ? decided?.get(`${teamId}\u0000${field.name}`) : undefined;
    const score =
      decision !== undefined
        ? decision
        : field.kind === 'answers'
          ? points.reduce((s, p) => s + p, 0)
          : judgesFieldScore(points, field.dropExtremes);
    fieldScores[field.name] = score === null ? null : officialTotal(score);
    exactTotal += (score ?? 0) * field.weight;
  }
  return { teamId, fieldScores, total: officialTotal(exactTotal), rank: 0 };
}

/** Gives ranks down a sorted list (equal neighbours share one) and the rule that split each tie. */
function assignRanks(sorted: TeamResult[], chain: TieBreakChain, keys: Map<string, number[]>): void {
  sorted.forEach((result, index) => {
    const previous = sorted[index - 1];
    const mine = keys.get(result.teamId)!;
    const above = previous ? keys.get(previous.teamId)! : null;
    const shared = previous && above && chain.compare(above, mine) === 0;
    result.rank = shared ? previous.rank : index + 1;
    const rule = above && !shared ? chain.decidedBy(above, mine) : null;
    if (rule) result.decidedBy = rule;
    else delete result.decidedBy;
  });
}

/** Results order: by the chain, then by the teams' list order (their index). */
function byChainThenList(chain: TieBreakChain, keys: Map<string, number[]>, index: Map<string, number>) {
  return (a: TeamResult, b: TeamResult) =>
    chain.compare(keys.get(a.teamId)!, keys.get(b.teamId)!) || index.get(a.teamId)! - index.get(b.teamId)!;
}

/** `teamIds` in the teams' list order (`compareTeamOrder`): teams that share a rank keep it. */
export function computeResults(teamIds: string[], fields: FieldRule[], rows: PointRow[], context: RankingContext = {}): TeamResult[] {
  const ordered = [...fields].sort((a, b) => a.position - b.position);
  const byTeamField = new Map<string, number[]>();
  for (const row of rows) {
    if (context.counts && !context.counts(row.teamId, row.gkId)) continue;
    const key = `${row.teamId}\u0000${row.fieldName}`;
    const list = byTeamField.get(key) ?? [];
    list.push(row.point);
    byTeamField.set(key, list);
  }
  const results = teamIds.map((teamId) =>
    teamResult(teamId, ordered, (name) => byTeamField.get(`${teamId}\u0000${name}`) ?? [], context.decided),
  );
  const chain = new TieBreakChain(ordered, context);
  const keys = new Map(results.map((r) => [r.teamId, chain.keysOf(r)]));
  chain.placeSuddenDeaths(keys);
  const index = new Map(teamIds.map((id, i) => [id, i]));
  const sorted = [...results].sort(byChainThenList(chain, keys, index));
  assignRanks(sorted, chain, keys);
  return sorted;
}

/**
 * The same ranking kept up to date point by point: a changed point recomputes its team's result and
 * moves that team to its new place in the sorted list; nothing else is recomputed but the ranks. With
 * a sudden death in the chain and a result recorded, a team's place may depend on the group it is
 * equal with, so the list is sorted again whole.
 */
export class IncrementalRanking {
  private readonly ordered: FieldRule[];
  private readonly chain: TieBreakChain;
  /** teamId → fieldName → gkId → point */
  private readonly points = new Map<string, Map<string, Map<string, number>>>();
  private readonly byTeam = new Map<string, TeamResult>();
  /** teamId → the chain's numbers */
  private readonly keys = new Map<string, number[]>();
  private readonly sorted: TeamResult[];
  private readonly order: (a: TeamResult, b: TeamResult) => number;
  private readonly decided: ReadonlyMap<string, number> | undefined;
  private readonly counts: ((teamId: string, gkId: string) => boolean) | undefined;

  /** `teamIds` in the teams' list order (`compareTeamOrder`): teams that share a rank keep it. */
  constructor(teamIds: string[], fields: FieldRule[], rows: PointRow[], context: RankingContext = {}) {
    this.ordered = [...fields].sort((a, b) => a.position - b.position);
    this.chain = new TieBreakChain(this.ordered, context);
    this.decided = context.decided;
    this.counts = context.counts;
    const teams = new Set(teamIds);
    for (const teamId of teamIds) this.points.set(teamId, new Map());
    for (const row of rows) {
      if (teams.has(row.teamId) && (!this.counts || this.counts(row.teamId, row.gkId))) {
        this.fieldPoints(row.teamId, row.fieldName).set(row.gkId, row.point);
      }
    }
    for (const teamId of teamIds) {
      const result = this.resultFor(teamId);
      this.byTeam.set(teamId, result);
      this.keys.set(teamId, this.chain.keysOf(result));
    }
    this.chain.placeSuddenDeaths(this.keys);
    this.order = byChainThenList(this.chain, this.keys, new Map(teamIds.map((id, i) => [id, i])));
    this.sorted = [...this.byTeam.values()].sort(this.order);
    assignRanks(this.sorted, this.chain, this.keys);
  }

  private fieldPoints(teamId: string, fieldName: string): Map<string, number> {
    const fields = this.points.get(teamId)!;
    let byJudge = fields.get(fieldName);
    if (!byJudge) {
      byJudge = new Map();
      fields.set(fieldName, byJudge);
    }
    return byJudge;
  }

  private resultFor(teamId: string): TeamResult {
    const fields = this.points.get(teamId)!;
    return teamResult(teamId, this.ordered, (name) => [...(fields.get(name)?.values() ?? [])], this.decided);
  }

  /** Sets (or, with null, removes) one point; a team outside the ranking is ignored. */
  setPoint(teamId: string, gkId: string, fieldName: string, point: number | null): void {
    if (!this.points.has(teamId) || (this.counts && !this.counts(teamId, gkId))) return;
    const byJudge = this.fieldPoints(teamId, fieldName);
    if (point === null) byJudge.delete(gkId);
    else byJudge.set(gkId, point);
    const previous = this.byTeam.get(teamId)!;
    const next = this.resultFor(teamId);
    this.byTeam.set(teamId, next);
    this.keys.set(teamId, this.chain.keysOf(next));
    this.sorted.splice(this.sorted.indexOf(previous), 1);
    if (this.chain.usesSuddenDeaths) {
      this.chain.placeSuddenDeaths(this.keys);
      this.sorted.push(next);
      this.sorted.sort(this.order);
    } else {
      // Binary search for the first result that ranks after the new one.
      let low = 0;
      let high = this.sorted.length;
      while (low < high) {
        const middle = (low + high) >> 1;
        if (this.order(this.sorted[middle]!, next) <= 0) low = middle + 1;
        else high = middle;
      }
      this.sorted.splice(low, 0, next);
    }
    assignRanks(this.sorted, this.chain, this.keys);
  }

  /** Teams the chain reaches its sudden-death rule with, still equal: each group best first (`TieBreakChain.suddenDeathGroups`). */
  suddenDeathGroups(): string[][] {
    return this.chain.suddenDeathGroups(
      this.keys,
      this.sorted.map((r) => r.teamId),
    );
  }

  resultOf(teamId: string): TeamResult | undefined {
    return this.byTeam.get(teamId);
  }

  /** Every result, best first. */
  results(): readonly TeamResult[] {
    return this.sorted;
  }
}
