/**
 * A throwaway database for one test file: in-memory PGlite, or (TEST_DB=postgres) a fresh database
 * on TEST_DATABASE_URL's server, dropped afterwards.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type DatabaseHandle, migrateToLatest, openDatabase } from '../../src-server/db/connection';

export interface TestDatabase {
  handle: DatabaseHandle;
  kind: 'pglite' | 'postgres';
  url: string | null;
  drop(): Promise<void>;
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

export async function createThrowawayPostgres(): Promise<{ url: string; drop(): Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DATABASE_URL is not set');
  const name = `hoithi_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  return {
    url: withDatabase(base, name),
    async drop() {
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

export async function createTestDatabase(): Promise<TestDatabase> {
  if (process.env.TEST_DB === 'postgres') {
    const throwaway = await createThrowawayPostgres();
    const handle = await openDatabase({ databaseUrl: throwaway.url });
    await migrateToLatest(handle.db);
    return {
      handle,
      kind: 'postgres',
      url: throwaway.url,
      async drop() {
        await handle.close();
        await throwaway.drop();
      },
    };
  }
  const handle = await openDatabase({});
  await migrateToLatest(handle.db);
  return { handle, kind: 'pglite', url: null, drop: () => handle.close() };
}
