/** The master's moves, the consoles open, the teams' answers and buzzes, and the verdicts. */
import type { ConsolesMessage, ShowActor, ShowMove } from '../../../src/live';
import { messages } from '../../../src/messages';
import {
  type TShowChanges,
  ZBuzzSchema,
  ZFinishTeamChoiceSchema,
  ZFinishVerdictSchema,
  ZKeywordVerdictSchema,
  ZShowUpdateSchema,
  ZStealVerdictSchema,
  ZSubmitAnswerSchema,
  ZVerdictSchema,
} from '../../../src/schemas/show';
import { z } from '../../../src/schemas/zod';
import type { Context } from '../../context';
import { AppError, badRequest } from '../../errors';
import { readShow, storedShowOf } from '../live/load';
import { liveTransaction } from '../live/record';
import { roleProcedure, router } from '../../trpc';
import { holdSubscription } from '../system/router';
import { buzz, keywordBuzz, keywordVerdict, setVerdict, submitAnswer } from './answers';
import { finishVerdict, stealBuzz, stealVerdict } from './finish';
import { reverseScoreEvents } from '../scoring/data';
import { applyShowChanges, saveShow, type StoredShow } from './state';

const staffProcedure = roleProcedure('admin', 'master');
const teamProcedure = roleProcedure('team');

function ownTeam(ctx: Context): string {
  const teamId = ctx.user?.teamId;
  if (!teamId) throw new AppError('FORBIDDEN', messages.teamAccountWithoutTeam);
  return teamId;
}

/** A console's id, as `show.console` gave it, sent with its moves. */
const ZConsoleId = z.string().max(64).optional();

/**
 * Who makes a move, told to the other consoles. A console id that is another user's console is
 * dropped, so a move cannot pass for someone else's.
 */
export async function actorOf(ctx: Context, move: ShowMove, consoleId?: string): Promise<ShowActor | undefined> {
  const user = ctx.user;
  if (!user) return undefined;
  const kept = consoleId && !(await ctx.hub.consoles.heldByAnother(consoleId, user._id)) ? consoleId : null;
  return { userId: user._id, name: user.fullName.trim() || user.username, consoleId: kept, move };
}

export async function updateShow(ctx: Context, changes: z.infer<typeof ZShowUpdateSchema>['changes'], consoleId?: string) {
  const now = Date.now();
  const by = await actorOf(ctx, { kind: 'update', changes }, consoleId);
  await liveTransaction(ctx, async (recorder) => {
    const previous = await readShow(recorder.trx, true);
    const next = await applyShowChanges(recorder.trx, previous.stored, changes, now);
    const freezing = changes.scoreboardFrozen !== undefined && changes.scoreboardFrozen !== previous.stored.scoreboardFrozen;
    if (freezing) next.frozenListTeam = next.scoreboardFrozen ? ctx.hub.live.liveListTeam() : null;
    await recorder.show(await saveShow(recorder.trx, previous, next), next, by);
  });
  return { system: ctx.hub.live.system('staff') };
}

/**
 * The team on stage in the finish round chooses its package or places its star from its own device,
 * when the master allows it: the same move, and the same checks, as the master's.
 */
async function finishTeamChoice(ctx: Context, teamId: string, input: { package?: number; star?: number | null }) {
  const now = Date.now();
  await liveTransaction(ctx, async (recorder) => {
    const previous = await readShow(recorder.trx, true);
    const finish = previous.stored.finish;
    if (!finish) throw new AppError('CONFLICT', messages.notFinishRound);
    if (finish.teamId !== teamId) throw new AppError('FORBIDDEN', messages.finishNotYourTurn);
    if (!finish.teamMayChoose) throw new AppError('FORBIDDEN', messages.finishChoiceNotAllowed);
    let next = previous.stored;
    const moves: NonNullable<TShowChanges['finish']>[] = [];
    if (input.package !== undefined) moves.push({ action: 'choosePackage', package: input.package });
    if (input.star !== undefined) moves.push({ action: 'placeStar', position: input.star });
    if (!moves.length) throw badRequest(messages.finishNoPackage, 'package');
    for (const finishMove of moves) next = await applyShowChanges(recorder.trx, next, { finish: finishMove }, now);
    await recorder.show(await saveShow(recorder.trx, previous, next), next);
  });
}

export async function undoShow(ctx: Context, consoleId?: string) {
  const by = await actorOf(ctx, { kind: 'undo' }, consoleId);
  await liveTransaction(ctx, async (recorder) => {
    const { trx } = recorder;
    const last = await trx.selectFrom('show_history').select(['version', 'state']).orderBy('version', 'desc').limit(1).executeTakeFirst();
    if (!last) throw badRequest(messages.nothingToUndo);
    const current = await readShow(trx, true);
    await trx.deleteFrom('show_history').where('version', '=', last.version).execute();
    const previous = storedShowOf(last.state, `show_history.state of version ${last.version}`);
    const restored: StoredShow = { ...current.stored, ...previous };
    if (previous.moveScores === undefined) delete restored.moveScores;
    // The move undone gave points (an obstacle keyword): take each back by what it gave.
    const changes = await reverseScoreEvents(trx, current.stored.moveScores ?? [], ctx.user?._id ?? null);
    const saved = await saveShow(trx, current, restored, false);
    if (changes.length) await recorder.record({ type: 'scores', payload: { changes } });
    await recorder.show(saved, restored, by);
  });
  return { system: ctx.hub.live.system('staff') };
}

