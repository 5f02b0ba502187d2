/**
 * The tie-break chain (docs/ARCHITECTURE.md, "Decisions"): teams are ordered by total, then by the
 * admin's rules in order; teams still equal share a rank. Each rule gives a team a number, higher
 * first, so the chain is a lexicographic order on those numbers (a strict weak order) and no rule can
 * lift a lower total over a higher one. Pure: the server, the screens and the tests use the same rules.
 *
 * - `field`: the field's score (nobody scored: below any score);
 * - `round`: the weighted sum of the round's fields (`score_fields.round`);
 * - `penalty`: the weighted negative scores of fields that allow negatives (minPoint < 0), nearer 0 first;
 * - `speedTime`: the lower sum of right-answer times in speed rounds;
 * - `suddenDeath`: within a group of teams still equal, the latest sudden death that every one of
 *   them took part in and one of them won puts its winner first; the rest go on (a second question
 *   among them may decide the next place);
 * - `shared`: the end of the chain (teams still equal share a rank, as they do at the end of any chain).
 */
import { resultsText } from './messages/results';
import type { TSuddenDeath, TTieBreakRule, TTieNote, TTieReason } from './schemas/tieBreak';
import { round } from './valueFormat';

export interface ChainField {
  name: string;
  label?: string;
  weight: number;
  position: number;
  minPoint?: number;
  round?: number | null;
}

export interface TieBreakContext {
  /** The rules after the total; null or missing: the default (each field in sheet order, then shared rank). */
  rules?: readonly TTieBreakRule[] | null;
  /** Each team's sum of right-answer times in speed rounds (ms); a team missing has 0. */
  speedMs?: ReadonlyMap<string, number>;
  /** Sudden-death results, oldest first. */
  suddenDeaths?: readonly TSuddenDeath[];
}

/** Today's order, kept until an admin changes the list: each field in sheet order, then shared rank. */
export function defaultTieBreakRules(fields: readonly ChainField[]): TTieBreakRule[] {
  const ordered = [...fields].sort((a, b) => a.position - b.position);
  return [...ordered.map((f): TTieBreakRule => ({ kind: 'field', field: f.name })), { kind: 'shared' }];
}

/** What a chain compares: the total, then one number per rule up to shared rank. */
export interface ChainInput {
  teamId: string;
  total: number;
  fieldScores: Record<string, number | null>;
}

/** The sudden-death places in one group of teams still equal: winners first, in the order they won. */
export function suddenDeathPlaces(group: readonly string[], records: readonly TSuddenDeath[]): Map<string, number> {
  const places = new Map<string, number>();
  const left = new Set(group);
  let place = 0;
  while (left.size > 1) {
    let decided: string | null = null;
    for (let i = records.length - 1; i >= 0 && decided === null; i--) {
      const record = records[i]!;
      if (!left.has(record.winnerId)) continue;
      const took = new Set(record.participants);
      if ([...left].every((team) => took.has(team))) decided = record.winnerId;
    }
    if (decided === null) break;
    places.set(decided, place++);
    left.delete(decided);
  }
  for (const team of left) places.set(team, place);
  return places;
}

export class TieBreakChain {
  /** The rules that compare, up to (not including) shared rank. */
  readonly rules: TTieBreakRule[];
  private readonly suddenDeathAt: number;
  private readonly fields: readonly ChainField[];
  private readonly speedMs: ReadonlyMap<string, number>;
  private readonly suddenDeaths: readonly TSuddenDeath[];

  constructor(fields: readonly ChainField[], context: TieBreakContext = {}) {
    this.fields = fields;
    const rules = context.rules ?? defaultTieBreakRules(fields);
    const shared = rules.findIndex((r) => r.kind === 'shared');
    this.rules = shared < 0 ? [...rules] : rules.slice(0, shared);
    this.suddenDeathAt = this.rules.findIndex((r) => r.kind === 'suddenDeath');
    this.speedMs = context.speedMs ?? new Map();
    this.suddenDeaths = context.suddenDeaths ?? [];
  }

