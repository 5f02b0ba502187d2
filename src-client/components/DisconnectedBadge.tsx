/** "Mất kết nối" in a corner of every screen while the websocket is down (after a short grace, so a planned reconnect does not flash it). */
import { Badge } from '@mantine/core';
import { useEffect, useState } from 'react';
import { messages } from '../../src/messages';
import { useSocketConnected } from '../hooks/useSystemState';

const GRACE_MS = 1500;

export function DisconnectedBadge() {
  const connected = useSocketConnected();
  const [shown, setShown] = useState(false);

  useEffect(() => {
    if (connected) {
      setShown(false);
      return;
    }
    const timer = setTimeout(() => setShown(true), GRACE_MS);
    return () => clearTimeout(timer);
  }, [connected]);

  if (!shown) return null;
  return (
    <Badge
      data-testid="disconnected"
      role="status"
      color="red"
      variant="filled"
      size="lg"
      radius="sm"
      style={{ position: 'fixed', left: 12, bottom: 12, zIndex: 2000, boxShadow: '0 2px 8px rgba(0,0,0,.25)' }}
    >
      {messages.disconnected}
    </Badge>
  );
}
