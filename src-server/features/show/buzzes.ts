/** Buzzes: a team's ring on a question (or a round's keyword, or a steal window), in arrival order. */
import type { Kysely, Transaction } from 'kysely';
import { messages } from '../../../src/messages';
import type { TBuzz } from '../../../src/schemas/show';
import { isUniqueViolation } from '../../db/errors';
import type { Database } from '../../db/types';
import { AppError } from '../../errors';
import type { EventRecorder } from '../live/record';

type Db = Kysely<Database> | Transaction<Database>;

export async function readBuzzes(db: Db, questionId?: string): Promise<Record<string, TBuzz[]>> {
  let query = db.selectFrom('buzzes').select(['question_id', 'team_id', 'at', 'verdict', 'points']).where('archived_attempt', 'is', null);
  if (questionId) query = query.where('question_id', '=', questionId);
  const rows = await query.orderBy('at').orderBy('seq').execute();
  const byQuestion: Record<string, TBuzz[]> = {};
  for (const r of rows) {
    byQuestion[r.question_id] ??= [];
    byQuestion[r.question_id]!.push({ teamId: r.team_id, at: Number(r.at), verdict: r.verdict, points: Number(r.points) });
  }
  return byQuestion;
}

/** The buzz order on one question (or keyword, or steal window), the current attempt's. */
export async function buzzOrder(db: Db, questionId: string): Promise<TBuzz[]> {
  return (await readBuzzes(db, questionId))[questionId] ?? [];
}

/**
 * A team rings on `questionId` (a question, an obstacle round's keyword or a finish steal window) in
 * the caller's live transaction: one ring a team (another is a 409), and the staff get the order.
 * Returns the order with this ring in it.
 */
export async function ringBuzzer(recorder: EventRecorder, questionId: string, teamId: string, at: number): Promise<TBuzz[]> {
  try {
    await recorder.trx.insertInto('buzzes').values({ question_id: questionId, team_id: teamId, at }).execute();
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', messages.alreadyBuzzed);
    throw error;
  }
  const order = await buzzOrder(recorder.trx, questionId);
  await recorder.record({ type: 'buzz', payload: { questionId, order } });
  return order;
}
