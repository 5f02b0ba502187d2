/** The master's moves, the consoles open, the teams' answers and buzzes, and the verdicts. */
import { describeMove } from '../../../src/describeMove';
import type { ConsolesMessage, ShowActor, ShowMove } from '../../../src/live';
import { messages } from '../../../src/messages';
import {
  type TBuzz,
  type TShowChanges,
  ZBuzzSchema,
  ZBuzzVerdictSchema,
  ZFinishTeamChoiceSchema,
  ZFinishVerdictSchema,
  ZHandPointsSchema,
  ZKeywordVerdictSchema,
  ZRestartRoundSchema,
  ZShowUpdateSchema,
  ZStealVerdictSchema,
  ZSubmitAnswerSchema,
  ZVerdictSchema,
} from '../../../src/schemas/show';
import { z } from '../../../src/schemas/zod';
import type { Context } from '../../context';
import { AppError, badRequest } from '../../errors';
import { holdSubscription, SubscriptionQueue } from '../../subscriptions';
import { roleProcedure, router } from '../../trpc';
import { buzz, buzzVerdict } from '../formats/buzzer';
import { finishVerdict, stealBuzz, stealVerdict } from '../formats/finish';
import { keywordBuzz, keywordVerdict } from '../formats/obstacle';
import { type Actor, actorOfUser, teamName } from '../formats/points';
import { restartRound } from '../formats/rounds';
import { liveTransaction, type Trx } from '../live/record';
import { refuseFinalUnlessLocked } from '../results/gate';
import { setVerdict, submitAnswer } from './answers';
import { giveHandPoints } from './hand';
import { readHistory, undoLastMove } from './history';
import { applyShowChanges, type StoredShow } from './state';
import { asMove, readShow, saveShow } from './store';

const staffProcedure = roleProcedure('admin', 'master');
const teamProcedure = roleProcedure('team');

function ownTeam(ctx: Context): string {
  const teamId = ctx.user?.teamId;
  if (!teamId) throw new AppError('FORBIDDEN', messages.teamAccountWithoutTeam);
  return teamId;
}

/** A team's buzz (on a question, to steal, for the keyword): its place in the server's order. */
function buzzMutation<S extends z.ZodType>(schema: S, ring: (ctx: Context, teamId: string, input: z.output<S>) => Promise<TBuzz[]>) {
  return teamProcedure.input(schema).mutation(async ({ ctx, input }) => {
    const teamId = ownTeam(ctx);
    // Sound: tRPC hands over what `schema` parsed.
    const order = await ring(ctx, teamId, input as z.output<S>);
    return { position: order.findIndex((b) => b.teamId === teamId) + 1 };
  });
}

/** A verdict the console gives in a round's format; it answers with the show as the staff now see it. */
function verdictMutation<S extends z.ZodType>(schema: S, judge: (ctx: Context, actor: Actor, input: z.output<S>) => Promise<void>) {
  return staffProcedure.input(schema).mutation(async ({ ctx, input }) => {
    // Sound: tRPC hands over what `schema` parsed.
    await judge(ctx, actorOfUser(ctx.user), input as z.output<S>);
    return { system: ctx.hub.live.stage.system('staff') };
  });
}

const ZNoInput = z.object({}).strict();

/** A console's id, as `show.console` gave it, sent with its moves. */
const ZConsoleId = z.string().max(64).optional();

/**
 * Who makes a move, told to the other consoles. A console id that is another user's console is
 * dropped, so a move cannot pass for someone else's.
 */
export async function actorOf(ctx: Context, move: ShowMove, consoleId?: string): Promise<ShowActor | undefined> {
  const user = ctx.user;
  if (!user) return undefined;
  const kept = consoleId && !(await ctx.consoles.heldByAnother(consoleId, user._id)) ? consoleId : null;
  return { userId: user._id, name: user.fullName.trim() || user.username, consoleId: kept, move };
}

