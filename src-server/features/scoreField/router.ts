/** The scoring sheet: one row per criterion (fieldName). */
import type { Kysely, Selectable } from 'kysely';
import { messages } from '../../../src/messages';
import { type TScoreField, ZScoreFieldCreateSchema, ZScoreFieldUpdateSchema } from '../../../src/schemas/scoreField';
import { z } from '../../../src/schemas/zod';
import { isUniqueViolation } from '../../db/errors';
import type { Database, ScoreFieldsTable } from '../../db/types';
import { AppError, badRequest, notFound } from '../../errors';
import { adminProcedure, publicProcedure, router } from '../../trpc';
import { liveTransaction } from '../live/record';

function toScoreField(row: Selectable<ScoreFieldsTable>): TScoreField {
  return {
    _id: row.id,
    name: row.name,
    label: row.label,
    kind: row.kind,
    minPoint: row.min_point,
    maxPoint: row.max_point,
    step: row.step,
    weight: row.weight,
    dropExtremes: row.drop_extremes,
    position: row.position,
    round: row.round,
  };
}

export async function listScoreFields(db: Kysely<Database>): Promise<TScoreField[]> {
  const rows = await db.selectFrom('score_fields').selectAll().orderBy('position', 'asc').orderBy('label', 'asc').execute();
  return rows.map(toScoreField);
}

const taken = (field: string) => new AppError('CONFLICT', messages.fieldNameTaken, field);

export const scoreFieldRouter = router({
  /** Public: the screens label the scoreboard with it. */
  all: publicProcedure.query(async ({ ctx }) => ({ items: await listScoreFields(ctx.db) })),
  create: adminProcedure.input(ZScoreFieldCreateSchema).mutation(async ({ ctx, input }) => {
    const d = input.data;
    try {
      return await liveTransaction(ctx, async (recorder) => {
        const row = await recorder.trx
          .insertInto('score_fields')
          .values({
            name: d.name,
            label: d.label,
            kind: d.kind,
            min_point: d.minPoint,
            max_point: d.maxPoint,
            step: d.step,
            weight: d.weight,
            drop_extremes: d.dropExtremes,
            position: d.position,
            round: d.round,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        await recorder.sheet();
        return { item: toScoreField(row) };
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw taken('data.name');
      throw error;
    }
  }),
  update: adminProcedure.input(ZScoreFieldUpdateSchema).mutation(async ({ ctx, input }) => {
    const current = await ctx.db.selectFrom('score_fields').selectAll().where('id', '=', input._id).executeTakeFirst();
    if (!current) throw notFound(messages.scoreFieldNotFound);
    const c = input.changes;
    if ((c.maxPoint ?? current.max_point) <= (c.minPoint ?? current.min_point)) {
      throw badRequest(messages.maxBelowMin, 'changes.maxPoint');
    }
    try {
      return await liveTransaction(ctx, async (recorder) => {
        const row = await recorder.trx
          .updateTable('score_fields')
          .set({
            updated_at: new Date(),
            ...(c.name !== undefined ? { name: c.name } : {}),
            ...(c.label !== undefined ? { label: c.label } : {}),
            ...(c.kind !== undefined ? { kind: c.kind } : {}),
            ...(c.minPoint !== undefined ? { min_point: c.minPoint } : {}),
            ...(c.maxPoint !== undefined ? { max_point: c.maxPoint } : {}),
            ...(c.step !== undefined ? { step: c.step } : {}),
            ...(c.weight !== undefined ? { weight: c.weight } : {}),
            ...(c.dropExtremes !== undefined ? { drop_extremes: c.dropExtremes } : {}),
            ...(c.position !== undefined ? { position: c.position } : {}),
            ...(c.round !== undefined ? { round: c.round } : {}),
          })
          .where('id', '=', input._id)
          .returningAll()
          .executeTakeFirstOrThrow();
        await recorder.sheet();
        return { item: toScoreField(row) };
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw taken('changes.name');
      throw error;
    }
  }),
  remove: adminProcedure.input(z.object({ _id: z.string().trim().min(1).max(100) })).mutation(({ ctx, input }) =>
    liveTransaction(ctx, async (recorder) => {
      const result = await recorder.trx.deleteFrom('score_fields').where('id', '=', input._id).executeTakeFirst();
      if (Number(result.numDeletedRows) === 0) throw notFound(messages.scoreFieldNotFound);
      await recorder.sheet();
      return { ok: true as const };
    }),
  ),
});
