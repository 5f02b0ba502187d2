/**
 * Points a round's rules give: every format adds them to a team's answers field, one audited change
 * each (`addAnswerPoints`, or `moveAnswerPoints` for an answer's points that change), and finds the
 * question's own points and its set's format the same way.
 */
import type { Kysely, Transaction } from 'kysely';
import type { MoveRow, ScoreChange } from '../../../src/live';
import { messages } from '../../../src/messages';
import { movesText } from '../../../src/messages/moves';
import { CLASSIC_FORMAT, type TFormat } from '../../../src/schemas/roundFormat';
import { ANSWERS_GK_ID } from '../../../src/scoring';
import type { AppDeps } from '../../context';
import type { Database, ScoreSource } from '../../db/types';
import { badRequest } from '../../errors';
import { formatOf, questionItemsOf } from '../questionSet/data';
import { readSheet } from '../scoreField/sheet';
import { applyScoreChange } from '../scoring/data';
import type { StoredShow } from '../show/store';

type Db = Kysely<Database> | Transaction<Database>;

export interface PointsChange {
  actorId: string;
  source: ScoreSource;
  rule: string | null;
  reason: string;
}

/**
 * The field a right answer counts on: the open field when it is an answers field, else the round's
 * answers field (its `round`, or for a field without one its name, phan-N), else the sheet's first.
 */
export async function answersFieldFor(db: Db, show: StoredShow): Promise<string> {
  const fields = (await readSheet(db)).filter((f) => f.kind === 'answers');
  const names = fields.map((f) => f.name);
  const chosen =
    (show.activeField && names.includes(show.activeField) && show.activeField) ||
    fields.find((f) => f.round === show.fw)?.name ||
    fields.find((f) => f.round === null && f.name === `phan-${show.fw}`)?.name ||
    names[0];
  if (!chosen) throw badRequest(messages.noAnswersField, 'verdict');
  return chosen;
}

/** The question's own points, its place in its set, the set and the set's format (classic when no set holds it). */
export async function questionRule(
  db: Db,
  questionId: string,
): Promise<{ point: number; index: number; setId: string | null; format: TFormat }> {
  const sets = await db.selectFrom('question_sets').select(['id', 'items', 'format']).execute();
  for (const set of sets) {
    const items = questionItemsOf(set);
    const index = items.findIndex((q) => q.id === questionId);
    if (index >= 0) return { point: items[index]!.point, index, setId: set.id, format: formatOf(set) };
  }
  return { point: 0, index: -1, setId: null, format: CLASSIC_FORMAT };
}

/**
 * Adds `delta` to a team's points on an answers field: one audited change. Shared by every rule that
 * scores answers (a verdict, a buzz, a speed place, an obstacle row or keyword, a finish question).
 */
export async function addAnswerPoints(trx: Transaction<Database>, teamId: string, fieldName: string, delta: number, change: PointsChange) {
  // The point is read under the row's lock: two deltas at once both count.
  return applyScoreChange(trx, { teamId, gkId: ANSWERS_GK_ID, fieldName, point: (current) => (current ?? 0) + delta, ...change });
}

/** Who makes a move, as the history names them. */
export interface Actor {
  id: string;
  name: string;
}

export function actorOfUser(user: { _id: string; fullName: string; username: string }): Actor {
  return { id: user._id, name: user.fullName.trim() || user.username };
}

/** A team's name for a move's label (the live model knows every team). */
export function teamName(deps: Pick<AppDeps, 'hub'>, teamId: string): string {
  return deps.hub.live.standings.allTeams().find((t) => t.id === teamId)?.name ?? movesText.unknownTeam;
}

export interface VerdictOutcome {
  changes: ScoreChange[];
  events: number[];
  /** The judged rows as they were before (the undo puts them back). */
  rows: MoveRow[];
  /** Other teams whose points moved with this verdict: each is told. */
  movedTeams: string[];
  /** How much the judged team's points moved. */
  delta: number;
}

/**
 * Moves a team's points for an answer from what it had to `points`, on its field (the round's answers
 * field when it has none yet): one audited change, or none when nothing moves.
 */
export async function moveAnswerPoints(
  trx: Transaction<Database>,
  show: StoredShow,
  row: { team_id: string; points: number; field_name: string | null },
  points: number,
  change: { actorId: string; source: 'answer' | 'row' | 'speed' | 'buzz'; rule: string | null; reason: string },
): Promise<{ fieldName: string | null; applied: { live: ScoreChange; eventId: number } | null }> {
  const fieldName = row.field_name ?? (points > 0 || row.points > 0 ? await answersFieldFor(trx, show) : null);
  const delta = points - row.points;
  if (delta === 0 || !fieldName) return { fieldName, applied: null };
  const applied = await addAnswerPoints(trx, row.team_id, fieldName, delta, change);
  return { fieldName, applied };
}
