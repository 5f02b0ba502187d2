/** Where a new record goes in its list when no priority is given: after every record already there. */
import type { ExpressionBuilder, Kysely } from 'kysely';
import type { Database } from './types';

type OrderedTable = 'users' | 'teams' | 'question_sets';

/**
 * One more than the largest priority in the list (0 for an empty list). Built with the query builder,
 * so a scoped handle counts its own contest's teams and sets only.
 */
export async function nextPriority(db: Kysely<Database>, table: OrderedTable, setNo?: number): Promise<number> {
  const top = (eb: ExpressionBuilder<Database, OrderedTable>) => eb.fn.max<number | null>('priority').as('top');
  const row =
    table === 'question_sets' && setNo !== undefined
      ? await db.selectFrom('question_sets').select(top).where('set_no', '=', setNo).executeTakeFirst()
      : await db.selectFrom(table).select(top).executeTakeFirst();
  return row?.top === null || row?.top === undefined ? 0 : Number(row.top) + 1;
}