  /** Whether sudden deaths can move anyone: the rule is in the chain and there is a result. */
  get usesSuddenDeaths(): boolean {
    return this.suddenDeathAt >= 0 && this.suddenDeaths.length > 0;
  }

  private ruleKey(rule: TTieBreakRule, input: ChainInput): number {
    const score = (name: string) => input.fieldScores[name] ?? null;
    switch (rule.kind) {
      case 'field':
        return score(rule.field) ?? Number.NEGATIVE_INFINITY;
      case 'round':
        return round(
          this.fields.filter((f) => f.round === rule.round).reduce((sum, f) => sum + (score(f.name) ?? 0) * f.weight, 0),
          2,
        );
      case 'penalty':
        return round(
          this.fields.filter((f) => (f.minPoint ?? 0) < 0).reduce((sum, f) => sum + Math.min(0, (score(f.name) ?? 0) * f.weight), 0),
          2,
        );
      case 'speedTime':
        return -(this.speedMs.get(input.teamId) ?? 0);
      default:
        // The sudden death depends on the group (`placeSuddenDeaths`); shared rank never compares.
        return 0;
    }
  }

  /** The total and each rule's number, higher first. */
  keysOf(input: ChainInput): number[] {
    return [input.total, ...this.rules.map((rule) => this.ruleKey(rule, input))];
  }

  /** Fills the sudden-death number of every team, group by group of teams equal up to that rule. */
  placeSuddenDeaths(keys: Map<string, number[]>): void {
    if (this.suddenDeathAt < 0) return;
    const slot = this.suddenDeathAt + 1;
    const groups = new Map<string, string[]>();
    for (const [teamId, k] of keys) {
      k[slot] = 0;
      const group = JSON.stringify(k.slice(0, slot));
      groups.set(group, [...(groups.get(group) ?? []), teamId]);
    }
    if (this.suddenDeaths.length === 0) return;
    for (const group of groups.values()) {
      if (group.length < 2) continue;
      for (const [teamId, place] of suddenDeathPlaces(group, this.suddenDeaths)) keys.get(teamId)![slot] = -place;
    }
  }

  /**
   * The groups of teams the chain reaches its sudden-death rule with and that no result has split
   * (two teams or more each), for the master to launch a câu hỏi phụ among; none without the rule.
   * Call after `placeSuddenDeaths`; `order` lists the teams best first.
   */
  suddenDeathGroups(keys: ReadonlyMap<string, number[]>, order: readonly string[]): string[][] {
    if (this.suddenDeathAt < 0) return [];
    const slot = this.suddenDeathAt + 1;
    const groups = new Map<string, string[]>();
    for (const teamId of order) {
      const group = JSON.stringify(keys.get(teamId)!.slice(0, slot + 1));
      groups.set(group, [...(groups.get(group) ?? []), teamId]);
    }
    return [...groups.values()].filter((group) => group.length > 1);
  }

  /** Negative when `a` ranks first, 0 when they share a rank. */
  compare(a: readonly number[], b: readonly number[]): number {
    for (let i = 0; i < a.length; i++) {
      const x = a[i]!;
      const y = b[i]!;
      if (x !== y) return y > x ? 1 : -1;
    }
    return 0;
  }

  /** The rule that put `below` after `above` when their totals are equal; null otherwise. */
  decidedBy(above: readonly number[], below: readonly number[]): TTieBreakRule | null {
    if (above[0] !== below[0]) return null;
    for (let i = 1; i < above.length; i++) if (above[i] !== below[i]) return this.rules[i - 1]!;
    return null;
  }
}

/** The rule's name as the dashboard, the exports and the biên bản show it ("Phần 2", "câu hỏi phụ"). */
export function tieBreakRuleName(rule: TTieBreakRule, fields: readonly { name: string; label?: string }[]): string {
  const t = resultsText.tieBreak;
  switch (rule.kind) {
    case 'field':
      return fields.find((f) => f.name === rule.field)?.label ?? rule.field;
    case 'round':
      return t.round(rule.round);
    default:
      return t.rules[rule.kind];
  }
}

