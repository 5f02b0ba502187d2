/**
 * The tie-break chain's data: the rules (in `settings.data`) and when answers opened on each question
 * (for the speed-time rule). The sudden-death results are `suddenDeath.ts`; the chain itself is
 * `src/tieBreak.ts`, the ranking `src/scoring.ts`.
 */
import type { Kysely, Transaction } from 'kysely';
import type { StoredShow } from '../../../src/live';
import type { TTieBreakList, TTieBreakRule } from '../../../src/schemas/tieBreak';
import { type AnswerOpening, defaultTieBreakRules } from '../../../src/tieBreak';
import type { Database } from '../../db/types';

type Db = Kysely<Database> | Transaction<Database>;

/** The rules in force: the stored list, or the default built from the sheet. */
export function tieBreakList(
  stored: readonly TTieBreakRule[] | null | undefined,
  fields: readonly { name: string; position: number; weight: number }[],
): TTieBreakList {
  return stored ? { rules: [...stored], isDefault: false } : { rules: defaultTieBreakRules(fields), isDefault: true };
}

/**
 * Remembers when answers opened on the show's question (and whether its set is a speed round), so
 * a right answer's time (`elapsedMs`) can still be summed once the show has moved on. Called with
 * every show event (`EventRecorder.show`); a state without open answers leaves the table alone.
 */
export async function recordAnswersOpened(trx: Transaction<Database>, show: StoredShow): Promise<void> {
  if (!show.questionId || show.answersOpenedAt === null) return;
  const row = { question_id: show.questionId, opened_at: show.answersOpenedAt, speed: show.format === 'speed' };
  await trx
    .insertInto('answer_openings')
    .values(row)
    .onConflict((oc) =>
      oc
        .columns(['contest_id', 'question_id'])
        .doUpdateSet({ opened_at: row.opened_at, speed: row.speed })
        .where((eb) => eb.or([eb('answer_openings.opened_at', '<>', row.opened_at), eb('answer_openings.speed', '<>', row.speed)])),
    )
    .execute();
}

export async function readAnswerOpenings(db: Db): Promise<AnswerOpening[]> {
  const rows = await db.selectFrom('answer_openings').select(['question_id', 'opened_at', 'speed']).execute();
  // In code-point order, as the live model lists them (a database's collation may differ).
  return rows
    .map((r) => ({ questionId: r.question_id, openedAt: Number(r.opened_at), speed: r.speed }))
    .sort((a, b) => (a.questionId < b.questionId ? -1 : a.questionId > b.questionId ? 1 : 0));
}
