/** The console's first line: the round, the set, what the main screen shows, the state's version and the connection. */
import { Badge, Group, SegmentedControl, Select, Text, Tooltip } from '@mantine/core';
import { masterText } from '../../../src/messages/master';
import type { ShowState } from '../../../src/schemas/show';
import type { ShowMoves } from './useShowMove';

const M = masterText;
const BADGE = { size: 'lg', radius: 'sm', tt: 'none', style: { flexShrink: 0, maxWidth: 'none' } } as const;

export interface SetOption {
  _id: string;
  title: string;
}

export function TopBar({
  system,
  rounds,
  roundTitle,
  sets,
  connected,
  moves,
}: {
  system: ShowState;
  /** The rounds the event uses (and the one on stage, should it be another). */
  rounds: readonly number[];
  roundTitle: (n: number) => string;
  sets: SetOption[] | undefined;
  connected: boolean;
  moves: ShowMoves;
}) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="md">
      <Group gap="md" wrap="nowrap" style={{ flex: 1, minWidth: 0 }}>
        <SegmentedControl
          aria-label={M.round}
          value={String(system.fw)}
          onChange={(value) => moves.move({ fw: Number(value) })}
          data={(rounds.includes(system.fw) ? rounds : [...rounds, system.fw].sort((a, b) => a - b)).map((n) => ({
            value: String(n),
            label: (
              <Tooltip label={roundTitle(n)} openDelay={300}>
                <span>{M.roundShort(n)}</span>
              </Tooltip>
            ),
          }))}
          color="red"
          size="sm"
        />
        <Text fw={700} size="md" lineClamp={1} title={roundTitle(system.fw)} style={{ flex: 1, minWidth: 0 }}>
          {roundTitle(system.fw)}
        </Text>
        <Select
          aria-label={M.set}
          placeholder={sets && sets.length === 0 ? M.noSets : M.setPlaceholder}
          data={(sets ?? []).map((s) => ({ value: s._id, label: s.title }))}
          value={system.setId}
          onChange={(value) => value && value !== system.setId && moves.move({ setId: value })}
          allowDeselect={false}
          w={280}
          size="sm"
          data-testid="set-picker"
        />
      </Group>
      <Group gap="xs" wrap="nowrap" style={{ flexShrink: 0 }}>
        <Badge
          {...BADGE}
          variant="light"
          title={M.phaseLabel}
          color={system.phase === 'answer' ? 'teal' : 'red'}
          data-testid="master-phase"
        >
          {M.phases[system.phase]}
        </Badge>
        <Badge {...BADGE} variant="default" data-testid="master-version">
          {M.version(system.version)}
        </Badge>
        <Badge {...BADGE} variant="dot" color={connected ? 'teal' : 'red'} data-testid="master-connection" data-connected={connected}>
          {connected ? M.online : M.offline}
        </Badge>
      </Group>
    </Group>
  );
}
