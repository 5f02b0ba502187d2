import { type Kysely, sql } from 'kysely';

/**
 * A round's state belongs to the round:
 * - "Chơi lại vòng này" numbers the attempts of a round. Answers and buzzes of an earlier attempt stay
 *   stored, marked with the attempt they belonged to (`archived_attempt`); the current attempt's rows
 *   have none, and only they are unique per question and team.
 * - A buzzer question is judged like an answer: each buzz keeps its verdict and the points it gave.
 * - New audited sources: a buzzer verdict (`buzz`), points given by hand (`hand`) and the points a
 *   replayed round takes back (`restart`).
 */
const OLD_SOURCES = `'judge', 'admin', 'admin-all', 'answer', 'undo', 'reset', 'speed', 'row', 'keyword', 'star', 'steal', 'package', 'vote'`;
const NEW_SOURCES = `${OLD_SOURCES}, 'buzz', 'hand', 'restart'`;

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('team_answers').addColumn('archived_attempt', 'integer').execute();
  await sql`alter table team_answers drop constraint team_answers_one_per_question`.execute(db);
  await sql`create unique index team_answers_one_per_question on team_answers (question_id, team_id) where archived_attempt is null`.execute(
    db,
  );

  await db.schema.alterTable('buzzes').addColumn('archived_attempt', 'integer').execute();
  await db.schema
    .alterTable('buzzes')
    .addColumn('verdict', 'text', (c) => c.check(sql`verdict in ('right', 'wrong')`))
    .execute();
  await db.schema
    .alterTable('buzzes')
    .addColumn('points', 'numeric', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('buzzes').addColumn('field_name', 'text').execute();
  await sql`alter table buzzes drop constraint buzzes_pk`.execute(db);
  await sql`create unique index buzzes_one_per_question on buzzes (question_id, team_id) where archived_attempt is null`.execute(db);

  await sql`alter table score_events drop constraint score_events_source_check`.execute(db);
  await sql.raw(`alter table score_events add constraint score_events_source_check check (source in (${NEW_SOURCES}))`).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table score_events drop constraint score_events_source_check`.execute(db);
  await sql.raw(`alter table score_events add constraint score_events_source_check check (source in (${OLD_SOURCES}))`).execute(db);
  await sql`delete from buzzes where archived_attempt is not null`.execute(db);
  await sql`drop index buzzes_one_per_question`.execute(db);
  await sql`alter table buzzes add constraint buzzes_pk primary key (question_id, team_id)`.execute(db);
  for (const column of ['field_name', 'points', 'verdict', 'archived_attempt'])
    await db.schema.alterTable('buzzes').dropColumn(column).execute();
  await sql`delete from team_answers where archived_attempt is not null`.execute(db);
  await sql`drop index team_answers_one_per_question`.execute(db);
  await sql`alter table team_answers add constraint team_answers_one_per_question unique (question_id, team_id)`.execute(db);
  await db.schema.alterTable('team_answers').dropColumn('archived_attempt').execute();
}
