/**
 * One error type for the whole server. Every failure leaves as `{error: {message, code, field?}}`
 * with a Vietnamese message; this file is the only place that maps codes to HTTP statuses.
 */
import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { messages } from '../src/messages';
import { ContestReadOnly } from './db/scope';

export type AppErrorCode =
  | 'BAD_REQUEST'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'TOO_MANY_REQUESTS'
  | 'PAYLOAD_TOO_LARGE'
  | 'INTERNAL_SERVER_ERROR';

export class AppError extends TRPCError {
  readonly field: string | undefined;
  constructor(code: AppErrorCode, message: string, field?: string) {
    super({ code, message });
    this.name = 'AppError';
    this.field = field;
  }
}

export const badRequest = (message: string, field?: string) => new AppError('BAD_REQUEST', message, field);
export const unauthorized = () => new AppError('UNAUTHORIZED', messages.notLoggedIn);
export const forbidden = () => new AppError('FORBIDDEN', messages.forbidden);
export const notFound = (message: string = messages.notFound) => new AppError('NOT_FOUND', message);
export const conflict = (message: string = messages.conflict) => new AppError('CONFLICT', message);

export interface ErrorBody {
  error: { message: string; code: string; field?: string };
}

interface Issue {
  path?: readonly PropertyKey[];
  message?: string;
}

function firstIssue(error: unknown): Issue | undefined {
  const issues = (error as { issues?: Issue[] } | undefined)?.issues;
  return Array.isArray(issues) ? issues[0] : undefined;
}

function issuePath(issue: Issue): string | undefined {
  const parts = (issue.path ?? []).map((p) => (typeof p === 'object' && p && 'key' in p ? String((p as { key: unknown }).key) : String(p)));
  return parts.length ? parts.join('.') : undefined;
}

/**
 * A refusal (4xx) is logged as one line, without a stack: what was refused, where, and why. A flood
 * of them (a hostile phone) writes at most LOG_BURST lines, then LOG_PER_SECOND a second, and says
 * how many it left out. A failure (5xx) is logged whole, with its stack, always.
 */
const LOG_BURST = 20;
/** A request may put control characters in its path: the log line shows a space for each. */
const withoutControlCharacters = (text: string) =>
  Array.from(text, (ch) => {
    const code = ch.charCodeAt(0);
    return code < 0x20 || code === 0x7f ? ' ' : ch;
  }).join('');
const LOG_PER_SECOND = 10;
const refusalLog = { tokens: LOG_BURST, at: Date.now(), skipped: 0 };

export function logRefusal(status: number, code: string, message: string, where: string | undefined): void {
  const now = Date.now();
  refusalLog.tokens = Math.min(LOG_BURST, refusalLog.tokens + ((now - refusalLog.at) / 1000) * LOG_PER_SECOND);
  refusalLog.at = now;
  if (refusalLog.tokens < 1) {
    refusalLog.skipped++;
    return;
  }
  refusalLog.tokens--;
  const skipped = refusalLog.skipped ? ` (${refusalLog.skipped} more refusals not logged)` : '';
  refusalLog.skipped = 0;
  // One line of bounded length, whatever the request put in its path.
  const place = where ? ` ${where.length > 160 ? `${where.slice(0, 160)}…` : where}` : '';
  console.warn(withoutControlCharacters(`[${status}] ${code}${place}: ${message}${skipped}`).slice(0, 600));
}

function refused(status: number, body: ErrorBody, where: string | undefined): { status: number; body: ErrorBody } {
  logRefusal(status, body.error.code, body.error.field ? `${body.error.message} [${body.error.field}]` : body.error.message, where);
  return { status, body };
}

/**
 * Turns any thrown value into the HTTP status and body a client receives, and logs it (`where`
 * names the call: a path or procedure and the address). Never leaks internals.
 */
export function describeError(error: unknown, where?: string): { status: number; body: ErrorBody } {
  // A write to an archived event, refused by its scoped handle (the read-only gate): 409, and why.
  if (error instanceof ContestReadOnly || (error instanceof Error && error.cause instanceof ContestReadOnly)) {
    return refused(409, { error: { message: messages.eventsAdmin.archived, code: 'CONFLICT' } }, where);
  }
  const trpcError = error instanceof TRPCError ? error : null;
  if (error instanceof AppError) {
    const body: ErrorBody = { error: { message: error.message, code: error.code } };
    if (error.field) body.error.field = error.field;
    return refused(getHTTPStatusCodeFromError(error), body, where);
  }
  if (trpcError) {
    const issue = firstIssue(trpcError.cause);
    if (trpcError.code === 'BAD_REQUEST' && issue) {
      const field = issuePath(issue);
      const message = `${issue.message ?? messages.invalidInput}${field ? messages.inField(field) : ''}`;
      return refused(400, { error: { message, code: 'BAD_REQUEST', ...(field ? { field } : {}) } }, where);
    }
    if (trpcError.code === 'PARSE_ERROR') {
      return refused(400, { error: { message: messages.malformedJson, code: 'BAD_REQUEST', field: 'body' } }, where);
    }
    if (trpcError.code === 'NOT_FOUND' || trpcError.code === 'METHOD_NOT_SUPPORTED') {
      return refused(getHTTPStatusCodeFromError(trpcError), { error: { message: messages.apiNotFound, code: trpcError.code } }, where);
    }
    if (trpcError.code === 'BAD_REQUEST') {
      return refused(400, { error: { message: messages.invalidInput, code: 'BAD_REQUEST' } }, where);
    }
  }
  console.error(`[500]${where ? ` ${where}` : ''}`, error);
  return { status: 500, body: { error: { message: messages.internalError, code: 'INTERNAL_SERVER_ERROR' } } };
}
