/**
 * The finish round (Về đích) on the server: the master's verdict on the team on stage (the package's
 * points, the star of hope's double or loss), the steal buzzes of the other teams in the window after
 * a miss, and the verdict on the first of them. Every point is audited with its rule; the console's undo
 * takes a verdict back with its points. The board (turns, packages, results, who has played) lives in
 * its round's record, so leaving the round and coming back finds it as it was.
 */
import type { Kysely, Transaction } from 'kysely';
import type { ScoreChange } from '../../../src/live';
import { messages } from '../../../src/messages';
import { movesText } from '../../../src/messages/moves';
import { finishPoints, stealPoints } from '../../../src/roundFormats';
import type { FinishResult, FinishScene, TBuzz, TShowChanges } from '../../../src/schemas/show';
import { stealBuzzKey } from '../../../src/schemas/show';
import type { AppDeps } from '../../context';
import type { Database } from '../../db/types';
import { AppError, badRequest } from '../../errors';
import { type EventRecorder, liveTransaction } from '../live/record';
import { formatOf } from '../questionSet/data';
import { buzzOrder, ringBuzzer } from '../show/buzzes';
import { asMove, readShow, roundOf, type ShowRow, type StoredShow, saveShow } from '../show/store';
import { type OnAirSet, roundOnAir } from './onAir';
import { type Actor, addAnswerPoints, answersFieldFor, teamName } from './points';

/**
 * The team a finish move starts the turn of (a known team, who then stands on stage), or null when the
 * move starts no turn. Throws a 400 naming `changes.finish.teamId` otherwise.
 */
export async function finishTurnTeam(db: Kysely<Database> | Transaction<Database>, move: TShowChanges['finish']): Promise<string | null> {
  if (move?.action !== 'startTurn') return null;
  const teamId = move.teamId;
  if (!teamId) throw badRequest(messages.finishTeamRequired, 'changes.finish.teamId');
  const team = await db.selectFrom('teams').select('id').where('id', '=', teamId).executeTakeFirst();
  if (!team) throw badRequest(messages.teamNotFound, 'changes.finish.teamId');
  return teamId;
}

/** A master's move in the finish round. */
type Move = TShowChanges['finish'];

/**
 * The finish round after a move: fresh when its set comes on air; the master's turn, package, star and
 * choice moves; a question chosen during a turn is picked for the package's next position (it must be
 * worth that position's points); a picked question shown on screen can no longer take the star.
 */
