/**
 * The finish round (Về đích) on the server: the master's verdict on the team on stage (the package's
 * points, the star of hope's double or loss), the steal buzzes of the other teams in the window after
 * a miss, and the verdict on the first of them. Every point is audited with its rule; the show's undo
 * takes a verdict back with its points (`moveScores`).
 */
import { finishPoints, stealPoints } from '../../../src/formats';
import type { ScoreChange } from '../../../src/live';
import { messages } from '../../../src/messages';
import type { FinishResult, TBuzz } from '../../../src/schemas/show';
import { stealBuzzKey } from '../../../src/schemas/show';
import type { AppDeps } from '../../context';
import { isUniqueViolation } from '../../db/errors';
import { AppError, badRequest } from '../../errors';
import { readShow } from '../live/load';
import { liveTransaction } from '../live/record';
import { formatOf } from '../questionSet/data';
import { addAnswerPoints, answersFieldFor, buzzOrder } from './answers';
import { saveShow, type StoredShow } from './state';

function finishOf(show: StoredShow) {
  const finish = show.finish;
  if (!finish) throw new AppError('CONFLICT', messages.notFinishRound);
  return finish;
}

/** The master judges the team on stage's answer to the picked question on air: right, wrong or out of time. */
export async function finishVerdict(deps: Pick<AppDeps, 'db' | 'hub'>, actorId: string, input: { result: FinishResult }): Promise<void> {
  const now = Date.now();
  await liveTransaction(deps, async (recorder) => {
    const { trx } = recorder;
    const show = await readShow(trx, true);
    const finish = finishOf(show.stored);
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
    delete next.moveScores;
    const changes: ScoreChange[] = [];
    if (outcome.points !== 0) {
      const applied = await addAnswerPoints(trx, teamId, await answersFieldFor(trx, show.stored), outcome.points, {
        actorId,
        source: outcome.source,
        rule: outcome.rule,
        reason: `${questionId}: ${input.result}`,
      });
      changes.push(applied.live);
      next.moveScores = [applied.eventId];
    }
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
  return liveTransaction(deps, async (recorder) => {
    const { trx } = recorder;
    // The show row is locked: steal buzzes queue here, so their sequence is their arrival order.
    const show = await readShow(trx, true);
    const finish = finishOf(show.stored);
    const steal = finish.steal;
    if (!steal || steal.result !== null) throw new AppError('CONFLICT', messages.finishNoSteal);
    if (now > steal.endsAt) throw new AppError('CONFLICT', messages.finishStealClosed);
    if (teamId === finish.teamId) throw new AppError('CONFLICT', messages.finishOwnSteal);
    const key = stealBuzzKey(steal.questionId);
    try {
      await trx.insertInto('buzzes').values({ question_id: key, team_id: teamId, at: now }).execute();
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('CONFLICT', messages.alreadyBuzzed);
      throw error;
    }
    const order = await buzzOrder(trx, key);
    await recorder.record({ type: 'buzz', payload: { questionId: key, order } });
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
export async function stealVerdict(
  deps: Pick<AppDeps, 'db' | 'hub'>,
  actorId: string,
  input: { verdict: 'right' | 'wrong' },
): Promise<void> {
  await liveTransaction(deps, async (recorder) => {
    const { trx } = recorder;
    const show = await readShow(trx, true);
    const finish = finishOf(show.stored);
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
    const stealer = await addAnswerPoints(trx, first.teamId, field, outcome.stealer, {
      actorId,
      source: 'steal',
      rule: outcome.rule,
      reason,
    });
    changes.push(stealer.live);
    events.push(stealer.eventId);
    if (outcome.onStage !== 0 && finish.teamId) {
      const lost = await addAnswerPoints(trx, finish.teamId, field, outcome.onStage, {
        actorId,
        source: 'steal',
        rule: outcome.onStageRule,
        reason,
      });
      changes.push(lost.live);
      events.push(lost.eventId);
    }
    const next: StoredShow = { ...show.stored, moveScores: events };
    next.finish = { ...finish, steal: { ...steal, teamId: first.teamId, result: input.verdict } };
    const saved = await saveShow(trx, show, next);
    await recorder.record({ type: 'scores', payload: { changes } });
    await recorder.show(saved, next);
  });
}
