/** The master's moves, the teams' answers and buzzes, and the verdicts. */
import { messages } from '../../../src/messages';
import { ZBuzzSchema, ZShowUpdateSchema, ZSubmitAnswerSchema, ZVerdictSchema } from '../../../src/schemas/show';
import { z } from '../../../src/schemas/zod';
import type { Context } from '../../context';
import { AppError, badRequest } from '../../errors';
import { readShow } from '../live/load';
import { liveTransaction } from '../live/record';
import { roleProcedure, router } from '../../trpc';
import { buzz, setVerdict, submitAnswer } from './answers';
import { applyShowChanges, saveShow } from './state';

const staffProcedure = roleProcedure('admin', 'master');
const teamProcedure = roleProcedure('team');

function ownTeam(ctx: Context): string {
  const teamId = ctx.user?.teamId;
  if (!teamId) throw new AppError('FORBIDDEN', messages.teamAccountWithoutTeam);
  return teamId;
}

export async function updateShow(ctx: Context, changes: z.infer<typeof ZShowUpdateSchema>['changes']) {
  const now = Date.now();
  await liveTransaction(ctx, async (recorder) => {
    const previous = await readShow(recorder.trx, true);
    const next = await applyShowChanges(recorder.trx, previous.stored, changes, now);
    const freezing = changes.scoreboardFrozen !== undefined && changes.scoreboardFrozen !== previous.stored.scoreboardFrozen;
    if (freezing) next.frozenListTeam = next.scoreboardFrozen ? ctx.hub.live.liveListTeam() : null;
    await recorder.show(await saveShow(recorder.trx, previous, next), next);
  });
  return { system: ctx.hub.live.system('staff') };
}

export async function undoShow(ctx: Context) {
  await liveTransaction(ctx, async (recorder) => {
    const { trx } = recorder;
    const last = await trx.selectFrom('show_history').select(['version', 'state']).orderBy('version', 'desc').limit(1).executeTakeFirst();
    if (!last) throw badRequest(messages.nothingToUndo);
    const current = await readShow(trx, true);
    await trx.deleteFrom('show_history').where('version', '=', last.version).execute();
    const restored = { ...current.stored, ...(last.state as object) };
    await recorder.show(await saveShow(trx, current, restored, false), restored);
  });
  return { system: ctx.hub.live.system('staff') };
}

export const showRouter = router({
  update: staffProcedure.input(ZShowUpdateSchema).mutation(({ ctx, input }) => updateShow(ctx, input.changes)),
  undo: staffProcedure.input(z.object({}).optional()).mutation(({ ctx }) => undoShow(ctx)),

  /** The current question's answers and buzz order, for the console. */
  answers: staffProcedure.input(z.object({ questionId: z.string().max(100).optional() }).optional()).query(({ ctx, input }) => {
    const questionId = input?.questionId ?? ctx.hub.live.stored.questionId;
    if (!questionId) return { questionId: null, items: [], order: [] };
    return { questionId, items: ctx.hub.live.answersTo(questionId), order: ctx.hub.live.buzzOrder(questionId) };
  }),

  /** Judges with a pad open right now (on this server instance). */
  presence: staffProcedure.query(({ ctx }) => ({ judges: ctx.sockets.onlineJudges() })),

  /** The team's own answer to the current question. */
  mine: teamProcedure.query(({ ctx }) => {
    const teamId = ownTeam(ctx);
    const { questionId } = ctx.hub.live.stored;
    if (!questionId) return { questionId: null, answer: null, verdict: null, buzzed: false };
    const mine = ctx.hub.live.answersTo(questionId).find((a) => a.teamId === teamId);
    return {
      questionId,
      answer: mine?.answer ?? null,
      verdict: mine?.verdict ?? null,
      buzzed: ctx.hub.live.buzzOrder(questionId).some((b) => b.teamId === teamId),
    };
  }),

  submitAnswer: teamProcedure.input(ZSubmitAnswerSchema).mutation(async ({ ctx, input }) => {
    return { item: await submitAnswer(ctx, ownTeam(ctx), input.questionId, input.answer) };
  }),

  buzz: teamProcedure.input(ZBuzzSchema).mutation(async ({ ctx, input }) => {
    const teamId = ownTeam(ctx);
    const order = await buzz(ctx, teamId, input.questionId);
    return { position: order.findIndex((b) => b.teamId === teamId) + 1 };
  }),

  verdict: staffProcedure.input(ZVerdictSchema).mutation(async ({ ctx, input }) => {
    return { items: await setVerdict(ctx, ctx.user._id, input) };
  }),
});
