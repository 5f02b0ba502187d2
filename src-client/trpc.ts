/** The app's typed tRPC hooks (TanStack Query) over the one client of trpcClient.ts. */
import { createTRPCContext } from '@trpc/tanstack-react-query';
import type { AppRouter } from '../src-server/router';

export * from './trpcClient';

export const { TRPCProvider, useTRPC, useTRPCClient } = createTRPCContext<AppRouter>();
