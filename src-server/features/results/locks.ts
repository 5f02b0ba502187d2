/**
 * Results locked ("kết quả đã chốt"): a round's, or the whole event's. Locking and unlocking are live
 * changes (every screen that follows the locks hears them) audited in the action log, an unlock with
 * its reason. What a lock refuses is `gate.ts`'s.
 */
import type { Kysely, Transaction } from 'kysely';
import { sql } from 'kysely';
import { messages } from '../../../src/messages';
import type { TResultsLock } from '../../../src/resultsLock';
import { roundsUsed } from '../../../src/rounds';
import type { TPublicUser } from '../../../src/schemas/auth';
import type { Context } from '../../context';
import type { Database } from '../../db/types';
import { AppError, badRequest, conflict } from '../../errors';
import { recordAction } from '../actions/log';
import { type EventRecorder, liveTransaction } from '../live/record';
import { moveScoringGate, readSheet } from '../scoreField/sheet';
import { readSettings } from '../settings/data';
import { readShow } from '../show/store';

type Db = Kysely<Database> | Transaction<Database>;

/** Every lock of the event: the whole event's first, then the rounds' in order. */
export async function readLocks(db: Db): Promise<TResultsLock[]> {
  const rows = await db
    .selectFrom('results_locks')
    .select(['round', 'locked_by', 'locked_by_name', 'locked_at'])
    .orderBy(sql`coalesce(round, 0)`)
    .execute();
  return rows.map((r) => ({ round: r.round, lockedBy: r.locked_by, lockedByName: r.locked_by_name, lockedAt: r.locked_at.getTime() }));
}

/** The refusal of a change to a point that `lock` holds: 409, naming what is locked. */
export function lockedError(lock: TResultsLock): AppError {
  const t = messages.resultsLock;
  return new AppError('CONFLICT', lock.round === null ? t.eventLocked : t.roundLocked(lock.round));
}

/** A round may be locked when the event uses it (it has a title) or a field of the sheet belongs to it. */
async function checkRound(trx: Transaction<Database>, round: number): Promise<void> {
  const used = roundsUsed((await readSettings(trx)).roundTitles);
  const fields = await readSheet(trx);
  if (!used.includes(round) && !fields.some((f) => f.round === round)) throw badRequest(messages.resultsLock.roundNotUsed(round), 'round');
}

/**
 * The change's first statement: the scoring gate moves on, on the show's row, held to commit. Every
 * write of a point waits for that row (`gate.ts`), and a judge's point checked before the change
 * finds its gate gone, so nothing is written on either side of a lock or an unlock without seeing it.
 * Then the locks are told, with the gate's version the live model checks judges' points against.
 */
async function changeLocks(recorder: EventRecorder, change: (locks: TResultsLock[]) => Promise<void>): Promise<void> {
  const scoringVersion = await moveScoringGate(recorder.trx);
  await change(await readLocks(recorder.trx));
  await recorder.record({ type: 'resultsLocks', payload: { locks: await readLocks(recorder.trx), scoringVersion } });
}

const stateText = (locked: boolean) => ({
  text: locked ? messages.resultsLock.stateLocked : messages.resultsLock.stateOpen,
  locked,
});

/** Locks a round's results (`round`), or the whole event's (null). */
export async function lockResults(ctx: Context & { user: TPublicUser }, round: number | null): Promise<readonly TResultsLock[]> {
  await liveTransaction(ctx, (recorder) =>
    changeLocks(recorder, async (locks) => {
      const { trx } = recorder;
      if (locks.some((l) => l.round === round)) throw conflict(messages.resultsLock.alreadyLocked(round));
      if (round !== null) await checkRound(trx, round);
      await trx
        .insertInto('results_locks')
        .values({ round, locked_by: ctx.user._id, locked_by_name: ctx.user.fullName.trim() || ctx.user.username })
        .execute();
      await recordAction(trx, {
        actorId: ctx.user._id,
        kind: 'results.lock',
        summary: messages.resultsLock.lockedAction(round),
        target: { round },
        before: stateText(false),
        after: stateText(true),
      });
    }),
  );
  return ctx.hub.live.locks.all();
}

/** Unlocks a round's results (`round`), or the whole event's (null), saying why. */
export async function unlockResults(
  ctx: Context & { user: TPublicUser },
  round: number | null,
  reason: string,
): Promise<readonly TResultsLock[]> {
  await liveTransaction(ctx, (recorder) =>
    changeLocks(recorder, async (locks) => {
      const { trx } = recorder;
      const lock = locks.find((l) => l.round === round);
      if (!lock) throw conflict(messages.resultsLock.notLocked(round));
      // The final results on the projector stand on the whole event's lock: they leave the screen first.
      if (round === null && (await readShow(trx)).stored.phase === 'final') throw conflict(messages.resultsLock.finalOnAir);
      const removed = trx.deleteFrom('results_locks');
      await (round === null ? removed.where('round', 'is', null) : removed.where('round', '=', round)).execute();
      await recordAction(trx, {
        actorId: ctx.user._id,
        kind: 'results.unlock',
        summary: messages.resultsLock.unlockedAction(round, reason),
        target: { round, lockedBy: lock.lockedBy, lockedAt: lock.lockedAt },
        before: stateText(true),
        after: { ...stateText(false), reason },
      });
    }),
  );
  return ctx.hub.live.locks.all();
}
