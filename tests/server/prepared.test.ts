/**
 * PGlite's transactions run a statement seen before as a prepared statement (`db/prepared.ts`): the
 * answers, the errors and the rollback must be exactly those of PGlite's own `query`.
 */
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PGliteDialect, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAX_PREPARED, type PreparedStatements, withPreparedStatements } from '../../src-server/db/prepared';

const INT8 = 20;
const NUMERIC = 1700;

let pglite: PGlite;
let statements: PreparedStatements;
let db: Kysely<Record<string, Record<string, unknown>>>;

beforeEach(async () => {
  pglite = await PGlite.create({ parsers: { [INT8]: Number, [NUMERIC]: Number } });
  const wrapped = withPreparedStatements(pglite);
  statements = wrapped.statements;
  db = new Kysely({ dialect: new PGliteDialect({ pglite: wrapped.pglite }) });
  await sql`create table cells (id int primary key, label text not null unique, point numeric, at timestamptz, doc jsonb)`.execute(db);
});
afterEach(() => db.destroy());

const typed = (id: number, label: string | null) =>
  sql<{ big: unknown; num: unknown; at: unknown; doc: unknown; flag: unknown; label: unknown }>`
    select cast(${id} as int8) * 1000000000 as big, cast(${id} as numeric) / 4 as num,
      cast(${new Date(Date.UTC(2026, 10, 28, 8, id))} as timestamptz) as at,
      cast(${JSON.stringify({ id, say: "it's" })} as jsonb) as doc, ${id} > 1 as flag, cast(${label} as text) as label`;

describe.runIf(process.env.TEST_DB !== 'postgres')('prepared statements in PGlite transactions', () => {
  it('answers a statement run again with the values, types and nulls of the first run', async () => {
    const answers = await db.transaction().execute(async (trx) => {
      const out = [];
      for (const id of [1, 2, 3]) out.push((await typed(id, id === 2 ? null : `o'${id}`).execute(trx)).rows[0]);
      return out;
    });
    expect(statements.size).toBe(1);
    expect(answers).toEqual(
      [1, 2, 3].map((id) => ({
        big: id * 1_000_000_000,
        num: id / 4,
        at: new Date(Date.UTC(2026, 10, 28, 8, id)),
        doc: { id, say: "it's" },
        flag: id > 1,
        label: id === 2 ? null : `o'${id}`,
      })),
    );
  });

  it('writes, counts affected rows and refuses a duplicate with its code, rolling the transaction back', async () => {
    for (const id of [1, 2, 3]) {
      const result = await db.transaction().execute((trx) =>
        trx
          .insertInto('cells')
          .values({ id, label: `c${id}`, point: id / 2 })
          .executeTakeFirst(),
      );
      expect(result.numInsertedOrUpdatedRows).toBe(1n);
    }
    expect(statements.size).toBeGreaterThan(0);
    // The prepared insert fails on the unique label: the other row of its transaction goes too.
    const failed = await db
      .transaction()
      .execute(async (trx) => {
        await trx.insertInto('cells').values({ id: 4, label: 'c4', point: 2 }).execute();
        await trx.insertInto('cells').values({ id: 5, label: 'c1', point: 2 }).execute();
      })
      .catch((error: { code?: string }) => error);
    expect((failed as { code?: string }).code).toBe('23505');
    const labels = await db.selectFrom('cells').select('label').orderBy('id').execute();
    expect(labels.map((row) => row.label)).toEqual(['c1', 'c2', 'c3']);
    // The same statements work in the next transaction.
    for (const id of [6, 7]) {
      await db.transaction().execute((trx) =>
        trx
          .insertInto('cells')
          .values({ id, label: `c${id}`, point: id / 2, at: new Date(), doc: JSON.stringify({ id }) })
          .execute(),
      );
    }
    await db.transaction().execute((trx) => trx.updateTable('cells').set({ point: 9 }).where('id', '=', 6).execute());
    const six = await db.transaction().execute((trx) => trx.selectFrom('cells').selectAll().where('id', '=', 6).executeTakeFirstOrThrow());
    expect(six).toMatchObject({ id: 6, label: 'c6', point: 9, doc: { id: 6 } });
  });

  it('keeps at most MAX_PREPARED statements, and one closed to make room is prepared again', async () => {
    const pick = (n: number) => sql<{ n: number }>`select cast(${n} as int) + ${sql.lit(n)} as n`;
    const count = MAX_PREPARED + 20;
    for (let round = 0; round < 2; round++) {
      await db.transaction().execute(async (trx) => {
        for (let n = 0; n < count; n++) expect((await pick(n).execute(trx)).rows[0]!.n).toBe(2 * n);
      });
    }
    expect(statements.size).toBe(MAX_PREPARED);
    // The first ones were closed for the last: run twice more, they are prepared and right again.
    for (let i = 0; i < 2; i++) {
      await db.transaction().execute(async (trx) => {
        expect((await pick(0).execute(trx)).rows[0]!.n).toBe(0);
      });
    }
    expect(statements.size).toBe(MAX_PREPARED);
  });

  it('follows a table that changed under a prepared statement after one refusal', async () => {
    const read = () => db.transaction().execute((trx) => trx.selectFrom('cells').selectAll().where('id', '=', 1).execute());
    await db.insertInto('cells').values({ id: 1, label: 'c1' }).execute();
    await read();
    await read();
    await sql`alter table cells add column extra text default 'x'`.execute(db);
    const first = await read().catch((error: { code?: string }) => error);
    if (!Array.isArray(first)) expect((first as { code?: string }).code).toBe('0A000');
    await read().catch(() => null);
    const rows = await read();
    expect(rows[0]).toMatchObject({ id: 1, label: 'c1', extra: 'x' });
  });
});
