import { type Kysely, sql } from 'kysely';

/**
 * The audience vote: each vote the master opens, one ballot per device and vote, the per-address
 * ballot counts of the rate limit, and the server's own secrets (the ballot cookie's HMAC key, made at
 * the first start, so every instance on this database signs alike).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('votes')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('team_ids', 'jsonb', (c) => c.notNull())
    .addColumn('choices', 'integer', (c) => c.notNull().check(sql`choices between 1 and 10`))
    .addColumn('changeable', 'boolean', (c) => c.notNull())
    .addColumn('opened_at', 'bigint', (c) => c.notNull())
    .addColumn('closes_at', 'bigint')
    .addColumn('closed_at', 'bigint')
    .addColumn('opened_by', 'text')
    // The last count, written by whichever instance counted (at most twice a second).
    .addColumn('tally', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('ballots', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('tallied_at', 'bigint')
    .addColumn('award', 'jsonb')
    .execute();
  // At most one vote open at a time.
  await sql`create unique index votes_one_open on votes ((true)) where closed_at is null`.execute(db);

  await db.schema
    .createTable('ballots')
    .addColumn('vote_id', 'bigint', (c) => c.notNull().references('votes.id').onDelete('cascade'))
    .addColumn('device', 'text', (c) => c.notNull())
    .addColumn('team_ids', 'jsonb', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('cast_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('ballots_pkey', ['vote_id', 'device'])
    .execute();

  await db.schema
    .createTable('vote_limits')
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('window_start', 'bigint', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('vote_limits_pkey', ['address', 'window_start'])
    .execute();

  await db.schema
    .createTable('server_secrets')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('server_secrets').execute();
  await db.schema.dropTable('vote_limits').execute();
  await db.schema.dropTable('ballots').execute();
  await db.schema.dropTable('votes').execute();
}
