/** Buzzes: a team's ring on a question (or a round's keyword, or a steal window), in arrival order. */
import type { Kysely, Transaction } from 'kysely';
import type { TBuzz } from '../../../src/schemas/show';
import type { Database } from '../../db/types';

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
