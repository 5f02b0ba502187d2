/**
 * The console's history: every move of the console's (a show move, a verdict, a buzz judged, points
 * by hand, a reveal, a turn, a replay) is one state of the show kept for undo, newest first, whoever
 * made it. Undo takes back the newest, whatever it was: the show as it was, the points the move gave
 * (reversed as audited `undo` events), the answers and buzzes it judged, the rows a replay set aside.
 */
import type { Kysely } from 'kysely';
import type { ShowActor, StoredShow } from '../../../src/live';
import { masterText } from '../../../src/messages/master';
import { movesText } from '../../../src/messages/moves';
import type { Context } from '../../context';
import type { Database } from '../../db/types';
import { badRequest } from '../../errors';
import { archiveRound, recordRoundRows, roundKeys } from '../formats/rounds';
import { liveTransaction, type Trx } from '../live/record';
import { refuseFinalUnlessLocked } from '../results/gate';
import { reverseScoreEvents } from '../scoring/data';
import { readShow, saveShow, storedShowOf } from './store';

export interface HistoryEntry {
  version: number;
  label: string;
  by: string | null;
}

const MOVE_FIELDS = ['moveScores', 'moveRows', 'moveLabel', 'moveBy', 'moveArchived'] as const;

/**
 * The moves undo can take back, newest first. A kept state is the show before the move above it, and
 * holds the label of the move that made it; the oldest kept state has none before it.
 */
export async function readHistory(db: Kysely<Database>, limit = 15): Promise<HistoryEntry[]> {
  const current = await readShow(db);
  const rows = await db
    .selectFrom('show_history')
    .select(['version', 'state'])
    .orderBy('version', 'desc')
    .limit(limit + 1)
    .execute();
  if (!rows.length) return [];
  const states = [
    { version: current.version, state: current.stored as Partial<StoredShow> },
    ...rows
      .slice(0, -1)
      .map((row) => ({ version: row.version, state: storedShowOf(row.state, `show_history.state of version ${row.version}`) })),
  ];
  return states
    .slice(0, limit)
    .map(({ version, state }) => ({ version, label: state.moveLabel ?? masterText.moveOther, by: state.moveBy ?? null }));
}

/** Puts back the answers and buzzes a move judged, as they were before it. */
async function restoreRows(trx: Trx, show: StoredShow): Promise<string[]> {
  const keys = new Set<string>();
  for (const row of show.moveRows ?? []) {
    const table = row.kind === 'answer' ? 'team_answers' : 'buzzes';
    await trx
      .updateTable(table)
      .set({ verdict: row.verdict, points: row.points, field_name: row.fieldName })
      .where('question_id', '=', row.questionId)
      .where('team_id', '=', row.teamId)
      .where('archived_attempt', 'is', null)
      .execute();
    keys.add(row.questionId);
  }
  return [...keys];
}

/** Takes back the newest move of the console's and says what it was. */
export async function undoLastMove(ctx: Context, by: ShowActor | undefined): Promise<{ label: string; by: string | null }> {
  return liveTransaction(ctx, async (recorder) => {
    const { trx } = recorder;
    const last = await trx.selectFrom('show_history').select(['version', 'state']).orderBy('version', 'desc').limit(1).executeTakeFirst();
    if (!last) throw badRequest(movesText.nothingToUndo);
    const current = await readShow(trx, true);
    await trx.deleteFrom('show_history').where('version', '=', last.version).execute();
    const previous = storedShowOf(last.state, `show_history.state of version ${last.version}`);
    const restored: StoredShow = { ...current.stored, ...previous };
    for (const field of MOVE_FIELDS) if (previous[field] === undefined) delete restored[field];
    // Back to the final results (put on air before an unlock): only while the whole event is locked.
    if (restored.phase === 'final' && current.stored.phase !== 'final') await refuseFinalUnlessLocked(trx);
    const undone = current.stored;
    const label = undone.moveLabel ?? masterText.moveOther;
    // The points the move gave, each taken back by what it gave (later changes to the same point are kept).
    const changes = await reverseScoreEvents(trx, undone.moveScores ?? [], ctx.user?._id ?? null);
    const touched = new Set(await restoreRows(trx, undone));
    if (undone.moveArchived) {
      const keys = await roundKeys(trx, undone.moveArchived.setId);
      for (const key of await archiveRound(trx, keys, undone.moveArchived.attempt, true)) touched.add(key);
    }
    const saved = await saveShow(trx, current, restored, false);
    if (changes.length) await recorder.record({ type: 'scores', payload: { changes } });
    await recordRoundRows(recorder, [...touched]);
    const actor = by ? { ...by, move: { kind: 'undo' as const, label } } : undefined;
    await recorder.show(saved, restored, actor);
    return { label, by: undone.moveBy ?? null };
  });
}
