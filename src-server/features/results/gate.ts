/**
 * What a results lock refuses: any change to a point of a locked round (a score field's `round`) or,
 * once the whole event is locked, to any point; and the final-results scene until the whole event is.
 *
 * Every point is written in one of two places: `applyScoreChange` (an admin's point or correction,
 * hand points, every format's points, the console's undo, a round replayed, `vote.award`, the reset)
 * and a judge's point (`scoring/judge.ts`, one raw statement for speed). The first asks
 * `refuseLockedPoint` before it writes; the second is checked against the live model
 * (`checkJudgeScore`), and its statement confirms the scoring gate's version that check used, which
 * every lock and unlock moves on. The scope plugin (`db/scope.ts`) is not the place: it sees rows,
 * and a point's round is its field's, read from the sheet.
 */
import type { Transaction } from 'kysely';
import { messages } from '../../../src/messages';
import { eventLocked, lockOver, type TResultsLock } from '../../../src/resultsLock';
import type { Database } from '../../db/types';
import { AppError } from '../../errors';
import { readSheet } from '../scoreField/sheet';
import { lockedError, readLocks } from './locks';

type Trx = Transaction<Database>;

interface PointsGate {
  locks: TResultsLock[];
  /** Each field's round (null: a field of no round), read only when something is locked. */
  rounds: ReadonlyMap<string, number | null>;
}

/** What one transaction learnt of the locks: it holds the show's row from then on, so they cannot change. */
const gates = new WeakMap<Trx, Promise<PointsGate>>();

async function readPointsGate(trx: Trx): Promise<PointsGate> {
  // A lock or an unlock in flight holds the show's row (it moves the scoring gate): waiting for it
  // here, and reading the locks in the next statement, sees it committed. Held to this commit, the
  // row keeps the next one waiting until these points are written.
  await trx.selectFrom('show_state').select('id').where('id', '=', 1).forShare().execute();
  const locks = await readLocks(trx);
  if (!locks.length) return { locks, rounds: new Map() };
  return { locks, rounds: new Map((await readSheet(trx)).map((f) => [f.name, f.round])) };
}

/** Refuses (409, naming what is locked) a change to a point of `fieldName` while its round or the event is locked. */
export async function refuseLockedPoint(trx: Trx, fieldName: string): Promise<void> {
  let gate = gates.get(trx);
  if (!gate) {
    gate = readPointsGate(trx);
    gates.set(trx, gate);
  }
  const { locks, rounds } = await gate;
  const lock = lockOver(locks, rounds.get(fieldName) ?? null);
  if (lock) throw lockedError(lock);
}

/**
 * Refuses taking a team out of the ranking (deleting it, setting it inactive) while it stands in
 * locked results: the whole event locked, or a locked round where it has points.
 */
export async function refuseLockedTeam(trx: Trx, teamId: string): Promise<void> {
  const locks = await readLocks(trx);
  if (!locks.length) return;
  const whole = locks.find((l) => l.round === null);
  if (whole) throw lockedError(whole);
  const fields = await trx.selectFrom('scores').select('field_name').distinct().where('team_id', '=', teamId).execute();
  for (const field of fields) await refuseLockedPoint(trx, field.field_name);
}

/**
 * A change to a criterion that moves its points' scores (its range, step, weight, kind, extremes,
 * name or round): refused while its round (or the new one) or the whole event is locked. Its label
 * and place in the sheet may change.
 */
export async function refuseLockedField(trx: Trx, current: { name: string; round: number | null }, round?: number | null): Promise<void> {
  await refuseLockedPoint(trx, current.name);
  if (round === undefined || round === current.round) return;
  const lock = lockOver(await readLocks(trx), round);
  if (lock) throw lockedError(lock);
}

/**
 * The final-results scene needs the whole event locked. Asked in the show move that puts it on air,
 * which holds the show's row, so no unlock slips in between (an unlock refuses while it is on air).
 */
export async function refuseFinalUnlessLocked(trx: Trx): Promise<void> {
  if (!eventLocked(await readLocks(trx))) throw new AppError('CONFLICT', messages.resultsLock.finalNeedsLock);
}
