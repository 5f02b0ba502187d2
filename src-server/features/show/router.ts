/** The master's moves, the teams' answers and buzzes, and the verdicts. */
import { messages } from '../../../src/messages';
import { ZBuzzSchema, ZShowUpdateSchema, ZSubmitAnswerSchema, ZVerdictSchema } from '../../../src/schemas/show';
import { z } from '../../../src/schemas/zod';
import type { Context } from '../../context';
import { AppError, badRequest } from '../../errors';
import { recordEvent } from '../../events';
import { roleProcedure, router } from '../../trpc';
import { listActiveTeams } from '../system/data';
import { answersFor, buzz, buzzOrder, setVerdict, submitAnswer, teamsEvent } from './answers';
import { applyShowChanges, loadShow, saveShow } from './state';

const staffProcedure = roleProcedure('admin', 'master');
const teamProcedure = roleProcedure('team');

function ownTeam(ctx: Context): string {
  const teamId = ctx.user?.teamId;
  if (!teamId) throw new AppError('FORBIDDEN', messages.teamAccountWithoutTeam);
  return teamId;
}

export async function updateShow(ctx: Context, changes: z.infer<typeof ZShowUpdateSchema>['changes']) {
  const now = Date.now();
  const { system, events } = await ctx.db.transaction().execute(async (trx) => {
    const previous = await loadShow(trx, true);
    const next = await applyShowChanges(trx, previous.stored, changes, now);
    const freezing = changes.scoreboardFrozen !== undefined && changes.scoreboardFrozen !== previous.stored.scoreboardFrozen;
    if (freezing) next.frozenListTeam = next.scoreboardFrozen ? await listActiveTeams(trx) : null;
    const system = await saveShow(trx, previous, next);
    const events = [await recordEvent(trx, 'state', { system })];
    if (freezing) events.push(await teamsEvent(trx));
    return { system, events };
  });
  await ctx.hub.published(events);
  return { system };
}

export async function undoShow(ctx: Context) {
  const { system, events } = await ctx.db.transaction().execute(async (trx) => {
    const last = await trx.selectFrom('show_history').select(['version', 'state']).orderBy('version', 'desc').limit(1).executeTakeFirst();
    if (!last) throw badRequest(messages.nothingToUndo);
    const current = await loadShow(trx, true);
    await trx.deleteFrom('show_history').where('version', '=', last.version).execute();
    const restored = { ...current.stored, ...(last.state as object) };
    const system = await saveShow(trx, current, restored, false);
    const events = [await recordEvent(trx, 'state', { system })];
    if (restored.scoreboardFrozen !== current.stored.scoreboardFrozen) events.push(await teamsEvent(trx));
    return { system, events };
  });
  await ctx.hub.published(events);
  return { system };
}

export const showRouter = router({
  update: staffProcedure.input(ZShowUpdateSchema).mutation(({ ctx, input }) => updateShow(ctx, input.changes)),
  undo: staffProcedure.input(z.object({}).optional()).mutation(({ ctx }) => undoShow(ctx)),

  /** The current question's answers and buzz order, for the console. */
  answers: staffProcedure.input(z.object({ questionId: z.string().max(100).optional() }).optional()).query(async ({ ctx, input }) => {
    const questionId = input?.questionId ?? (await loadShow(ctx.db)).stored.questionId;
    if (!questionId) return { questionId: null, items: [], order: [] };
    const [items, order] = await Promise.all([answersFor(ctx.db, questionId), buzzOrder(ctx.db, questionId)]);
    return { questionId, items, order };
  }),

  /** Judges with a pad open right now (on this server instance). */
  presence: staffProcedure.query(({ ctx }) => ({ judges: ctx.sockets.onlineJudges() })),

  /** The team's own answer to the current question. */
  mine: teamProcedure.query(async ({ ctx }) => {
    const teamId = ownTeam(ctx);
    const { stored } = await loadShow(ctx.db);
    if (!stored.questionId) return { questionId: null, answer: null, verdict: null, buzzed: false };
    const [answers, order] = await Promise.all([answersFor(ctx.db, stored.questionId), buzzOrder(ctx.db, stored.questionId)]);
    const mine = answers.find((a) => a.teamId === teamId);
    return {
      questionId: stored.questionId,
      answer: mine?.answer ?? null,
      verdict: mine?.verdict ?? null,
      buzzed: order.some((b) => b.teamId === teamId),
    };
  }),

  submitAnswer: teamProcedure.input(ZSubmitAnswerSchema).mutation(async ({ ctx, input }) => {
    const { result, events } = await submitAnswer(ctx.db, ownTeam(ctx), input.questionId, input.answer);
    await ctx.hub.published(events);
    return { item: result };
  }),

  buzz: teamProcedure.input(ZBuzzSchema).mutation(async ({ ctx, input }) => {
    const teamId = ownTeam(ctx);
    const { order, events } = await buzz(ctx.db, teamId, input.questionId);
    await ctx.hub.published(events);
    return { position: order.findIndex((b) => b.teamId === teamId) + 1 };
  }),

  verdict: staffProcedure.input(ZVerdictSchema).mutation(async ({ ctx, input }) => {
    const { items, events } = await setVerdict(ctx.db, ctx.user._id, input);
    await ctx.hub.published(events);
    return { items };
  }),
});
