/**
 * Teams answer on the current question, by the server's clock; the master marks answers right or
 * wrong, and a right answer's points go to the team on the round's answers field. Each verdict is a
 * move of the console's: the history names it and the undo takes it back with its points.
 */
import type { Kysely, Transaction } from 'kysely';
import { rowPoints } from '../../../src/roundFormats';
import type { MoveRow } from '../../../src/live';
import { messages } from '../../../src/messages';
import { movesText } from '../../../src/messages/moves';
import type { TTeamAnswer } from '../../../src/schemas/show';
import type { AppDeps } from '../../context';
import { isUniqueViolation } from '../../db/errors';
import type { Database } from '../../db/types';
import { AppError, notFound } from '../../errors';
import { moveAnswerPoints, speedVerdict, type VerdictOutcome } from '../formats/speed';
import { type Actor, questionRule, teamName } from '../formats/points';
import { readAnswers, readShow } from '../live/load';
import { liveTransaction } from '../live/record';
import { recordSuddenDeath } from '../ranking/data';
import { asMove, saveShow, type StoredShow } from './store';

type Db = Kysely<Database> | Transaction<Database>;

export async function answersFor(db: Db, questionId: string): Promise<TTeamAnswer[]> {
  return (await readAnswers(db, questionId))[questionId] ?? [];
}

export function timeIsUp(show: StoredShow, now: number): boolean {
  const { endsAt, remainingMs } = show.timer;
  return endsAt === null ? remainingMs <= 0 && show.timer.durationMs > 0 : now > endsAt;
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
    // A wrong keyword takes a team out of the rest of the obstacle round, rows included.
    if (stored.obstacle?.eliminated.includes(teamId)) throw new AppError('CONFLICT', messages.teamEliminated);
    if (stored.suddenDeath && !stored.suddenDeath.teamIds.includes(teamId)) throw new AppError('FORBIDDEN', messages.suddenDeathOnly);
    try {
      await trx.insertInto('team_answers').values({ question_id: questionId, team_id: teamId, answer, at: now }).execute();
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('CONFLICT', messages.alreadyAnswered);
      throw error;
    }
    await recorder.record({ type: 'answers', payload: { questionId, items: await answersFor(trx, questionId), teamId } });
    return { teamId, answer, at: now, verdict: null, points: 0 };
  });
}

/** A verdict on one answer of a round that is not Tăng tốc: the question's points, an obstacle row's, or none (câu hỏi phụ). */
async function answerVerdict(
  trx: Transaction<Database>,
  show: StoredShow,
  actor: Actor,
  rule: Awaited<ReturnType<typeof questionRule>>,
  row: { id: string; verdict: 'right' | 'wrong' | null; points: number; field_name: string | null },
  input: { questionId: string; teamId: string; verdict: 'right' | 'wrong' | null },
  reason: string,
): Promise<VerdictOutcome> {
  const obstacle = rule.format.kind === 'obstacle' ? rule.format : null;
  const rowRule = obstacle ? rowPoints(obstacle, rule.index, input.verdict === 'right') : null;
  // A câu hỏi phụ only orders tied teams: a right answer wins it and scores nothing.
  const suddenDeath = show.suddenDeath?.questionId === input.questionId;
  const points = suddenDeath ? 0 : rowRule ? rowRule.points : input.verdict === 'right' ? rule.point : 0;
  const moved = await moveAnswerPoints(trx, show, { ...row, team_id: input.teamId, points: Number(row.points) }, points, {
    actorId: actor.id,
    source: rowRule ? 'row' : 'answer',
    rule: rowRule?.rule ?? null,
    reason,
  });
  await trx
    .updateTable('team_answers')
    .set({ verdict: input.verdict, points, field_name: moved.fieldName })
    .where('id', '=', row.id)
    .execute();
  const before: MoveRow = {
    kind: 'answer',
    questionId: input.questionId,
    teamId: input.teamId,
    verdict: row.verdict,
    points: Number(row.points),
    fieldName: row.field_name,
  };
  return {
    changes: moved.applied ? [moved.applied.live] : [],
    events: moved.applied ? [moved.applied.eventId] : [],
    rows: [before],
    movedTeams: [],
    delta: points - Number(row.points),
  };
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
    const outcome =
      rule.format.kind === 'speed'
        ? await speedVerdict(trx, show.stored, actor, rule.format, input, reason)
        : await answerVerdict(trx, show.stored, actor, rule, row, input, reason);
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
    // Events last: the ordered section is only their inserts and the commit.
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

/**
 * The winner of the câu hỏi phụ on air, once it is decided and not before: the first answer in the
 * server's order that is judged right, when every answer before it is judged wrong. Null while an
 * earlier answer waits for its verdict, and once a winner is recorded (a result is recorded once).
 */
export function suddenDeathWinner(show: StoredShow, questionId: string, answers: readonly TTeamAnswer[]): string | null {
  const scene = show.suddenDeath;
  if (!scene || scene.questionId !== questionId || scene.winnerId) return null;
  for (const answer of answers) {
    if (!scene.teamIds.includes(answer.teamId)) continue;
    if (answer.verdict === 'right') return answer.teamId;
    if (answer.verdict !== 'wrong') return null;
  }
  return null;
}
