/**
 * Saving the show: one row, a version that grows with every move, the previous states kept for undo,
 * and each round's own state (by question set) kept inside it, so a round left and come back to is
 * found as it was. A move that the console's undo can take back says what it was (`moveLabel`) and
 * what it changed besides the show (`moveScores`, `moveRows`, `moveArchived`).
 */
import type { Kysely, Transaction } from 'kysely';
import type { MoveRow, RoundRecord, StoredShow } from '../../../src/live';
import { ZStoredShowRowSchema } from '../../../src/schemas/live';
import { defaultShowState } from '../../../src/schemas/show';
import { parseStored } from '../../db/json';
import type { Database } from '../../db/types';
import { recordAnswersOpened } from '../tieBreak/data';

type Db = Kysely<Database> | Transaction<Database>;

export type { StoredShow };

export interface ShowRow {
  version: number;
  scoringVersion: number;
  stored: StoredShow;
}

export async function readShow(db: Db, forUpdate = false): Promise<ShowRow> {
  let query = db.selectFrom('show_state').select(['version', 'scoring_version', 'state']).where('id', '=', 1);
  if (forUpdate) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  const { version: _v, title: _t, event: _e, nextMedia: _n, ...defaults } = defaultShowState();
  const state = row ? storedShowOf(row.state, 'show_state.state') : {};
  return { version: row?.version ?? 0, scoringVersion: row?.scoring_version ?? 0, stored: { ...defaults, ...state } };
}

/**
 * A stored show (`show_state.state`, and each `show_history.state` kept for undo): any field may be
 * missing (the defaults fill it in), one of the wrong type throws, and fields the show no longer
 * keeps (an older row's `event`, `nextMedia`) are dropped.
 */
export function storedShowOf(state: unknown, where: string): Partial<StoredShow> {
  return parseStored(ZStoredShowRowSchema, state, where);
}

/** A round's record, fresh when the round has never been on air. */
export function roundOf(show: StoredShow, setId: string): RoundRecord {
  return show.rounds?.[setId] ?? { attempt: 1, obstacle: null, finish: null, scoreEvents: [] };
}

/** Keeps the boards on air in their rounds' records. */
function keepRounds(next: StoredShow): void {
  const rounds = { ...(next.rounds ?? {}) };
  if (next.obstacle) rounds[next.obstacle.setId] = { ...roundOf(next, next.obstacle.setId), obstacle: next.obstacle };
  if (next.finish) rounds[next.finish.setId] = { ...roundOf(next, next.finish.setId), finish: next.finish };
  next.rounds = rounds;
}

/** Forgets what the previous move did: a new state starts as a plain move until it says otherwise. */
export function clearMove(next: StoredShow): void {
  delete next.moveScores;
  delete next.moveRows;
  delete next.moveLabel;
  delete next.moveBy;
  delete next.moveArchived;
}

/**
 * Marks `next` as the state an undoable move made: what it was, who made it, the points it gave (also
 * counted in the round of `setId`, so a replay of that round takes them back) and the rows it judged.
 */
export function asMove(
  next: StoredShow,
  move: { label: string; by: string | null; scoreEvents?: number[]; rows?: MoveRow[]; setId?: string | null },
): StoredShow {
  clearMove(next);
  next.moveLabel = move.label;
  next.moveBy = move.by;
  if (move.scoreEvents?.length) {
    next.moveScores = move.scoreEvents;
    if (move.setId) {
      const round = roundOf(next, move.setId);
      next.rounds = { ...(next.rounds ?? {}), [move.setId]: { ...round, scoreEvents: [...round.scoreEvents, ...move.scoreEvents] } };
    }
  }
  if (move.rows?.length) next.moveRows = move.rows;
  return next;
}

/** The shown teams' answers to the current question, in the order the master chose them. */
async function shownAnswerItems(trx: Transaction<Database>, show: StoredShow): Promise<StoredShow['shownAnswerItems']> {
  if (!show.questionId || show.shownAnswers.length === 0) return [];
  const rows = await trx
    .selectFrom('team_answers')
    .select(['team_id', 'answer', 'verdict', 'at', 'points'])
    .where('question_id', '=', show.questionId)
    .where('team_id', 'in', show.shownAnswers)
    .where('archived_attempt', 'is', null)
    .execute();
  const openedAt = show.answersOpenedAt;
  return show.shownAnswers.flatMap((teamId) => {
    const row = rows.find((r) => r.team_id === teamId);
    if (!row) return [];
    const elapsedMs = openedAt === null ? null : Math.max(0, Number(row.at) - openedAt);
    return [{ teamId, answer: row.answer, verdict: row.verdict, elapsedMs, points: Number(row.points) }];
  });
}

/** The same set of open fields, in any order. */
const sameFields = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((name) => b.includes(name));

/**
 * Persists `next` as version + 1, keeping the previous state for undo when `keepHistory` (a move of
 * the console's; a team's buzz or a steal window's first buzz is not one). Opening, closing or moving
 * scoring also moves the scoring gate's version on; a timer or question move does not.
 */
export async function saveShow(
  trx: Transaction<Database>,
  previous: ShowRow,
  next: StoredShow,
  keepHistory = true,
): Promise<{ version: number; scoringVersion: number }> {
  const version = previous.version + 1;
  // The scoring gate moves with the open fields as a set (a judged round's sheet opens several; the
  // first of them, `activeField`, changes only with the set, or with its order, which checks nothing).
  const gateMoved = !sameFields(previous.stored.openFields, next.openFields) || previous.stored.scoringOpen !== next.scoringOpen;
  const scoringVersion = previous.scoringVersion + (gateMoved ? 1 : 0);
  next.shownAnswerItems = await shownAnswerItems(trx, next);
  keepRounds(next);
  if (keepHistory && previous.version > 0) {
    await trx
      .insertInto('show_history')
      .values({ version: previous.version, state: JSON.stringify(previous.stored) })
      .execute();
    // A night has hundreds of moves, not millions; keep the last 200 for undo.
    await trx
      .deleteFrom('show_history')
      .where('version', '<', previous.version - 200)
      .execute();
  }
  await trx
    .insertInto('show_state')
    .values({ id: 1, version, scoring_version: scoringVersion, state: JSON.stringify(next) })
    .onConflict((oc) =>
      oc
        .column('contest_id')
        .doUpdateSet({ version, scoring_version: scoringVersion, state: JSON.stringify(next), updated_at: new Date() }),
    )
    .execute();
  // The opening of answers times right answers for the tie-break chain after the show moves on.
  await recordAnswersOpened(trx, next);
  return { version, scoringVersion };
}
