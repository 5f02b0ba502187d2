/**
 * Command-line tools beside a running server. A server that holds an embedded data folder writes
 * `<dataDir>/server.json` (mode 0600): its PID, an address on this machine and a token new at each
 * start, and removes it when it stops. Whoever can read the data folder owns all its data already, so
 * the token is a local admin key: a tRPC request from this machine (a loopback address, not forwarded
 * by a proxy) that carries it acts as the installation's first active admin, so the action log names
 * someone. The token is compared in constant time and never logged.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Context as HonoContext } from 'hono';
import type { Kysely } from 'kysely';
import { messages } from '../src/messages';
import type { TPublicUser } from '../src/schemas/auth';
import type { Database } from './db/types';
import { AppError } from './errors';
import { PUBLIC_USER_COLUMNS, toPublicUser } from './features/users/data';
import { clientIp } from './request';

export const SERVER_FILE = 'server.json';
export const CLI_TOKEN_HEADER = 'x-hoithi-cli-token';
/** The session a token's request runs as: no such row exists, so ending it ends nothing. */
export const CLI_SESSION_ID = 'cli-token';

export interface ServerFile {
  pid: number;
  /** `http://127.0.0.1:<port>` (or `[::1]`, `localhost`): where a tool on this machine reaches the server. */
  url: string;
  token: string;
}

/** Where a tool on this machine reaches a server listening on `host`; null when it listens on one other address only. */
export function loopbackUrl(host: string, port: number): string | null {
  if (host === '0.0.0.0') return `http://127.0.0.1:${port}`;
  // localhost: 127.0.0.1 or ::1, whichever it bound.
  if (host === 'localhost' || /^127(\.\d+){3}$/.test(host)) return `http://${host}:${port}`;
  if (host === '::' || host === '::1') return `http://[::1]:${port}`;
  return null;
}

/**
 * Writes `<dir>/server.json` with a new token (whole or not at all, readable by this user only) and
 * returns the token and what removes the file; null when the server cannot be reached on loopback.
 */
export function writeServerFile(dir: string, host: string, port: number): { token: string; remove(): void } | null {
  const url = loopbackUrl(host, port);
  if (!url) return null;
  const token = randomBytes(32).toString('base64url');
  const file = path.join(dir, SERVER_FILE);
  const temp = `${file}.new-${process.pid}`;
  const card: ServerFile = { pid: process.pid, url, token };
  fs.writeFileSync(temp, JSON.stringify(card), { mode: 0o600 });
  fs.renameSync(temp, file);
  return {
    token,
    remove() {
      // Only our own: a successor that took the folder over may have written its card already.
      if (readServerFile(dir)?.token === token) fs.rmSync(file, { force: true });
    },
  };
}

/** The running server's card, or null when there is none or it cannot be read. */
export function readServerFile(dir: string): ServerFile | null {
  try {
    const card = JSON.parse(fs.readFileSync(path.join(dir, SERVER_FILE), 'utf8')) as Partial<ServerFile>;
    if (typeof card.pid !== 'number' || typeof card.url !== 'string' || typeof card.token !== 'string') return null;
    return { pid: card.pid, url: card.url, token: card.token };
  } catch {
    return null;
  }
}

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6. */
export function isLoopbackAddress(ip: string): boolean {
  const address = ip.replace(/^::ffff:/i, '');
  return address === '::1' || /^127(\.\d+){3}$/.test(address);
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Constant time whatever the lengths: the digests are compared, not the texts. */
function sameToken(given: string, expected: string): boolean {
  return timingSafeEqual(digest(given), digest(expected));
}

export interface CliTokenRequest {
  token: string;
  ip: string;
  /** Whether a proxy forwarded the request (an X-Forwarded-For header): then it did not start on this machine. */
  forwarded: boolean;
}

/** The CLI token a request carries, with where the request came from; null without one. */
export function cliTokenOf(c: HonoContext, trustProxy: boolean): CliTokenRequest | null {
  const token = c.req.header(CLI_TOKEN_HEADER);
  if (!token) return null;
  return { token, ip: clientIp(c, trustProxy), forwarded: c.req.header('x-forwarded-for') !== undefined };
}

/**
 * Why a request's CLI token is refused, or null when it is accepted: 403 from another machine or
 * through a proxy, 401 for a wrong token (or a server that wrote none).
 */
export function cliTokenRefusal(expected: string | null, request: CliTokenRequest): AppError | null {
  if (request.forwarded || !isLoopbackAddress(request.ip)) return new AppError('FORBIDDEN', messages.cliTokenRemote);
  if (!expected || !sameToken(request.token, expected)) return new AppError('UNAUTHORIZED', messages.cliTokenWrong);
  return null;
}

/** The admin a request carrying an accepted CLI token acts as; else the refusal (403 too when no admin is active). */
export async function cliTokenUser(db: Kysely<Database>, expected: string | null, request: CliTokenRequest): Promise<TPublicUser> {
  const refusal = cliTokenRefusal(expected, request);
  if (refusal) throw refusal;
  const row = await db
    .selectFrom('users')
    .select(PUBLIC_USER_COLUMNS)
    .where('role', '=', 'admin')
    .where('active', '=', true)
    .orderBy('created_at')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  if (!row) throw new AppError('FORBIDDEN', messages.cliTokenNoAdmin);
  return toPublicUser(row);
}