export function finishAfter(current: StoredShow, next: StoredShow, set: OnAirSet, index: number, move: Move): FinishScene | null {
  const onAir = roundOnAir(set, next, 'finish', move, messages.notFinishRound);
  if (!onAir) return null;
  const { setId, items, format } = onAir;
  const previous = current.finish?.setId === setId ? current.finish : roundOf(current, setId).finish;
  let scene: FinishScene = previous
    ? { ...previous, packages: format.packages }
    : {
        setId,
        packages: format.packages,
        teamId: null,
        packageIndex: null,
        picks: [],
        shown: [],
        results: [],
        star: null,
        teamMayChoose: false,
        steal: null,
        done: [],
        used: [],
      };
  const turn = { packageIndex: null, picks: [], shown: [], results: [], star: null, steal: null };
  if (move) {
    const needTurn = () => {
      if (!scene.teamId) throw badRequest(messages.finishNoTurn, 'changes.finish');
    };
    const needPackage = () => {
      needTurn();
      if (scene.packageIndex === null) throw badRequest(messages.finishNoPackage, 'changes.finish');
    };
    switch (move.action) {
      case 'startTurn':
        if (scene.done.includes(move.teamId!)) throw badRequest(messages.finishTeamDone, 'changes.finish.teamId');
        scene = { ...scene, ...turn, teamId: move.teamId! };
        break;
      case 'choosePackage': {
        needTurn();
        const chosen = move.package === undefined ? undefined : format.packages[move.package];
        if (!chosen) throw badRequest(messages.finishPackageMissing, 'changes.finish.package');
        if (scene.shown.length > 0) throw badRequest(messages.finishPackageLocked, 'changes.finish.package');
        scene = { ...scene, packageIndex: move.package!, picks: chosen.map(() => null), results: chosen.map(() => null), star: null };
        break;
      }
      case 'placeStar': {
        needPackage();
        const position = move.position ?? null;
        const size = scene.picks.length;
        if (position !== null && (position < 0 || position >= size))
          throw badRequest(messages.finishStarPosition, 'changes.finish.position');
        if (scene.star !== null && scene.shown.includes(scene.star)) throw badRequest(messages.finishStarLocked, 'changes.finish.position');
        if (position !== null && scene.shown.includes(position)) throw badRequest(messages.finishStarShown, 'changes.finish.position');
        scene = { ...scene, star: position };
        break;
      }
      case 'allowTeamChoice':
        if (move.allow === undefined) throw badRequest(messages.finishAllowRequired, 'changes.finish.allow');
        scene = { ...scene, teamMayChoose: move.allow };
        break;
      case 'endTurn':
        needTurn();
        scene = { ...scene, ...turn, done: [...scene.done, scene.teamId!], teamId: null };
        break;
    }
  }

  const questionId = next.questionId;
  if (questionId !== current.questionId) {
    // A new question closes the last one's steal window.
    scene = { ...scene, steal: null };
    if (questionId && index >= 0 && scene.teamId && scene.packageIndex !== null && !scene.picks.includes(questionId)) {
      if (scene.used.includes(questionId)) throw badRequest(messages.finishQuestionUsed, 'changes.questionId');
      const position = scene.results.findIndex((result, i) => result === null && !scene.shown.includes(i));
      if (position < 0) throw badRequest(messages.finishPackageDone, 'changes.questionId');
      const value = format.packages[scene.packageIndex]![position]!;
      if (items[index]!.point !== value) throw badRequest(messages.finishWrongValue(value), 'changes.questionId');
      scene = { ...scene, picks: scene.picks.map((pick, i) => (i === position ? questionId : pick)) };
    }
  }
  // A picked question on screen: its position is shown (the star is settled) and the question used.
  const onScreen = next.phase === 'question' || next.phase === 'answer';
  const position = questionId && onScreen ? scene.picks.indexOf(questionId) : -1;
  if (position >= 0 && !scene.shown.includes(position)) {
    scene = { ...scene, shown: [...scene.shown, position], used: [...scene.used, questionId!] };
  }
  return scene;
}

/**
 * One step of the finish round, in one transaction on the locked show (the round's steps and buzzes
 * queue there, so their order is their arrival order), refused when the show is not in that round.
 */
function finishStep<T>(
  deps: Pick<AppDeps, 'db' | 'hub'>,
  step: (recorder: EventRecorder, show: ShowRow, finish: FinishScene) => Promise<T>,
): Promise<T> {
  return liveTransaction(deps, async (recorder) => {
    const show = await readShow(recorder.trx, true);
    const finish = show.stored.finish;
    if (!finish) throw new AppError('CONFLICT', messages.notFinishRound);
    return step(recorder, show, finish);
  });
}

/** The master judges the team on stage's answer to the picked question on air: right, wrong or out of time. */
export async function finishVerdict(deps: Pick<AppDeps, 'db' | 'hub'>, actor: Actor, input: { result: FinishResult }): Promise<void> {
  const now = Date.now();
  await finishStep(deps, async (recorder, show, finish) => {
    const { trx } = recorder;
    const teamId = finish.teamId;
    if (!teamId || finish.packageIndex === null) throw new AppError('CONFLICT', messages.finishNoTurn);
    const questionId = show.stored.questionId;
    const position = questionId ? finish.picks.indexOf(questionId) : -1;
    if (!questionId || position < 0) throw badRequest(messages.finishNotOnAir, 'questionId');
    if (finish.results[position] !== null) throw new AppError('CONFLICT', messages.finishAlreadyJudged);
    const set = await trx.selectFrom('question_sets').select(['id', 'format']).where('id', '=', finish.setId).executeTakeFirstOrThrow();
    const format = formatOf(set);
    if (format.kind !== 'finish') throw new AppError('CONFLICT', messages.notFinishRound);

    const point = finish.packages[finish.packageIndex]![position]!;
    const outcome = finishPoints(point, finish.star === position, input.result);
    const next: StoredShow = { ...show.stored };
    const changes: ScoreChange[] = [];
    const events: number[] = [];
    if (outcome.points !== 0) {
      const applied = await addAnswerPoints(trx, teamId, await answersFieldFor(trx, show.stored), outcome.points, {
        actorId: actor.id,
        source: outcome.source,
        rule: outcome.rule,
        reason: `${questionId}: ${input.result}`,
      });
      changes.push(applied.live);
      events.push(applied.eventId);
    }
    const label = movesText.finish(movesText.finishVerdict[input.result], teamName(deps, teamId), outcome.points);
    asMove(next, { label, by: actor.name, scoreEvents: events, setId: finish.setId });
    next.finish = {
      ...finish,
      results: finish.results.map((r, i) => (i === position ? input.result : r)),
      // A miss opens the steal window for the other teams.
      steal:
        input.result === 'right'
          ? null
          : { position, questionId, point, endsAt: now + format.stealSeconds * 1000, teamId: null, result: null },
    };
    // The team's own answer is over: its clock stops.
    if (next.timer.endsAt !== null) next.timer = { ...next.timer, endsAt: null, remainingMs: Math.max(0, next.timer.endsAt - now) };
    const saved = await saveShow(trx, show, next);
    if (changes.length) await recorder.record({ type: 'scores', payload: { changes } });
    await recorder.show(saved, next);
  });
}

