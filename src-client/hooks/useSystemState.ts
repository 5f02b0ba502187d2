/**
 * The system state every screen reads: who is logged in, the live show, the teams, and the clock
 * balance. Loaded once over HTTP, then kept current by the `system.join` subscription, which only
 * `useSystemStateSync` (mounted once at the root) opens.
 */
import { type QueryClient, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSubscription } from '@trpc/tanstack-react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { INITIAL_STATE_ELEMENT_ID } from '../../src/constants';
import { contractText } from '../../src/messages/contract';
import type { TPublicUser } from '../../src/schemas/auth';
import type { ShowState } from '../../src/schemas/show';
import type { TSystemState, TTeamListItem } from '../../src/schemas/system';
import { defaultShowState } from '../../src/showDefaults';
import { computeBalance } from '../../src/valueFormat';
import { notifyError } from '../components/notify';
import { EVENT_SWITCHED_CLOSE_CODE, onSocketEvent, sessionEndedBy, trpcClient, useTRPC, wsClient } from '../trpc';
import { noteEventSwitched } from './eventSwitch';
import { followLiveMessage, withNewerLive } from './liveEvents';

export interface ClientSystemState extends TSystemState {
  /** Local time minus server time, rounded to 100 ms: a countdown shows `endsAt - (Date.now() - balance)`. */
  balance: number;
}

/**
 * The state the server wrote into this page (src-server/app.ts), taken once: the first screen then
 * needs no round trip. The page's own request is the clock's round trip: the server read its clock
 * while answering, between the request's start and the answer's first byte.
 */
export function takePageState(): ClientSystemState | null {
  const element = document.getElementById(INITIAL_STATE_ELEMENT_ID);
  if (!element) return null;
  element.remove();
  try {
    const state = JSON.parse(element.textContent ?? '') as TSystemState;
    const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
    if (!navigation || navigation.responseStart <= 0) return { ...state, balance: computeBalance(state.now, Date.now()) };
    const receivedAt = performance.timeOrigin + navigation.responseStart;
    return { ...state, balance: computeBalance(state.now, receivedAt, navigation.responseStart - navigation.requestStart) };
  } catch {
    return null;
  }
}

/**
 * One query for the whole app; the subscription writes into it. A read that a `state` or `teams`
 * message overtook keeps the message's (newer by event order, `withNewerLive`).
 */
export const systemStateQuery = queryOptions({
  queryKey: ['system', 'state'] as const,
  queryFn: async (): Promise<ClientSystemState> => {
    const sentAt = Date.now();
    const state = await trpcClient.system.state.query();
    const receivedAt = Date.now();
    return { ...withNewerLive(state), balance: computeBalance(state.now, receivedAt, receivedAt - sentAt) };
  },
  staleTime: Number.POSITIVE_INFINITY,
  refetchOnWindowFocus: false,
  retry: 1,
  // A failed load is retried when the socket (re)opens, not by every screen that mounts.
  retryOnMount: false,
});

function updateSystemState(queryClient: QueryClient, change: (old: ClientSystemState) => ClientSystemState): void {
  queryClient.setQueryData(systemStateQuery.queryKey, (old) => (old ? change(old) : old));
}

/** After login or logout: the new user, without waiting for a round trip. */
export function setCurrentUser(queryClient: QueryClient, user: TPublicUser | null): void {
  updateSystemState(queryClient, (old) => ({ ...old, user }));
}

const subscribeConnection = (onChange: () => void) => {
  const subscription = wsClient.connectionState.subscribe({ next: onChange });
  return () => subscription.unsubscribe();
};
const isConnected = () => wsClient.connectionState.get().state === 'pending';

/** Whether the websocket is open right now. */
export function useSocketConnected(): boolean {
  return useSyncExternalStore(subscribeConnection, isConnected, () => false);
}

/** Mounted once: opens `system.join`, applies its events, re-reads the state when the session changes. */
export function useSystemStateSync(): void {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { error } = useQuery(systemStateQuery);

  useEffect(() => {
    if (error) notifyError(contractText.systemStateError, error);
  }, [error]);

  useSubscription(
    trpc.system.join.subscriptionOptions(undefined, {
      onData: ({ id, data: message }) => {
        if (message.type === 'reload') {
          if (import.meta.env.DEV) window.location.reload();
          return;
        }
        if (message.type === 'state') {
          let moved = false;
          updateSystemState(queryClient, (old) => {
            moved = old.system.event._id !== '' && old.system.event._id !== message.system.event._id;
            // A team account belongs to its event: this phone's session has just ended with it.
            if (moved && old.user?.role === 'team') noteEventSwitched();
            return { ...old, system: message.system };
          });
          // Another event on stage: whatever this screen read of the old one (settings, rules, sets,
          // lists) is read again.
          if (moved) void queryClient.invalidateQueries();
        } else if (message.type === 'teams') updateSystemState(queryClient, (old) => ({ ...old, listTeam: message.listTeam }));
        followLiveMessage(message, id);
      },
    }),
  );

  useEffect(() => {
    let sessionEnded = false;
    let opened = false;
    let lostUnexpectedly = false;
    return onSocketEvent((event) => {
      if (event.type === 'close') {
        // The server ended this socket's session (a logout elsewhere): learn who we are now.
        if (sessionEndedBy(event.code)) sessionEnded = true;
        // Signed out because another event went on stage: the login page says why. (The switch's
        // own news may come before or after this close, or not at all on this socket.)
        if (event.code === EVENT_SWITCHED_CLOSE_CODE) noteEventSwitched();
        else if (!event.deliberate) lostUnexpectedly = true;
        return;
      }
      // In development a reconnect usually means the server restarted with new code.
      if (import.meta.env.DEV && opened && lostUnexpectedly) window.location.reload();
      opened = true;
      lostUnexpectedly = false;
      if (sessionEnded || queryClient.getQueryState(systemStateQuery.queryKey)?.status === 'error') {
        sessionEnded = false;
        void queryClient.invalidateQueries({ queryKey: systemStateQuery.queryKey });
      }
    });
  }, [queryClient]);
}

export interface SystemStateView {
  user: TPublicUser | null;
  system: ShowState;
  listTeam: TTeamListItem[];
  balance: number;
  /** The first load has not answered yet. */
  loading: boolean;
  connected: boolean;
}

const EMPTY_TEAMS: TTeamListItem[] = [];
const DEFAULT_SYSTEM = defaultShowState();

export function useSystemState(): SystemStateView {
  const { data, isPending } = useQuery(systemStateQuery);
  const connected = useSocketConnected();
  return {
    user: data?.user ?? null,
    system: data?.system ?? DEFAULT_SYSTEM,
    listTeam: data?.listTeam ?? EMPTY_TEAMS,
    balance: data?.balance ?? 0,
    loading: isPending,
    connected,
  };
}
