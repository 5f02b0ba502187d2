/**
 * Teams answer and buzz on the current question, by the server's clock; the master marks answers
 * right or wrong, and a right answer's points go to the team on the round's answers field.
 */
import type { Kysely, Transaction } from 'kysely';
import { messages } from '../../../src/messages';
import { ANSWERS_GK_ID } from '../../../src/scoring';
import { keywordBuzzKey, type TBuzz, type TTeamAnswer } from '../../../src/schemas/show';
import type { Database, ScoreSource } from '../../db/types';
import { CLASSIC_FORMAT, type TFormat } from '../../../src/schemas/format';
import { keywordPoints, rowPoints, speedPlaces } from '../../../src/formats';
import { isUniqueViolation } from '../../db/errors';
import { AppError, badRequest, notFound } from '../../errors';
import type { ScoreChange } from '../../../src/live';
import type { AppDeps } from '../../context';
import { readAnswers, readBuzzes, readShow } from '../live/load';
import { liveTransaction } from '../live/record';
import { formatOf, questionItemsOf } from '../questionSet/data';
import { recordSuddenDeath } from '../ranking/data';
import { applyScoreChange } from '../scoring/data';
import { obstacleScene, saveShow, type StoredShow } from './state';

type Db = Kysely<Database> | Transaction<Database>;

async function answersFor(db: Db, questionId: string): Promise<TTeamAnswer[]> {
  return (await readAnswers(db, questionId))[questionId] ?? [];
}

export async function buzzOrder(db: Db, questionId: string): Promise<TBuzz[]> {
  return (await readBuzzes(db, questionId))[questionId] ?? [];
}

export function timeIsUp(show: StoredShow, now: number): boolean {
  const { endsAt, remainingMs } = show.timer;
  return endsAt === null ? remainingMs <= 0 && show.timer.durationMs > 0 : now > endsAt;
}

export async function submitAnswer(
  deps: Pick<AppDeps, 'db' | 'hub'>,
  teamId: string,
  questionId: string,
  answer: string,
): Promise<TTeamAnswer> {
  const now = Date.now();
  return liveTransaction(deps, async (recorder) => {
    const { trx } = recorder;
    const { stored } = await readShow(trx);
    if (stored.questionId !== questionId) throw new AppError('CONFLICT', messages.notCurrentQuestion, 'questionId');
    if (!stored.answersOpen || timeIsUp(stored, now)) throw new AppError('CONFLICT', messages.answersClosed);
    // A wrong keyword takes a team out of the rest of the obstacle round, rows included.
    if (stored.obstacle?.eliminated.includes(teamId)) throw new AppError('CONFLICT', messages.teamEliminated);
    if (stored.suddenDeath && !stored.suddenDeath.teamIds.includes(teamId)) throw new AppError('FORBIDDEN', messages.suddenDeathOnly);
    try {
      await trx.insertInto('team_answers').values({ question_id: questionId, team_id: teamId, answer, at: now }).execute();
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('CONFLICT', messages.alreadyAnswered);
      throw error;
    }
    await recorder.record({ type: 'answers', payload: { questionId, items: await answersFor(trx, questionId), teamId } });
    return { teamId, answer, at: now, verdict: null, points: 0 };
  });
}

export async function buzz(deps: Pick<AppDeps, 'db' | 'hub'>, teamId: string, questionId: string): Promise<TBuzz[]> {
  const now = Date.now();
  return liveTransaction(deps, async (recorder) => {
    const { trx } = recorder;
    const { stored } = await readShow(trx);
    if (stored.questionId !== questionId) throw new AppError('CONFLICT', messages.notCurrentQuestion, 'questionId');
    if (!stored.buzzerOpen || timeIsUp(stored, now)) throw new AppError('CONFLICT', messages.buzzerClosed);
    if (stored.suddenDeath && !stored.suddenDeath.teamIds.includes(teamId)) throw new AppError('FORBIDDEN', messages.suddenDeathOnly);
    try {
      await trx.insertInto('buzzes').values({ question_id: questionId, team_id: teamId, at: now }).execute();
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('CONFLICT', messages.alreadyBuzzed);
      throw error;
    }
    const order = await buzzOrder(trx, questionId);
    await recorder.record({ type: 'buzz', payload: { questionId, order } });
    return order;
  });
}

/**
 * The field a right answer counts on: the open field when it is an answers field, else the round's
 * answers field (its `round`, or for a field without one its name, phan-N), else the sheet's first.
 */
export async function answersFieldFor(db: Db, show: StoredShow): Promise<string> {
  const fields = await db
    .selectFrom('score_fields')
    .select(['name', 'round'])
    .where('kind', '=', 'answers')
    .orderBy('position')
    .orderBy('label')
    .execute();
  const names = fields.map((f) => f.name);
  const chosen =
    (show.activeField && names.includes(show.activeField) && show.activeField) ||
    fields.find((f) => f.round === show.fw)?.name ||
    fields.find((f) => f.round === null && f.name === `phan-${show.fw}`)?.name ||
    names[0];
  if (!chosen) throw badRequest(messages.noAnswersField, 'verdict');
  return chosen;
}

