/** Locking and unlocking results (`results.lock`, `results.unlock`): a round's, or the whole event's without one. */
import { resultsLockText } from '../messages/resultsLock';
import { z } from './zod';

const ZRound = z.number().int().min(1).max(6);

/** A lock as stored and as its live event carries it (`TResultsLock`). */
export const ZResultsLockSchema = z.object({
  round: ZRound.nullable(),
  lockedBy: z.string().nullable(),
  lockedByName: z.string(),
  lockedAt: z.number(),
});

export const ZLockResultsSchema = z.object({ round: ZRound.nullable().optional() }).strict();

export const ZUnlockResultsSchema = z
  .object({
    round: ZRound.nullable().optional(),
    reason: z.string().trim().min(1, { message: resultsLockText.reasonRequired }).max(500, { message: resultsLockText.reasonTooLong }),
  })
  .strict();
