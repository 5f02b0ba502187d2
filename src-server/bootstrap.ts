/**
 * Before the server serves: the schema brought up to date and, on a first start, the first admin and
 * (when asked) the demo event.
 */
import { randomBytes } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import { messages } from '../src/messages';
import type { Config } from './config';
import { migrateAs } from './db/connection';
import type { Database } from './db/types';
import { activateDemoAccounts, type DemoGroundwork, demoGroundwork, describeDemoLogins, loadDemoEvent } from './demo/load';
import { hashPassword } from './features/auth/password';
import { onStageHandle } from './features/events/active';
import { countUsers, userSearchText } from './features/users/data';

/**
 * What a first start computes beside its statements, begun before its database is open
 * (`firstStartGroundwork`): the password hashes and the demo's picture run on libuv's threads, so
 * they overlap PGlite opening the folder on the main one.
 */
export interface FirstStartGroundwork {
  admin: { password: string; hash: Promise<string> };
  demo: DemoGroundwork | null;
}

/** The first admin's password: ADMIN_PASSWORD's, else a new random one (printed once). */
const firstAdminPassword = (config: Pick<Config, 'adminPassword'>) => config.adminPassword ?? randomBytes(9).toString('base64url');

/**
 * Begins hashing the first admin's password and, with SEED_DEMO, the demo's groundwork (its picture
 * too unless the folder is a copy of the build's demo folder, which holds it). For a folder known to
 * be new.
 */
export function firstStartGroundwork(config: Pick<Config, 'adminPassword' | 'seedDemo'>, demoCopied = false): FirstStartGroundwork {
  const password = firstAdminPassword(config);
  const demo = config.seedDemo ? demoGroundwork({ picture: !demoCopied }) : null;
  const work = { admin: { password, hash: hashPassword(password) }, demo };
  // Awaited where they are used; a start that fails before then reports its own error, not theirs.
  for (const promise of [work.admin.hash, demo?.credentials, demoCopied ? undefined : demo?.picture()]) promise?.catch(() => {});
  return work;
}

/**
 * Dates what a PGlite folder's template made (the first event, and the demo's rows in the build's
 * demo folder) from this start: every column the schema defaults to `now()`.
 */
async function dateFromNow(db: Kysely<Database>): Promise<void> {
  await sql`DO $$
    DECLARE c record;
    BEGIN
      FOR c IN SELECT table_name, column_name FROM information_schema.columns
        WHERE table_schema = current_schema() AND column_default = 'now()' LOOP
        EXECUTE format('UPDATE %I SET %I = now()', c.table_name, c.column_name);
      END LOOP;
    END $$`.execute(db);
}

export async function ensureFirstAdmin(
  db: Kysely<Database>,
  config: Pick<Config, 'adminPassword'>,
  log: (line: string) => void = console.log,
  early?: FirstStartGroundwork['admin'],
): Promise<boolean> {
  // Any admin at all (even one a command-line tool created) means this is not a first start.
  if ((await countUsers(db, 'admin')) > 0) return false;
  const password = early?.password ?? firstAdminPassword(config);
  await db
    .insertInto('users')
    .values({
      username: 'admin',
      password_hash: await (early?.hash ?? hashPassword(password)),
      full_name: messages.firstAdminName,
      role: 'admin',
      search_text: userSearchText('admin', messages.firstAdminName),
    })
    .execute();
  log(messages.adminCreated('admin', config.adminPassword ? messages.adminPasswordFromEnv : password));
  return true;
}

/**
 * Migrates, then on a first start makes the first admin and, with SEED_DEMO, the demo event (or,
 * when the folder is a copy of the build's demo folder, gives its accounts their passwords): with
 * the groundwork `early` began when the folder is known to be new, else beginning it only once it
 * is known to be a first start.
 */
export async function prepareDatabase(
  db: Kysely<Database>,
  config: Pick<Config, 'adminPassword' | 'seedDemo' | 'databaseUrl' | 'migrationDatabaseUrl'>,
  log: (line: string) => void,
  early?: FirstStartGroundwork,
): Promise<void> {
  await migrateAs(db, config.databaseUrl ? config.migrationDatabaseUrl : null);
  const firstStart = await ensureFirstAdmin(db, config, log, early?.admin);
  // A folder copied from the build's template holds the first event its migrations made (and the
  // demo's rows): they date from this start, not from the build. Only the first event when the
  // folder was not known to be new (a tool may have added rows since).
  if (firstStart && early) await dateFromNow(db);
  else if (firstStart) await db.updateTable('contests').set({ created_at: sql`now()`, updated_at: sql`now()` }).execute();
  const activated = await activateDemoAccounts(db, early?.demo ?? undefined);
  if (activated.length) for (const line of describeDemoLogins(activated)) log(line);
  else if (firstStart && config.seedDemo) {
    for (const line of describeDemoLogins(await loadDemoEvent(await onStageHandle(db), undefined, early?.demo ?? undefined))) log(line);
  }
}