/** The question's own points and the format of the set it is in (classic when no set holds it). */
async function questionRule(db: Db, questionId: string): Promise<{ point: number; index: number; format: TFormat }> {
  const sets = await db.selectFrom('question_sets').select(['id', 'items', 'format']).execute();
  for (const set of sets) {
    const items = questionItemsOf(set);
    const index = items.findIndex((q) => q.id === questionId);
    if (index >= 0) return { point: items[index]!.point, index, format: formatOf(set) };
  }
  return { point: 0, index: -1, format: CLASSIC_FORMAT };
}

/**
 * Adds `delta` to a team's points on an answers field: one audited change. Shared by every rule that
 * scores answers (a verdict, a speed place, an obstacle row or keyword).
 */
export async function addAnswerPoints(
  trx: Transaction<Database>,
  teamId: string,
  fieldName: string,
  delta: number,
  change: { actorId: string; source: ScoreSource; rule: string | null; reason: string },
) {
  const current = await trx
    .selectFrom('scores')
    .select('point')
    .where('team_id', '=', teamId)
    .where('gk_id', '=', ANSWERS_GK_ID)
    .where('field_name', '=', fieldName)
    .executeTakeFirst();
  return applyScoreChange(trx, { teamId, gkId: ANSWERS_GK_ID, fieldName, point: (current?.point ?? 0) + delta, ...change });
}

/**
 * Moves a team's points for an answer from what it had to `points`, on its field (the round's answers
 * field when it has none yet): one audited change, or none when nothing moves.
 */
async function moveAnswerPoints(
  trx: Transaction<Database>,
  show: StoredShow,
  row: { team_id: string; points: number; field_name: string | null },
  points: number,
  change: { actorId: string; source: ScoreSource; rule: string | null; reason: string },
): Promise<{ fieldName: string | null; live: ScoreChange | null }> {
  const fieldName = row.field_name ?? (points > 0 || row.points > 0 ? await answersFieldFor(trx, show) : null);
  const delta = points - row.points;
  if (delta === 0 || !fieldName) return { fieldName, live: null };
  const { live } = await addAnswerPoints(trx, row.team_id, fieldName, delta, change);
  return { fieldName, live };
}

