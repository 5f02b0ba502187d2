/**
 * One error type for the whole server. Every failure leaves as `{error: {message, code, field?}}`
 * with a Vietnamese message; this file is the only place that maps codes to HTTP statuses.
 */
import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { messages } from '../src/messages';

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

/** Turns any thrown value into the HTTP status and body a client receives. Never leaks internals. */
export function describeError(error: unknown): { status: number; body: ErrorBody } {
  const trpcError = error instanceof TRPCError ? error : null;
  if (error instanceof AppError) {
    const body: ErrorBody = { error: { message: error.message, code: error.code } };
    if (error.field) body.error.field = error.field;
    return { status: getHTTPStatusCodeFromError(error), body };
  }
  if (trpcError) {
    const issue = firstIssue(trpcError.cause);
    if (trpcError.code === 'BAD_REQUEST' && issue) {
      const field = issuePath(issue);
      const message = `${issue.message ?? messages.invalidInput}${field ? messages.inField(field) : ''}`;
      return { status: 400, body: { error: { message, code: 'BAD_REQUEST', ...(field ? { field } : {}) } } };
    }
    if (trpcError.code === 'PARSE_ERROR') {
      return { status: 400, body: { error: { message: messages.malformedJson, code: 'BAD_REQUEST', field: 'body' } } };
    }
    if (trpcError.code === 'NOT_FOUND' || trpcError.code === 'METHOD_NOT_SUPPORTED') {
      return { status: getHTTPStatusCodeFromError(trpcError), body: { error: { message: messages.apiNotFound, code: trpcError.code } } };
    }
    if (trpcError.code === 'BAD_REQUEST') {
      return { status: 400, body: { error: { message: messages.invalidInput, code: 'BAD_REQUEST' } } };
    }
  }
  console.error('[error]', error);
  return { status: 500, body: { error: { message: messages.internalError, code: 'INTERNAL_SERVER_ERROR' } } };
}
