import { type Kysely, sql } from 'kysely';

/**
 * The consoles (/master pages) open right now, on every server instance: one row per open console,
 * kept fresh by its instance's heartbeat, so a crashed instance's rows go stale and are purged.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('console_presence')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('instance_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('since', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_seen', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('console_presence').execute();
}
