/** Where a new record goes in its list when no priority is given: after every record already there. */
import { type Kysely, sql } from 'kysely';
import type { Database } from './types';

type OrderedTable = 'users' | 'teams' | 'question_sets';

/** One more than the largest priority in the list (0 for an empty list). */
export async function nextPriority(db: Kysely<Database>, table: OrderedTable, setNo?: number): Promise<number> {
  const where = table === 'question_sets' && setNo !== undefined ? sql`where set_no = ${setNo}` : sql``;
  const { rows } = await sql<{
    next: number | string;
  }>`select coalesce(max(priority) + 1, 0) as next from ${sql.table(table)} ${where}`.execute(db);
  return Number(rows[0]?.next ?? 0);
}
