import type { TJury } from '../../../src/jury';
import { ZJuryRuleSchema, ZLiftRecusalSchema, ZRecuseSchema, ZSetHeadJudgeSchema, ZSetThresholdSchema } from '../../../src/schemas/jury';
import type { Context } from '../../context';
import { adminProcedure, roleProcedure, router } from '../../trpc';
import { liftRecusal, recuse, rule, setHeadJudge, setThreshold } from './actions';

/** A change's answer: the jury now and the last event it includes, like `jury.get`. */
const answer = (ctx: Context) => (jury: TJury) => ({ jury, eventId: ctx.hub.live.eventId });

export const juryRouter = router({
  /**
   * The jury (no points): staff, and judges, whose pads skip their recused teams and show the head
   * judge's requests. With the last event it includes, to weigh it against the live `jury` messages.
   */
  get: roleProcedure('admin', 'master', 'judge').query(({ ctx }) => ({
    jury: ctx.hub.live.jury.state(),
    /** The panel's judges, for the head judge's board and the dashboard. */
    panel: ctx.hub.live.standings.seatList(),
    eventId: ctx.hub.live.eventId,
  })),
  setHead: adminProcedure.input(ZSetHeadJudgeSchema).mutation(({ ctx, input }) => setHeadJudge(ctx, input.judgeId).then(answer(ctx))),
  setThreshold: adminProcedure
    .input(ZSetThresholdSchema)
    .mutation(({ ctx, input }) => setThreshold(ctx, input.fieldName, input.threshold).then(answer(ctx))),
  recuse: adminProcedure.input(ZRecuseSchema).mutation(({ ctx, input }) => recuse(ctx, input).then(answer(ctx))),
  liftRecusal: adminProcedure.input(ZLiftRecusalSchema).mutation(({ ctx, input }) => liftRecusal(ctx, input).then(answer(ctx))),
  /** The head judge's step on a cell: the judge named trưởng ban, or an admin (checked inside). */
  rule: roleProcedure('admin', 'judge')
    .input(ZJuryRuleSchema)
    .mutation(({ ctx, input }) => rule(ctx, input).then(answer(ctx))),
});
