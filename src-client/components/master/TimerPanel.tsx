/** The question's clock: presets, start, pause, resume, reset, and the same second every screen shows. */
import { Button, Chip, Group, Kbd, Progress, Stack, Text } from '@mantine/core';
import { formatCountdown } from '../../../src/valueFormat';
import { masterText } from '../../../src/messages/master';
import type { ShowState, TShowChanges } from '../../../src/schemas/show';
import { useCountdown } from '../../hooks/useCountdown';
import { Panel } from './Panel';
import { useSingleKeyShortcuts } from './useMasterShortcuts';
import type { ShowMoves } from './useShowMove';

const M = masterText;
export const TIMER_PRESETS = [10, 15, 20, 30, 60];

export type TimerStatus = 'running' | 'paused' | 'ready' | 'done';

export function timerStatus(timer: ShowState['timer'], ms: number): TimerStatus {
  if (timer.endsAt !== null) return ms > 0 ? 'running' : 'done';
  if (timer.durationMs > 0 && timer.remainingMs <= 0) return 'done';
  return timer.remainingMs < timer.durationMs ? 'paused' : 'ready';
}

/** Space: pause a running clock, resume a paused one, otherwise start with the chosen duration. */
export function toggleTimerChange(status: TimerStatus, durationMs: number): TShowChanges {
  if (status === 'running') return { timer: { action: 'pause' } };
  if (status === 'paused') return { timer: { action: 'resume' } };
  return { timer: { action: 'start', durationMs } };
}

export function TimerPanel({
  system,
  balance,
  durationS,
  onDuration,
  moves,
}: {
  system: ShowState;
  balance: number;
  durationS: number;
  onDuration: (seconds: number) => void;
  moves: ShowMoves;
}) {
  const { ms, seconds } = useCountdown(system.timer, balance);
  const singleKeys = useSingleKeyShortcuts();
  const status = timerStatus(system.timer, ms);
  const limit = system.question?.timeLimit ?? 0;
  const presets = [...new Set([...TIMER_PRESETS, ...(limit > 0 ? [limit] : [])])].sort((a, b) => a - b);
  const share = system.timer.durationMs > 0 ? (ms / system.timer.durationMs) * 100 : 0;
  const warn = status === 'running' && seconds <= 5;
  const statusText = { running: M.timerRunning, paused: M.timerPaused, done: M.timerDone, ready: '' }[status];

  return (
    <Panel title={M.timer} right={singleKeys ? <Kbd size="xs">Space</Kbd> : undefined}>
      <Group align="center" wrap="nowrap" gap="md">
        <Stack gap={0} align="center" miw={96}>
          <Text
            data-testid="master-countdown"
            fz={52}
            fw={800}
            lh={1}
            c={warn || status === 'done' ? 'red.7' : 'dark.7'}
            style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
          >
            {formatCountdown(seconds)}
          </Text>
          <Text size="xs" c="dimmed" h={16}>
            {statusText}
          </Text>
        </Stack>
        <Stack gap={8} style={{ flex: 1 }}>
          <Progress value={share} color={warn ? 'red' : 'teal'} size="sm" radius="xl" transitionDuration={100} aria-label={M.timer} />
          <Chip.Group value={String(durationS)} onChange={(value) => onDuration(Number(value))}>
            <Group gap={4}>
              {presets.map((s) => (
                <Chip key={s} value={String(s)} size="xs" radius="sm" color={s === limit ? 'red' : 'gray'} variant="outline">
                  {s === limit ? M.questionLimit(s) : M.presetSeconds(s)}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
          <Group gap={6} grow>
            <Button size="xs" color="teal" onClick={() => moves.move({ timer: { action: 'start', durationMs: durationS * 1000 } })}>
              {M.timerStart}
            </Button>
            <Button
              size="xs"
              color="orange"
              variant="light"
              disabled={status !== 'running'}
              onClick={() => moves.move({ timer: { action: 'pause' } })}
            >
              {M.timerPause}
            </Button>
            <Button
              size="xs"
              color="teal"
              variant="light"
              disabled={status !== 'paused'}
              onClick={() => moves.move({ timer: { action: 'resume' } })}
            >
              {M.timerResume}
            </Button>
            <Button size="xs" variant="default" onClick={() => moves.move({ timer: { action: 'reset', durationMs: durationS * 1000 } })}>
              {M.timerReset}
            </Button>
          </Group>
        </Stack>
      </Group>
    </Panel>
  );
}
