import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onStageHandle } from '../../src-server/features/events/active';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

describe(`the database (${process.env.TEST_DB})`, () => {
  it('returns int8 and numeric as numbers, timestamptz as Date and jsonb parsed, like the other driver', async () => {
    const { rows } = await sql<{
      big: unknown;
      num: unknown;
      at: unknown;
      doc: unknown;
      flag: unknown;
    }>`select 9007199254740::int8 as big, 7.5::numeric as num, now() as at, '{"a":[1]}'::jsonb as doc, true as flag`.execute(
      database.handle.db,
    );
    const row = rows[0]!;
    expect(row.big).toBe(9007199254740);
    expect(row.num).toBe(7.5);
    expect(row.at).toBeInstanceOf(Date);
    expect(row.doc).toEqual({ a: [1] });
    expect(row.flag).toBe(true);
  });

  it('gives growing event ids as numbers', async () => {
    const db = database.handle.db;
    const a = await db.insertInto('events').values({ type: 'x', payload: '{}' }).returning('id').executeTakeFirstOrThrow();
    const b = await db.insertInto('events').values({ type: 'x', payload: '{}' }).returning('id').executeTakeFirstOrThrow();
    expect(typeof a.id).toBe('number');
    expect(b.id).toBeGreaterThan(a.id);
  });

  it('rolls a failed transaction back whole', async () => {
    const db = await onStageHandle(database.handle.db);
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.insertInto('teams').values({ name: 'Sẽ biến mất' }).execute();
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    const found = await db.selectFrom('teams').select('id').where('name', '=', 'Sẽ biến mất').execute();
    expect(found).toHaveLength(0);
  });

  // On PGlite the driver queues transactions on its one connection; on PostgreSQL the row lock does.
  it('loses no increment when twenty read-modify-write transactions run at once', async () => {
    const db = await onStageHandle(database.handle.db);
    await db
      .insertInto('settings')
      .values({ id: 1, data: JSON.stringify({ counter: 0 }) })
      .execute();
    // Twenty read-modify-write transactions at once: interleaving would lose increments.
    await Promise.all(
      Array.from({ length: 20 }, () =>
        db.transaction().execute(async (trx) => {
          const row = await trx.selectFrom('settings').select('data').where('id', '=', 1).forUpdate().executeTakeFirstOrThrow();
          // Deliberate: the read and the write are apart in time, so transactions that wrongly
          // interleave would read the same counter and lose increments.
          await new Promise((r) => setTimeout(r, 2));
          const counter = Number((row.data as { counter: number }).counter) + 1;
          await trx
            .updateTable('settings')
            .set({ data: JSON.stringify({ counter }) })
            .where('id', '=', 1)
            .execute();
        }),
      ),
    );
    const row = await db.selectFrom('settings').select('data').where('id', '=', 1).executeTakeFirstOrThrow();
    expect((row.data as { counter: number }).counter).toBe(20);
  });

  it('never runs a query from outside inside an open transaction (it sees only what was committed)', async () => {
    const db = await onStageHandle(database.handle.db);
    let inserted!: () => void;
    const insertedSignal = new Promise<void>((resolve) => (inserted = resolve));
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const transaction = db
      .transaction()
      .execute(async (trx) => {
        await trx.insertInto('teams').values({ name: 'Đội chưa lưu' }).execute();
        inserted();
        await gate;
        throw new Error('roll back');
      })
      .catch((error: Error) => error.message);
    await insertedSignal;
    const outside = db.selectFrom('teams').select('id').where('name', '=', 'Đội chưa lưu').execute();
    // Deliberate: time for a query that wrongly shares the open transaction to finish inside it
    // (a right one waits for the commit, so there is nothing to wait for).
    await new Promise((resolve) => setTimeout(resolve, 100));
    release();
    expect(await transaction).toBe('roll back');
    expect(await outside).toEqual([]);
  });
});
