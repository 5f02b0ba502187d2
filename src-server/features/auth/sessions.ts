/** Login sessions: a random cookie token, stored only as its SHA-256. */

import { createHash, randomBytes } from 'node:crypto';
import { serialize as serializeCookie } from 'hono/utils/cookie';
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

interface CachedSession {
  sessionId: string;
  user: TPublicUser;
  expiresAt: number;
  touchedAt: number;
  cachedAt: number;
}

/**
 * Recently used sessions, so a request needs no query to know who sent it. A logout, a changed or
 * disabled user, or a re-issued judge link evicts entries at once on every instance (the hub's
 * sessions channel); the short lifetime is only a backstop for a notice that never arrived.
 */
export class SessionCache {
  private readonly entries = new Map<string, CachedSession>();

  constructor(private readonly ttlMs = 30_000) {}

  get(sessionId: string, now: number): CachedSession | null {
    const entry = this.entries.get(sessionId);
    if (!entry) return null;
    if (entry.cachedAt + this.ttlMs <= now || entry.expiresAt <= now) {
      this.entries.delete(sessionId);
      return null;
    }
    return entry;
  }

  set(entry: CachedSession): void {
    // Bounded: a flood of made-up cookies never reaches here (they have no row), real ones are few.
    if (this.entries.size >= 10_000) this.entries.clear();
    this.entries.set(entry.sessionId, entry);
  }

  forgetSession(sessionId: string): void {
    this.entries.delete(sessionId);
  }

  forgetUser(userId: string): void {
    for (const [id, entry] of this.entries) if (entry.user._id === userId) this.entries.delete(id);
  }
}

export async function findSession(
  db: Kysely<Database>,
  token: string | null,
  cache?: SessionCache,
): Promise<{ sessionId: string; user: TPublicUser } | null> {
  if (!token || token.length > 200) return null;
  const sessionId = hashToken(token);
  const now = Date.now();
  const cached = cache?.get(sessionId, now);
  if (cached) {
    if (now - cached.touchedAt > TOUCH_INTERVAL_MS) {
      cached.touchedAt = now;
      void db
        .updateTable('sessions')
        .set({ last_used_at: new Date(now) })
        .where('id', '=', sessionId)
        .execute()
        .catch(() => {});
    }
    return { sessionId, user: cached.user };
  }
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select(PUBLIC_USER_COLUMNS.map((c) => `users.${c}` as const))
    .select(['sessions.expires_at', 'sessions.last_used_at'])
    .where('sessions.id', '=', sessionId)
    .executeTakeFirst();
  if (!row || row.expires_at.getTime() <= now || !row.active) return null;
  let touchedAt = row.last_used_at.getTime();
  if (now - touchedAt > TOUCH_INTERVAL_MS) {
    await db
      .updateTable('sessions')
      .set({ last_used_at: new Date(now) })
      .where('id', '=', sessionId)
      .execute();
    touchedAt = now;
  }
  const user = toPublicUser(row);
  cache?.set({ sessionId, user, expiresAt: row.expires_at.getTime(), touchedAt, cachedAt: now });
  return { sessionId, user };
}

export async function deleteSession(db: Kysely<Database>, sessionId: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', sessionId).execute();
}

export function sessionCookie(name: string, token: string, secure: boolean): string {
  const maxAge = Math.floor(SESSION_TTL_MS / 1000);
  return serializeCookie(name, token, { path: '/', httpOnly: true, sameSite: 'Lax', maxAge, secure });
}

export function clearedCookie(name: string, secure: boolean): string {
  return serializeCookie(name, '', { path: '/', httpOnly: true, sameSite: 'Lax', maxAge: 0, secure });
}

export const SESSIONS_CHANNEL = 'hoithi_sessions';

/**
 * Sessions ended (`switched` when another event went on stage), or a user changed (name, role,
 * state): every instance forgets what it cached.
 */
export type SessionNotice = { kind: 'ended'; sessionId: string; switched?: boolean } | { kind: 'user'; userId: string };

/** A session notice as it travels on SESSIONS_CHANNEL. */
export function sessionNoticeText(notice: SessionNotice): string {
  if (notice.kind === 'user') return `user:${notice.userId}`;
  return `${notice.switched ? 'switched' : 'ended'}:${notice.sessionId}`;
}

export function sessionNoticeOf(text: string): SessionNotice | null {
  const colon = text.indexOf(':');
  const kind = text.slice(0, colon);
  const id = text.slice(colon + 1);
  if (kind === 'ended') return { kind: 'ended', sessionId: id };
  if (kind === 'switched') return { kind: 'ended', sessionId: id, switched: true };
  if (kind === 'user') return { kind: 'user', userId: id };
  return null;
}
