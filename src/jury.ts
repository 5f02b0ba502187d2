/**
 * The jury around the points (docs/ARCHITECTURE.md, "The jury"): the head judge (trưởng ban giám
 * khảo), the judges' disagreements and how they are settled, and recusals. Pure and shared by the
 * server's checks, the ranking and the screens, so each says the same; no zod and no catalogue here.
 *
 * - A judged cell (a team on a judges criterion) is in disagreement when the spread of its judges'
 *   raw points (highest − lowest, recused judges left out, before extremes are dropped) is above the
 *   criterion's threshold: the event's own, else 20% of the criterion's range.
 * - The head judge settles it: accepts the points as they are (until one of them changes), asks a
 *   judge to score it again (that one cell opens for that judge past the scoring gate until they do),
 *   or decides the team's score on the criterion with a reason, which then counts instead of the
 *   judges' mean.
 * - A recused judge does not score the team: their pad skips it, the server refuses their point and
 *   the aggregation counts the others.
 */
import type { Role } from './constants';

/** The share of a criterion's range two judges may differ by before the head judge is asked. */
export const DEFAULT_SPREAD_SHARE = 0.2;

export interface TRecusal {
  judgeId: string;
  teamId: string;
  reason: string;
}

/** A step of the head judge on a cell, oldest first; the audit log keeps each too. */
export interface TJuryRuling {
  id: string;
  teamId: string;
  fieldName: string;
  kind: 'accept' | 'rescore' | 'decision';
  /** `rescore`: the judge asked to score again. */
  judgeId: string | null;
  /** `decision`: the team's score on the criterion. */
  point: number | null;
  reason: string;
  /** `accept`: the points accepted, judge → point; the acceptance holds while they stay. */
  seen: Record<string, number> | null;
  actorName: string;
  at: number;
  /** `rescore`: when the judge scored again (ms); null while the request is open. */
  answeredAt: number | null;
}

/** The jury as the live picture holds it and every screen reads it. */
export interface TJury {
  /** The judge named trưởng ban; null: the admin acts as one. */
  headJudgeId: string | null;
  /** Each criterion's own threshold (points); a criterion missing takes 20% of its range. */
  thresholds: Record<string, number>;
  recusals: TRecusal[];
  rulings: TJuryRuling[];
}

export const EMPTY_JURY: TJury = { headJudgeId: null, thresholds: {}, recusals: [], rulings: [] };

/** Whether a user may act as the head judge: the judge named trưởng ban, or an admin. */
export function mayHeadJudge(user: { role: Role; _id?: string } | null | undefined, jury: Pick<TJury, 'headJudgeId'>): boolean {
  if (!user) return false;
  if (user.role === 'admin') return true;
  return user.role === 'judge' && jury.headJudgeId !== null && user._id === jury.headJudgeId;
}

export function isRecused(jury: Pick<TJury, 'recusals'>, judgeId: string, teamId: string): boolean {
  return jury.recusals.some((r) => r.judgeId === judgeId && r.teamId === teamId);
}

/** A criterion's threshold: the event's own, else 20% of its range (rounded to the criterion's step). */
export function spreadThreshold(field: { name: string; minPoint: number; maxPoint: number }, thresholds: Record<string, number>): number {
  const own = thresholds[field.name];
  if (own !== undefined) return own;
  return Math.round((field.maxPoint - field.minPoint) * DEFAULT_SPREAD_SHARE * 1000) / 1000;
}

/** Highest − lowest of the points; 0 with fewer than two. */
export function spreadOf(points: readonly number[]): number {
  if (points.length < 2) return 0;
  return Math.max(...points) - Math.min(...points);
}

export type CellStatus =
  /** No disagreement, nothing decided. */
  | 'fine'
  /** Above the threshold and not settled: the head judge is waiting to act. */
  | 'flagged'
  /** Above the threshold, a judge asked to score it again. */
  | 'rescoring'
  /** Above the threshold, the head judge accepted these points. */
  | 'accepted'
  /** The head judge decided the score. */
  | 'decided';

