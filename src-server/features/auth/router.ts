import { ZLoginInputSchema } from '../../../src/schemas/auth';
import { z } from '../../../src/schemas/zod';
import { authedProcedure, publicProcedure, router } from '../../trpc';
import { loginUser, logoutUser } from './login';

export const authRouter = router({
  login: publicProcedure.input(ZLoginInputSchema).mutation(({ ctx, input }) => loginUser(ctx, input)),
  logout: publicProcedure.input(z.object({}).optional()).mutation(({ ctx }) => logoutUser(ctx)),
  me: authedProcedure.query(({ ctx }) => ({ user: ctx.user })),
});
