/** The only place tRPC is initialised; exports just the builders procedures may use. */
import { initTRPC } from '@trpc/server';
import type { Role } from '../src/constants';
import { messages } from '../src/messages';
import type { TPublicUser } from '../src/schemas/auth';
import type { Context } from './context';
import { ContestReadOnly } from './db/scope';
import { AppError, badRequest, describeError, forbidden, unauthorized } from './errors';
import { MAX_JSON_DEPTH, valueTooDeep } from './json-depth';

const t = initTRPC.context<Context>().create({
  errorFormatter({ shape, error, path, ctx }) {
    const { body } = describeError(error, [path, ctx?.ip].filter(Boolean).join(' ') || undefined);
    return {
      ...shape,
      message: body.error.message,
      data: { code: shape.data.code, httpStatus: shape.data.httpStatus, field: body.error.field ?? null },
    };
  },
});

/**
 * The path of the first string (or key) holding a NUL character (which PostgreSQL cannot store), or
 * null. Walked with an explicit stack, in document order, so no input can overflow the call stack.
 */
export function findNulCharacter(value: unknown): string | null {
  const stack: [unknown, string][] = [[value, '']];
  while (stack.length) {
    const [item, path] = stack.pop()!;
    if (typeof item === 'string') {
      if (item.includes('\u0000')) return path || 'input';
      continue;
    }
    if (!item || typeof item !== 'object') continue;
    const entries: [string, unknown][] = Array.isArray(item) ? item.map((inner, i) => [String(i), inner]) : Object.entries(item);
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, inner] = entries[i]!;
      const innerPath = path ? `${path}.${key}` : key;
      if (key.includes('\u0000')) return innerPath;
      stack.push([inner, innerPath]);
    }
  }
  return null;
}

/**
 * Before anything else walks a procedure's input: input nested too deep is a 400 (checked without
 * recursion), then a NUL character anywhere is a 400 naming the field.
 */
const screenInput = t.middleware(async ({ ctx, getRawInput, next }) => {
  const input = await getRawInput();
  if (valueTooDeep(input)) {
    ctx.refusals.record('deepInput', ctx.ip);
    throw badRequest(messages.inputTooDeep(MAX_JSON_DEPTH), 'input');
  }
  const field = findNulCharacter(input);
  if (field) throw badRequest(messages.nulCharacter, field);
  return next();
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
/** A write to an archived event (refused by its scoped handle, `db/scope.ts`) answers 409, saying why. */
const readOnlyGate = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok && result.error.cause instanceof ContestReadOnly) throw new AppError('CONFLICT', messages.eventsAdmin.archived);
  return result;
});

export const publicProcedure = t.procedure.use(screenInput).use(readOnlyGate);

/** A logged-in user of any role; `ctx.user` is non-null inside. */
export const authedProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.user || !ctx.sessionId) throw unauthorized();
  return next({ ctx: { ...ctx, user: ctx.user as TPublicUser, sessionId: ctx.sessionId } });
});

/** Only the given roles. */
export const roleProcedure = (...roles: Role[]) =>
  authedProcedure.use(({ ctx, next }) => {
    if (!roles.includes(ctx.user.role)) throw forbidden();
    return next();
  });

export const adminProcedure = roleProcedure('admin');
