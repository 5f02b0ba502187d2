import { messages } from '../../../src/messages';
import { type TProfileChanges, type TPublicUser, ZProfileInputSchema } from '../../../src/schemas/auth';
import { announceSessionsEnded, announceUserChanged, type Context } from '../../context';
import type { UserUpdate } from '../../db/types';
import { badRequest, notFound } from '../../errors';
import { authedProcedure, router } from '../../trpc';
import { hashPassword, verifyPassword } from '../auth/password';
import { liveTransaction } from '../live/record';
import { findUserById, recordSeatsIfChanged, userSearchText } from '../users/data';

export async function updateOwnProfile(
  ctx: Context & { user: TPublicUser; sessionId: string },
  changes: TProfileChanges,
): Promise<{ user: TPublicUser }> {
  const update: UserUpdate = { updated_at: new Date() };
  if (changes.fullName !== undefined) {
    update.full_name = changes.fullName;
    update.search_text = userSearchText(ctx.user.username, changes.fullName);
  }
  if (changes.email !== undefined) update.email = changes.email;
  if (changes.mobile !== undefined) update.mobile = changes.mobile;
  if (changes.birthday !== undefined) update.birthday = changes.birthday || null;
  if (changes.password !== undefined) {
    if (!changes.currentPassword) throw badRequest(messages.currentPasswordRequired, 'changes.currentPassword');
    const row = await ctx.db.selectFrom('users').select('password_hash').where('id', '=', ctx.user._id).executeTakeFirst();
    if (!(await verifyPassword(row?.password_hash ?? null, changes.currentPassword))) {
      throw badRequest(messages.currentPasswordWrong, 'changes.currentPassword');
    }
    update.password_hash = await hashPassword(changes.password);
  }
  const ended = await liveTransaction(ctx, async (recorder) => {
    const { trx } = recorder;
    await trx.updateTable('users').set(update).where('id', '=', ctx.user._id).execute();
    // A judge's name is on the projector's judges' columns.
    await recordSeatsIfChanged(recorder, ctx.hub.live.standings.seatList());
    if (!update.password_hash) return [];
    // A new password ends every other session of this user, and their open sockets.
    return trx.deleteFrom('sessions').where('user_id', '=', ctx.user._id).where('id', '!=', ctx.sessionId).returning('id').execute();
  });
  await announceSessionsEnded(
    ctx,
    ended.map((s) => s.id),
  );
  await announceUserChanged(ctx, ctx.user._id);
  const user = await findUserById(ctx.db, ctx.user._id);
  if (!user) throw notFound();
  return { user };
}

export const profileRouter = router({
  update: authedProcedure.input(ZProfileInputSchema).mutation(({ ctx, input }) => updateOwnProfile(ctx, input.changes)),
});
