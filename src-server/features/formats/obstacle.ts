/**
 * Vượt chướng ngại vật on the server: the board (rows played, revealed, the centre clue, who is out,
 * who solved it) as moves change it, and the keyword: buzzed at any moment but while a row runs,
 * judged in the server's buzz order, solved at most once. The board lives in its round's record, so
 * leaving the round and coming back finds it as it was.
 */

import type { ScoreChange } from '../../../src/live';
import { messages } from '../../../src/messages';
import { movesText } from '../../../src/messages/moves';
import { keywordPoints, letterBoxes } from '../../../src/roundFormats';
import type { TQuestion } from '../../../src/schemas/questionSet';
import type { TFormat } from '../../../src/schemas/roundFormat';
import { keywordBuzzKey, type ObstacleScene, type TBuzz, type TShowChanges } from '../../../src/schemas/show';
import type { AppDeps } from '../../context';
import { AppError, badRequest } from '../../errors';
import { liveTransaction } from '../live/record';
import { formatOf, questionItemsOf } from '../questionSet/data';
import { buzzOrder, ringBuzzer } from '../show/buzzes';
import { asMove, readShow, roundOf, type StoredShow, saveShow } from '../show/store';
import { type OnAirSet, roundOnAir } from './onAir';
import { type Actor, addAnswerPoints, answersFieldFor, teamName } from './points';

type ObstacleState = Pick<ObstacleScene, 'played' | 'revealed' | 'clueShown' | 'eliminated' | 'solvedBy' | 'ended'>;

/** What every screen may see of the obstacle round: secrets only once revealed. */
export function obstacleScene(
  setId: string,
  format: Extract<TFormat, { kind: 'obstacle' }>,
  rows: TQuestion[],
  state: ObstacleState,
): ObstacleScene {
  return {
    setId,
    tiles: format.tiles,
    picture: format.picture?.url ?? null,
    rows: rows.map((q, i) => ({ letters: letterBoxes(q.answer), answer: state.ended || state.revealed.includes(i) ? q.answer : null })),
    keywordLetters: letterBoxes(format.keyword),
    keyword: state.ended ? format.keyword : null,
    clue: state.clueShown && format.centreClue ? format.centreClue : null,
    played: state.played,
    revealed: state.revealed,
    clueShown: state.clueShown,
    eliminated: state.eliminated,
    solvedBy: state.solvedBy,
    ended: state.ended,
  };
}

/** A master's move in the obstacle round. */
type Move = TShowChanges['obstacle'];

/**
 * The obstacle round after a move: as its round's record keeps it (fresh the first time its set comes
 * on air), a row counted as played when its question is chosen, and the master's reveal, clue and end
 * moves. Null outside an obstacle set.
 */
export function obstacleAfter(current: StoredShow, next: StoredShow, set: OnAirSet, index: number, move: Move): ObstacleScene | null {
  const onAir = roundOnAir(set, next, 'obstacle', move, messages.notObstacleRound);
  if (!onAir) return null;
  const { setId, items, format } = onAir;
  const rows = items.slice(0, format.tiles);
  const previous = current.obstacle?.setId === setId ? current.obstacle : roundOf(current, setId).obstacle;
  const state: ObstacleState = {
    played: previous?.played ?? [],
    revealed: previous?.revealed ?? [],
    clueShown: previous?.clueShown ?? false,
    eliminated: previous?.eliminated ?? [],
    solvedBy: previous?.solvedBy ?? null,
    ended: previous?.ended ?? false,
  };
  if (index >= 0 && index < rows.length && next.questionId !== current.questionId && !state.played.includes(index)) {
    state.played = [...state.played, index];
  }
  if (move) {
    if (move.action === 'revealRow') {
      const row = move.row ?? -1;
      if (row < 0 || row >= rows.length) throw badRequest(messages.obstacleRowMissing, 'changes.obstacle.row');
      if (!state.revealed.includes(row)) state.revealed = [...state.revealed, row];
    } else if (move.action === 'showClue') state.clueShown = true;
    else state.ended = true;
  }
  return obstacleScene(setId, format, rows, state);
}

/** A row is running from showing its question until its answers close (or its time is up). */
function rowRunning(show: StoredShow, now: number): boolean {
  if (!show.questionId || show.phase !== 'question') return false;
  const timerRunning = show.timer.endsAt !== null && show.timer.endsAt > now;
  return show.answersOpen || timerRunning;
}