/** Another team buzzes to steal the missed question, inside the window. Same-millisecond buzzes keep their arrival order. */
export async function stealBuzz(deps: Pick<AppDeps, 'db' | 'hub'>, teamId: string): Promise<TBuzz[]> {
  const now = Date.now();
  return finishStep(deps, async (recorder, show, finish) => {
    const { trx } = recorder;
    const steal = finish.steal;
    if (!steal || steal.result !== null) throw new AppError('CONFLICT', messages.finishNoSteal);
    if (now > steal.endsAt) throw new AppError('CONFLICT', messages.finishStealClosed);
    if (teamId === finish.teamId) throw new AppError('CONFLICT', messages.finishOwnSteal);
    const key = stealBuzzKey(steal.questionId);
    const order = await ringBuzzer(recorder, key, teamId, now);
    // The first buzz answers: every screen and phone learns who (not an undoable move of the master's).
    if (steal.teamId === null) {
      const next: StoredShow = { ...show.stored, finish: { ...finish, steal: { ...steal, teamId: order[0]!.teamId } } };
      await recorder.show(await saveShow(trx, show, next, false), next);
    }
    return order;
  });
}

/**
 * The master judges the first steal buzz. Right: the stealer gains the question's base points and the
 * team on stage loses them. Wrong: the stealer loses half. One team answers a steal.
 */
export async function stealVerdict(deps: Pick<AppDeps, 'db' | 'hub'>, actor: Actor, input: { verdict: 'right' | 'wrong' }): Promise<void> {
  await finishStep(deps, async (recorder, show, finish) => {
    const { trx } = recorder;
    const steal = finish.steal;
    if (!steal) throw new AppError('CONFLICT', messages.finishNoSteal);
    if (steal.result !== null) throw new AppError('CONFLICT', messages.finishStealJudged);
    const first = steal.teamId ? { teamId: steal.teamId } : (await buzzOrder(trx, stealBuzzKey(steal.questionId)))[0];
    if (!first) throw badRequest(messages.finishNoStealBuzz, 'verdict');

    const outcome = stealPoints(steal.point, input.verdict === 'right');
    const field = await answersFieldFor(trx, show.stored);
    const reason = `${stealBuzzKey(steal.questionId)}: ${input.verdict}`;
    const changes: ScoreChange[] = [];
    const events: number[] = [];
    const add = async (teamId: string, points: number, rule: string | null) => {
      const added = await addAnswerPoints(trx, teamId, field, points, { actorId: actor.id, source: 'steal', rule, reason });
      changes.push(added.live);
      events.push(added.eventId);
    };
    await add(first.teamId, outcome.stealer, outcome.rule);
    if (outcome.onStage !== 0 && finish.teamId) await add(finish.teamId, outcome.onStage, outcome.onStageRule);
    const next: StoredShow = { ...show.stored };
    next.finish = { ...finish, steal: { ...steal, teamId: first.teamId, result: input.verdict } };
    const label = movesText.steal(movesText.finishVerdict[input.verdict], teamName(deps, first.teamId), outcome.stealer);
    asMove(next, { label, by: actor.name, scoreEvents: events, setId: finish.setId });
    const saved = await saveShow(trx, show, next);
    await recorder.record({ type: 'scores', payload: { changes } });
    await recorder.show(saved, next);
  });
}
