/**
 * A buzzer question, in any round: teams ring, the server orders them by its own clock, and the first
 * buzz not yet judged has the turn. Every screen learns whose turn it is (`buzzTurn`, public); the
 * console judges it. Right: the question's points to the round's answers field, and the question is
 * decided. Wrong: the format's penalty, if any, and the next buzz in the server's order gets the turn.
 * The format also says whether the clock stops while a team answers.
 */

import type { ScoreChange } from '../../../src/live';
import { messages } from '../../../src/messages';
import { movesText } from '../../../src/messages/moves';
import { buzzerRuleOf } from '../../../src/schemas/roundFormat';
import type { TBuzz } from '../../../src/schemas/show';
import type { AppDeps } from '../../context';
import { AppError } from '../../errors';
import { liveTransaction } from '../live/record';
import { buzzOrder, ringBuzzer } from '../show/buzzes';
import { asMove, readShow, type StoredShow, saveShow } from '../show/store';
import { timeIsUp } from '../show/timer';
import { assertSuddenDeathTeam, recordSuddenDeath, suddenDeathOn } from '../tieBreak/suddenDeath';
import { type Actor, addAnswerPoints, answersFieldFor, questionRule, teamName } from './points';

function pauseTimer(show: StoredShow, now: number): StoredShow['timer'] {
  const { endsAt } = show.timer;
  return endsAt === null ? show.timer : { ...show.timer, endsAt: null, remainingMs: Math.max(0, endsAt - now) };
}

/** The first buzz not yet judged: whose turn it is. */
function firstWaiting(order: readonly TBuzz[]): TBuzz | undefined {
  return order.find((b) => b.verdict === null);
}

/** A team rings on the current question. The first ring takes the turn (and, by the format, stops the clock). */
export async function buzz(deps: Pick<AppDeps, 'db' | 'hub'>, teamId: string, questionId: string): Promise<TBuzz[]> {
  const now = Date.now();
  return liveTransaction(deps, async (recorder) => {
    const { trx } = recorder;
    // The show row is locked: buzzes queue here, so the turn goes to the first in arrival order.
    const show = await readShow(trx, true);
    const { stored } = show;
    if (stored.questionId !== questionId) throw new AppError('CONFLICT', messages.notCurrentQuestion, 'questionId');
    if (!stored.buzzerOpen || timeIsUp(stored, now)) throw new AppError('CONFLICT', messages.buzzerClosed);
    assertSuddenDeathTeam(stored, teamId);
    const order = await ringBuzzer(recorder, questionId, teamId, now);
    const waiting = firstWaiting(order);
    if (!stored.buzzTurn && waiting) {
      // Not a move of the console's: the undo does not take a team's ring back.
      const rule = buzzerRuleOf((await questionRule(trx, questionId)).format);
      const next: StoredShow = { ...stored, buzzTurn: { questionId, teamId: waiting.teamId } };
      if (rule.pauseTimer) next.timer = pauseTimer(stored, now);
      await recorder.show(await saveShow(trx, show, next, false), next);
    }
    return order;
  });
}

/** The console judges the buzz whose turn it is. */
export async function buzzVerdict(
  deps: Pick<AppDeps, 'db' | 'hub'>,
  actor: Actor,
  input: { verdict: 'right' | 'wrong'; teamId?: string },
): Promise<void> {
  const now = Date.now();
  await liveTransaction(deps, async (recorder) => {
    const { trx } = recorder;
    const show = await readShow(trx, true);
    const turn = show.stored.buzzTurn;
    if (!turn || turn.questionId !== show.stored.questionId) throw new AppError('CONFLICT', movesText.noBuzzTurn);
    if (input.teamId && input.teamId !== turn.teamId)
      throw new AppError('CONFLICT', movesText.buzzTurnMoved(teamName(deps, turn.teamId)), 'teamId');
    const row = await trx
      .selectFrom('buzzes')
      .select(['verdict', 'points', 'field_name'])
      .where('question_id', '=', turn.questionId)
      .where('team_id', '=', turn.teamId)
      .where('archived_attempt', 'is', null)
      .forUpdate()
      .executeTakeFirst();
    if (!row || row.verdict !== null) throw new AppError('CONFLICT', movesText.noBuzzTurn);
    const rule = await questionRule(trx, turn.questionId);
    const { wrongPenalty } = buzzerRuleOf(rule.format);
    const right = input.verdict === 'right';
    // A câu hỏi phụ only orders tied teams: a right answer wins it and scores nothing.
    const suddenDeath = suddenDeathOn(show.stored, turn.questionId);
    const points = suddenDeath ? 0 : right ? rule.point : -wrongPenalty;
    const changes: ScoreChange[] = [];
    const events: number[] = [];
    let fieldName = row.field_name;
    if (points !== 0) {
      fieldName = await answersFieldFor(trx, show.stored);
      const applied = await addAnswerPoints(trx, turn.teamId, fieldName, points, {
        actorId: actor.id,
        source: 'buzz',
        rule: `buzz:${input.verdict}:${points}`,
        reason: `${turn.questionId}: ${input.verdict}`,
      });
      changes.push(applied.live);
      events.push(applied.eventId);
    }
    await trx
      .updateTable('buzzes')
      .set({ verdict: input.verdict, points, field_name: fieldName })
      .where('question_id', '=', turn.questionId)
      .where('team_id', '=', turn.teamId)
      .where('archived_attempt', 'is', null)
      .execute();
    const order = await buzzOrder(trx, turn.questionId);
    const next: StoredShow = { ...show.stored };
    const waiting = right ? undefined : firstWaiting(order);
    next.buzzTurn = waiting ? { questionId: turn.questionId, teamId: waiting.teamId } : null;
    if (right) {
      // The question is decided: nobody else rings, the clock stops.
      next.buzzerOpen = false;
      next.timer = pauseTimer(show.stored, now);
    } else if (!waiting && buzzerRuleOf(rule.format).pauseTimer && next.timer.endsAt === null && next.timer.remainingMs > 0) {
      // Nobody else waits: the clock the first ring stopped runs on for the others.
      next.timer = { ...next.timer, endsAt: now + next.timer.remainingMs };
    }
    const team = teamName(deps, turn.teamId);
    const label = right ? movesText.buzzRight(team, points) : movesText.buzzWrong(team, points);
    const before = {
      kind: 'buzz' as const,
      questionId: turn.questionId,
      teamId: turn.teamId,
      verdict: null,
      points: 0,
      fieldName: row.field_name,
    };
    asMove(next, { label, by: actor.name, scoreEvents: events, rows: [before], setId: rule.setId });
    if (suddenDeath && right && !suddenDeath.winnerId) next.suddenDeath = { ...suddenDeath, winnerId: turn.teamId };
    const saved = await saveShow(trx, show, next);
    if (changes.length) await recorder.record({ type: 'scores', payload: { changes } });
    await recorder.record({ type: 'buzz', payload: { questionId: turn.questionId, order } });
    if (suddenDeath && right && !suddenDeath.winnerId) {
      await recordSuddenDeath(recorder, { questionId: turn.questionId, participants: suddenDeath.teamIds, winnerId: turn.teamId });
    }
    await recorder.show(saved, next, { userId: actor.id, name: actor.name, consoleId: null, move: { kind: 'move', label } });
  });
}
