/**
 * Teams answer on the current question, by the server's clock; the master marks answers right or
 * wrong, and the format of the question's set says what a verdict gives (`formats/verdict.ts`). Each
 * verdict is a move of the console's: the history names it and the undo takes it back with its points.
 */
import type { Kysely, Transaction } from 'kysely';
import { messages } from '../../../src/messages';
import { movesText } from '../../../src/messages/moves';
import type { TTeamAnswer } from '../../../src/schemas/show';
import type { AppDeps } from '../../context';
import { isUniqueViolation } from '../../db/errors';
import type { Database } from '../../db/types';
import { AppError, notFound } from '../../errors';
import { assertNotEliminated } from '../formats/obstacle';
import { type Actor, questionRule, teamName } from '../formats/points';
import { judgeAnswer } from '../formats/verdict';
import { liveTransaction } from '../live/record';
import { assertSuddenDeathTeam, recordSuddenDeath, suddenDeathWinner } from '../tieBreak/suddenDeath';
import { readAnswers } from './answer-rows';
import { asMove, readShow, type StoredShow, saveShow } from './store';
import { timeIsUp } from './timer';

type Db = Kysely<Database> | Transaction<Database>;

export async function answersFor(db: Db, questionId: string): Promise<TTeamAnswer[]> {
  return (await readAnswers(db, questionId))[questionId] ?? [];
}

export async function submitAnswer(
  deps: Pick<AppDeps, 'db' | 'hub'>,
  teamId: string,
  questionId: string,
  answer: string,
): Promise<TTeamAnswer> {
  const now = Date.now();
  return liveTransaction(deps, async (recorder) => {
    const { trx } = recorder;
    const { stored } = await readShow(trx);
    if (stored.questionId !== questionId) throw new AppError('CONFLICT', messages.notCurrentQuestion, 'questionId');
    if (!stored.answersOpen || timeIsUp(stored, now)) throw new AppError('CONFLICT', messages.answersClosed);
    assertNotEliminated(stored, teamId);
    assertSuddenDeathTeam(stored, teamId);
    try {
      await trx.insertInto('team_answers').values({ question_id: questionId, team_id: teamId, answer, at: now }).execute();
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('CONFLICT', messages.alreadyAnswered);
      throw error;
    }
    // The new answer alone: the list is the live picture's, which places it (answers-picture.ts).
    const item: TTeamAnswer = { teamId, answer, at: now, verdict: null, points: 0 };
    await recorder.record({ type: 'answer', payload: { questionId, answer: item } });
    return item;
  });
}

export async function setVerdict(
  deps: Pick<AppDeps, 'db' | 'hub'>,
  actor: Actor,
  input: { questionId: string; teamId: string; verdict: 'right' | 'wrong' | null },
): Promise<TTeamAnswer[]> {
  return liveTransaction(deps, async (recorder) => {
    const { trx } = recorder;
    // The show row first, as every writer that also records events takes it: no lock cycle.
    const show = await readShow(trx, true);
    const row = await trx
      .selectFrom('team_answers')
      .select(['id', 'verdict', 'points', 'field_name'])
      .where('question_id', '=', input.questionId)
      .where('team_id', '=', input.teamId)
      .where('archived_attempt', 'is', null)
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw notFound(messages.answerNotFound);
    const rule = await questionRule(trx, input.questionId);
    const reason = `${input.questionId}: ${input.verdict ?? messages.results.verdictCleared}`;
    const outcome = await judgeAnswer(trx, show.stored, actor, rule, row, input, reason);
    const items = await answersFor(trx, input.questionId);
    const next: StoredShow = { ...show.stored };
    const winnerId = suddenDeathWinner(show.stored, input.questionId, items);
    if (winnerId) next.suddenDeath = { ...show.stored.suddenDeath!, winnerId };
    const team = teamName(deps, input.teamId);
    const label =
      input.verdict === 'right'
        ? movesText.right(team, outcome.delta)
        : input.verdict === 'wrong'
          ? movesText.wrong(team, outcome.delta)
          : movesText.cleared(team, outcome.delta);
    asMove(next, { label, by: actor.name, scoreEvents: outcome.events, rows: outcome.rows, setId: rule.setId });
    const saved = await saveShow(trx, show, next);
    // Events last: their ids are taken just before the commit.
    if (outcome.changes.length) await recorder.record({ type: 'scores', payload: { changes: outcome.changes } });
    await recorder.record({ type: 'answers', payload: { questionId: input.questionId, items, teamId: input.teamId } });
    for (const teamId of outcome.movedTeams)
      await recorder.record({ type: 'answers', payload: { questionId: input.questionId, items, teamId } });
    if (winnerId) {
      const { teamIds } = show.stored.suddenDeath!;
      await recordSuddenDeath(recorder, { questionId: input.questionId, participants: teamIds, winnerId });
    }
    await recorder.show(saved, next, { userId: actor.id, name: actor.name, consoleId: null, move: { kind: 'move', label } });
    return items;
  });
}
