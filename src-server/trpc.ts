/** The only place tRPC is initialised; exports just the builders procedures may use. */
import { initTRPC } from '@trpc/server';
import type { Role } from '../src/constants';
import type { TPublicUser } from '../src/schemas/auth';
import type { Context } from './context';
import { describeError, forbidden, unauthorized } from './errors';

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

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
export const publicProcedure = t.procedure;

/** A logged-in user of any role; `ctx.user` is non-null inside. */
export const authedProcedure = t.procedure.use(({ ctx, next }) => {
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