/** "xếp sau do Phần 2": why a team is below the one above it with the same total. */
export function tieBreakReason(rule: TTieBreakRule | null | undefined, fields: readonly { name: string; label?: string }[]): string | null {
  return rule ? resultsText.tieBreak.below(tieBreakRuleName(rule, fields)) : null;
}

/** A chain's rule as a tie note names it; null for shared rank (the note says "Đồng hạng" instead). */
export function tieReasonOf(rule: TTieBreakRule, fields: readonly { name: string; label?: string }[]): TTieReason | null {
  switch (rule.kind) {
    case 'field':
      return { rule: 'field', field: rule.field, label: fields.find((f) => f.name === rule.field)?.label ?? rule.field };
    case 'round':
      return { rule: 'round', round: rule.round };
    case 'shared':
      return null;
    default:
      return { rule: rule.kind };
  }
}

/** What `tieNotes` reads of a ranked row (`TeamResult`). */
export interface RankedRow {
  teamId: string;
  rank: number;
  fieldScores: Record<string, number | null>;
  /** With the same total as the row above and a lower rank: the rule that put it below. */
  decidedBy?: TTieBreakRule;
}

/**
 * Each team's tie note, from a ranking best first (`computeResults`, `IncrementalRanking.results()`):
 * the teams of one rank are "over" the next rank on the same total by the rule that split them (the
 * `decidedBy` of that rank's first row), the teams of that next rank "under" them by the same rule,
 * and a rank held by two teams or more is shared. A team with no score yet gets none: every team is
 * level on 0 before the first point, and there is nothing to explain. `scored` says whether a team
 * has a point; without it, a team with a field score counts (an answers field counts 0, not null,
 * before its first point: a caller with answers fields says who has points).
 */
export function tieNotes(
  sorted: readonly RankedRow[],
  fields: readonly { name: string; label?: string }[],
  scored: (row: RankedRow) => boolean = (row) => Object.values(row.fieldScores).some((score) => score !== null),
): Map<string, TTieNote> {
  const ranks: RankedRow[][] = [];
  for (const row of sorted) {
    const last = ranks.at(-1);
    if (last && last[0]!.rank === row.rank) last.push(row);
    else ranks.push([row]);
  }
  const reason = (rule: TTieBreakRule | undefined) => (rule ? (tieReasonOf(rule, fields) ?? undefined) : undefined);
  const notes = new Map<string, TTieNote>();
  ranks.forEach((rows, index) => {
    const under = reason(rows[0]!.decidedBy);
    const over = reason(ranks[index + 1]?.[0]?.decidedBy);
    const note: TTieNote = { ...(over && { over }), ...(under && { under }), ...(rows.length > 1 && { shared: true as const }) };
    if (!note.over && !note.under && !note.shared) return;
    for (const row of rows) if (scored(row)) notes.set(row.teamId, note);
  });
  return notes;
}

/** One opening of answers on a question: when, and whether its set is a speed round. */
export interface AnswerOpening {
  questionId: string;
  openedAt: number;
  speed: boolean;
}

/**
 * Each team's sum of right-answer times in speed rounds: an answer's time is the milliseconds from
 * the opening of answers on its question to the answer (as the show's `elapsedMs`).
 */
export function speedTimes(
  openings: Iterable<AnswerOpening>,
  answersTo: (questionId: string) => readonly { teamId: string; at: number; verdict: 'right' | 'wrong' | null }[],
): Map<string, number> {
  const sums = new Map<string, number>();
  for (const opening of openings) {
    if (!opening.speed) continue;
    for (const answer of answersTo(opening.questionId)) {
      if (answer.verdict !== 'right') continue;
      sums.set(answer.teamId, (sums.get(answer.teamId) ?? 0) + Math.max(0, answer.at - opening.openedAt));
    }
  }
  return sums;
}
