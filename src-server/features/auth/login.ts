/**
 * Signing in with a password or a judge's link token, and signing out. What a login costs an
 * attacker (docs/ARCHITECTURE.md, "Logins"): one per HTTP request, over HTTP only; counted before its
 * password is checked (`rate-limit.ts`); checked a few at a time (`password.ts`); a device that signed
 * in before counted on its own (`login-device.ts`); failures from a busy address slowed, not refused.
 */
import { timingSafeEqual } from 'node:crypto';
import { sql } from 'kysely';
import { messages } from '../../../src/messages';
import type { TLoginInput, TPublicUser } from '../../../src/schemas/auth';
import { announceSessionsEnded, type Context } from '../../context';
import { AppError } from '../../errors';
import { findUserById } from '../users/data';
import { loginDeviceCookie, loginDeviceOf, newDeviceId } from './login-device';
import { verifyPassword } from './password';
import { deviceKey, tooManyAttempts, usernameKey } from './rate-limit';
import { clearedCookie, createSession, deleteSession, hashToken, sessionCookie } from './sessions';

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** A login refused before or instead of its check: noted for the console (`deps.refusals`), then thrown. */
function refuse(ctx: Context, error: AppError): AppError {
  ctx.refusals.record('login', ctx.ip);
  return error;
}

/** Whether a judge sits on the panel of the event the handle is scoped to (the one on stage). */
async function sitsOnPanel(db: Context['db'], userId: string): Promise<boolean> {
  return !!(await db.selectFrom('contest_judges').select('user_id').where('user_id', '=', userId).executeTakeFirst());
}

export async function loginUser(ctx: Context, input: TLoginInput): Promise<{ user: TPublicUser }> {
  // No cookie can be set over a websocket; one login per request, so a batch cannot multiply them.
  if (!ctx.resHeaders) throw refuse(ctx, new AppError('BAD_REQUEST', messages.loginOverSocket));
  if (ctx.loginAttempt.made) throw refuse(ctx, new AppError('BAD_REQUEST', messages.oneLoginPerRequest));
  ctx.loginAttempt.made = true;

  const row = await ctx.db
    .selectFrom('users')
    .select(['id', 'password_hash', 'judge_token_hash', 'active', 'role'])
    .where(sql`lower(username)`, '=', input.username.toLowerCase())
    .executeTakeFirst();
  // A device that signed in as this very user before counts its attempts on its own counter.
  const known = await loginDeviceOf(ctx.voteKey, ctx.cookie);
  const device = known && row && known.userId === row.id ? known : null;
  const counted = await ctx.limiter.reserve(ctx.db, device ? deviceKey(device.userId, device.deviceId) : usernameKey(input.username));
  if ('waitMs' in counted) throw refuse(ctx, tooManyAttempts(counted.waitMs));

  let valid: boolean;
  if (input.password) {
    try {
      valid = await verifyPassword(row?.password_hash ?? null, input.password);
    } catch (error) {
      // Refused unchecked (the queue of checks is full): not an attempt.
      await ctx.limiter.release(ctx.db, counted.reservation);
      throw error instanceof AppError ? refuse(ctx, error) : error;
    }
  } else {
    const token = input.token ?? '';
    valid = !!row?.judge_token_hash && row.role === 'judge' && sameHash(hashToken(token), row.judge_token_hash);
  }
  if (!row || !valid || !row.active) {
    if ((await ctx.limiter.slowFailure(ctx.db, ctx.ip)) > 0) ctx.refusals.record('login', ctx.ip);
    // The same answer whether the account exists or not.
    throw new AppError('UNAUTHORIZED', messages.invalidCredentials);
  }
  await ctx.limiter.clearKey(ctx.db, counted.reservation.key);
  // A judge's password or link works only for the event whose panel the judge sits on.
  if (row.role === 'judge' && !(await sitsOnPanel(ctx.db, row.id))) throw new AppError('FORBIDDEN', messages.eventsAdmin.judgeNotOnPanel);

  if (ctx.sessionId) {
    await deleteSession(ctx.db, ctx.sessionId);
    await announceSessionsEnded(ctx, [ctx.sessionId]);
  }
  const { token } = await createSession(ctx.db, row.id);
  ctx.resHeaders.append('Set-Cookie', sessionCookie(ctx.config.cookieName, token, ctx.secure));
  // The device is remembered as this user's (keeping its id if it had one).
  const remembered = { userId: row.id, deviceId: known?.deviceId ?? newDeviceId() };
  ctx.resHeaders.append('Set-Cookie', await loginDeviceCookie(ctx.voteKey, remembered, ctx.secure));
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
