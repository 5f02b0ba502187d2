/** First start: a database without an admin gets one. */
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { messages } from '../src/messages';
import type { Config } from './config';
import type { Database } from './db/types';
import { hashPassword } from './features/auth/password';
import { countUsers, userSearchText } from './features/users/data';

export async function ensureFirstAdmin(
  db: Kysely<Database>,
  config: Pick<Config, 'adminPassword'>,
  log: (line: string) => void = console.log,
): Promise<boolean> {
  // Any admin at all (even one a command-line tool created) means this is not a first start.
  if ((await countUsers(db, 'admin')) > 0) return false;
  const password = config.adminPassword ?? randomBytes(9).toString('base64url');
  await db
    .insertInto('users')
    .values({
      username: 'admin',
      password_hash: await hashPassword(password),
      full_name: messages.firstAdminName,
      role: 'admin',
      search_text: userSearchText('admin', messages.firstAdminName),
    })
    .execute();
  log(messages.adminCreated('admin', config.adminPassword ? messages.adminPasswordFromEnv : password));
  return true;
}