export const showRouter = router({
  update: staffProcedure
    .input(ZShowUpdateSchema.extend({ consoleId: ZConsoleId }))
    .mutation(({ ctx, input }) => updateShow(ctx, input.changes, input.consoleId)),
  undo: staffProcedure.input(z.object({ consoleId: ZConsoleId }).optional()).mutation(({ ctx, input }) => undoShow(ctx, input?.consoleId)),

  /**
   * Opened by the console (/master) only: while it lasts, this console is listed on every
   * instance. Sends this console's id, then the consoles open now each time they change.
   */
  console: staffProcedure.subscription(async function* ({ ctx, signal }): AsyncGenerator<ConsolesMessage> {
    const release = holdSubscription(ctx);
    const presence = ctx.hub.consoles;
    let changed = true;
    let wake: (() => void) | null = null;
    const poke = () => {
      changed = true;
      wake?.();
    };
    const unsubscribe = presence.subscribe(poke);
    signal?.addEventListener('abort', poke, { once: true });
    let own: Awaited<ReturnType<typeof presence.open>> | null = null;
    try {
      own = await presence.open({ userId: ctx.user._id, name: ctx.user.fullName.trim() || ctx.user.username });
      while (!signal?.aborted) {
        if (!changed) {
          await new Promise<void>((resolve) => (wake = resolve));
          wake = null;
          continue;
        }
        changed = false;
        yield { self: own.id, consoles: presence.current() };
      }
    } finally {
      signal?.removeEventListener('abort', poke);
      unsubscribe();
      release();
      await own?.close();
    }
  }),

  /** The current question's answers and buzz order, for the console. */
  answers: staffProcedure.input(z.object({ questionId: z.string().max(100).optional() }).optional()).query(({ ctx, input }) => {
    const questionId = input?.questionId ?? ctx.hub.live.stored.questionId;
    // eventId: the last event this answer includes, to weigh it against the live events.
    const { eventId } = ctx.hub.live;
    if (!questionId) return { questionId: null, items: [], order: [], eventId };
    return { questionId, items: ctx.hub.live.answersTo(questionId), order: ctx.hub.live.buzzOrder(questionId), eventId };
  }),

  /** Judges with a pad open right now (on this server instance). */
  presence: staffProcedure.query(({ ctx }) => ({ judges: ctx.sockets.onlineJudges() })),

  /** The team's own answer to the current question. */
  mine: teamProcedure.query(({ ctx }) => {
    const teamId = ownTeam(ctx);
    const { questionId } = ctx.hub.live.stored;
    if (!questionId) return { questionId: null, answer: null, verdict: null, points: 0, buzzed: false };
    const mine = ctx.hub.live.answersTo(questionId).find((a) => a.teamId === teamId);
    return {
      questionId,
      answer: mine?.answer ?? null,
      verdict: mine?.verdict ?? null,
      points: mine?.points ?? 0,
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

  /** The obstacle round: a team buzzes to guess the keyword. */
  keywordBuzz: teamProcedure.input(z.object({}).strict()).mutation(async ({ ctx }) => {
    const teamId = ownTeam(ctx);
    const order = await keywordBuzz(ctx, teamId);
    return { position: order.findIndex((b) => b.teamId === teamId) + 1 };
  }),

  /** The finish round: the master judges the team on stage's answer (right, wrong, out of time). */
  finishVerdict: staffProcedure.input(ZFinishVerdictSchema).mutation(async ({ ctx, input }) => {
    await finishVerdict(ctx, ctx.user._id, input);
    return { system: ctx.hub.live.system('staff') };
  }),

  /** The finish round: another team buzzes to steal a missed question, inside the window. */
  stealBuzz: teamProcedure.input(z.object({}).strict()).mutation(async ({ ctx }) => {
    const teamId = ownTeam(ctx);
    const order = await stealBuzz(ctx, teamId);
    return { position: order.findIndex((b) => b.teamId === teamId) + 1 };
  }),

  /** The finish round: the master judges the first steal buzz. */
  stealVerdict: staffProcedure.input(ZStealVerdictSchema).mutation(async ({ ctx, input }) => {
    await stealVerdict(ctx, ctx.user._id, input);
    return { system: ctx.hub.live.system('staff') };
  }),

  /** The finish round: the team on stage chooses its package or places its star (when the master allows). */
  finishChoose: teamProcedure.input(ZFinishTeamChoiceSchema).mutation(async ({ ctx, input }) => {
    await finishTeamChoice(ctx, ownTeam(ctx), input);
    return { ok: true as const };
  }),

  /** The obstacle round: the master judges the first unjudged keyword guess. */
  keywordVerdict: staffProcedure.input(ZKeywordVerdictSchema).mutation(async ({ ctx, input }) => {
    await keywordVerdict(ctx, ctx.user._id, input);
    return { system: ctx.hub.live.system('staff') };
  }),
});
