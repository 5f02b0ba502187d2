/** A real tRPC websocket client for tests: subscribes to system.join and records what arrives. */
import { createTRPCClient, createWSClient, wsLink } from '@trpc/client';
import WebSocket from 'ws';
import type { AppRouter } from '../../src-server/router';

export interface Received {
  id: string | undefined;
  data: { type: string; [key: string]: unknown };
}

export interface JoinedClient {
  events: Received[];
  lastId(): string | undefined;
  waitFor(predicate: (event: Received) => boolean, timeoutMs?: number): Promise<Received>;
  close(): Promise<void>;
}

/** A tRPC client over a real websocket to `baseUrl`, sending `cookie` on the upgrade. */
export function wsTrpcClient(baseUrl: string, cookie?: string) {
  class CookieWebSocket extends WebSocket {
    constructor(address: string) {
      super(address, cookie ? { headers: { cookie } } : {});
    }
  }
  const wsClient = createWSClient({
    url: `${baseUrl.replace(/^http/, 'ws')}/trpc`,
    WebSocket: CookieWebSocket as never,
    retryDelayMs: () => 200,
  });
  return { wsClient, client: createTRPCClient<AppRouter>({ links: [wsLink({ client: wsClient })] }) };
}

export function joinSystem(baseUrl: string, options: { cookie?: string; lastEventId?: string } = {}): JoinedClient {
  const { wsClient, client } = wsTrpcClient(baseUrl, options.cookie);
  const events: Received[] = [];
  const waiters: { predicate: (e: Received) => boolean; resolve: (e: Received) => void }[] = [];
  const subscription = client.system.join.subscribe(options.lastEventId ? { lastEventId: options.lastEventId } : {}, {
    onData: (tracked) => {
      const event = { id: tracked.id, data: tracked.data as Received['data'] };
      events.push(event);
      for (const waiter of [...waiters]) {
        if (waiter.predicate(event)) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve(event);
        }
      }
    },
  });
  return {
    events,
    lastId: () => [...events].reverse().find((e) => e.id !== undefined)?.id,
    waitFor(predicate, timeoutMs = 5000) {
      const found = events.find(predicate);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no matching event; got ${events.map((e) => e.data.type).join(', ')}`)), timeoutMs);
        waiters.push({
          predicate,
          resolve: (e) => {
            clearTimeout(timer);
            resolve(e);
          },
        });
      });
    },
    async close() {
      subscription.unsubscribe();
      await wsClient.close();
    },
  };
}