/** A wrong keyword takes a team out of the rest of the obstacle round, rows included: it answers no more. */
export function assertNotEliminated(show: StoredShow, teamId: string): void {
  if (show.obstacle?.eliminated.includes(teamId)) throw new AppError('CONFLICT', messages.teamEliminated);
}

/** A team buzzes to guess the obstacle keyword: at any moment of the round except while a row runs. */
export async function keywordBuzz(deps: Pick<AppDeps, 'db' | 'hub'>, teamId: string): Promise<TBuzz[]> {
  const now = Date.now();
  return liveTransaction(deps, async (recorder) => {
    const { trx } = recorder;
    const { stored } = await readShow(trx);
    const obstacle = stored.obstacle;
    if (!obstacle) throw new AppError('CONFLICT', messages.notObstacleRound);
    if (obstacle.ended) throw new AppError('CONFLICT', messages.obstacleEnded);
    assertNotEliminated(stored, teamId);
    if (rowRunning(stored, now)) throw new AppError('CONFLICT', messages.keywordWhileRowRuns);
    const key = keywordBuzzKey(obstacle.setId);
    return ringBuzzer(recorder, key, teamId, now);
  });
}

/**
 * The master judges a keyword guess, in the server's buzz order. Right: the keyword's points by the
 * rows already played (or after the clue), and the round ends with the keyword and the whole picture.
 * Wrong: the team is out of the rest of the round. A round that is over (solved or ended) judges none.
 */
export async function keywordVerdict(
  deps: Pick<AppDeps, 'db' | 'hub'>,
  actor: Actor,
  input: { teamId: string; verdict: 'right' | 'wrong' },
): Promise<void> {
  await liveTransaction(deps, async (recorder) => {
    const { trx } = recorder;
    const show = await readShow(trx, true);
    const obstacle = show.stored.obstacle;
    if (!obstacle) throw new AppError('CONFLICT', messages.notObstacleRound);
    if (obstacle.ended || obstacle.solvedBy) throw new AppError('CONFLICT', messages.obstacleEnded);
    const order = await buzzOrder(trx, keywordBuzzKey(obstacle.setId));
    const judged = new Set(obstacle.eliminated);
    const pending = order.filter((b) => !judged.has(b.teamId));
    if (!order.some((b) => b.teamId === input.teamId) || judged.has(input.teamId)) throw badRequest(messages.keywordNotBuzzed, 'teamId');
    if (pending[0]?.teamId !== input.teamId) throw badRequest(messages.keywordEarlierBuzz, 'teamId');

    const set = await trx
      .selectFrom('question_sets')
      .select(['id', 'items', 'format'])
      .where('id', '=', obstacle.setId)
      .executeTakeFirstOrThrow();
    const format = formatOf(set);
    if (format.kind !== 'obstacle') throw new AppError('CONFLICT', messages.notObstacleRound);
    const next: StoredShow = { ...show.stored };
    const rows = questionItemsOf(set).slice(0, format.tiles);
    const team = teamName(deps, input.teamId);
    let scoreChange: ScoreChange | null = null;
    if (input.verdict === 'right') {
      const { points, rule } = keywordPoints(format, obstacle.played.length, obstacle.clueShown);
      const applied = await addAnswerPoints(trx, input.teamId, await answersFieldFor(trx, show.stored), points, {
        actorId: actor.id,
        source: 'keyword',
        rule,
        reason: `${keywordBuzzKey(obstacle.setId)}: ${input.verdict}`,
      });
      scoreChange = applied.live;
      next.obstacle = obstacleScene(obstacle.setId, format, rows, { ...obstacle, solvedBy: input.teamId, ended: true });
      asMove(next, { label: movesText.keywordRight(team, points), by: actor.name, scoreEvents: [applied.eventId], setId: obstacle.setId });
    } else {
      next.obstacle = obstacleScene(obstacle.setId, format, rows, { ...obstacle, eliminated: [...obstacle.eliminated, input.teamId] });
      asMove(next, { label: movesText.keywordWrong(team), by: actor.name });
    }
    const saved = await saveShow(trx, show, next);
    if (scoreChange) await recorder.record({ type: 'scores', payload: { changes: [scoreChange] } });
    await recorder.show(saved, next);
  });
}