export async function setVerdict(
  deps: Pick<AppDeps, 'db' | 'hub'>,
  actorId: string,
  input: { questionId: string; teamId: string; verdict: 'right' | 'wrong' | null },
): Promise<TTeamAnswer[]> {
  return liveTransaction(deps, async (recorder) => {
    const { trx } = recorder;
    // The show row first, as every writer that also records events takes it: no lock cycle.
    const show = await readShow(trx, true);
    const row = await trx
      .selectFrom('team_answers')
      .select(['id', 'verdict', 'points', 'field_name', 'answer'])
      .where('question_id', '=', input.questionId)
      .where('team_id', '=', input.teamId)
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw notFound(messages.answerNotFound);
    const rule = await questionRule(trx, input.questionId);
    const reason = `${input.questionId}: ${input.verdict ?? messages.results.verdictCleared}`;
    const scoreChanges: ScoreChange[] = [];
    // Other teams whose points moved with this verdict (a speed round's places): each is told.
    const movedTeams: string[] = [];
    if (rule.format.kind === 'speed') {
      // Every right answer's place may move: recompute the question's places and move each point that changed.
      const rows = await trx
        .selectFrom('team_answers')
        .select(['id', 'team_id', 'at', 'verdict', 'points', 'field_name'])
        .where('question_id', '=', input.questionId)
        .forUpdate()
        .execute();
      const verdicts = rows.map((r) => ({ teamId: r.team_id, at: Number(r.at), verdict: r.id === row.id ? input.verdict : r.verdict }));
      const places = speedPlaces(verdicts, rule.format.placePoints);
      for (const [i, r] of rows.entries()) {
        const place = places[i]!;
        const moved = await moveAnswerPoints(trx, show.stored, r, place.points, {
          actorId,
          source: 'speed',
          rule: place.rule ?? 'speed:place=-:0',
          reason: r.id === row.id ? reason : `${input.questionId}: ${messages.results.placeMoved}`,
        });
        if (moved.live) scoreChanges.push(moved.live);
        if (moved.live && r.id !== row.id) movedTeams.push(r.team_id);
        const verdict = r.id === row.id ? input.verdict : r.verdict;
        if (moved.live || r.id === row.id) {
          await trx
            .updateTable('team_answers')
            .set({ verdict, points: place.points, field_name: moved.fieldName })
            .where('id', '=', r.id)
            .execute();
        }
      }
    } else {
      const obstacle = rule.format.kind === 'obstacle' ? rule.format : null;
      const rowRule = obstacle ? rowPoints(obstacle, rule.index, input.verdict === 'right') : null;
      // A câu hỏi phụ only orders tied teams: a right answer wins it and scores nothing.
      const suddenDeath = show.stored.suddenDeath?.questionId === input.questionId;
      const points = suddenDeath ? 0 : rowRule ? rowRule.points : input.verdict === 'right' ? rule.point : 0;
      const moved = await moveAnswerPoints(trx, show.stored, { ...row, team_id: input.teamId }, points, {
        actorId,
        source: rowRule ? 'row' : 'answer',
        rule: rowRule?.rule ?? null,
        reason,
      });
      if (moved.live) scoreChanges.push(moved.live);
      await trx
        .updateTable('team_answers')
        .set({ verdict: input.verdict, points, field_name: moved.fieldName })
        .where('id', '=', row.id)
        .execute();
    }
    const items = await answersFor(trx, input.questionId);
    // A verdict on an answer that is on screen 2 changes what the audience sees.
    // (In a speed round every shown answer's points may have moved.)
    const shown = show.stored.shownAnswers;
    const onScreen =
      show.stored.questionId === input.questionId && (rule.format.kind === 'speed' ? shown.length > 0 : shown.includes(input.teamId));
    const next = { ...show.stored };
    const winnerId = suddenDeathWinner(show.stored, input.questionId, items);
    if (winnerId) next.suddenDeath = { ...show.stored.suddenDeath!, winnerId };
    const saved = onScreen || winnerId ? await saveShow(trx, show, next, false) : null;
    // Events last: the ordered section is only their inserts and the commit.
    if (scoreChanges.length) await recorder.record({ type: 'scores', payload: { changes: scoreChanges } });
    await recorder.record({ type: 'answers', payload: { questionId: input.questionId, items, teamId: input.teamId } });
    for (const teamId of movedTeams) await recorder.record({ type: 'answers', payload: { questionId: input.questionId, items, teamId } });
    if (winnerId) {
      const { teamIds } = show.stored.suddenDeath!;
      await recordSuddenDeath(recorder, { questionId: input.questionId, participants: teamIds, winnerId });
    }
    if (saved) await recorder.show(saved, next);
    return items;
  });
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

// ------------------------------------------------------------------------------------ the obstacle keyword

/** A row is running from showing its question until its answers close (or its time is up). */
function rowRunning(show: StoredShow, now: number): boolean {
  if (!show.questionId || show.phase !== 'question') return false;
  const timerRunning = show.timer.endsAt !== null && show.timer.endsAt > now;
  return show.answersOpen || timerRunning;
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
    if (obstacle.eliminated.includes(teamId)) throw new AppError('CONFLICT', messages.teamEliminated);
    if (rowRunning(stored, now)) throw new AppError('CONFLICT', messages.keywordWhileRowRuns);
    const key = keywordBuzzKey(obstacle.setId);
    try {
      await trx.insertInto('buzzes').values({ question_id: key, team_id: teamId, at: now }).execute();
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('CONFLICT', messages.alreadyBuzzed);
      throw error;
    }
    const order = await buzzOrder(trx, key);
    await recorder.record({ type: 'buzz', payload: { questionId: key, order } });
    return order;
  });
}

/**
 * The master judges a keyword guess, in the server's buzz order. Right: the keyword's points by the
 * rows already played (or after the clue), and the round ends with the keyword and the whole picture.
 * Wrong: the team is out of the rest of the round.
 */
export async function keywordVerdict(
  deps: Pick<AppDeps, 'db' | 'hub'>,
  actorId: string,
  input: { teamId: string; verdict: 'right' | 'wrong' },
): Promise<void> {
  await liveTransaction(deps, async (recorder) => {
    const { trx } = recorder;
    const show = await readShow(trx, true);
    const obstacle = show.stored.obstacle;
    if (!obstacle) throw new AppError('CONFLICT', messages.notObstacleRound);
    if (obstacle.ended) throw new AppError('CONFLICT', messages.obstacleEnded);
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
    delete next.moveScores;
    let scoreChange: ScoreChange | null = null;
    if (input.verdict === 'right') {
      const { points, rule } = keywordPoints(format, obstacle.played.length, obstacle.clueShown);
      const applied = await addAnswerPoints(trx, input.teamId, await answersFieldFor(trx, show.stored), points, {
        actorId,
        source: 'keyword',
        rule,
        reason: `${keywordBuzzKey(obstacle.setId)}: ${input.verdict}`,
      });
      scoreChange = applied.live;
      // The show's undo takes this move back with its points.
      next.moveScores = [applied.eventId];
      next.obstacle = obstacleScene(obstacle.setId, format, questionItemsOf(set).slice(0, format.tiles), {
        ...obstacle,
        solvedBy: input.teamId,
        ended: true,
      });
    } else {
      next.obstacle = obstacleScene(obstacle.setId, format, questionItemsOf(set).slice(0, format.tiles), {
        ...obstacle,
        eliminated: [...obstacle.eliminated, input.teamId],
      });
    }
    const saved = await saveShow(trx, show, next);
    if (scoreChange) await recorder.record({ type: 'scores', payload: { changes: [scoreChange] } });
    await recorder.show(saved, next);
  });
}