export interface CellState {
  teamId: string;
  fieldName: string;
  /** The counted judges' points (recused judges left out), judge → point. */
  points: Record<string, number>;
  spread: number;
  threshold: number;
  status: CellStatus;
  /** `decided`: the score that counts. */
  decided: number | null;
  /** The open re-score requests' judges. */
  rescoring: string[];
}

const cellKey = (teamId: string, fieldName: string) => `${teamId}\u0000${fieldName}`;

/** The decisions in force: team and criterion → the score that counts, the latest decision of each cell. */
export function decisionsOf(jury: Pick<TJury, 'rulings'>): Map<string, number> {
  const decided = new Map<string, number>();
  for (const ruling of jury.rulings) {
    if (ruling.kind === 'decision' && ruling.point !== null) decided.set(cellKey(ruling.teamId, ruling.fieldName), ruling.point);
  }
  return decided;
}

export const decisionKey = cellKey;

function samePoints(a: Record<string, number>, b: Record<string, number>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => b[k] === a[k]);
}

/**
 * Every judged cell's state from the points (recused judges' left out): one entry per team and
 * judges criterion that has a point or a ruling.
 */
export function cellStates(
  fields: readonly { name: string; kind: string; minPoint: number; maxPoint: number }[],
  scores: readonly { teamId: string; gkId: string; fieldName: string; point: number }[],
  jury: TJury,
): CellState[] {
  const judged = new Map(fields.filter((f) => f.kind === 'judges').map((f) => [f.name, f]));
  const points = new Map<string, Record<string, number>>();
  const touch = (teamId: string, fieldName: string) => {
    const key = cellKey(teamId, fieldName);
    let cell = points.get(key);
    if (!cell) {
      cell = {};
      points.set(key, cell);
    }
    return cell;
  };
  for (const s of scores) {
    if (!judged.has(s.fieldName) || isRecused(jury, s.gkId, s.teamId)) continue;
    touch(s.teamId, s.fieldName)[s.gkId] = s.point;
  }
  for (const r of jury.rulings) if (judged.has(r.fieldName)) touch(r.teamId, r.fieldName);
  const decided = decisionsOf(jury);
  const states: CellState[] = [];
  for (const [key, cellPoints] of points) {
    const [teamId, fieldName] = key.split('\u0000') as [string, string];
    const field = judged.get(fieldName)!;
    const threshold = spreadThreshold(field, jury.thresholds);
    const spread = spreadOf(Object.values(cellPoints));
    const rulings = jury.rulings.filter((r) => r.teamId === teamId && r.fieldName === fieldName);
    const rescoring = rulings.filter((r) => r.kind === 'rescore' && r.answeredAt === null).map((r) => r.judgeId!);
    const lastAccept = rulings.findLast((r) => r.kind === 'accept');
    const score = decided.get(key);
    let status: CellStatus = 'fine';
    if (score !== undefined) status = 'decided';
    else if (spread > threshold + 1e-9) {
      if (rescoring.length > 0) status = 'rescoring';
      else if (lastAccept?.seen && samePoints(lastAccept.seen, cellPoints)) status = 'accepted';
      else status = 'flagged';
    }
    states.push({ teamId, fieldName, points: cellPoints, spread, threshold, status, decided: score ?? null, rescoring });
  }
  return states;
}

/** Whether a status still waits for the head judge ("chờ trưởng ban"). */
export function awaitsHeadJudge(status: CellStatus): boolean {
  return status === 'flagged' || status === 'rescoring';
}

/** The teams with a cell that waits for the head judge. */
export function teamsAwaitingHeadJudge(states: readonly CellState[]): Set<string> {
  return new Set(states.filter((s) => awaitsHeadJudge(s.status)).map((s) => s.teamId));
}

/** The open re-score request of this judge on this cell, if any. */
export function openRescore(jury: Pick<TJury, 'rulings'>, judgeId: string, teamId: string, fieldName: string): TJuryRuling | null {
  return (
    jury.rulings.find(
      (r) => r.kind === 'rescore' && r.answeredAt === null && r.judgeId === judgeId && r.teamId === teamId && r.fieldName === fieldName,
    ) ?? null
  );
}
