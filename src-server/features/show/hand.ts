/**
 * Points given or taken by hand: staff (the master or the admin) add to or take from a team's
 * answers field, with a reason, from the console or the dashboard. One audited change, a move the
 * console's history names and its undo takes back, and an entry in the action log with its context.
 */

import { messages } from '../../../src/messages';
import { movesText } from '../../../src/messages/moves';
import type { AppDeps } from '../../context';
import { badRequest, notFound } from '../../errors';
import { recordAction } from '../actions/log';
import { type Actor, addAnswerPoints, teamName } from '../formats/points';
import { liveTransaction } from '../live/record';
import { asMove, readShow, type StoredShow, saveShow } from './store';

export async function giveHandPoints(
  deps: Pick<AppDeps, 'db' | 'hub'>,
  actor: Actor,
  input: { teamId: string; fieldName: string; points: number; reason: string },
): Promise<{ label: string }> {
  const field = deps.hub.live.standings.sheet().find((f) => f.name === input.fieldName);
  if (!field) throw notFound(messages.scoreFieldNotFound);
  if (field.kind !== 'answers') throw badRequest(movesText.handFieldNotAnswers, 'fieldName');
  if (!deps.hub.live.standings.allTeams().some((t) => t.id === input.teamId)) throw notFound(messages.teamNotFound);
  if (input.points === 0) throw badRequest(movesText.handPointsZero, 'points');
  return liveTransaction(deps, async (recorder) => {
    const { trx } = recorder;
    const show = await readShow(trx, true);
    const applied = await addAnswerPoints(trx, input.teamId, field.name, input.points, {
      actorId: actor.id,
      source: 'hand',
      rule: null,
      reason: input.reason,
    });
    const label = movesText.hand(teamName(deps, input.teamId), input.points, field.label);
    const next: StoredShow = { ...show.stored };
    asMove(next, { label, by: actor.name, scoreEvents: [applied.eventId] });
    const saved = await saveShow(trx, show, next);
    await recordAction(trx, {
      actorId: actor.id,
      kind: 'points.hand',
      summary: `${label}: ${input.reason}`,
      target: { teamId: input.teamId, fieldName: field.name, scoreEvent: applied.eventId },
      before: { point: applied.live.point === null ? null : applied.live.point - input.points },
      after: { point: applied.live.point },
    });
    await recorder.record({ type: 'scores', payload: { changes: [applied.live] } });
    await recorder.show(saved, next, { userId: actor.id, name: actor.name, consoleId: null, move: { kind: 'move', label } });
    return { label };
  });
}
