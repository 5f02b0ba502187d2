/**
 * The one fetch layer, without React: tRPC over HTTP for queries and mutations, over a websocket for
 * subscriptions. The websocket carries the session of the cookie it opened with, so it is reopened
 * after login and logout (`reconnectSocket`). The projector's lean entry uses this alone; the app's
 * React hooks are in trpc.ts.
 */
import { createTRPCClient, createWSClient, httpLink, splitLink, wsLink } from '@trpc/client';
import {
  EVENT_SWITCHED_CLOSE_CODE,
  SESSION_ENDED_CLOSE_CODE,
  SOCKET_RECONNECT_MAX_MS,
  SOCKET_RECONNECT_MIN_MS,
  SOCKET_TIMEOUT_MS,
} from '../src/constants';
import { errorsText } from '../src/messages/errors';
import type { AppRouter } from '../src-server/router';

export { errorMessage } from './errorMessage';

/** The contract: every call adds a time stamp query parameter, so no proxy or browser cache answers it. */
export function withTimestamp(url: string): string {
  const parsed = new URL(url, window.location.origin);
  parsed.searchParams.set('t', String(Date.now()));
  return parsed.origin === window.location.origin ? parsed.pathname + parsed.search : parsed.href;
}

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/**
 * A request that never reached the server fails in the browser's own English ("Failed to fetch",
 * "NetworkError when attempting to fetch resource.", "Load failed"): it fails here in Vietnamese
 * instead, so every screen that shows a failure's message shows this one. A cancelled request stays
 * an abort, which nothing shows.
 */
const timestampedFetch: typeof fetch = async (input, init) => {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  try {
    return await fetch(withTimestamp(url), { ...init, credentials: 'same-origin' });
  } catch (error) {
    if (isAbort(error)) throw error;
    throw new Error(errorsText.serverUnreachable, { cause: error });
  }
};

/** 1 s, 2 s, 4 s, then 5 s between attempts; a deliberate reconnect goes at once. */
let reconnectNow = false;
export function socketRetryDelay(attemptIndex: number): number {
  if (reconnectNow) {
    reconnectNow = false;
    return 0;
  }
  return Math.min(SOCKET_RECONNECT_MIN_MS * 2 ** attemptIndex, SOCKET_RECONNECT_MAX_MS);
}

/**
 * The close codes the server uses when the session a socket was opened with has ended (4003: because
 * another event went on stage). Any other close is an ordinary reconnect, which tRPC's client makes
 * by itself after every close, resending its subscriptions with the last event id each had: 4002 (the
 * socket stopped reading and was dropped), 1013 (the server's socket caps), 1006 (cut, or not
 * answering the server's ping).
 */
export { EVENT_SWITCHED_CLOSE_CODE } from '../src/constants';

/** Whether a close code means the socket's session ended (reconnect as whoever this tab is now). */
export const sessionEndedBy = (code: number | undefined): boolean =>
  code === SESSION_ENDED_CLOSE_CODE || code === EVENT_SWITCHED_CLOSE_CODE;

type SocketListener = (event: { type: 'open' } | { type: 'close'; code: number | undefined; deliberate: boolean }) => void;
const socketListeners = new Set<SocketListener>();
let deliberateClose = false;

/** Hears the socket open and close (for the status badge, a re-read after a session change, dev reloads). */
export function onSocketEvent(listener: SocketListener): () => void {
  socketListeners.add(listener);
  return () => socketListeners.delete(listener);
}

function socketUrl(): string {
  const scheme = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${window.location.host}/trpc`;
}

export const wsClient = createWSClient({
  url: socketUrl,
  retryDelayMs: socketRetryDelay,
  // A ping every 10 s, dropped when no pong in 10 s: a silent connection goes within 20 s.
  keepAlive: { enabled: true, intervalMs: SOCKET_TIMEOUT_MS / 2, pongTimeoutMs: SOCKET_TIMEOUT_MS / 2 },
  onOpen: () => {
    for (const listener of socketListeners) listener({ type: 'open' });
  },
  onClose: (cause) => {
    const deliberate = deliberateClose;
    deliberateClose = false;
    for (const listener of socketListeners) listener({ type: 'close', code: cause?.code, deliberate });
  },
});

/**
 * Reopens the websocket so the server reads the current cookie. Subscriptions carry on by
 * themselves: the client resends them, with the last event id, on the new socket.
 */
export function reconnectSocket(): void {
  const connection = wsClient.connection;
  if (!connection || connection.state === 'closed') return;
  reconnectNow = true;
  deliberateClose = true;
  connection.ws.close(1000, 'session changed');
}

export const trpcClient = createTRPCClient<AppRouter>({
  links: [
    splitLink({
      condition: (op) => op.type === 'subscription',
      true: wsLink<AppRouter>({ client: wsClient }),
      false: httpLink<AppRouter>({ url: '/trpc', fetch: timestampedFetch }),
    }),
  ],
});
