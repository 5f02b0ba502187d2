import { Badge, Group, Stack, Text } from '@mantine/core';
import { correctionsText } from '../../../src/messages/corrections';
import { masterText } from '../../../src/messages/master';
import type { TBuzz } from '../../../src/schemas/show';
import { formatClock, formatNumber } from '../../../src/valueFormat';
import { Panel } from '../../components/master/Panel';
import { RightWrongButtons } from '../../components/master/RightWrongButtons';
import { useSingleKeyShortcuts } from '../../components/master/useMasterShortcuts';

const C = correctionsText;
const M = masterText;

/** The server's clock time of a ring, to the tenth of a second. */
const serverTime = (at: number) => formatClock(at, true);

const BUZZ_VERDICT_COLOR = { right: 'teal', wrong: 'red' } as const;

/**
 * The buzz order of a buzzer question: each ring with its time, its verdict and points once judged,
 * and Đúng / Sai on the team whose turn it is (`turn`; null when none can be judged now).
 */
export function BuzzOrder({
  order,
  teamName,
  turn,
  onVerdict,
}: {
  order: TBuzz[];
  teamName: (id: string) => string;
  turn: string | null;
  onVerdict: (verdict: 'right' | 'wrong') => void;
}) {
  const singleKeys = useSingleKeyShortcuts();
  const first = order[0]?.at ?? 0;
  return (
    <Panel title={M.buzzTitle} testId="buzz-order" empty={order.length === 0 && M.noBuzz}>
      <Stack gap={4}>
        {order.map((b, i) => {
          const answering = b.teamId === turn;
          return (
            <Group
              key={b.teamId}
              justify="space-between"
              wrap="nowrap"
              gap={6}
              data-testid="buzz-row"
              data-verdict={b.verdict ?? ''}
              data-turn={answering || undefined}
            >
              <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
                <Badge circle size="md" color={answering ? 'red' : 'gray'}>
                  {i + 1}
                </Badge>
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <Text size="sm" fw={answering ? 700 : 500} lineClamp={1} td={b.verdict === 'wrong' ? 'line-through' : undefined}>
                    {teamName(b.teamId)}
                  </Text>
                  <Text size="xs" c="dimmed" style={{ fontVariantNumeric: 'tabular-nums' }}>
                    {i === 0 ? serverTime(b.at) : M.afterMs(formatNumber((b.at - first) / 1000, 2))}
                  </Text>
                </Stack>
              </Group>
              {answering ? (
                <Group gap={6} wrap="nowrap">
                  <Badge size="sm" tt="none" color="red" variant="light">
                    {C.buzzAnswering}
                  </Badge>
                  <RightWrongButtons singleKeys={singleKeys} onVerdict={onVerdict} />
                </Group>
              ) : (
                b.verdict && (
                  <Badge size="md" tt="none" color={BUZZ_VERDICT_COLOR[b.verdict]} variant="light" data-testid="buzz-verdict">
                    {C.buzzJudged(b.verdict === 'right', b.points)}
                  </Badge>
                )
              )}
            </Group>
          );
        })}
      </Stack>
    </Panel>
  );
}
