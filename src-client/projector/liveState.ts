/**
 * The projector's copy of the system state, without TanStack Query: read once over HTTP, then kept
 * current by the `system.join` subscription (the same two calls the app makes), held in a small
 * store that React reads with useSyncExternalStore. Every message goes through the app's one live
 * store (`followLiveMessage`), and a read that a message overtook keeps the message's (`withNewerLive`).
 */
import { useSyncExternalStore } from 'react';
import type { TPublicUser } from '../../src/schemas/auth';
import type { ShowState } from '../../src/schemas/show';
import type { TTeamListItem } from '../../src/schemas/system';
import { defaultShowState } from '../../src/showDefaults';
import { computeBalance } from '../../src/valueFormat';
import { followLiveMessage, withNewerLive } from '../hooks/liveEvents';
import { onSocketEvent, sessionEndedBy, trpcClient } from '../trpcClient';

export interface LiveState {
  user: TPublicUser | null;
  system: ShowState;
  listTeam: TTeamListItem[];
  /** Local time minus server time, rounded to 100 ms. */
  balance: number;
  /** The first read has not answered yet. */
  loading: boolean;
  /** The last read failed; it is tried again when the socket (re)opens. */
  failed: boolean;
}

let current: LiveState = { user: null, system: defaultShowState(), listTeam: [], balance: 0, loading: true, failed: false };
const listeners = new Set<() => void>();

function update(change: Partial<LiveState>): void {
  current = { ...current, ...change };
  for (const listener of listeners) listener();
}

async function read(): Promise<void> {
  try {
    const sentAt = Date.now();
    const state = withNewerLive(await trpcClient.system.state.query());
    const receivedAt = Date.now();
    update({
      user: state.user,
      system: state.system,
      listTeam: state.listTeam,
      balance: computeBalance(state.now, receivedAt, receivedAt - sentAt),
      loading: false,
      failed: false,
    });
  } catch {
    update({ failed: true });
  }
}

let started = false;

/** Reads the state and opens the subscription, once per page. */
export function startLiveState(): void {
  if (started) return;
  started = true;
  void read();
  trpcClient.system.join.subscribe(undefined, {
    onData: ({ id, data: message }) => {
      if (message.type === 'reload') return;
      if (message.type === 'state') update({ system: message.system });
      else if (message.type === 'teams') update({ listTeam: message.listTeam });
      followLiveMessage(message, id);
    },
  });
  let sessionEnded = false;
  onSocketEvent((event) => {
    if (event.type === 'close') {
      if (sessionEndedBy(event.code)) sessionEnded = true;
      return;
    }
    // A new session, or a first read that failed: read again.
    if (sessionEnded || current.failed) {
      sessionEnded = false;
      void read();
    }
  });
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const snapshot = () => current;

export function useLiveState(): LiveState {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
