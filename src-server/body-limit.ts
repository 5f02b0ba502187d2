/**
 * Request bodies are limited before anything reads them: 1 MB by default; a media upload 28 MB
 * (20 MB of file as base64); a question file's import 41 MB (a 30 MB Word file as base64); a whole
 * set's create or update 15 MB. A large limit applies only to a caller whose session (or
 * command-line token) is valid, checked before the body is accepted, so an anonymous 150 MB request
 * is refused at its headers (or after its first megabyte when it streams without a length), with a 413.
 */

import type { Context as HonoContext, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { getCookie } from 'hono/cookie';
import { QUESTION_SETS } from '../src/constants';
import { messages } from '../src/messages';
import { cliTokenOf, cliTokenRefusal } from './cli-token';
import type { AppDeps } from './context';
import { AppError } from './errors';
import { findSession } from './features/auth/sessions';

const MB = 1024 * 1024;
export const BODY_LIMITS = { default: 1 * MB, setImport: 15 * MB, fileImport: 41 * MB, mediaUpload: 28 * MB };

const LARGE_PROCEDURES: Record<string, number> = {
  'media.upload': BODY_LIMITS.mediaUpload,
  // A Word file with pictures may be 30 MB (40 MB as base64).
  'questionSet.importFile': BODY_LIMITS.fileImport,
  'questionSet.create': BODY_LIMITS.setImport,
  'questionSet.update': BODY_LIMITS.setImport,
};
const SET_PATHS = new Set(QUESTION_SETS.map((name) => `/api/${name}`));

/** The most this request may send, before looking at who sends it. */
export function bodyLimitFor(method: string, path: string): number {
  if (path.startsWith('/trpc/')) {
    // A batch names several procedures: the largest of their limits.
    return Math.max(
      BODY_LIMITS.default,
      ...path
        .slice('/trpc/'.length)
        .split(',')
        .map((name) => LARGE_PROCEDURES[name] ?? 0),
    );
  }
  if ((method === 'POST' || method === 'PUT') && SET_PATHS.has(path)) return BODY_LIMITS.setImport;
  return BODY_LIMITS.default;
}

const tooLarge = (limit: number) => new AppError('PAYLOAD_TOO_LARGE', messages.bodyTooLarge(Math.round(limit / MB)), 'body');

function refuse(c: HonoContext, limit: number): never {
  // The body was not read to its end, so this connection is closed after the answer: saying so
  // keeps a proxy (nginx with keep-alive) from sending its next request down a closed socket.
  c.header('Connection', 'close');
  throw tooLarge(limit);
}

const limiters = new Map<number, MiddlewareHandler>();
/**
 * The limit on a request: one that says its length is judged by its headers alone, as Hono's
 * `bodyLimit` would; one without a length (chunked) is counted as it streams, by `bodyLimit`. The
 * headers are read without touching `c.req.raw.body`, which on Node makes a Web `Request` with a
 * stream over the socket: left alone, the handler's `c.req.text()` reads the socket directly
 * (`@hono/node-server`'s fast path).
 */
function limiter(limit: number): MiddlewareHandler {
  let handler = limiters.get(limit);
  if (!handler) {
    const streamed = bodyLimit({ maxSize: limit, onError: (c) => refuse(c, limit) });
    handler = (c, next) => {
      const length = c.req.header('content-length');
      if (length === undefined || c.req.header('transfer-encoding') !== undefined) return streamed(c, next);
      return Number.parseInt(length, 10) > limit ? refuse(c, limit) : next();
    };
    limiters.set(limit, handler);
  }
  return handler;
}

export function limitBodies(deps: Pick<AppDeps, 'db' | 'config' | 'sessions' | 'cliToken'>): MiddlewareHandler {
  return async (c: HonoContext, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    let limit = bodyLimitFor(c.req.method, c.req.path);
    // A tRPC call with a command-line tool's accepted token acts as the admin (`cli-token.ts`).
    const cli = c.req.path.startsWith('/trpc/') ? cliTokenOf(c, deps.config.trustProxy) : null;
    const asCliAdmin = cli !== null && cliTokenRefusal(deps.cliToken ?? null, cli) === null;
    if (limit > BODY_LIMITS.default && !asCliAdmin) {
      const found = await findSession(deps.db, getCookie(c, deps.config.cookieName) ?? null, deps.sessions);
      // The largest (a Word file's import) only for an admin: no other role may call it anyway.
      if (!found || (limit > BODY_LIMITS.mediaUpload && found.user.role !== 'admin')) limit = BODY_LIMITS.default;
    }
    return limiter(limit)(c, next);
  };
}
