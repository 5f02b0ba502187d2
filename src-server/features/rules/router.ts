/** The rules (thể lệ): public to read, admins write. */
import type { Kysely, Selectable } from 'kysely';
import { messages } from '../../../src/messages';
import { type TRule, ZRuleCreateSchema, ZRuleUpdateSchema } from '../../../src/schemas/rules';
import { z } from '../../../src/schemas/zod';
import { definedOnly } from '../../db/changes';
import type { Database, RulesTable } from '../../db/types';
import { notFound } from '../../errors';
import { adminProcedure, publicProcedure, router } from '../../trpc';

function toRule(row: Selectable<RulesTable>): TRule {
  return { _id: row.id, data: { title: row.title, content: row.content, order: row.sort_order } };
}

export async function listRules(db: Kysely<Database>): Promise<TRule[]> {
  const rows = await db.selectFrom('rules').selectAll().orderBy('sort_order', 'asc').orderBy('title', 'asc').execute();
  return rows.map(toRule);
}

export const rulesRouter = router({
  all: publicProcedure.query(async ({ ctx }) => ({ items: await listRules(ctx.db) })),
  create: adminProcedure.input(ZRuleCreateSchema).mutation(async ({ ctx, input }) => {
    const row = await ctx.db
      .insertInto('rules')
      .values({ title: input.data.title, content: input.data.content, sort_order: input.data.order })
      .returningAll()
      .executeTakeFirstOrThrow();
    return { item: toRule(row) };
  }),
  update: adminProcedure.input(ZRuleUpdateSchema).mutation(async ({ ctx, input }) => {
    const data = input.changes.data;
    const row = await ctx.db
      .updateTable('rules')
      .set({
        updated_at: new Date(),
        ...definedOnly({
          title: data.title,
          content: data.content,
          sort_order: data.order,
        }),
      })
      .where('id', '=', input._id)
      .returningAll()
      .executeTakeFirst();
    if (!row) throw notFound(messages.ruleNotFound);
    return { item: toRule(row) };
  }),
  remove: adminProcedure.input(z.object({ _id: z.string().trim().min(1).max(100) })).mutation(async ({ ctx, input }) => {
    const result = await ctx.db.deleteFrom('rules').where('id', '=', input._id).executeTakeFirst();
    if (Number(result.numDeletedRows) === 0) throw notFound(messages.ruleNotFound);
    return { ok: true as const };
  }),
});
