/**
 * PostgreSQL's connections run a statement seen before as a named one (`db/named.ts`): the answers
 * and errors are those of an unnamed query, PostgreSQL holds it prepared, and the names are bounded.
 */
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_NAMED, type StatementNames, withNamedStatements } from '../../src-server/db/named';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db';

const postgres = process.env.TEST_DB === 'postgres';
let database: TestDatabase;
let pool: pg.Pool;
let names: StatementNames;
let db: Kysely<Record<string, Record<string, unknown>>>;

beforeAll(async () => {
  if (!postgres) return;
  database = await createTestDatabase();
  // One connection, so what it holds prepared can be read back on it.
  pool = new pg.Pool({ connectionString: database.handle.connectionString, max: 1 });
  names = withNamedStatements(pool);
  db = new Kysely({ dialect: new PostgresDialect({ pool }) });
  await sql`create table named_cells (id int primary key, label text not null unique)`.execute(db);
});
afterAll(async () => {
  if (!postgres) return;
  await db.destroy();
  await database.drop();
});

const prepared = async () =>
  (await sql<{ name: string }>`select name from pg_prepared_statements order by name`.execute(db)).rows.map((row) => row.name);

describe.runIf(postgres)('named statements on PostgreSQL', () => {
  it('answers a statement run again as the first run did, and PostgreSQL holds it prepared', async () => {
    const read = (id: number, label: string | null) =>
      sql<{ n: number; at: Date; doc: unknown; label: string | null }>`
        select cast(${id} as int) * 1000 as n, cast(${new Date(Date.UTC(2026, 10, 28, id))} as timestamptz) as at,
          cast(${JSON.stringify({ id })} as jsonb) as doc, cast(${label} as text) as label`.execute(db);
    const answers = [];
    for (const id of [1, 2, 3]) answers.push((await read(id, id === 2 ? null : `o'${id}`)).rows[0]);
    expect(answers).toEqual(
      [1, 2, 3].map((id) => ({ n: id * 1000, at: new Date(Date.UTC(2026, 10, 28, id)), doc: { id }, label: id === 2 ? null : `o'${id}` })),
    );
    expect(names.size).toBeGreaterThan(0);
    expect(await prepared()).toContain('hoithi_1');
  });

  it('refuses a duplicate with its code in a transaction that then rolls back whole', async () => {
    for (const id of [1, 2, 3])
      await db
        .insertInto('named_cells')
        .values({ id, label: `c${id}` })
        .execute();
    const failed = await db
      .transaction()
      .execute(async (trx) => {
        await trx.insertInto('named_cells').values({ id: 4, label: 'c4' }).execute();
        await trx.insertInto('named_cells').values({ id: 5, label: 'c1' }).execute();
      })
      .catch((error: { code?: string }) => error);
    expect((failed as { code?: string }).code).toBe('23505');
    const labels = await db.selectFrom('named_cells').select('label').orderBy('id').execute();
    expect(labels.map((row) => row.label)).toEqual(['c1', 'c2', 'c3']);
    // The named insert still works after the rollback: prepared statements outlive it.
    await db.insertInto('named_cells').values({ id: 6, label: 'c6' }).execute();
    expect((await db.selectFrom('named_cells').select('id').where('id', '=', 6).execute()).length).toBe(1);
  });

  it('names at most MAX_NAMED texts and runs the others unnamed, with the right answers', async () => {
    const pick = (n: number) => sql<{ n: number }>`select cast(${n} as int) + ${sql.lit(n)} as n`;
    for (let round = 0; round < 2; round++) {
      for (let n = 0; n < MAX_NAMED + 20; n++) expect((await pick(n).execute(db)).rows[0]!.n).toBe(2 * n);
    }
    expect(names.size).toBe(MAX_NAMED);
    expect((await prepared()).length).toBe(MAX_NAMED);
  });
});