/** A show move in a few words, with the names the console shows. */
async function labelOf(ctx: Context, trx: Trx, changes: TShowChanges, next: StoredShow): Promise<string> {
  const setNames = new Map<string, string>();
  if (changes.setId) {
    const set = await trx.selectFrom('question_sets').select('title').where('id', '=', changes.setId).executeTakeFirst();
    if (set) setNames.set(changes.setId, set.title);
  }
  const system = { ...ctx.hub.live.stage.system('staff'), question: next.question };
  return describeMove({ kind: 'update', changes }, system, {
    set: (id) => setNames.get(id) ?? '',
    team: (id) => teamName(ctx, id),
    field: (name) => ctx.hub.live.standings.sheet().find((f) => f.name === name)?.label ?? '',
  });
}

export async function updateShow(ctx: Context, changes: z.infer<typeof ZShowUpdateSchema>['changes'], consoleId?: string) {
  const now = Date.now();
  const by = await actorOf(ctx, { kind: 'update', changes }, consoleId);
  await liveTransaction(ctx, async (recorder) => {
    const previous = await readShow(recorder.trx, true);
    if (changes.phase === 'final' && previous.stored.phase !== 'final') await refuseFinalUnlessLocked(recorder.trx);
    const next = await applyShowChanges(recorder.trx, previous.stored, changes, now);
    const freezing = changes.scoreboardFrozen !== undefined && changes.scoreboardFrozen !== previous.stored.scoreboardFrozen;
    if (freezing) next.frozenListTeam = next.scoreboardFrozen ? ctx.hub.live.standings.othersListTeam() : null;
    asMove(next, { label: await labelOf(ctx, recorder.trx, changes, next), by: by?.name ?? null });
    await recorder.show(await saveShow(recorder.trx, previous, next), next, by);
  });
  return { system: ctx.hub.live.stage.system('staff') };
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

/** Takes back the newest move of the night, whoever made it, and says what it was. */
export async function undoShow(ctx: Context, consoleId?: string) {
  const by = await actorOf(ctx, { kind: 'undo' }, consoleId);
  const undone = await undoLastMove(ctx, by);
  return { system: ctx.hub.live.stage.system('staff'), undone };
}

export const showRouter = router({
  update: staffProcedure
    .input(ZShowUpdateSchema.extend({ consoleId: ZConsoleId }))
    .mutation(({ ctx, input }) => updateShow(ctx, input.changes, input.consoleId)),
  undo: staffProcedure.input(z.object({ consoleId: ZConsoleId }).optional()).mutation(({ ctx, input }) => undoShow(ctx, input?.consoleId)),
  /** The moves undo can take back, newest first, whoever made them. */
  history: staffProcedure.query(async ({ ctx }) => ({ items: await readHistory(ctx.db) })),

  /** A buzzer question: the console judges the team whose turn it is. */
  buzzVerdict: verdictMutation(ZBuzzVerdictSchema, buzzVerdict),
  /** Points given or taken by hand on a team's answers field, with a reason. */
  handPoints: staffProcedure.input(ZHandPointsSchema).mutation(({ ctx, input }) => giveHandPoints(ctx, actorOfUser(ctx.user), input)),
  /** "Chơi lại vòng này": the round starts afresh; its earlier attempt stays stored. */
  restartRound: staffProcedure.input(ZRestartRoundSchema).mutation(({ ctx, input }) => restartRound(ctx, actorOfUser(ctx.user), input)),

  /**
   * Opened by the console (/master) only: while it lasts, this console is listed on every
   * instance. Sends this console's id, then the consoles open now each time they change.
   */
  console: staffProcedure.subscription(async function* ({ ctx, signal }): AsyncGenerator<ConsolesMessage> {
    const release = holdSubscription(ctx);
    const presence = ctx.consoles;
    // Each batch of changes sends the list as it is then, once; the first, the list at opening.
    const changes = new SubscriptionQueue<void>(signal);
    const unsubscribe = presence.subscribe(() => changes.push());
    changes.push();
    let own: Awaited<ReturnType<typeof presence.open>> | null = null;
    try {
      own = await presence.open({ userId: ctx.user._id, name: ctx.user.fullName.trim() || ctx.user.username });
      for await (const _ of changes.batches()) yield { self: own.id, consoles: presence.current() };
    } finally {
      changes.close();
      unsubscribe();
      release();
      await own?.close();
    }
  }),

  /** The current question's answers and buzz order, for the console. */
  answers: staffProcedure.input(z.object({ questionId: z.string().max(100).optional() }).optional()).query(({ ctx, input }) => {
    const questionId = input?.questionId ?? ctx.hub.live.stage.stored.questionId;
    // eventId: the last event this answer includes, to weigh it against the live events.
    const { eventId } = ctx.hub.live;
    if (!questionId) return { questionId: null, items: [], order: [], eventId };
    return { questionId, items: ctx.hub.live.answers.answersTo(questionId), order: ctx.hub.live.answers.buzzOrder(questionId), eventId };
  }),

  /** Judges with a pad open right now (on this server instance). */
  presence: staffProcedure.query(({ ctx }) => ({ judges: ctx.sockets.onlineJudges() })),

  /** The team's own answer to the current question. */
  mine: teamProcedure.query(({ ctx }) => {
    const teamId = ownTeam(ctx);
    const { questionId } = ctx.hub.live.stage.stored;
    // eventId: the last event this answer includes, to weigh it against the live `mine` messages.
    const { eventId } = ctx.hub.live;
    if (!questionId) return { questionId: null, answer: null, verdict: null, points: 0, buzzed: false, eventId };
    const mine = ctx.hub.live.answers.answersTo(questionId).find((a) => a.teamId === teamId);
    return {
      eventId,
      questionId,
      answer: mine?.answer ?? null,
      verdict: mine?.verdict ?? null,
      points: mine?.points ?? 0,
      buzzed: ctx.hub.live.answers.buzzOrder(questionId).some((b) => b.teamId === teamId),
    };
  }),

  submitAnswer: teamProcedure.input(ZSubmitAnswerSchema).mutation(async ({ ctx, input }) => {
    return { item: await submitAnswer(ctx, ownTeam(ctx), input.questionId, input.answer) };
  }),

  buzz: buzzMutation(ZBuzzSchema, (ctx, teamId, input) => buzz(ctx, teamId, input.questionId)),

  verdict: staffProcedure.input(ZVerdictSchema).mutation(async ({ ctx, input }) => {
    return { items: await setVerdict(ctx, actorOfUser(ctx.user), input) };
  }),

  /** The obstacle round: a team buzzes to guess the keyword. */
  keywordBuzz: buzzMutation(ZNoInput, (ctx, teamId) => keywordBuzz(ctx, teamId)),

  /** The finish round: the master judges the team on stage's answer (right, wrong, out of time). */
  finishVerdict: verdictMutation(ZFinishVerdictSchema, finishVerdict),

  /** The finish round: another team buzzes to steal a missed question, inside the window. */
  stealBuzz: buzzMutation(ZNoInput, (ctx, teamId) => stealBuzz(ctx, teamId)),

  /** The finish round: the master judges the first steal buzz. */
  stealVerdict: verdictMutation(ZStealVerdictSchema, stealVerdict),

  /** The finish round: the team on stage chooses its package or places its star (when the master allows). */
  finishChoose: teamProcedure.input(ZFinishTeamChoiceSchema).mutation(async ({ ctx, input }) => {
    await finishTeamChoice(ctx, ownTeam(ctx), input);
    return { ok: true as const };
  }),

  /** The obstacle round: the master judges the first unjudged keyword guess. */
  keywordVerdict: verdictMutation(ZKeywordVerdictSchema, keywordVerdict),
});
