import type { Kysely } from 'kysely';

/**
 * Buzzes keep the server's arrival sequence: two buzzes in the same millisecond (a steal in the finish
 * round, say) are ordered by which reached the database first, not by the teams' ids.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('buzzes').addColumn('seq', 'bigserial').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('buzzes').dropColumn('seq').execute();
}
