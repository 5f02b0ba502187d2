/**
 * The master's verdict on one team answer, by the format of its set: Tăng tốc moves every right
 * answer's place (`speed.ts`); an obstacle row gives the row's points; any other question its own
 * points when right; a câu hỏi phụ nothing (it only orders tied teams).
 */
import type { Transaction } from 'kysely';
import type { MoveRow } from '../../../src/live';
import { rowPoints } from '../../../src/roundFormats';
import type { Database } from '../../db/types';
import type { StoredShow } from '../show/store';
import { suddenDeathOn } from '../tieBreak/suddenDeath';
import { type Actor, moveAnswerPoints, type questionRule, type VerdictOutcome } from './points';
import { speedVerdict } from './speed';

export interface AnswerVerdictInput {
  questionId: string;
  teamId: string;
  verdict: 'right' | 'wrong' | null;
}

/** The judged answer's row as stored (locked by the caller). */
export interface AnswerRow {
  id: string;
  verdict: 'right' | 'wrong' | null;
  points: number;
  field_name: string | null;
}

export async function judgeAnswer(
  trx: Transaction<Database>,
  show: StoredShow,
  actor: Actor,
  rule: Awaited<ReturnType<typeof questionRule>>,
  row: AnswerRow,
  input: AnswerVerdictInput,
  reason: string,
): Promise<VerdictOutcome> {
  if (rule.format.kind === 'speed') return speedVerdict(trx, show, actor, rule.format, input, reason);
  const obstacle = rule.format.kind === 'obstacle' ? rule.format : null;
  const rowRule = obstacle ? rowPoints(obstacle, rule.index, input.verdict === 'right') : null;
  const points = suddenDeathOn(show, input.questionId) ? 0 : rowRule ? rowRule.points : input.verdict === 'right' ? rule.point : 0;
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
