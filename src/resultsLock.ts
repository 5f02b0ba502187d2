/**
 * Results locked ("kết quả đã chốt"): who may lock and unlock them, and what a lock covers. Shared by
 * the server's checks and the dashboard's panel, so both say the same; no zod and no catalogue here.
 */
import type { Role } from './constants';

/** A lock as the screens know it: a round's (`round` 1–6) or the whole event's (`round` null). */
export interface TResultsLock {
  round: number | null;
  lockedBy: string | null;
  /** Who locked it, as they were named then. */
  lockedByName: string;
  /** When (ms since the epoch). */
  lockedAt: number;
}

/**
 * Who may lock and unlock results: the admin, and the judge the event names head judge (trưởng ban
 * giám khảo, `headJudgeId`); every check, server and screen, asks this one function.
 */
export function mayLockResults(user: { role: Role; _id?: string } | null | undefined, headJudgeId: string | null = null): boolean {
  if (user?.role === 'admin') return true;
  return user?.role === 'judge' && headJudgeId !== null && user._id === headJudgeId;
}

/**
 * The lock that holds a point of a field of `round` (a score field's round; null for a field of no
 * round): the whole event's first, else its round's; null when the point may move.
 */
export function lockOver(locks: readonly TResultsLock[], round: number | null): TResultsLock | null {
  return locks.find((l) => l.round === null) ?? (round === null ? null : (locks.find((l) => l.round === round) ?? null));
}

/** Whether the whole event is locked: the final-results scene needs it. */
export function eventLocked(locks: readonly TResultsLock[]): boolean {
  return locks.some((l) => l.round === null);
}
