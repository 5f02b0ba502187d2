import { type Kysely, sql } from 'kysely';

/**
 * Ballots discarded by address: the staff strike one address's ballots from a vote before its award
 * (a script's flood), audited in action_log. The ballots themselves stay, as evidence; the count
 * leaves out every ballot of a vote whose address is listed here, and the address casts no more in
 * that vote. `ballots` is how many were struck when it was done. The index serves the console's list
 * of addresses by ballots and the count's exclusion.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('vote_discards')
    .addColumn('vote_id', 'bigint', (c) => c.notNull().references('votes.id').onDelete('cascade'))
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('ballots', 'integer', (c) => c.notNull())
    .addColumn('action_id', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('vote_discards_pkey', ['vote_id', 'address'])
    .execute();
  await db.schema.createIndex('ballots_vote_address').on('ballots').columns(['vote_id', 'address']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('ballots_vote_address').execute();
  await db.schema.dropTable('vote_discards').execute();
}
