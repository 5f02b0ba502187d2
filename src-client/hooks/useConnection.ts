/** Small hooks that screens share about the live connection and their own loads. */
import { useEffect, useState } from 'react';
import { notifyError } from '../components/notify';
import { useSocketConnected } from './useSystemState';

const OFFLINE_GRACE_MS = 1500;

/** True once the websocket has been down for a moment, so a planned reconnect does not flash a sign. */
export function useOfflineAfterGrace(graceMs = OFFLINE_GRACE_MS): boolean {
  const connected = useSocketConnected();
  const [offline, setOffline] = useState(false);
  useEffect(() => {
    if (connected) {
      setOffline(false);
      return;
    }
    const timer = setTimeout(() => setOffline(true), graceMs);
    return () => clearTimeout(timer);
  }, [connected, graceMs]);
  return offline;
}

/** Tells a failed load once, with the seed-style prefix and the server's message. */
export function useLoadError(prefix: string, error: unknown): void {
  useEffect(() => {
    if (error) notifyError(prefix, error);
  }, [prefix, error]);
}

/** Re-reads a query whenever the socket (re)opens, so nothing stays stale after a reconnect. */
export function useRefetchOnReconnect(refetch: () => unknown, enabled: boolean): void {
  const connected = useSocketConnected();
  useEffect(() => {
    if (connected && enabled) void refetch();
  }, [connected, enabled, refetch]);
}
