import type { Kysely } from 'kysely';
import type { TPublicUser } from '../src/schemas/auth';
import type { Config } from './config';
import type { Database } from './db/types';
import type { LiveHub } from './features/live/hub';
import type { LoginLimiter } from './features/auth/rate-limit';
import type { SocketRegistry } from './socket-registry';
import { findSession, type SessionCache } from './features/auth/sessions';
import type { IdempotencyCache } from './features/scoring/judge';

/** Everything long-lived the procedures use, built once at start. */
export interface AppDeps {
  db: Kysely<Database>;
  config: Config;
  hub: LiveHub;
  limiter: LoginLimiter;
  sockets: SocketRegistry;
  sessions: SessionCache;
  idempotency: IdempotencyCache;
}

export interface Context extends AppDeps {
  user: TPublicUser | null;
  sessionId: string | null;
  ip: string;
  /** Whether the request came over HTTPS, for the cookie's Secure flag. */
  secure: boolean;
  /** This site's address as people's browsers reach it (PUBLIC_URL, else the request's). */
  origin: string | null;
  /** Response headers for Set-Cookie; null on a websocket, where no cookie can be set. */
  resHeaders: Headers | null;
  /** On a websocket: what this socket holds open (at most a few subscriptions each). */
  socket?: { subscriptions: number };
}

export function readCookie(header: string | null | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return null;
      }
    }
  }
  return null;
}

export interface RequestInfo {
  cookie: string | null | undefined;
  ip: string;
  secure: boolean;
  resHeaders: Headers | null;
  origin?: string | null;
}

export async function createContext(deps: AppDeps, info: RequestInfo): Promise<Context> {
  const found = await findSession(deps.db, readCookie(info.cookie, deps.config.cookieName), deps.sessions);
  return {
    ...deps,
    user: found?.user ?? null,
    sessionId: found?.sessionId ?? null,
    ip: info.ip,
    secure: info.secure,
    resHeaders: info.resHeaders,
    origin: deps.config.publicUrl ?? info.origin ?? null,
  };
}

/** Ends login sessions on every instance: their cached entries go and their sockets close. */
export async function announceSessionsEnded(deps: AppDeps, sessionIds: string[]): Promise<void> {
  for (const sessionId of sessionIds) await deps.hub.announceSession({ kind: 'ended', sessionId });
}

/** A user's name, role or state changed: every instance reads their sessions afresh. */
export async function announceUserChanged(deps: AppDeps, userId: string): Promise<void> {
  await deps.hub.announceSession({ kind: 'user', userId });
}

/** Wires the hub's session notices to this instance's cache and sockets. */
export function followSessionNotices(deps: AppDeps): void {
  deps.hub.onSessionNotice((notice) => {
    if (notice.kind === 'ended') {
      deps.sessions.forgetSession(notice.sessionId);
      deps.sockets.closeSession(notice.sessionId);
    } else deps.sessions.forgetUser(notice.userId);
  });
}
