/**
 * A console as /master opens it, over a real tRPC websocket: `show.console` (this console listed on
 * every instance) and `system.join` (the live messages) on one socket, as the browser does.
 */
import type { ConsolesMessage, LiveMessage } from '../../src/live';
import { wsTrpcClient } from './ws-client';

export interface ConsoleClient {
  /** Every `show.console` message, in order. */
  lists: ConsolesMessage[];
  /** Every `system.join` message, in order. */
  live: LiveMessage[];
  /** The `show.console` error, if the server refused it. */
  refused: Promise<Error>;
  /** Waits for a `show.console` message that satisfies `predicate` (the latest one first). */
  waitForList(predicate: (message: ConsolesMessage) => boolean, timeoutMs?: number): Promise<ConsolesMessage>;
  waitForLive(predicate: (message: LiveMessage) => boolean, timeoutMs?: number): Promise<LiveMessage>;
  close(): Promise<void>;
}

export function openConsole(baseUrl: string, cookie?: string): ConsoleClient {
  const { wsClient, client } = wsTrpcClient(baseUrl, cookie);
  const lists: ConsolesMessage[] = [];
  const live: LiveMessage[] = [];
  const checks = new Set<() => void>();
  const changed = () => {
    for (const check of [...checks]) check();
  };
  let refuse!: (error: Error) => void;
  const refused = new Promise<Error>((resolve) => (refuse = resolve));
  const consoleSub = client.show.console.subscribe(undefined, {
    onData: (message) => {
      lists.push(message);
      changed();
    },
    onError: (error) => refuse(error),
  });
  const joinSub = client.system.join.subscribe(
    {},
    {
      onData: (tracked) => {
        live.push(tracked.data);
        changed();
      },
    },
  );

  function waitFor<T>(find: () => T | undefined, what: () => string, timeoutMs: number): Promise<T> {
    const found = find();
    if (found !== undefined) return Promise.resolve(found);
    return new Promise((resolve, reject) => {
      const check = () => {
        const value = find();
        if (value === undefined) return;
        checks.delete(check);
        clearTimeout(timer);
        resolve(value);
      };
      const timer = setTimeout(() => {
        checks.delete(check);
        reject(new Error(`timed out; got ${what()}`));
      }, timeoutMs);
      checks.add(check);
    });
  }

  return {
    lists,
    live,
    refused,
    waitForList: (predicate, timeoutMs = 5000) => {
      // Only the latest list is what the console shows now.
      const latest = () => {
        const last = lists[lists.length - 1];
        return last && predicate(last) ? last : undefined;
      };
      return waitFor(latest, () => JSON.stringify(lists[lists.length - 1] ?? null), timeoutMs);
    },
    waitForLive: (predicate, timeoutMs = 5000) =>
      waitFor(
        () => live.find(predicate),
        () => live.map((m) => m.type).join(', '),
        timeoutMs,
      ),
    async close() {
      consoleSub.unsubscribe();
      joinSub.unsubscribe();
      await wsClient.close();
    },
  };
}
