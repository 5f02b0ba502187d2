import type { Kysely } from 'kysely';

/**
 * The scoring gate's version: it grows only when what a judge's score is checked against changes
 * (the open field, whether scoring is open, that field's definition), so a score written by any
 * instance can confirm in one indexed read that its checks are still current.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('show_state')
    .addColumn('scoring_version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('show_state').dropColumn('scoring_version').execute();
}
