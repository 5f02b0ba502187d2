/** The scoring sheet: one row per criterion (fieldName). */
import type { Kysely } from 'kysely';
import { messages } from '../../../src/messages';
import { type TScoreField, ZScoreFieldCreateSchema, ZScoreFieldUpdateSchema } from '../../../src/schemas/scoreField';
import { z } from '../../../src/schemas/zod';
import { definedOnly } from '../../db/changes';
import { isUniqueViolation } from '../../db/errors';
import type { Database } from '../../db/types';
import { AppError, badRequest, notFound } from '../../errors';
import { adminProcedure, publicProcedure, router } from '../../trpc';
import { liveTransaction } from '../live/record';
import { refuseLockedField } from '../results/gate';
import { readSheet, recordSheet, type SheetRow, sheetColumnsOf, sheetRowOf } from './sheet';

function toScoreField({ id, ...field }: SheetRow): TScoreField {
  return { _id: id, ...field };
}

export async function listScoreFields(db: Kysely<Database>): Promise<TScoreField[]> {
  return (await readSheet(db)).map(toScoreField);
}

const taken = (field: string) => new AppError('CONFLICT', messages.fieldNameTaken, field);

export const scoreFieldRouter = router({
  /** Public: the screens label the scoreboard with it. */
  all: publicProcedure.query(async ({ ctx }) => ({ items: await listScoreFields(ctx.db) })),
  create: adminProcedure.input(ZScoreFieldCreateSchema).mutation(async ({ ctx, input }) => {
    const d = input.data;
    try {
      return await liveTransaction(ctx, async (recorder) => {
        const row = await recorder.trx.insertInto('score_fields').values(sheetColumnsOf(d)).returningAll().executeTakeFirstOrThrow();
        await recordSheet(recorder);
        return { item: toScoreField(sheetRowOf(row)) };
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw taken('data.name');
      throw error;
    }
  }),
  update: adminProcedure.input(ZScoreFieldUpdateSchema).mutation(async ({ ctx, input }) => {
    const current = (await readSheet(ctx.db)).find((f) => f.id === input._id);
    if (!current) throw notFound(messages.scoreFieldNotFound);
    const c = input.changes;
    if ((c.maxPoint ?? current.maxPoint) <= (c.minPoint ?? current.minPoint)) {
      throw badRequest(messages.maxBelowMin, 'changes.maxPoint');
    }
    try {
      return await liveTransaction(ctx, async (recorder) => {
        const moving = (['name', 'kind', 'minPoint', 'maxPoint', 'step', 'weight', 'dropExtremes', 'round'] as const).some(
          (key) => c[key] !== undefined && c[key] !== current[key],
        );
        if (moving) await refuseLockedField(recorder.trx, current, c.round);
        const row = await recorder.trx
          .updateTable('score_fields')
          .set({
            updated_at: new Date(),
            ...definedOnly(sheetColumnsOf(c)),
          })
          .where('id', '=', input._id)
          .returningAll()
          .executeTakeFirstOrThrow();
        await recordSheet(recorder);
        return { item: toScoreField(sheetRowOf(row)) };
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw taken('changes.name');
      throw error;
    }
  }),
  remove: adminProcedure.input(z.object({ _id: z.string().trim().min(1).max(100) })).mutation(({ ctx, input }) =>
    liveTransaction(ctx, async (recorder) => {
      const current = (await readSheet(recorder.trx)).find((f) => f.id === input._id);
      if (current) await refuseLockedField(recorder.trx, current);
      const result = await recorder.trx.deleteFrom('score_fields').where('id', '=', input._id).executeTakeFirst();
      if (Number(result.numDeletedRows) === 0) throw notFound(messages.scoreFieldNotFound);
      await recordSheet(recorder);
      return { ok: true as const };
    }),
  ),
});
