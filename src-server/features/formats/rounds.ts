/**
 * "Chơi lại vòng này": a round played afresh, on purpose. The attempt's answers and buzzes stay
 * stored, set aside under their attempt's number; the points its moves gave are taken back as
 * audited `restart` events; its board starts clean. The console's undo takes a replay back too.
 */

import type { ScoreChange } from '../../../src/live';
import { messages } from '../../../src/messages';
import { movesText } from '../../../src/messages/moves';
import { keywordBuzzKey, stealBuzzKey } from '../../../src/schemas/show';
import type { AppDeps } from '../../context';
import { AppError, notFound } from '../../errors';
import { recordAction } from '../actions/log';
import { type EventRecorder, liveTransaction, type Trx } from '../live/record';
import { formatOf, questionItemsOf } from '../questionSet/data';
import { reverseScoreEvents } from '../scoring/data';
import { readAnswers } from '../show/answer-rows';
import { readBuzzes } from '../show/buzzes';
import { asMove, readShow, roundOf, type StoredShow, saveShow } from '../show/store';
import { finishAfter } from './finish';
import { obstacleAfter } from './obstacle';
import type { Actor } from './points';

/** Every key a round's answers and buzzes are stored under: its questions, its keyword, its steals. */
export async function roundKeys(trx: Trx, setId: string): Promise<string[]> {
  const set = await trx.selectFrom('question_sets').select(['id', 'items', 'format']).where('id', '=', setId).executeTakeFirst();
  if (!set) return [];
  const ids = questionItemsOf(set).map((q) => q.id);
  return [...ids, ...ids.map(stealBuzzKey), keywordBuzzKey(setId)];
}

/** Tells every screen the answers and buzzes of these keys as they are now. */
export async function recordRoundRows(recorder: EventRecorder, keys: readonly string[]): Promise<void> {
  if (!keys.length) return;
  const answers = await readAnswers(recorder.trx);
  const buzzes = await readBuzzes(recorder.trx);
  for (const key of keys) {
    await recorder.record({ type: 'answers', payload: { questionId: key, items: answers[key] ?? [], teamId: null } });
    await recorder.record({ type: 'buzz', payload: { questionId: key, order: buzzes[key] ?? [] } });
  }
}

/**
 * Sets the round's current answers and buzzes aside under `attempt`; returns the keys that had any.
 * `undo` brings back the rows of `attempt` instead, setting aside whatever the replay had meanwhile.
 */
export async function archiveRound(trx: Trx, keys: readonly string[], attempt: number, undo = false): Promise<string[]> {
  if (!keys.length) return [];
  const touched = new Set<string>();
  const current = () => ({ archived_attempt: undo ? attempt + 1 : attempt });
  for (const table of ['team_answers', 'buzzes'] as const) {
    const set = await trx
      .updateTable(table)
      .set(current())
      .where('question_id', 'in', keys)
      .where('archived_attempt', 'is', null)
      .returning('question_id')
      .execute();
    for (const r of set) touched.add(r.question_id);
    if (undo) {
      const back = await trx
        .updateTable(table)
        .set({ archived_attempt: null })
        .where('question_id', 'in', keys)
        .where('archived_attempt', '=', attempt)
        .returning('question_id')
        .execute();
      for (const r of back) touched.add(r.question_id);
    }
  }
  return [...touched];
}

export async function restartRound(deps: Pick<AppDeps, 'db' | 'hub'>, actor: Actor, input: { setId: string }): Promise<{ label: string }> {
  return liveTransaction(deps, async (recorder) => {
    const { trx } = recorder;
    const show = await readShow(trx, true);
    const set = await trx
      .selectFrom('question_sets')
      .select(['id', 'title', 'set_no', 'items', 'format'])
      .where('id', '=', input.setId)
      .executeTakeFirst();
    if (!set) throw notFound(messages.questionSetNotFound);
    const round = roundOf(show.stored, set.id);
    const keys = await roundKeys(trx, set.id);
    const touched = await archiveRound(trx, keys, round.attempt);
    if (!touched.length && !round.scoreEvents.length && !round.obstacle && !round.finish) {
      throw new AppError('CONFLICT', movesText.restartNothing);
    }
    const changes: ScoreChange[] = await reverseScoreEvents(trx, round.scoreEvents, actor.id, 'restart');
    const reversed = await trx
      .selectFrom('score_events')
      .select('id')
      .where('source', '=', 'restart')
      .where('undoes', 'in', round.scoreEvents.length ? round.scoreEvents : [-1])
      .execute();

    const next: StoredShow = { ...show.stored, rounds: { ...(show.stored.rounds ?? {}) } };
    next.rounds![set.id] = { attempt: round.attempt + 1, obstacle: null, finish: null, scoreEvents: [] };
    if (next.setId === set.id) {
      // The round is on air: its board starts clean, as the first time its set came on air.
      const items = questionItemsOf(set);
      const index = next.questionId ? items.findIndex((q) => q.id === next.questionId) : -1;
      const fresh: StoredShow = { ...next, obstacle: null, finish: null };
      const format = formatOf(set);
      next.obstacle = obstacleAfter(fresh, next, { items, format }, index, undefined);
      next.finish = finishAfter(fresh, next, { items, format }, index, undefined);
      next.buzzTurn = null;
      next.shownAnswers = [];
      next.answersOpen = false;
      next.buzzerOpen = false;
    }
    const label = movesText.restart(set.title, round.attempt + 1);
    asMove(next, { label, by: actor.name, scoreEvents: reversed.map((r) => Number(r.id)) });
    next.moveArchived = { setId: set.id, attempt: round.attempt };
    const saved = await saveShow(trx, show, next);
    await recordAction(trx, {
      actorId: actor.id,
      kind: 'round.restart',
      summary: label,
      target: { setId: set.id, round: set.set_no },
      before: { text: movesText.attemptKept(round.attempt, touched.length, round.scoreEvents.length), attempt: round.attempt },
      after: { text: movesText.attempt(round.attempt + 1), attempt: round.attempt + 1 },
    });
    if (changes.length) await recorder.record({ type: 'scores', payload: { changes } });
    await recordRoundRows(recorder, touched);
    await recorder.show(saved, next, { userId: actor.id, name: actor.name, consoleId: null, move: { kind: 'move', label } });
    return { label };
  });
}
