import {
  ZAdminSubmitAllSchema,
  ZAdminSubmitSchema,
  ZAuditFilterSchema,
  ZJudgeSubmitSchema,
  ZResetSchema,
  ZUndoSchema,
} from '../../../src/schemas/scoring';
import { z } from '../../../src/schemas/zod';
import { adminProcedure, roleProcedure, router } from '../../trpc';
import { readRulingEntries } from '../jury/data';
import { readAuditLog, resetAllScores, undoScoreChange } from './audit';
import { readCorrections } from './corrections';
import { submitJudgeScore } from './judge';
import { adminSubmitAll, adminSubmitScore } from './submit';

const staffProcedure = roleProcedure('admin', 'master');

export const scoringRouter = router({
  submit: roleProcedure('judge')
    .input(ZJudgeSubmitSchema)
    .mutation(({ ctx, input }) => submitJudgeScore(ctx, input)),
  adminSubmit: adminProcedure.input(ZAdminSubmitSchema).mutation(({ ctx, input }) => adminSubmitScore(ctx, input)),
  adminSubmitAll: adminProcedure.input(ZAdminSubmitAllSchema).mutation(({ ctx, input }) => adminSubmitAll(ctx, input)),

  /** Every point for the console, the dashboard and the head judge's board; any other judge sees only their own. */
  list: roleProcedure('admin', 'master', 'judge').query(({ ctx }) => ({
    items: ctx.hub.live.standings.judgeScores(
      ctx.user.role === 'judge' && ctx.user._id !== ctx.hub.live.jury.state().headJudgeId ? ctx.user._id : undefined,
    ),
    // The last event the list includes, to weigh it against the live `scores` messages.
    eventId: ctx.hub.live.eventId,
  })),
  /** Who has scored whom on a field, without points: open to everyone who follows the show. */
  progress: roleProcedure('admin', 'master', 'judge')
    .input(z.object({ fieldName: z.string().trim().min(1).max(50) }))
    .query(({ ctx, input }) => ctx.hub.live.standings.progress(input.fieldName)),

  log: staffProcedure.input(ZAuditFilterSchema).query(async ({ ctx, input }) => ({ items: await readAuditLog(ctx.db, input) })),
  /** What the biên bản lists besides the points: every correction since the last reset, and the head judge's rulings. */
  corrections: staffProcedure.query(async ({ ctx }) => ({
    items: await readCorrections(ctx.db),
    headJudgeDecisions: await readRulingEntries(ctx.db),
  })),
  undo: adminProcedure.input(ZUndoSchema).mutation(({ ctx, input }) => undoScoreChange(ctx, input.eventId, input.reason)),
  reset: adminProcedure.input(ZResetSchema).mutation(({ ctx, input }) => resetAllScores(ctx, input.reason)),
});
