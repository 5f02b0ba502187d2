/**
 * "Đúng" and "Sai" for the first buzz waiting for a verdict (an obstacle keyword, a finish-round
 * steal), naming the console's Shift+D / Shift+X keys while the single-key shortcuts are on. The
 * finish round's answer adds a third, the timeout (Shift+T), and takes the row's width.
 */
import { Button, Group } from '@mantine/core';
import { masterText } from '../../../src/messages/master';

type Verdict = 'right' | 'wrong' | 'timeout';

const VERDICTS: { verdict: Verdict; color: string; variant?: string; key: string; label: string }[] = [
  { verdict: 'right', color: 'teal', key: 'Shift+D', label: masterText.right },
  { verdict: 'wrong', color: 'red', variant: 'outline', key: 'Shift+X', label: masterText.wrong },
  { verdict: 'timeout', color: 'orange', variant: 'outline', key: 'Shift+T', label: masterText.finish.timeout },
];

export function RightWrongButtons<V extends Verdict = 'right' | 'wrong'>({
  singleKeys,
  onVerdict,
  withTimeout = false,
}: {
  singleKeys: boolean;
  onVerdict: (verdict: V) => void;
  /** The finish round's three buttons, growing over the row. */
  withTimeout?: boolean;
}) {
  return (
    <Group gap={withTimeout ? 6 : 4} {...(withTimeout ? { grow: true } : { wrap: 'nowrap' })}>
      {VERDICTS.filter((v) => withTimeout || v.verdict !== 'timeout').map((v) => (
        <Button
          key={v.verdict}
          size={withTimeout ? 'xs' : 'compact-sm'}
          color={v.color}
          variant={v.variant}
          aria-keyshortcuts={singleKeys ? v.key : undefined}
          onClick={() => onVerdict(v.verdict as V)}
        >
          {v.label}
        </Button>
      ))}
    </Group>
  );
}
