/**
 * A judge's sign-in link: /giam-kham-token/:username?token=…, shown as text and a QR code. The token
 * is random (192 bits) and stored only as its SHA-256; issuing a new one revokes the old one and
 * signs out whoever held the seat. The link carries the hall address (`hall-address.ts`): a phone
 * cannot open `localhost`, so a link asked for on the server's own machine names its network address,
 * and on a machine with no network at all none is issued.
 */
import { randomBytes } from 'node:crypto';
import { messages } from '../../../src/messages';
import { announceSessionsEnded, type Context } from '../../context';
import { badRequest, conflict, notFound } from '../../errors';
import { hallAddress } from '../../hall-address';
import { hashToken } from '../auth/sessions';

async function endSessions(ctx: Context, userId: string): Promise<void> {
  const sessions = await ctx.db.deleteFrom('sessions').where('user_id', '=', userId).returning('id').execute();
  await announceSessionsEnded(
    ctx,
    sessions.map((s) => s.id),
  );
}

async function findJudge(ctx: Context, id: string) {
  const user = await ctx.db.selectFrom('users').select(['id', 'username', 'role']).where('id', '=', id).executeTakeFirst();
  if (!user) throw notFound(messages.userNotFound);
  if (user.role !== 'judge') throw badRequest(messages.judgeLinkNotJudge, '_id');
  return user;
}

export function judgeLinkUrl(origin: string, username: string, token: string): string {
  return `${origin}/giam-kham-token/${encodeURIComponent(username)}?token=${encodeURIComponent(token)}`;
}

export async function issueJudgeLink(ctx: Context, id: string): Promise<{ url: string; token: string; username: string }> {
  const judge = await findJudge(ctx, id);
  const hall = hallAddress(ctx.config.publicUrl, ctx.origin);
  // Checked before the new token is stored, so the judge's current link keeps working.
  if (!hall.origin) throw conflict(messages.judgeLinkNoAddress);
  const token = randomBytes(24).toString('base64url');
  await ctx.db
    .updateTable('users')
    .set({ judge_token_hash: hashToken(token), updated_at: new Date() })
    .where('id', '=', id)
    .execute();
  await endSessions(ctx, id);
  return { url: judgeLinkUrl(hall.origin, judge.username, token), token, username: judge.username };
}

export async function revokeJudgeLink(ctx: Context, id: string): Promise<{ ok: true }> {
  await findJudge(ctx, id);
  await ctx.db.updateTable('users').set({ judge_token_hash: null, updated_at: new Date() }).where('id', '=', id).execute();
  await endSessions(ctx, id);
  return { ok: true };
}
