/**
 * What the projectors no longer tell the hall: one line per projector page connected to this server
 * instance, saying whether it still needs the crew's click for sound and fullscreen, and one per page
 * gone (and not replaced by a new one) since when. Read every few seconds: the state changes a few times a night, and a
 * poll adds nothing to the live messages every screen receives.
 */
import { Box, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { masterText } from '../../../src/messages/master';
import type { TProjectorStatus } from '../../../src/schemas/projectors';
import { formatClock } from '../../../src/valueFormat';
import { useTRPC } from '../../trpc';

const P = masterText.projectors;
const POLL_MS = 3000;
/** A projector reloaded comes back within a second or two: a shorter absence is no loss to report. */
const RELOAD_GRACE_MS = 4000;

type Line = { key: string; screen: TProjectorStatus['screen']; state: 'ok' | 'click' | 'lost'; text: string };

function linesOf(items: TProjectorStatus[], now: number): Line[] {
  return items.map((item): Line => {
    const name = P.names[item.screen];
    const line = { key: item.page, screen: item.screen };
    // Within the grace a page is reloading: still shown as it was.
    if (item.lostForMs !== null && item.lostForMs >= RELOAD_GRACE_MS) {
      return { ...line, state: 'lost', text: P.lost(name, formatClock(now - item.lostForMs)) };
    }
    if (item.needsClick) return { ...line, state: 'click', text: P.needsClick(name) };
    return { ...line, state: 'ok', text: P.connected(name) };
  });
}

const COLOUR = { ok: 'teal.6', click: 'yellow.6', lost: 'red.6' } as const;

export function ProjectorsStatus() {
  const trpc = useTRPC();
  const { data, dataUpdatedAt } = useQuery(trpc.projectors.list.queryOptions(undefined, { refetchInterval: POLL_MS }));
  const lines = linesOf(data?.items ?? [], dataUpdatedAt || Date.now());
  return (
    <Stack gap={2} data-testid="projectors-status" role="status">
      {lines.length === 0 && (
        <Text size="xs" c="dimmed">
          {P.none}
        </Text>
      )}
      {lines.map((line) => (
        <Group
          key={line.key}
          gap={6}
          wrap="nowrap"
          align="flex-start"
          data-testid="projector-line"
          data-state={line.state}
          data-screen={line.screen}
          data-page={line.key}
        >
          <Box w={8} h={8} mt={5} bg={COLOUR[line.state]} style={{ borderRadius: '50%', flex: 'none' }} />
          <Text size="xs" fw={line.state === 'ok' ? 400 : 600} c={line.state === 'lost' ? 'red.8' : undefined}>
            {line.text}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}
