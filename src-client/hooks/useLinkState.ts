/** The live connection's state for every connection sign; no Mantine and no Query, so the projector uses it too. */
import { useEffect, useState, useSyncExternalStore } from 'react';
import { getLinkState, type LinkState, subscribeLink } from '../linkHealth';

/** A closed socket shows only after this, so a planned reconnect (after sign-in) does not flash a sign. */
const SOCKET_CLOSED_GRACE_MS = 1500;

/** The browser's online state, the socket, and the heartbeat, live. */
export function useLinkState(): LinkState {
  return useSyncExternalStore(subscribeLink, getLinkState, getLinkState);
}

/**
 * What every connection sign shows: lost at once when the browser goes offline or the heartbeat
 * goes unanswered (within 2 s of the network going), and when the socket has been closed for a
 * moment. The socket itself is given up only after 20 s of silence; the sign does not wait for it.
 */
export function useConnectionLost(graceMs = SOCKET_CLOSED_GRACE_MS): boolean {
  const { browserOnline, socketOpen, silent } = useLinkState();
  const [closedLong, setClosedLong] = useState(false);
  useEffect(() => {
    if (socketOpen) {
      setClosedLong(false);
      return;
    }
    const timer = setTimeout(() => setClosedLong(true), graceMs);
    return () => clearTimeout(timer);
  }, [socketOpen, graceMs]);
  return !browserOnline || silent || (!socketOpen && closedLong);
}
