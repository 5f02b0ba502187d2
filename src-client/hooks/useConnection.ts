/** Small hooks that screens share about the live connection and their own loads. */
import { useEffect } from 'react';
import { notifyError } from '../components/notify';
import { useSocketConnected } from './useSystemState';

export { useConnectionLost } from './useLinkState';

/** Tells a failed load once, with the contract's prefix and the server's message. */
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
