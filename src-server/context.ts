import { parse as parseCookie } from 'hono/utils/cookie';
import type { Kysely } from 'kysely';
import { EVENT_SWITCHED_CLOSE_CODE, SESSION_ENDED_CLOSE_CODE } from '../src/constants';
import type { TPublicUser } from '../src/schemas/auth';
import { CLI_SESSION_ID, type CliTokenRequest, cliTokenUser } from './cli-token';
import type { Config } from './config';
import type { Notices } from './db/notices';
import type { Database } from './db/types';
import type { LoginLimiter } from './features/auth/rate-limit';
import {
  findSession,
  SESSIONS_CHANNEL,
  type SessionCache,
  type SessionNotice,
  sessionNoticeOf,
  sessionNoticeText,
} from './features/auth/sessions';
import type { ProjectorPresence } from './features/projectors/presence';
import type { IdempotencyCache } from './features/scoring/idempotency';
import type { ConsolePresence } from './features/show/consoles';
import type { VoteCounter } from './features/vote/counter';
import type { BallotGate } from './features/vote/gate';
import type { NightHub } from './picture/hub';
import type { RefusalLog } from './refusals';
import type { SocketRegistry } from './socket-registry';

/** Everything long-lived the procedures use, built once at start. */
export interface AppDeps {
  /**
   * The contest on stage's handle (`db/scope.ts`): every read and write through it is that contest's.
   * A getter, here and on each context: the event on stage when it is used.
   */
  readonly db: Kysely<Database>;
  /** The installation's handle, unscoped: sessions, accounts, the contests themselves. */
  base: Kysely<Database>;
  config: Config;
  /** The live floor over the night's picture (`features/live/`, `picture/`). */
  hub: NightHub;
  /** This instance's one LISTEN connection, shared by the hub, the consoles and the session notices. */
  notices: Notices;
  /** The consoles open on every instance (`features/show/consoles.ts`). */
  consoles: ConsolePresence;
  /** The open vote's count, by one instance at a time, at most twice a second (`features/vote/counter.ts`). */
  votes: VoteCounter;
  limiter: LoginLimiter;
  sockets: SocketRegistry;
  /** The projector pages connected to this instance, for the console (`features/projectors`). */
  projectors: ProjectorPresence;
  sessions: SessionCache;
  idempotency: IdempotencyCache;
  /** The ballot cookie's HMAC key (`features/vote/device.ts`). */
  voteKey: Buffer;
  /** What this instance refused lately, by kind and address, for the console (`refusals.ts`). */
  refusals: RefusalLog;
  /** Ballots at a human rate: a token bucket per address, on this instance (`features/vote/gate.ts`). */
  ballotGate: BallotGate;
  /** The token of `<dataDir>/server.json` (`cli-token.ts`); null or absent when this server wrote none. */
  cliToken?: string | null;
}

export interface Context extends AppDeps {
  user: TPublicUser | null;
  sessionId: string | null;
  ip: string;
  /** The request's Cookie header (the ballot cookie is read from it). */
  cookie: string | null;
  /** Whether the request came over HTTPS, for the cookie's Secure flag. */
  secure: boolean;
  /** This site's address as people's browsers reach it (PUBLIC_URL, else the request's). */
  origin: string | null;
  /** Response headers for Set-Cookie; null on a websocket, where no cookie can be set. */
  resHeaders: Headers | null;
  /**
   * Whether this request has made its one login attempt: one object per request, which every call of
   * an HTTP batch shares (tRPC creates the context once per request), so a batch cannot multiply logins.
   */
  loginAttempt: { made: boolean };
  /** On a websocket: what this socket holds open (at most a few subscriptions each). */
  socket?: { subscriptions: number };
}

export interface RequestInfo {
  cookie: string | null | undefined;
  ip: string;
  secure: boolean;
  resHeaders: Headers | null;
  origin?: string | null;
  /** A command-line tool's token and where it came from (`cli-token.ts`), on tRPC over HTTP only. */
  cli?: CliTokenRequest | null;
}

export async function createContext(deps: AppDeps, info: RequestInfo): Promise<Context> {
  // Hono's cookie parser: the request's Cookie header, on HTTP and on the websocket upgrade alike.
  const token = info.cookie ? (parseCookie(info.cookie, deps.config.cookieName)[deps.config.cookieName] ?? null) : null;
  // A command-line tool on this machine carries the CLI token instead of a cookie.
  const found = info.cli
    ? { sessionId: CLI_SESSION_ID, user: await cliTokenUser(deps.db, deps.cliToken ?? null, info.cli) }
    : await findSession(deps.db, token, deps.sessions);
  return {
    ...deps,
    // The event on stage at each use: a websocket's context lives on across a switch of event.
    get db() {
      return deps.db;
    },
    user: found?.user ?? null,
    sessionId: found?.sessionId ?? null,
    ip: info.ip,
    cookie: info.cookie ?? null,
    secure: info.secure,
    resHeaders: info.resHeaders,
    loginAttempt: { made: false },
    origin: deps.config.publicUrl ?? info.origin ?? null,
  };
}

/** Tells every instance (this one included) that sessions ended or a user changed. */
async function announceSession(deps: AppDeps, notice: SessionNotice): Promise<void> {
  forgetSession(deps, notice);
  await deps.notices.notify(SESSIONS_CHANNEL, sessionNoticeText(notice));
}

function forgetSession(deps: Pick<AppDeps, 'sessions' | 'sockets'>, notice: SessionNotice): void {
  if (notice.kind === 'ended') {
    deps.sessions.forgetSession(notice.sessionId);
    deps.sockets.closeSession(notice.sessionId, notice.switched ? EVENT_SWITCHED_CLOSE_CODE : SESSION_ENDED_CLOSE_CODE);
  } else deps.sessions.forgetUser(notice.userId);
}

/**
 * Ends login sessions on every instance: their cached entries go and their sockets close (with a
 * code that says so when a switch of event ended them, whatever order the switch's own news arrives in).
 */
export async function announceSessionsEnded(deps: AppDeps, sessionIds: string[], switched = false): Promise<void> {
  for (const sessionId of sessionIds) await announceSession(deps, { kind: 'ended', sessionId, switched });
}

/** A user's name, role or state changed: every instance reads their sessions afresh. */
export async function announceUserChanged(deps: AppDeps, userId: string): Promise<void> {
  await announceSession(deps, { kind: 'user', userId });
}

/** Follows the other instances' session notices with this instance's cache and sockets. */
export function followSessionNotices(deps: AppDeps): void {
  deps.notices.listen(SESSIONS_CHANNEL, (text) => {
    const notice = sessionNoticeOf(text);
    if (notice) forgetSession(deps, notice);
  });
}
