import { ZImportColumnForgetSchema, ZImportColumnSchema, ZQuestionImportSchema } from '../../../src/schemas/questionImport';
import { ZQuestionSetCreateSchema, ZQuestionSetUpdateSchema } from '../../../src/schemas/questionSet';
import { z } from '../../../src/schemas/zod';
import { adminProcedure, roleProcedure, router } from '../../trpc';
import { createQuestionSet, deleteQuestionSet, getQuestionSet, listQuestionSets, updateQuestionSet, withoutAnswers } from './data';
import { forgetColumn, importQuestionFile, listRememberedColumns, rememberColumn } from './import';

const ZSet = z.object({ set: z.number().int().min(1).max(6) });
const ZSetId = ZSet.extend({ _id: z.string().trim().min(1).max(100) });

// Teams and anonymous callers never read questions: they must not see them before the show.
const readerProcedure = roleProcedure('admin', 'master', 'judge');
const seesAnswers = (role: string) => role === 'admin' || role === 'master';

export const questionSetRouter = router({
  list: readerProcedure.input(ZSet).query(async ({ ctx, input }) => {
    const items = await listQuestionSets(ctx.db, input.set);
    return { items: seesAnswers(ctx.user.role) ? items : items.map(withoutAnswers) };
  }),
  get: readerProcedure.input(ZSetId).query(async ({ ctx, input }) => {
    const item = await getQuestionSet(ctx.db, input.set, input._id);
    return { item: seesAnswers(ctx.user.role) ? item : withoutAnswers(item) };
  }),
  adminList: adminProcedure.input(ZSet).query(async ({ ctx, input }) => ({ items: await listQuestionSets(ctx.db, input.set) })),
  adminGet: adminProcedure.input(ZSetId).query(async ({ ctx, input }) => ({ item: await getQuestionSet(ctx.db, input.set, input._id) })),
  create: adminProcedure
    .input(ZSet.extend(ZQuestionSetCreateSchema.shape))
    .mutation(async ({ ctx, input }) => ({ item: await createQuestionSet(ctx.db, input.set, input.data) })),
  update: adminProcedure.input(ZSet.extend(ZQuestionSetUpdateSchema.shape)).mutation(async ({ ctx, input }) => ({
    item: await updateQuestionSet(ctx.db, input.set, input._id, input.changes, input.version),
  })),
  remove: adminProcedure.input(ZSetId).mutation(async ({ ctx, input }) => {
    await deleteQuestionSet(ctx.db, input.set, input._id);
    return { ok: true as const };
  }),
  importFile: adminProcedure.input(ZQuestionImportSchema).mutation(({ ctx, input }) => importQuestionFile(ctx.db, input, ctx.user._id)),
  // The headers mapped by hand in an import's preview: the installation's, whatever event is on stage.
  importColumns: adminProcedure.query(async ({ ctx }) => ({ items: await listRememberedColumns(ctx.base) })),
  rememberImportColumn: adminProcedure.input(ZImportColumnSchema).mutation(async ({ ctx, input }) => {
    await rememberColumn(ctx.base, input.header, input.field);
    return { ok: true as const };
  }),
  forgetImportColumn: adminProcedure.input(ZImportColumnForgetSchema).mutation(async ({ ctx, input }) => {
    await forgetColumn(ctx.base, input.header);
    return { ok: true as const };
  }),
});
