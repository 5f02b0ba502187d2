import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  // The one show row always exists, so every move can lock it (SELECT … FOR UPDATE) before reading.
  await sql`insert into show_state (id, version, state) values (1, 0, '{}'::jsonb) on conflict (id) do nothing`.execute(db);

  // Previous show states, for undo.
  await db.schema
    .createTable('show_history')
    .addColumn('version', 'integer', (c) => c.primaryKey())
    .addColumn('state', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('team_answers')
    .addColumn('id', 'text', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()::text`))
    .addColumn('question_id', 'text', (c) => c.notNull())
    .addColumn('team_id', 'text', (c) => c.notNull().references('teams.id').onDelete('cascade'))
    .addColumn('answer', 'text', (c) => c.notNull())
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addColumn('verdict', 'text', (c) => c.check(sql`verdict in ('right', 'wrong')`))
    .addColumn('points', 'numeric', (c) => c.notNull().defaultTo(0))
    .addColumn('field_name', 'text')
    .addUniqueConstraint('team_answers_one_per_question', ['question_id', 'team_id'])
    .execute();

  await db.schema
    .createTable('buzzes')
    .addColumn('question_id', 'text', (c) => c.notNull())
    .addColumn('team_id', 'text', (c) => c.notNull().references('teams.id').onDelete('cascade'))
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('buzzes_pk', ['question_id', 'team_id'])
    .execute();

  await db.schema
    .createTable('scores')
    .addColumn('team_id', 'text', (c) => c.notNull().references('teams.id').onDelete('cascade'))
    .addColumn('gk_id', 'text', (c) => c.notNull())
    .addColumn('field_name', 'text', (c) => c.notNull())
    .addColumn('point', 'numeric', (c) => c.notNull())
    .addColumn('updated_by', 'text')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('scores_pk', ['team_id', 'gk_id', 'field_name'])
    .execute();

  await db.schema
    .createTable('score_events')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('team_id', 'text', (c) => c.notNull())
    .addColumn('gk_id', 'text', (c) => c.notNull())
    .addColumn('field_name', 'text', (c) => c.notNull())
    .addColumn('old_point', 'numeric')
    .addColumn('new_point', 'numeric')
    .addColumn('actor_id', 'text')
    .addColumn('source', 'text', (c) => c.notNull().check(sql`source in ('judge', 'admin', 'admin-all', 'answer', 'undo', 'reset')`))
    .addColumn('reason', 'text')
    .addColumn('idempotency_key', 'text')
    .addColumn('request_hash', 'text')
    .addColumn('undoes', 'bigint')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('score_events_team_field').on('score_events').columns(['team_id', 'field_name']).execute();

  // A retried request with the same key gets the first answer; the primary key makes a concurrent
  // duplicate wait for the first and then find its answer.
  await db.schema
    .createTable('idempotency_keys')
    .addColumn('actor_id', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('request_hash', 'text', (c) => c.notNull())
    .addColumn('response', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['actor_id', 'key'])
    .execute();
  // The audit log is append-only: the database itself refuses changes and deletions.
  await sql`
    create function score_events_append_only() returns trigger language plpgsql as $$
    begin
      raise exception 'score_events is append-only';
    end;
    $$`.execute(db);
  await sql`
    create trigger score_events_no_change before update or delete on score_events
    for each row execute function score_events_append_only()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger if exists score_events_no_change on score_events`.execute(db);
  await sql`drop function if exists score_events_append_only()`.execute(db);
  for (const table of ['idempotency_keys', 'score_events', 'scores', 'buzzes', 'team_answers', 'show_history'])
    await db.schema.dropTable(table).execute();
}
