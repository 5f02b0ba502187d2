import { type Kysely, sql } from 'kysely';
import { CONTEST_TABLES } from './2026_11_27_0017_contests';

/**
 * Every contest owns its rows, and what was one per installation becomes one per contest:
 * - the settings and the show state are keyed by their contest (`id` stays, always 1);
 * - a criterion's name, an answer opening's question, a show history version and the one open
 *   vote are unique within their contest;
 * - team accounts belong to their team's contest (`users.contest_id`); staff and judge accounts to
 *   the installation (null). A username is unique within its contest and among the installation's;
 * - a judge sits on a contest's panel (`contest_judges`); every judge sits on the first one;
 * - `contest_id` has no default any more: every insert names its contest;
 * - the audit logs stay append-only, except for the rows of a contest being deleted whole, which
 *   the deleting transaction names in `hoithi.erase_contest`;
 * - the installation's own action log entries (an event deleted) have no contest;
 * - a live change says which contest it is of (null: the installation's, as a switch of contest), so
 *   an instance's picture follows only its own contest's.
 */

/** The append-only guard, letting through only the deletion of a whole contest's rows. */
function appendOnly(table: string) {
  return sql.raw(`
    create or replace function ${table}_append_only() returns trigger language plpgsql as $$
    begin
      if tg_level = 'ROW' and tg_op = 'DELETE' then
        if old.contest_id = current_setting('hoithi.erase_contest', true) then
          return old;
        end if;
      end if;
      raise exception '${table} is append-only';
    end;
    $$`);
}

export async function up(db: Kysely<any>): Promise<void> {
  const installation = await db.selectFrom('installation').select('active_contest_id').where('id', '=', 1).executeTakeFirstOrThrow();
  const first = String(installation.active_contest_id);

  for (const table of ['settings', 'show_state']) {
    await sql`alter table ${sql.table(table)} drop constraint ${sql.id(`${table}_pkey`)}`.execute(db);
    await sql`alter table ${sql.table(table)} drop constraint if exists ${sql.id(`${table}_id_check`)}`.execute(db);
    await sql`alter table ${sql.table(table)} alter column id set default 1`.execute(db);
    await sql`alter table ${sql.table(table)} add primary key (contest_id)`.execute(db);
  }
  await sql`alter table score_fields drop constraint score_fields_name_key`.execute(db);
  await sql`alter table score_fields add constraint score_fields_name_key unique (contest_id, name)`.execute(db);
  await sql`alter table answer_openings drop constraint answer_openings_pkey`.execute(db);
  await sql`alter table answer_openings add primary key (contest_id, question_id)`.execute(db);
  await sql`alter table show_history drop constraint show_history_pkey`.execute(db);
  await sql`alter table show_history add primary key (contest_id, version)`.execute(db);
  await sql`drop index votes_one_open`.execute(db);
  await sql`create unique index votes_one_open on votes (contest_id) where closed_at is null`.execute(db);

  await db.schema
    .alterTable('users')
    .addColumn('contest_id', 'text', (c) => c.references('contests.id').onDelete('cascade'))
    .execute();
  await db.updateTable('users').set({ contest_id: first }).where('role', '=', 'team').execute();
  await sql`alter table users add constraint users_team_contest check ((role = 'team') = (contest_id is not null))`.execute(db);
  await sql`drop index users_username_ci`.execute(db);
  await sql`create unique index users_username_ci on users (coalesce(contest_id, ''), lower(username))`.execute(db);

  await db.schema
    .createTable('contest_judges')
    .addColumn('contest_id', 'text', (c) => c.notNull().references('contests.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('contest_judges_pkey', ['contest_id', 'user_id'])
    .execute();
  await sql`insert into contest_judges (contest_id, user_id) select ${first}, id from users where role = 'judge'`.execute(db);

  for (const table of CONTEST_TABLES) await sql`alter table ${sql.table(table)} alter column contest_id drop default`.execute(db);
  await sql`alter table action_log alter column contest_id drop not null`.execute(db);

  await db.schema.alterTable('events').addColumn('contest_id', 'text').execute();

  await appendOnly('score_events').execute(db);
  await appendOnly('action_log').execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('events').dropColumn('contest_id').execute();
  await sql`alter table action_log alter column contest_id set not null`.execute(db);
  await db.schema.dropTable('contest_judges').execute();
  await sql`drop index users_username_ci`.execute(db);
  await sql`create unique index users_username_ci on users (lower(username))`.execute(db);
  await db.schema.alterTable('users').dropColumn('contest_id').execute();
  await sql`drop index votes_one_open`.execute(db);
  await sql`create unique index votes_one_open on votes ((true)) where closed_at is null`.execute(db);
  await sql`alter table answer_openings drop constraint answer_openings_pkey`.execute(db);
  await sql`alter table answer_openings add primary key (question_id)`.execute(db);
  await sql`alter table show_history drop constraint show_history_pkey`.execute(db);
  await sql`alter table show_history add primary key (version)`.execute(db);
  await sql`alter table score_fields drop constraint score_fields_name_key`.execute(db);
  await sql`alter table score_fields add constraint score_fields_name_key unique (name)`.execute(db);
  for (const table of ['settings', 'show_state']) {
    await sql`alter table ${sql.table(table)} drop constraint ${sql.id(`${table}_pkey`)}`.execute(db);
    await sql`alter table ${sql.table(table)} add primary key (id)`.execute(db);
  }
}
