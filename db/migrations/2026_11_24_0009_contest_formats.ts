import { type Kysely, sql } from 'kysely';

const OLD_SOURCES = `'judge', 'admin', 'admin-all', 'answer', 'undo', 'reset'`;
const NEW_SOURCES = `${OLD_SOURCES}, 'speed', 'row', 'keyword', 'star', 'steal', 'package', 'vote'`;

/**
 * Contest formats: each question set says how its round runs; every audited point names the rule
 * behind it; score fields say which round (1–6) they belong to, filled from today's `phan-N` names.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('question_sets')
    .addColumn('format', 'jsonb', (c) => c.notNull().defaultTo(sql`'{"kind":"classic"}'::jsonb`))
    .execute();

  await db.schema.alterTable('score_events').addColumn('rule', 'text').execute();
  await sql`alter table score_events drop constraint score_events_source_check`.execute(db);
  await sql.raw(`alter table score_events add constraint score_events_source_check check (source in (${NEW_SOURCES}))`).execute(db);

  await db.schema
    .alterTable('score_fields')
    .addColumn('round', 'integer', (c) => c.check(sql`round between 1 and 6`))
    .execute();
  await sql`update score_fields set round = substring(name from '^phan-([1-6])(?:[^0-9].*)?$')::integer where name ~ '^phan-[1-6]([^0-9]|$)'`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('score_fields').dropColumn('round').execute();
  await sql`alter table score_events drop constraint score_events_source_check`.execute(db);
  await sql.raw(`alter table score_events add constraint score_events_source_check check (source in (${OLD_SOURCES}))`).execute(db);
  await db.schema.alterTable('score_events').dropColumn('rule').execute();
  await db.schema.alterTable('question_sets').dropColumn('format').execute();
}
