/** The one router: each domain's procedures under its name. */
import { authRouter } from './features/auth/router';
import { profileRouter } from './features/profile/router';
import { systemRouter } from './features/system/router';
import { createCallerFactory, router } from './trpc';

export const appRouter = router({
  auth: authRouter,
  profile: profileRouter,
  system: systemRouter,
});

export type AppRouter = typeof appRouter;

export const createCaller = createCallerFactory(appRouter);
