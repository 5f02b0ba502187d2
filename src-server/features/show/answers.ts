/**
 * Teams answer and buzz on the current question, by the server's clock; the master marks answers
 * right or wrong, and a right answer's points go to the team on the round's answers field.
 */
import type { Kysely, Transaction } from 'kysely';
import { messages } from '../../../src/messages';
import { ANSWERS_GK_ID } from '../../../src/scoring';
import type { TBuzz, TTeamAnswer } from '../../../src/schemas/show';
import type { Database } from '../../db/types';
import { isUniqueViolation } from '../../db/errors';
import { AppError, badRequest, notFound } from '../../errors';
import type { ScoreChange } from '../../../src/live';
import type { AppDeps } from '../../context';
import { readAnswers, readBuzzes, readShow } from '../live/load';
import { liveTransaction } from '../live/record';
import { questionItemsOf } from '../questionSet/data';
import { applyScoreChange } from '../scoring/data';
import { saveShow, type StoredShow } from './state';

type Db = Kysely<Database> | Transaction<Database>;

async function answersFor(db: Db, questionId: string): Promise<TTeamAnswer[]> {
  return (await readAnswers(db, questionId))[questionId] ?? [];
}

async function buzzOrder(db: Db, questionId: string): Promise<TBuzz[]> {
  return (await readBuzzes(db, questionId))[questionId] ?? [];
}

function timeIsUp(show: StoredShow, now: number): boolean {
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
    try {
      await trx.insertInto('team_answers').values({ question_id: questionId, team_id: teamId, answer, at: now }).execute();
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('CONFLICT', messages.alreadyAnswered);
      throw error;
    }
    await recorder.record({ type: 'answers', payload: { questionId, items: await answersFor(trx, questionId), teamId } });
    return { teamId, answer, at: now, verdict: null };
  });
}

export async function buzz(deps: Pick<AppDeps, 'db' | 'hub'>, teamId: string, questionId: string): Promise<TBuzz[]> {
  const now = Date.now();
  return liveTransaction(deps, async (recorder) => {
    const { trx } = recorder;
    const { stored } = await readShow(trx);
    if (stored.questionId !== questionId) throw new AppError('CONFLICT', messages.notCurrentQuestion, 'questionId');
    if (!stored.buzzerOpen || timeIsUp(stored, now)) throw new AppError('CONFLICT', messages.buzzerClosed);
    try {
      await trx.insertInto('buzzes').values({ question_id: questionId, team_id: teamId, at: now }).execute();
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('CONFLICT', messages.alreadyBuzzed);
      throw error;
    }
    const order = await buzzOrder(trx, questionId);
    await recorder.record({ type: 'buzz', payload: { questionId, order } });
    return order;
  });
}

/**
 * The field a right answer counts on: the open field when it is an answers field, else the answers
 * field named after the round (phan-N), else the first answers field of the sheet.
 */
async function answersFieldFor(db: Db, show: StoredShow): Promise<string> {
  const fields = await db.selectFrom('score_fields').select(['name', 'kind']).where('kind', '=', 'answers').orderBy('position').execute();
  const names = fields.map((f) => f.name);
  const chosen =
    (show.activeField && names.includes(show.activeField) && show.activeField) || names.find((n) => n === `phan-${show.fw}`) || names[0];
  if (!chosen) throw badRequest(messages.noAnswersField, 'verdict');
  return chosen;
}

async function questionPoint(db: Db, questionId: string): Promise<number> {
  const sets = await db.selectFrom('question_sets').select(['id', 'items']).execute();
  for (const set of sets) {
    const item = questionItemsOf(set).find((q) => q.id === questionId);
    if (item) return item.point;
  }
  return 0;
}

export async function setVerdict(
  deps: Pick<AppDeps, 'db' | 'hub'>,
  actorId: string,
  input: { questionId: string; teamId: string; verdict: 'right' | 'wrong' | null },
): Promise<TTeamAnswer[]> {
  return liveTransaction(deps, async (recorder) => {
    const { trx } = recorder;
    // The show row first, as every writer that also records events takes it: no lock cycle.
    const show = await readShow(trx, true);
    const row = await trx
      .selectFrom('team_answers')
      .select(['id', 'verdict', 'points', 'field_name', 'answer'])
      .where('question_id', '=', input.questionId)
      .where('team_id', '=', input.teamId)
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw notFound(messages.answerNotFound);
    const points = input.verdict === 'right' ? await questionPoint(trx, input.questionId) : 0;
    const fieldName = row.field_name ?? (points > 0 || row.points > 0 ? await answersFieldFor(trx, show.stored) : null);
    const delta = points - row.points;
    let scoreChange: ScoreChange | null = null;
    if (delta !== 0 && fieldName) {
      const current = await trx
        .selectFrom('scores')
        .select('point')
        .where('team_id', '=', input.teamId)
        .where('gk_id', '=', ANSWERS_GK_ID)
        .where('field_name', '=', fieldName)
        .executeTakeFirst();
      scoreChange = (
        await applyScoreChange(trx, {
          teamId: input.teamId,
          gkId: ANSWERS_GK_ID,
          fieldName,
          point: (current?.point ?? 0) + delta,
          actorId,
          source: 'answer',
          reason: `${input.questionId}: ${input.verdict ?? messages.results.verdictCleared}`,
        })
      ).live;
    }
    await trx.updateTable('team_answers').set({ verdict: input.verdict, points, field_name: fieldName }).where('id', '=', row.id).execute();
    const items = await answersFor(trx, input.questionId);
    // A verdict on an answer that is on screen 2 changes what the audience sees.
    const onScreen = show.stored.questionId === input.questionId && show.stored.shownAnswers.includes(input.teamId);
    const next = { ...show.stored };
    const saved = onScreen ? await saveShow(trx, show, next, false) : null;
    // Events last: the ordered section is only their inserts and the commit.
    if (scoreChange) await recorder.record({ type: 'scores', payload: { changes: [scoreChange] } });
    await recorder.record({ type: 'answers', payload: { questionId: input.questionId, items, teamId: input.teamId } });
    if (saved) await recorder.show(saved, next);
    return items;
  });
}
