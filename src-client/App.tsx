/** The providers, the live system state, and the routes. */
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { Router } from 'wouter';
import { compileRoute } from '../src/routes';
import { DisconnectedBadge } from './components/DisconnectedBadge';
import { ModalsHost } from './components/ModalsHost';
import { NotificationsHost } from './components/NotificationsHost';
import { LoadingProvider, useLoadingSignal } from './components/Preloader';
import { systemStateQuery, takePageState, useSystemState, useSystemStateSync } from './hooks/useSystemState';
import { seedPageQueries } from './pageQueries';
import { AppRoutes } from './routes';
import { cssVariablesResolver, theme } from './theme';
import { TRPCProvider, trpcClient } from './trpc';

/** Opens the live connection once, and shows the routes once the first state has answered. */
function LiveApp() {
  useSystemStateSync();
  const { loading } = useSystemState();
  useLoadingSignal(loading);
  return (
    <>
      {!loading && <AppRoutes />}
      <DisconnectedBadge />
    </>
  );
}

let pageClient: QueryClient | null = null;

/**
 * The page's one query client, holding the answers its HTML carried. Made once per page, outside
 * React: a first render React throws away before committing it (a transition it restarts) runs
 * `useState`'s initialiser again, and the page's answers can be taken only once.
 */
function appQueryClient(): QueryClient {
  if (pageClient) return pageClient;
  const client = new QueryClient({ defaultOptions: { queries: { refetchOnWindowFocus: false }, mutations: { retry: false } } });
  const pageState = takePageState();
  if (pageState) client.setQueryData(systemStateQuery.queryKey, pageState);
  seedPageQueries(client);
  pageClient = client;
  return client;
}

export function App() {
  const [queryClient] = useState(appQueryClient);
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <NotificationsHost />
      <QueryClientProvider client={queryClient}>
        <TRPCProvider queryClient={queryClient} trpcClient={trpcClient}>
          <LoadingProvider>
            {/* Routes match exactly and case-sensitively, as the server does. */}
            <Router parser={compileRoute}>
              <LiveApp />
            </Router>
          </LoadingProvider>
          <ModalsHost />
        </TRPCProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
