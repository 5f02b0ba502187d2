import { type Kysely, sql } from 'kysely';

/**
 * The tie-break chain's data: when answers opened on each question (and whether its set was a speed
 * round), so a right answer's time can be summed after the show has moved on; and each sudden-death
 * question's result among tied teams.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('answer_openings')
    .addColumn('question_id', 'text', (c) => c.primaryKey())
    .addColumn('opened_at', 'bigint', (c) => c.notNull())
    .addColumn('speed', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();

  await db.schema
    .createTable('sudden_deaths')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('question_id', 'text', (c) => c.notNull())
    .addColumn('participants', 'jsonb', (c) => c.notNull())
    .addColumn('winner_id', 'text', (c) => c.notNull().references('teams.id').onDelete('cascade'))
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sudden_deaths').execute();
  await db.schema.dropTable('answer_openings').execute();
}
