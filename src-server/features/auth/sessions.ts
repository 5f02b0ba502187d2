/** Login sessions: a random cookie token, stored only as its SHA-256. */
import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { SESSION_TTL_MS } from '../../../src/constants';
import type { TPublicUser } from '../../../src/schemas/auth';
import type { Database } from '../../db/types';
import { PUBLIC_USER_COLUMNS, toPublicUser } from '../users/data';

// Touching last_used_at on every request would turn reads into writes; once a minute is enough.
const TOUCH_INTERVAL_MS = 60_000;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export async function createSession(db: Kysely<Database>, userId: string): Promise<{ token: string; sessionId: string }> {
  const token = newToken();
  const sessionId = hashToken(token);
  await db
    .insertInto('sessions')
    .values({ id: sessionId, user_id: userId, expires_at: new Date(Date.now() + SESSION_TTL_MS) })
    .execute();
  return { token, sessionId };
}

export async function findSession(
  db: Kysely<Database>,
  token: string | null,
): Promise<{ sessionId: string; user: TPublicUser } | null> {
  if (!token || token.length > 200) return null;
  const sessionId = hashToken(token);
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select(PUBLIC_USER_COLUMNS.map((c) => `users.${c}` as const))
    .select(['sessions.expires_at', 'sessions.last_used_at'])
    .where('sessions.id', '=', sessionId)
    .executeTakeFirst();
  if (!row || row.expires_at.getTime() <= Date.now() || !row.active) return null;
  if (Date.now() - row.last_used_at.getTime() > TOUCH_INTERVAL_MS) {
    await db.updateTable('sessions').set({ last_used_at: new Date() }).where('id', '=', sessionId).execute();
  }
  return { sessionId, user: toPublicUser(row) };
}

export async function deleteSession(db: Kysely<Database>, sessionId: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', sessionId).execute();
}

export function sessionCookie(name: string, token: string, secure: boolean): string {
  const maxAge = Math.floor(SESSION_TTL_MS / 1000);
  return `${name}=${token}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAge}${secure ? '; Secure' : ''}`;
}

export function clearedCookie(name: string, secure: boolean): string {
  return `${name}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0${secure ? '; Secure' : ''}`;
}
