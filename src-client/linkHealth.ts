/**
 * Whether this screen can hear the server right now, for the connection signs: the browser's own
 * online state, whether the websocket is open, and a heartbeat on that socket.
 *
 * The heartbeat is the text "PING" that tRPC's websocket server already answers with "PONG" (the
 * same frames tRPC's keep-alive uses), sent every 500 ms while the page is visible. The link is
 * "silent", and the signs say so, when nothing at all has come back for 1.4 s and the ping waiting
 * for its answer has had at least 0.9 s: so 1.4 s after the network goes, even when the phone still
 * believes it is on the wifi, and a page back from the background (no pings there) is not called
 * silent before its first ping had a fair chance. A silent socket is NOT closed here: tRPC's
 * keep-alive gives it up after 20 s (SOCKET_TIMEOUT_MS), so a short drop costs no reconnect and no
 * re-subscribe, and the sign comes back with the next pong.
 */
import { onSocketEvent, wsClient } from './trpcClient';

export const HEARTBEAT_INTERVAL_MS = 500;
/** Nothing heard for this long (with a ping out) and the link is silent. */
export const SILENT_AFTER_MS = 1_400;
/** The least time a ping gets for its answer before the link is called silent. */
export const PING_GRACE_MS = 900;

export interface LinkState {
  /** navigator.onLine: false means the device has no network at all. */
  browserOnline: boolean;
  /** The websocket is open. */
  socketOpen: boolean;
  /** The socket is open but nothing has come back on it for SILENT_AFTER_MS, a ping unanswered. */
  silent: boolean;
}

const browserOnlineNow = () => (typeof navigator === 'undefined' ? true : navigator.onLine !== false);
const socketOpenNow = () => wsClient.connectionState.get().state === 'pending';

let state: LinkState = { browserOnline: browserOnlineNow(), socketOpen: socketOpenNow(), silent: false };
const listeners = new Set<() => void>();
const restoredListeners = new Set<() => void>();

function update(patch: Partial<LinkState>): void {
  const next = { ...state, ...patch };
  if (next.browserOnline === state.browserOnline && next.socketOpen === state.socketOpen && next.silent === state.silent) return;
  const wasUp = isUp(state);
  state = next;
  for (const listener of listeners) listener();
  if (!wasUp && isUp(state)) for (const listener of restoredListeners) listener();
}

const isUp = (s: LinkState) => s.browserOnline && s.socketOpen && !s.silent;

let watched: WebSocket | null = null;
/** When anything last came on the watched socket (performance.now()). */
let lastHeard = 0;
/** When the oldest ping not yet followed by any message went out, or null. */
let unansweredSince: number | null = null;
let waitTimer: ReturnType<typeof setTimeout> | undefined;

function openSocket(): WebSocket | null {
  const connection = wsClient.connection;
  return connection?.state === 'open' ? connection.ws : null;
}

function heard(this: WebSocket): void {
  if (this !== watched) return;
  lastHeard = performance.now();
  unansweredSince = null;
  clearTimeout(waitTimer);
  if (state.silent) update({ silent: false });
}

function watch(ws: WebSocket | null): void {
  if (ws === watched) return;
  watched?.removeEventListener('message', heard);
  watched = ws;
  lastHeard = performance.now();
  unansweredSince = null;
  clearTimeout(waitTimer);
  ws?.addEventListener('message', heard);
}

function beat(): void {
  const ws = openSocket();
  watch(ws);
  if (!ws) {
    if (state.silent) update({ silent: false });
    return;
  }
  if (typeof document !== 'undefined' && document.visibilityState === 'hidden') return;
  try {
    ws.send('PING');
  } catch {
    return; // closing under us: the close event tells the rest
  }
  if (unansweredSince !== null) return;
  const sentAt = performance.now();
  unansweredSince = sentAt;
  // Any message clears this timer, so when it fires nothing has been heard since lastHeard.
  const due = Math.max(lastHeard + SILENT_AFTER_MS, sentAt + PING_GRACE_MS);
  waitTimer = setTimeout(() => {
    if (unansweredSince === sentAt && watched === ws) update({ silent: true });
  }, due - sentAt);
}

let started = false;
function start(): void {
  if (started || typeof window === 'undefined') return;
  started = true;
  window.addEventListener('online', () => update({ browserOnline: true }));
  window.addEventListener('offline', () => update({ browserOnline: false }));
  wsClient.connectionState.subscribe({
    next: () => {
      const socketOpen = socketOpenNow();
      if (!socketOpen) watch(null);
      update({ socketOpen, silent: socketOpen ? state.silent : false });
    },
  });
  onSocketEvent((event) => {
    // The next beat watches the new socket (tRPC counts it open a moment after this event).
    if (event.type === 'open') update({ socketOpen: true, silent: false });
  });
  // Back from the background (no pings there): ask at once rather than at the next beat.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') beat();
  });
  setInterval(beat, HEARTBEAT_INTERVAL_MS);
  update({ browserOnline: browserOnlineNow(), socketOpen: socketOpenNow() });
}

/** For useSyncExternalStore; the first subscriber starts the heartbeat. */
export function subscribeLink(listener: () => void): () => void {
  start();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getLinkState(): LinkState {
  return state;
}

/**
 * Calls `listener` when the server can be heard again after it could not: the browser came back
 * online, the socket reopened, or a heartbeat was answered after silence.
 */
export function onLinkRestored(listener: () => void): () => void {
  start();
  restoredListeners.add(listener);
  return () => restoredListeners.delete(listener);
}
