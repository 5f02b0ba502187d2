/**
 * Opens the same database the server uses, for command-line tools: DATABASE_URL when set, otherwise
 * the embedded data folder — refused, in Vietnamese, while a server holds it (`npm run import` then
 * works through that server: cli-server.ts). Every tool acts on one event: `--event <id or name>` on
 * its command line, else the one on stage.
 */
import { type Kysely, sql } from 'kysely';
import { messages } from '../../src/messages';
import { readConfig } from '../../src-server/config';
import { migrateAs, openDatabase } from '../../src-server/db/connection';
import { acquireDataDirLock, DataDirLockedError } from '../../src-server/db/lock';
import { scopeTo } from '../../src-server/db/scope';
import type { Database } from '../../src-server/db/types';
import { onStageHandle } from '../../src-server/features/events/active';
import { listEvents } from '../../src-server/features/events/data';
import { EVENTS_CHANNEL } from '../../src-server/features/live/events';

export interface CliDatabase {
  /** Scoped to the event the command acts on (`--event`, else the one on stage). */
  db: Kysely<Database>;
  /** The installation's handle (unscoped). */
  base: Kysely<Database>;
  /** Tells servers running on the same PostgreSQL to follow the events this command recorded. */
  announceEvents(): Promise<void>;
  close(): Promise<void>;
}

/** The event `--event` names, by id or by name (any case); the one on stage without it. Exits when none matches. */
async function eventHandle(base: Kysely<Database>, wanted: string | null): Promise<Kysely<Database>> {
  if (wanted === null) return onStageHandle(base);
  const events = await listEvents(base);
  const found = events.find((e) => e._id === wanted) ?? events.find((e) => e.title.toLowerCase() === wanted.toLowerCase());
  if (!found) {
    console.error(
      messages.cliEventNotFound(
        wanted,
        events.map((e) => `${e._id}  ${e.title}`),
      ),
    );
    process.exit(2);
  }
  return scopeTo(base, { contestId: found._id, readOnly: found.state === 'archived' });
}

export async function openCliDatabase(env: NodeJS.ProcessEnv = process.env, argv: string[] = process.argv.slice(2)): Promise<CliDatabase> {
  const opened = await openCliDatabaseUnlessHeld(env, argv);
  if (opened instanceof DataDirLockedError) {
    console.error(messages.cliStopServer(opened.pid, opened.dir));
    process.exit(2);
  }
  return opened;
}

/** As openCliDatabase, but a data folder another process holds is answered with its holder, for the caller to go through it. */
export async function openCliDatabaseUnlessHeld(
  env: NodeJS.ProcessEnv = process.env,
  argv: string[] = process.argv.slice(2),
): Promise<CliDatabase | DataDirLockedError> {
  const config = readConfig(env);
  let release: (() => void) | null = null;
  if (!config.databaseUrl) {
    try {
      release = acquireDataDirLock(config.dataDir);
    } catch (error) {
      if (error instanceof DataDirLockedError) return error;
      throw error;
    }
  }
  const handle = await openDatabase(config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir });
  await migrateAs(handle.db, config.databaseUrl ? config.migrationDatabaseUrl : null);
  const event = parseArgs(argv).get('event');
  let db: Kysely<Database>;
  try {
    db = await eventHandle(handle.db, typeof event === 'string' ? event : null);
  } catch (error) {
    await handle.close();
    release?.();
    throw error;
  }
  return {
    db,
    base: handle.db,
    async announceEvents() {
      if (!handle.pool) return; // the embedded database has no server running beside a command
      await sql`select pg_notify(${EVENTS_CHANNEL}, (select coalesce(max(id), 0)::text from events))`.execute(handle.db);
    },
    async close() {
      await handle.close();
      release?.();
    },
  };
}

/** Reads `--name value` and `--flag` arguments. */
export function parseArgs(argv: string[]): Map<string, string | true> {
  const args = new Map<string, string | true>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (!arg.startsWith('--')) continue;
    const [key, inline] = arg.slice(2).split('=', 2) as [string, string | undefined];
    if (inline !== undefined) args.set(key, inline);
    else if (argv[i + 1] !== undefined && !argv[i + 1]!.startsWith('--')) args.set(key, argv[++i]!);
    else args.set(key, true);
  }
  return args;
}
