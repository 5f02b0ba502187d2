/** The teams' answers as stored: the current attempt's, by question. */
import type { Kysely, Transaction } from 'kysely';
import type { TTeamAnswer } from '../../../src/schemas/show';
import type { Database } from '../../db/types';

type Db = Kysely<Database> | Transaction<Database>;

export async function readAnswers(db: Db, questionId?: string): Promise<Record<string, TTeamAnswer[]>> {
  // The round's current attempt only: a replayed round's earlier answers stay stored, set aside.
  let query = db
    .selectFrom('team_answers')
    .select(['question_id', 'team_id', 'answer', 'at', 'verdict', 'points'])
    .where('archived_attempt', 'is', null);
  if (questionId) query = query.where('question_id', '=', questionId);
  const rows = await query.orderBy('at').orderBy('team_id').execute();
  const byQuestion: Record<string, TTeamAnswer[]> = {};
  for (const r of rows) {
    byQuestion[r.question_id] ??= [];
    byQuestion[r.question_id]!.push({
      teamId: r.team_id,
      answer: r.answer,
      at: Number(r.at),
      verdict: r.verdict,
      points: Number(r.points),
    });
  }
  return byQuestion;
}
