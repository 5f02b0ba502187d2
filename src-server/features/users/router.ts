import { messages } from '../../../src/messages';
import { ZUserCreateSchema, ZUserPageSchema, ZUserUpdateSchema } from '../../../src/schemas/user';
import { z } from '../../../src/schemas/zod';
import { forbidden, notFound } from '../../errors';
import { hallAddress } from '../../hall-address';
import { adminProcedure, roleProcedure, router } from '../../trpc';
import { liveTransaction } from '../live/record';
import { recordSeatsIfChanged } from './data';
import { issueJudgeLink, revokeJudgeLink } from './judge-link';
import { createUser, deleteUser, listAllUsers, listUserPage, toPartialUser, updateUser } from './manage';
import { listPanel, setSeated } from './panel';

export const userRouter = router({
  page: adminProcedure
    .input(ZUserPageSchema)
    .query(async ({ ctx, input }) => ({ page: await listUserPage(ctx.db, input.pageNumber, input.pageSize, input.condition) })),
  /** Full records for admins; `partial` (for pickers) for admins and the master. */
  all: roleProcedure('admin', 'master')
    .input(z.object({ partial: z.boolean().default(false) }).default({ partial: false }))
    .query(async ({ ctx, input }) => {
      const users = await listAllUsers(ctx.db);
      if (input.partial) return { list: users.map(toPartialUser) };
      if (ctx.user.role !== 'admin') throw forbidden();
      return { list: users };
    }),
  create: adminProcedure.input(ZUserCreateSchema).mutation(({ ctx, input }) =>
    liveTransaction(ctx, async (recorder) => {
      const user = await createUser(recorder.trx, input.user);
      await recordSeatsIfChanged(recorder, ctx.hub.live.standings.seatList());
      return { user };
    }),
  ),
  update: adminProcedure
    .input(ZUserUpdateSchema)
    .mutation(async ({ ctx, input }) => ({ user: await updateUser(ctx, input._id, input.changes) })),
  /** The address judges' links carry, and whether it was guessed, for the /user screen to show. */
  hallAddress: adminProcedure.query(({ ctx }) => hallAddress(ctx.config.publicUrl, ctx.origin)),
  /** A new sign-in link (and QR code) for a judge; the previous one stops working. */
  issueJudgeLink: adminProcedure
    .input(z.object({ _id: z.string().trim().min(1).max(100) }))
    .mutation(({ ctx, input }) => issueJudgeLink(ctx, input._id)),
  /** Lets a user who was locked out by failed logins sign in again at once. */
  clearLockout: adminProcedure.input(z.object({ _id: z.string().trim().min(1).max(100) })).mutation(async ({ ctx, input }) => {
    const row = await ctx.db.selectFrom('users').select('username').where('id', '=', input._id).executeTakeFirst();
    if (!row) throw notFound(messages.userNotFound);
    await ctx.limiter.clear(ctx.db, row.username);
    return { ok: true as const };
  }),
  revokeJudgeLink: adminProcedure
    .input(z.object({ _id: z.string().trim().min(1).max(100) }))
    .mutation(({ ctx, input }) => revokeJudgeLink(ctx, input._id)),
  /** The judges' panel of the event on stage. */
  panel: adminProcedure.query(async ({ ctx }) => ({ items: await listPanel(ctx) })),
  setPanel: adminProcedure
    .input(z.object({ _id: z.string().trim().min(1).max(100), seated: z.boolean() }))
    .mutation(async ({ ctx, input }) => {
      await setSeated(ctx, input._id, input.seated);
      return { ok: true as const };
    }),
  remove: adminProcedure.input(z.object({ _id: z.string().trim().min(1).max(100) })).mutation(async ({ ctx, input }) => {
    await deleteUser(ctx, input._id);
    return { ok: true as const };
  }),
});
