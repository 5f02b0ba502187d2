/**
 * "Đúng" and "Sai" for the first buzz waiting for a verdict (an obstacle keyword, a finish-round
 * steal), naming the console's Shift+D / Shift+X keys while the single-key shortcuts are on.
 */
import { Button, Group } from '@mantine/core';
import { masterText } from '../../../src/messages/master';

export function RightWrongButtons({ singleKeys, onVerdict }: { singleKeys: boolean; onVerdict: (verdict: 'right' | 'wrong') => void }) {
  return (
    <Group gap={4} wrap="nowrap">
      <Button size="compact-sm" color="teal" aria-keyshortcuts={singleKeys ? 'Shift+D' : undefined} onClick={() => onVerdict('right')}>
        {masterText.right}
      </Button>
      <Button
        size="compact-sm"
        color="red"
        variant="outline"
        aria-keyshortcuts={singleKeys ? 'Shift+X' : undefined}
        onClick={() => onVerdict('wrong')}
      >
        {masterText.wrong}
      </Button>
    </Group>
  );
}
