import { type Kysely, sql } from 'kysely';

/**
 * Headers an organiser mapped by hand in an import's preview, remembered for the installation (every
 * event, the dialog and the command line alike): `kind` names the import ("questions"; a roster
 * later), `header_key` the header as compared (folded, see src/importColumns.ts), `header` as it was
 * written, `field` what it is read as (null: always ignored).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('import_columns')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('header_key', 'text', (c) => c.notNull())
    .addColumn('header', 'text', (c) => c.notNull())
    .addColumn('field', 'text')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('import_columns_pkey', ['kind', 'header_key'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('import_columns').execute();
}
