/**
 * Tăng tốc on the server: every team answers; right answers score by the order the server received
 * them. A verdict may move every other right answer's place, so the question's places are computed
 * again and each point that moved is one audited change.
 */

import { messages } from '../../../src/messages';
import { speedPlaces } from '../../../src/roundFormats';
import type { TSpeedFormat } from '../../../src/schemas/roundFormat';
import type { Trx } from '../live/record';
import type { StoredShow } from '../show/store';
import { type Actor, moveAnswerPoints, type VerdictOutcome } from './points';

export async function speedVerdict(
  trx: Trx,
  show: StoredShow,
  actor: Actor,
  format: TSpeedFormat,
  input: { questionId: string; teamId: string; verdict: 'right' | 'wrong' | null },
  reason: string,
): Promise<VerdictOutcome> {
  const outcome: VerdictOutcome = { changes: [], events: [], rows: [], movedTeams: [], delta: 0 };
  const rows = await trx
    .selectFrom('team_answers')
    .select(['id', 'team_id', 'at', 'verdict', 'points', 'field_name'])
    .where('question_id', '=', input.questionId)
    .where('archived_attempt', 'is', null)
    .orderBy('at')
    .orderBy('team_id')
    .forUpdate()
    .execute();
  const verdicts = rows.map((r) => ({
    teamId: r.team_id,
    at: Number(r.at),
    verdict: r.team_id === input.teamId ? input.verdict : r.verdict,
  }));
  const places = speedPlaces(verdicts, format.placePoints);
  for (const [i, r] of rows.entries()) {
    const place = places[i]!;
    const judged = r.team_id === input.teamId;
    const moved = await moveAnswerPoints(trx, show, r, place.points, {
      actorId: actor.id,
      source: 'speed',
      rule: place.rule ?? 'speed:place=-:0',
      reason: judged ? reason : `${input.questionId}: ${messages.results.placeMoved}`,
    });
    if (!moved.applied && !judged) continue;
    outcome.rows.push({
      kind: 'answer',
      questionId: input.questionId,
      teamId: r.team_id,
      verdict: r.verdict,
      points: Number(r.points),
      fieldName: r.field_name,
    });
    if (moved.applied) {
      outcome.changes.push(moved.applied.live);
      outcome.events.push(moved.applied.eventId);
      if (!judged) outcome.movedTeams.push(r.team_id);
    }
    if (judged) outcome.delta = place.points - Number(r.points);
    await trx
      .updateTable('team_answers')
      .set({ verdict: judged ? input.verdict : r.verdict, points: place.points, field_name: moved.fieldName })
      .where('id', '=', r.id)
      .execute();
  }
  return outcome;
}
