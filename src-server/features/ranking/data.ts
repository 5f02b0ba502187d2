/**
 * The tie-break chain's data: the rules (in `settings.data`), when answers opened on each question
 * (for the speed-time rule), and the sudden-death results. The ranking itself is `src/scoring.ts`.
 */
import type { Kysely, Transaction } from 'kysely';
import type { StoredShow } from '../../../src/live';
import { messages } from '../../../src/messages';
import type { TSuddenDeath, TTieBreakList, TTieBreakRule } from '../../../src/schemas/tieBreak';
import { z } from '../../../src/schemas/zod';
import { type AnswerOpening, defaultTieBreakRules } from '../../../src/tieBreak';
import { parseStored } from '../../db/json';
import type { Database } from '../../db/types';
import { badRequest } from '../../errors';
import type { EventRecorder } from '../live/record';

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
        .column('question_id')
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

const ZParticipants = z.array(z.string());

/** Every sudden-death result, oldest first. */
export async function readSuddenDeaths(db: Db): Promise<TSuddenDeath[]> {
  const rows = await db
    .selectFrom('sudden_deaths')
    .select(['id', 'question_id', 'participants', 'winner_id', 'at'])
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    id: Number(r.id),
    questionId: r.question_id,
    participants: parseStored(ZParticipants, r.participants, `sudden_deaths.participants of ${r.id}`),
    winnerId: r.winner_id,
    at: Number(r.at),
  }));
}

export interface SuddenDeathInput {
  /** The tie-break question (a question of a set whose format has `tieBreak: true`). */
  questionId: string;
  /** The tied teams that took part (at least two). */
  participants: string[];
  /** The team whose right answer was first in the server's order; one of the participants. */
  winnerId: string;
  /** When it was judged (ms since the epoch); now by default. */
  at?: number;
}

/**
 * Records a sudden-death result inside the caller's live transaction and tells every screen (the
 * `suddenDeaths` event): the chain's sudden-death rule then ranks the winner above the other
 * participants. Call it after the transaction's other writes, like any event.
 */
export async function recordSuddenDeath(recorder: EventRecorder, input: SuddenDeathInput): Promise<TSuddenDeath> {
  const participants = [...new Set(input.participants)];
  if (participants.length < 2) throw badRequest(messages.suddenDeathParticipants, 'participants');
  if (!participants.includes(input.winnerId)) throw badRequest(messages.suddenDeathWinner, 'winnerId');
  const known = await recorder.trx.selectFrom('teams').select('id').where('id', 'in', participants).execute();
  if (known.length !== participants.length) throw badRequest(messages.teamNotFound, 'participants');
  const at = input.at ?? Date.now();
  const row = await recorder.trx
    .insertInto('sudden_deaths')
    .values({ question_id: input.questionId, participants: JSON.stringify(participants), winner_id: input.winnerId, at })
    .returning('id')
    .executeTakeFirstOrThrow();
  await recorder.record({ type: 'suddenDeaths', payload: { records: await readSuddenDeaths(recorder.trx) } });
  return { id: Number(row.id), questionId: input.questionId, participants, winnerId: input.winnerId, at };
}
