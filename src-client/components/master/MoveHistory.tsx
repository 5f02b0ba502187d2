/**
 * The console's history, newest first: what the next "Hoàn tác" takes back, then the moves before it,
 * each with who made it (any console's). Read again whenever the show changes (every move, undo,
 * verdict or replay changes its version), so it never lags the state on screen.
 */
import { Badge, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { correctionsText } from '../../../src/messages/corrections';
import { movesText } from '../../../src/messages/moves';
import { useLoadError } from '../../hooks/useConnection';
import { useTRPC } from '../../trpc';
import { Panel } from './Panel';

const C = correctionsText;

/** The moves listed: the next undo and a few before it, enough to see where a run of undos lands. */
const SHOWN = 8;

export function MoveHistory({ version }: { version: number }) {
  const trpc = useTRPC();
  const history = useQuery(trpc.show.history.queryOptions());
  useLoadError(C.historyError, history.error);
  const { refetch } = history;
  const seen = useRef(version);
  useEffect(() => {
    if (seen.current === version) return;
    seen.current = version;
    void refetch();
  }, [version, refetch]);
  const items = (history.data?.items ?? []).slice(0, SHOWN);

  return (
    <Panel title={movesText.historyTitle} testId="move-history" empty={history.isSuccess && items.length === 0 && movesText.historyEmpty}>
      <Stack gap={4} component="ol" m={0} p={0} style={{ listStyle: 'none' }}>
        {items.map((item, i) => (
          <Group
            key={item.version}
            component="li"
            gap={6}
            wrap="nowrap"
            align="flex-start"
            justify="space-between"
            data-testid="move-history-item"
          >
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Text size="sm" fw={i === 0 ? 700 : 400} c={i === 0 ? undefined : 'dimmed'} style={{ wordBreak: 'break-word' }}>
                {item.label}
              </Text>
              {item.by && (
                <Text size="xs" c="dimmed">
                  {C.historyBy(item.by)}
                </Text>
              )}
            </Stack>
            {i === 0 && (
              <Badge size="xs" tt="none" variant="light" color="orange" style={{ flexShrink: 0 }}>
                {C.historyNext}
              </Badge>
            )}
          </Group>
        ))}
      </Stack>
    </Panel>
  );
}
