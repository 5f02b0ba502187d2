/**
 * The headers an organiser mapped by hand in an import's preview, remembered for the installation:
 * every event, the dialog and the command line read them. One table for every kind of import
 * (`import_columns.kind`); the question import's is "questions".
 */
import type { Kysely } from 'kysely';
import { headerKey } from '../../../../src/importColumns';
import { QUESTION_IMPORT_FIELDS, type QuestionImportField, type TRememberedColumn } from '../../../../src/schemas/questionImport';
import type { Database } from '../../../db/types';
import type { RememberedColumns } from './parse';

const KIND = 'questions';

const asField = (field: string | null): QuestionImportField | null =>
  field && (QUESTION_IMPORT_FIELDS as readonly string[]).includes(field) ? (field as QuestionImportField) : null;

/** header key → field, for parse.ts. */
export async function rememberedColumns(db: Kysely<Database>): Promise<RememberedColumns> {
  const rows = await db.selectFrom('import_columns').select(['header_key', 'field']).where('kind', '=', KIND).execute();
  return new Map(rows.map((r) => [r.header_key, asField(r.field)]));
}

/** The remembered headers, for the dialog (to show and forget them). */
export async function listRememberedColumns(db: Kysely<Database>): Promise<TRememberedColumn[]> {
  const rows = await db.selectFrom('import_columns').select(['header', 'field']).where('kind', '=', KIND).orderBy('header').execute();
  return rows.map((r) => ({ header: r.header, field: asField(r.field) }));
}

/** From now on this header (in any case, with or without diacritics) is read as `field`; null: ignored. */
export async function rememberColumn(db: Kysely<Database>, header: string, field: QuestionImportField | null): Promise<void> {
  const key = headerKey(header);
  await db
    .insertInto('import_columns')
    .values({ kind: KIND, header_key: key, header: header.trim(), field })
    .onConflict((oc) => oc.columns(['kind', 'header_key']).doUpdateSet({ header: header.trim(), field, updated_at: new Date() }))
    .execute();
}

/** Back to the built-in reading of this header. */
export async function forgetColumn(db: Kysely<Database>, header: string): Promise<void> {
  await db.deleteFrom('import_columns').where('kind', '=', KIND).where('header_key', '=', headerKey(header)).execute();
}
