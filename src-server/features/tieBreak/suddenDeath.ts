/**
 * The câu hỏi phụ (sudden death), the tie-break chain's last question: put on air for the teams still
 * level, answered and buzzed by them alone, scoring nothing, won by the first answer judged right in
 * the server's order; each result is stored in `sudden_deaths` and ranks the winner above the others.
 */
import type { Kysely, Transaction } from 'kysely';
import type { StoredShow } from '../../../src/live';
import { messages } from '../../../src/messages';
import type { TFormat } from '../../../src/schemas/roundFormat';
import type { TShowChanges, TTeamAnswer } from '../../../src/schemas/show';
import type { TSuddenDeath } from '../../../src/schemas/tieBreak';
import { z } from '../../../src/schemas/zod';
import { parseStored } from '../../db/json';
import type { Database } from '../../db/types';
import { AppError, badRequest } from '../../errors';
import type { EventRecorder } from '../live/record';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * A sudden-death question after a move: put on air for the tied teams named (the question on air must
 * belong to a tie-break set), kept while that question stays, ended with null or another question.
 */
export async function suddenDeathAfter(
  db: Db,
  current: StoredShow,
  next: StoredShow,
  set: { format: TFormat } | null,
  move: TShowChanges['suddenDeath'],
): Promise<StoredShow['suddenDeath']> {
  if (move === null) return null;
  if (move === undefined) {
    const kept = current.suddenDeath;
    return kept && kept.questionId === next.questionId ? kept : null;
  }
  if (!next.questionId || !set?.format.tieBreak) throw badRequest(messages.suddenDeathSet, 'changes.suddenDeath');
  const teamIds = [...new Set(move.teamIds)];
  if (teamIds.length < 2) throw badRequest(messages.suddenDeathParticipants, 'changes.suddenDeath.teamIds');
  const known = await db.selectFrom('teams').select('id').where('id', 'in', teamIds).execute();
  if (known.length !== teamIds.length) throw badRequest(messages.teamNotFound, 'changes.suddenDeath.teamIds');
  return { questionId: next.questionId, teamIds, winnerId: null };
}

/** While a câu hỏi phụ is on air only its teams may answer or buzz (403). */
export function assertSuddenDeathTeam(show: StoredShow, teamId: string): void {
  if (show.suddenDeath && !show.suddenDeath.teamIds.includes(teamId)) throw new AppError('FORBIDDEN', messages.suddenDeathOnly);
}

/** The câu hỏi phụ on air when it is this question (its answers score nothing), else null. */
export function suddenDeathOn(show: StoredShow, questionId: string): StoredShow['suddenDeath'] {
  return show.suddenDeath?.questionId === questionId ? show.suddenDeath : null;
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
