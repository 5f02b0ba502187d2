/** "Mất kết nối" in a corner of every screen while the server cannot be heard (`useConnectionLost`: within 2 s of the network going). */
import { Badge } from '@mantine/core';
import { appText } from '../../src/messages/app';
import { useConnectionLost } from '../hooks/useConnection';

export function DisconnectedBadge() {
  if (!useConnectionLost()) return null;
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
      {appText.disconnected}
    </Badge>
  );
}
