import { type Kysely, sql } from 'kysely';

/**
 * Results locked ("kết quả đã chốt"): a row per locked round of a contest (`round`, 1–6, as score
 * fields name their round) or for the whole contest (`round` null), with who locked it and when. At
 * most one of each per contest. Unlocking deletes the row; both are in the action log, which keeps
 * the history. `locked_by` is not a foreign key: the name beside it stays after the account goes.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('results_locks')
    .addColumn('id', 'text', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()::text`))
    .addColumn('contest_id', 'text', (c) => c.notNull().references('contests.id').onDelete('cascade'))
    .addColumn('round', 'integer', (c) => c.check(sql`round between 1 and 6`))
    .addColumn('locked_by', 'text')
    .addColumn('locked_by_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('locked_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // One lock per round and one for the whole contest (its round null, taken as 0 here).
  await sql`create unique index results_locks_one on results_locks (contest_id, coalesce(round, 0))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('results_locks').execute();
}
