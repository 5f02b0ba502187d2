/**
 * Opens the database: PostgreSQL through `pg` when a URL is given, otherwise embedded PGlite in a
 * data folder (or in memory for tests). Both return the same JavaScript types: int8 and numeric are
 * numbers, timestamptz a Date, json and jsonb parsed.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PGliteDialect, PostgresDialect, sql } from 'kysely';
import { type MigrationProvider, Migrator } from 'kysely/migration';
import type pg from 'pg';
import { migrations } from '../../db/migrations';
import { withNamedStatements } from './named';
import { withPreparedStatements } from './prepared';
import { copyTemplate } from './template';
import type { Database } from './types';

const INT8 = 20;
const NUMERIC = 1700;

const toNumber = (value: string) => Number(value);

/**
 * PGlite's settings for a night's database, a few megabytes of rows: an 8 MB page cache instead of
 * PostgreSQL's 128 MB, which PGlite holds in the server's own memory whether it is used or not (a
 * bare PGlite on an event's folder: 275 MB → 140 MB; BENCHMARKS.md, "Memory and start-up").
 */
export const PGLITE_SETTINGS = ['shared_buffers = 8MB'];

/**
 * A new data folder starts as a copy of the cluster the build made, when there is one for this
 * PGlite (`template.ts`): PostgreSQL's initdb takes 2–3 s and the migrations 1–2 s more, and initdb's
 * ~220 MB would otherwise stay with the server until its next restart. The migrator then finds the
 * copy's migrations applied (and applies any newer ones). Without one (run from source, or another
 * PGlite), initdb runs in a child process that exits, for the same memory; under Bun, which has no
 * `--input-type`, or when the child cannot run, the folder is made in this process as before.
 */
function initDataDirApart(dataDir: string): void {
  if (fs.existsSync(path.join(dataDir, 'PG_VERSION')) || copyTemplate(dataDir)) return;
  if ('bun' in process.versions) return;
  const script = `const { PGlite } = await import(process.argv[1]); await (await PGlite.create({ dataDir: process.argv[2] })).close();`;
  const child = spawnSync(process.execPath, ['--input-type=module', '-e', script, import.meta.resolve('@electric-sql/pglite'), dataDir], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  if (child.status !== 0)
    console.warn(`[db] the data folder is made in the server process: ${child.stderr?.toString().trim().split('\n')[0]}`);
}

export interface DatabaseHandle {
  db: Kysely<Database>;
  kind: 'postgres' | 'pglite';
  /** The raw pg pool, for LISTEN/NOTIFY; absent on PGlite. */
  pool?: pg.Pool;
  connectionString?: string;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  databaseUrl?: string;
  /** A folder for PGlite's files; omit for an in-memory database. */
  dataDir?: string;
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    // Loaded only here: a server on PGlite never holds PostgreSQL's client.
    const { default: pg } = await import('pg');
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      types: {
        getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
          oid === INT8 || oid === NUMERIC ? toNumber : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
      },
    });
    // An idle client that loses its server (a PostgreSQL restart) must not crash the process.
    pool.on('error', (error) => console.error('[db] idle client error:', error.message));
    // Statements the server runs again are named, so PostgreSQL plans them once (`named.ts`).
    withNamedStatements(pool);
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return {
      db,
      kind: 'postgres',
      pool,
      connectionString: options.databaseUrl,
      close: () => db.destroy(),
    };
  }

  if (options.dataDir) initDataDirApart(options.dataDir);
  const pglite = await PGlite.create({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    postgresqlconf: PGLITE_SETTINGS,
    parsers: { [INT8]: toNumber, [NUMERIC]: toNumber },
  });
  // Kysely's own dialect. PGlite has one connection, and Kysely hands it to one holder at a time (its
  // adapter says it has no more): a transaction owns it from BEGIN to COMMIT and other queries wait,
  // so transactions never interleave (tests/server/database.test.ts checks it).
  // Statements a transaction runs again are prepared once (`prepared.ts`).
  const db = new Kysely<Database>({ dialect: new PGliteDialect({ pglite: withPreparedStatements(pglite).pglite }) });
  return { db, kind: 'pglite', close: () => db.destroy() };
}

const provider: MigrationProvider = { getMigrations: async () => migrations };

/**
 * Brings the schema up to date: through `migrationUrl` (the tables' owner) when given, so the app's
 * own role needs no right to create, alter or empty tables; else through the app's connection.
 */
export async function migrateAs(db: Kysely<Database>, migrationUrl: string | null): Promise<void> {
  if (await migrationsUpToDate(db)) return;
  if (!migrationUrl) return migrateToLatest(db);
  const owner = await openDatabase({ databaseUrl: migrationUrl });
  try {
    await migrateToLatest(owner.db);
  } finally {
    await owner.close();
  }
}

/**
 * Whether the migrator's record holds exactly this build's migrations, read in one statement. A
 * restart on an up-to-date folder then skips the migrator, whose checks (its tables, its lock, the
 * record) took a third of a restart on PGlite. Anything else (no record yet, a newer migration, a
 * record this build does not know, a role that cannot read it) goes to the migrator as before.
 */
async function migrationsUpToDate(db: Kysely<Database>): Promise<boolean> {
  try {
    const { rows } = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
    // Compared in JavaScript's order on both sides: the database's collation may sort names otherwise.
    const recorded = rows.map((row) => row.name).sort();
    const known = Object.keys(migrations).sort();
    return recorded.length === known.length && recorded.every((name, i) => name === known[i]);
  } catch {
    return false;
  }
}

export async function migrateToLatest(db: Kysely<Database>): Promise<void> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  for (const result of results ?? []) {
    if (result.status === 'Error') console.error(`[db] migration ${result.migrationName} failed`);
  }
  if (error) throw error;
}
