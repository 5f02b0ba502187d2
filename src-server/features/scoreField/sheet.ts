/** The scoring sheet as stored: the one read of `score_fields`. */
import type { Insertable, Kysely, Selectable, Transaction, Updateable } from 'kysely';
import type { SheetField } from '../../../src/live';
import type { Database, ScoreFieldsTable } from '../../db/types';
import type { EventRecorder } from '../live/record';

type Db = Kysely<Database> | Transaction<Database>;

/** A criterion of the sheet as stored: the live picture's field and its row id. */
export interface SheetRow extends SheetField {
  id: string;
}

const SHEET_COLUMNS = [
  'id',
  'name',
  'label',
  'kind',
  'min_point',
  'max_point',
  'step',
  'weight',
  'drop_extremes',
  'position',
  'round',
] as const;

/** A `score_fields` row (as read, inserted or updated) in the sheet's shape. */
export function sheetRowOf(r: Pick<Selectable<ScoreFieldsTable>, (typeof SHEET_COLUMNS)[number]>): SheetRow {
  return {
    id: r.id,
    name: r.name,
    label: r.label,
    kind: r.kind,
    minPoint: r.min_point,
    maxPoint: r.max_point,
    step: r.step,
    weight: r.weight,
    dropExtremes: r.drop_extremes,
    position: r.position,
    round: r.round,
  };
}

/** A criterion's values as `score_fields` columns: a whole one to insert, or an update's changes (absent ones stay undefined). */
export function sheetColumnsOf(field: SheetField): Insertable<ScoreFieldsTable>;
export function sheetColumnsOf(field: Partial<SheetField>): Updateable<ScoreFieldsTable>;
export function sheetColumnsOf(f: Partial<SheetField>): Updateable<ScoreFieldsTable> {
  return {
    name: f.name,
    label: f.label,
    kind: f.kind,
    min_point: f.minPoint,
    max_point: f.maxPoint,
    step: f.step,
    weight: f.weight,
    drop_extremes: f.dropExtremes,
    position: f.position,
    round: f.round,
  };
}

/** A row as the live picture holds it (no id: the `sheet` event carries exactly the fields). */
export function sheetFieldOf({ id: _id, ...field }: SheetRow): SheetField {
  return field;
}

/**
 * The whole scoring sheet, by position then label: every read of `score_fields` is this one (the
 * sheet is a handful of rows; a caller after one field finds it here).
 */
export async function readSheet(db: Db): Promise<SheetRow[]> {
  const rows = await db.selectFrom('score_fields').select(SHEET_COLUMNS).orderBy('position').orderBy('label').execute();
  return rows.map(sheetRowOf);
}

/**
 * Moves the scoring gate's version on (the show's row, locked until commit) and returns it: a judge's
 * score checked against the old one is refused, or checked again against the new. A change to the
 * sheet's fields and a change to the results locked both move it.
 */
export async function moveScoringGate(trx: Transaction<Database>): Promise<number> {
  const row = await trx
    .updateTable('show_state')
    .set((eb) => ({ scoring_version: eb('scoring_version', '+', 1) }))
    .where('id', '=', 1)
    .returning('scoring_version')
    .executeTakeFirst();
  return row?.scoring_version ?? 0;
}

/** Tells every screen the scoring sheet; a change to its fields also moves the scoring gate's version on. */
export async function recordSheet(recorder: EventRecorder): Promise<void> {
  const scoringVersion = await moveScoringGate(recorder.trx);
  await recorder.record({ type: 'sheet', payload: { fields: (await readSheet(recorder.trx)).map(sheetFieldOf), scoringVersion } });
}
