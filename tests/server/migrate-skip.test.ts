/**
 * A restart on an up-to-date database skips Kysely's migrator (one read of its record instead of its
 * tables, lock and checks); any other record still goes to the migrator, with its errors.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateAs } from '../../src-server/db/connection';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db';

let test: TestDatabase;
beforeAll(async () => {
  test = await createTestDatabase();
});
afterAll(async () => {
  await test?.drop();
});

const lockTableExists = async () =>
  (await sql<{ name: string | null }>`select to_regclass('kysely_migration_lock')::text as name`.execute(test.handle.db)).rows[0]?.name !=
  null;
const recorded = async () =>
  (await sql<{ name: string }>`select name from kysely_migration order by name`.execute(test.handle.db)).rows.map((r) => r.name);

describe('migrations on a start', () => {
  it('leaves an up-to-date database to its record: the migrator does not run', async () => {
    const before = await recorded();
    await sql`drop table kysely_migration_lock`.execute(test.handle.db);
    await migrateAs(test.handle.db, null);
    // The migrator would have made its lock table again.
    expect(await lockTableExists()).toBe(false);
    expect(await recorded()).toEqual(before);
  });

  it('hands a record it does not know to the migrator, which refuses it and changes nothing', async () => {
    const before = await recorded();
    await sql`insert into kysely_migration (name, timestamp) values ('9999_from_a_newer_release', now()::text)`.execute(test.handle.db);
    await expect(migrateAs(test.handle.db, null)).rejects.toThrow(/9999_from_a_newer_release/);
    expect(await lockTableExists()).toBe(true);
    expect(await recorded()).toEqual([...before, '9999_from_a_newer_release'].sort());
  });
});
