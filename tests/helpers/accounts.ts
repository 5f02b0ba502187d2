/** Accounts written straight into a test's database, as the admin screens would make them. */
import type { Kysely } from 'kysely';
import type { Role } from '../../src/constants';
import type { Database } from '../../src-server/db/types';
import { onStageHandle } from '../../src-server/features/events/active';
import { seatOnPanel } from '../../src-server/features/users/data';

export interface AccountRow {
  username: string;
  role: Role;
  password_hash: string;
  full_name?: string;
  team_id?: string;
  active?: boolean;
}

/**
 * Inserts accounts into the contest on stage (a team account is its; the others the installation's),
 * each judge seated on its panel. `db` may be the installation's handle or a scoped one.
 */
export async function insertAccounts(db: Kysely<Database>, rows: readonly AccountRow[]): Promise<Record<string, string>> {
  const scoped = await onStageHandle(db.withoutPlugins());
  const inserted = await scoped
    .insertInto('users')
    .values([...rows])
    .returning(['id', 'username', 'role'])
    .execute();
  for (const row of inserted) if (row.role === 'judge') await seatOnPanel(scoped, row.id);
  return Object.fromEntries(inserted.map((row) => [row.username, row.id]));
}
