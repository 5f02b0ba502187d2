import { type Kysely, sql } from 'kysely';

/**
 * The jury around the points (src/jury.ts):
 * - `jury_settings`: a contest's head judge (trưởng ban giám khảo; null: the admin acts as one) and
 *   its criteria's disagreement thresholds (criterion name → points; a criterion missing takes 20% of
 *   its range). At most one row per contest; no row is the defaults.
 * - `recusals`: a judge who does not score a team (same school, relative), with the reason. The
 *   judge's points for the team stay stored and are not counted while the recusal holds.
 * - `jury_rulings`: the head judge's steps on a team's criterion, oldest first: `accept` (the points
 *   `seen` as they are), `rescore` (a judge asked to score again; `answered_at` when they did) and
 *   `decision` (the score that counts, `point`). Every row has its reason; the action log keeps the
 *   history too. Judges and actors are not foreign keys: the names beside them stay.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('jury_settings')
    .addColumn('contest_id', 'text', (c) => c.primaryKey().references('contests.id').onDelete('cascade'))
    .addColumn('head_judge_id', 'text')
    .addColumn('thresholds', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .execute();
  await db.schema
    .createTable('recusals')
    .addColumn('id', 'text', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()::text`))
    .addColumn('contest_id', 'text', (c) => c.notNull().references('contests.id').onDelete('cascade'))
    .addColumn('judge_id', 'text', (c) => c.notNull())
    .addColumn('team_id', 'text', (c) => c.notNull().references('teams.id').onDelete('cascade'))
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('recusals_one', ['contest_id', 'judge_id', 'team_id'])
    .execute();
  await db.schema
    .createTable('jury_rulings')
    .addColumn('id', 'text', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()::text`))
    .addColumn('contest_id', 'text', (c) => c.notNull().references('contests.id').onDelete('cascade'))
    .addColumn('team_id', 'text', (c) => c.notNull().references('teams.id').onDelete('cascade'))
    .addColumn('field_name', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('accept', 'rescore', 'decision')`))
    .addColumn('judge_id', 'text')
    .addColumn('point', 'numeric')
    .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('seen', 'jsonb')
    .addColumn('actor_id', 'text')
    .addColumn('actor_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('answered_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('jury_rulings_contest').on('jury_rulings').columns(['contest_id', 'at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('jury_rulings').execute();
  await db.schema.dropTable('recusals').execute();
  await db.schema.dropTable('jury_settings').execute();
}
