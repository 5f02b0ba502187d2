import { type Kysely, sql } from 'kysely';

/**
 * Events (contests): an installation holds several, one of them on stage. The table is `contests`
 * because `events` is the live change log. What an installation held before becomes its first
 * contest, and every row that belongs to a contest says which: the column is added with that
 * contest's id as its default, which fills the existing rows without an UPDATE (so the audit logs'
 * append-only triggers are never crossed) and keeps every insert of the single-contest code right.
 * A contest's title, date and venue are its settings (`settings.data`), not columns here.
 */
/** The tables whose rows belong to a contest, as of this migration (src-server/db/scope.ts keeps today's). */
export const CONTEST_TABLES = [
  'settings',
  'show_state',
  'show_history',
  'question_sets',
  'rules',
  'score_fields',
  'teams',
  'media',
  'team_answers',
  'buzzes',
  'scores',
  'score_events',
  'answer_openings',
  'sudden_deaths',
  'votes',
  'action_log',
] as const;

/** The tables whose rows a contest's reads and its deletion look up by contest. */
const INDEXED = ['show_history', 'team_answers', 'buzzes', 'scores', 'score_events', 'votes', 'action_log'] as const;

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('contests')
    .addColumn('id', 'text', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()::text`))
    .addColumn('archived', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  const first = await db.insertInto('contests').defaultValues().returning('id').executeTakeFirstOrThrow();
  const id = String(first.id);

  // The installation's own state: which contest is on stage.
  await db.schema
    .createTable('installation')
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn('active_contest_id', 'text', (c) => c.notNull().references('contests.id'))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.insertInto('installation').values({ id: 1, active_contest_id: id }).execute();

  for (const table of CONTEST_TABLES) {
    await db.schema
      .alterTable(table)
      .addColumn('contest_id', 'text', (c) => c.notNull().defaultTo(sql.lit(id)).references('contests.id').onDelete('cascade'))
      .execute();
  }
  for (const table of INDEXED) await db.schema.createIndex(`${table}_contest_id`).on(table).column('contest_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of INDEXED) await db.schema.dropIndex(`${table}_contest_id`).execute();
  for (const table of CONTEST_TABLES) await db.schema.alterTable(table).dropColumn('contest_id').execute();
  await db.schema.dropTable('installation').execute();
  await db.schema.dropTable('contests').execute();
}
