import { type Kysely, sql } from 'kysely';

/**
 * The log of actions an organiser may have to answer for, beside the points' own log (score_events):
 * a round replayed, points given by hand, later ballots discarded, an event archived, results locked…
 * Who, when, what (a Vietnamese summary for people, a kind for code), on what, before → after.
 *
 * Append-only like score_events: the database refuses UPDATE, DELETE and TRUNCATE. So `actor_id`
 * has no foreign key to users (an ON DELETE SET NULL would be an UPDATE the log refuses, and a user
 * could no longer be deleted); `actor_name` keeps who it was when they acted.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('action_log')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('actor_id', 'text')
    .addColumn('actor_name', 'text')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('summary', 'text', (c) => c.notNull())
    .addColumn('target', 'jsonb')
    .addColumn('before', 'jsonb')
    .addColumn('after', 'jsonb')
    .execute();
  await db.schema.createIndex('action_log_kind').on('action_log').columns(['kind', 'id']).execute();
  await sql`
    create function action_log_append_only() returns trigger language plpgsql as $$
    begin
      raise exception 'action_log is append-only';
    end;
    $$`.execute(db);
  await sql`
    create trigger action_log_no_change before update or delete on action_log
    for each row execute function action_log_append_only()`.execute(db);
  await sql`
    create trigger action_log_no_truncate before truncate on action_log
    for each statement execute function action_log_append_only()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger if exists action_log_no_truncate on action_log`.execute(db);
  await sql`drop trigger if exists action_log_no_change on action_log`.execute(db);
  await db.schema.dropTable('action_log').execute();
  await sql`drop function if exists action_log_append_only()`.execute(db);
}
