/** The only place tRPC is initialised; exports just the builders procedures may use. */
import { initTRPC } from '@trpc/server';
import type { Role } from '../src/constants';
import type { TPublicUser } from '../src/schemas/auth';
import type { Context } from './context';
import { messages } from '../src/messages';
import { badRequest, describeError, forbidden, unauthorized } from './errors';

const t = initTRPC.context<Context>().create({
  errorFormatter({ shape, error }) {
    const { body } = describeError(error);
    return {
      ...shape,
      message: body.error.message,
      data: { code: shape.data.code, httpStatus: shape.data.httpStatus, field: body.error.field ?? null },
    };
  },
});

/** The path of the first string holding a NUL character (which PostgreSQL cannot store), or null. */
export function findNulCharacter(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path || 'input' : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findNulCharacter(value[i], path ? `${path}.${i}` : String(i));
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      if (key.includes('\u0000')) return path ? `${path}.${key}` : key;
      const found = findNulCharacter(inner, path ? `${path}.${key}` : key);
      if (found) return found;
    }
  }
  return null;
}

/** Every procedure refuses a NUL character anywhere in its input, naming the field. */
const refuseNul = t.middleware(async ({ getRawInput, next }) => {
  const field = findNulCharacter(await getRawInput());
  if (field) throw badRequest(messages.nulCharacter, field);
  return next();
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
export const publicProcedure = t.procedure.use(refuseNul);

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
