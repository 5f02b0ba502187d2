/** Signing in with a password or a judge's link token, and signing out. */
import { timingSafeEqual } from 'node:crypto';
import { sql } from 'kysely';
import { messages } from '../../../src/messages';
import type { TLoginInput, TPublicUser } from '../../../src/schemas/auth';
import { announceSessionsEnded, type Context } from '../../context';
import { AppError } from '../../errors';
import { findUserById } from '../users/data';
import { verifyPassword } from './password';
import { clearedCookie, createSession, deleteSession, hashToken, sessionCookie } from './sessions';

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export async function loginUser(ctx: Context, input: TLoginInput): Promise<{ user: TPublicUser }> {
  await ctx.limiter.check(ctx.db, input.username, ctx.ip);
  const row = await ctx.db
    .selectFrom('users')
    .select(['id', 'password_hash', 'judge_token_hash', 'active', 'role'])
    .where(sql`lower(username)`, '=', input.username.toLowerCase())
    .executeTakeFirst();

  let valid: boolean;
  if (input.password) {
    valid = await verifyPassword(row?.password_hash ?? null, input.password);
  } else {
    const token = input.token ?? '';
    valid = !!row?.judge_token_hash && row.role === 'judge' && sameHash(hashToken(token), row.judge_token_hash);
  }
  if (!row || !valid || !row.active) {
    await ctx.limiter.fail(ctx.db, input.username, ctx.ip);
    // The same answer whether the account exists or not.
    throw new AppError('UNAUTHORIZED', messages.invalidCredentials);
  }
  await ctx.limiter.clear(ctx.db, input.username);

  if (!ctx.resHeaders) throw new AppError('BAD_REQUEST', messages.invalidInput);
  if (ctx.sessionId) {
    await deleteSession(ctx.db, ctx.sessionId);
    await announceSessionsEnded(ctx, [ctx.sessionId]);
  }
  const { token } = await createSession(ctx.db, row.id);
  ctx.resHeaders.append('Set-Cookie', sessionCookie(ctx.config.cookieName, token, ctx.secure));
  const user = await findUserById(ctx.db, row.id);
  if (!user) throw new AppError('UNAUTHORIZED', messages.invalidCredentials);
  return { user };
}

export async function logoutUser(ctx: Context): Promise<{ ok: true }> {
  if (ctx.sessionId) {
    await deleteSession(ctx.db, ctx.sessionId);
    await announceSessionsEnded(ctx, [ctx.sessionId]);
  }
  ctx.resHeaders?.append('Set-Cookie', clearedCookie(ctx.config.cookieName, ctx.secure));
  return { ok: true };
}
