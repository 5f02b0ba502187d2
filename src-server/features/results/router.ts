import { mayLockResults } from '../../../src/resultsLock';
import { ZLockResultsSchema, ZUnlockResultsSchema } from '../../../src/schemas/resultsLock';
import { forbidden } from '../../errors';
import { authedProcedure, roleProcedure, router } from '../../trpc';
import { buildResults } from './data';
import { lockResults, unlockResults } from './locks';

/** Who may lock and unlock results (`mayLockResults`: the admin, and the head judge once there is one). */
const lockerProcedure = authedProcedure.use(({ ctx, next }) => {
  if (!mayLockResults(ctx.user, ctx.hub.live.jury.state().headJudgeId)) throw forbidden();
  return next();
});

export const resultsRouter = router({
  /** The ranking with the breakdown (admin, master). */
  list: roleProcedure('admin', 'master').query(async ({ ctx }) => buildResults(ctx.db)),
  /** The results locked (admin, master), with the last event the answer includes, to weigh it against the live `locks`. */
  locks: roleProcedure('admin', 'master').query(({ ctx }) => ({ locks: ctx.hub.live.locks.all(), eventId: ctx.hub.live.eventId })),
  /** Locks a round's results, or the whole event's without `round`. */
  lock: lockerProcedure.input(ZLockResultsSchema).mutation(async ({ ctx, input }) => {
    const locks = await lockResults(ctx, input.round ?? null);
    return { locks, eventId: ctx.hub.live.eventId };
  }),
  /** Unlocks a round's results, or the whole event's without `round`, with the reason (action log). */
  unlock: lockerProcedure.input(ZUnlockResultsSchema).mutation(async ({ ctx, input }) => {
    const locks = await unlockResults(ctx, input.round ?? null, input.reason);
    return { locks, eventId: ctx.hub.live.eventId };
  }),
});
