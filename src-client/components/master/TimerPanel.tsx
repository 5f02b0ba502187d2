/** The question's clock: presets, start, pause, resume, reset, and the same second every screen shows. */
import { Button, Chip, Group, Kbd, Progress, Stack, Text } from '@mantine/core';
import { masterText } from '../../../src/messages/master';
import type { ShowState, TShowChanges } from '../../../src/schemas/show';
import { formatCountdown } from '../../../src/valueFormat';
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
            {(
              [
                { label: M.timerStart, color: 'teal', variant: 'filled', timer: { action: 'start', durationMs: durationS * 1000 } },
                { label: M.timerPause, color: 'orange', variant: 'light', off: status !== 'running', timer: { action: 'pause' } },
                { label: M.timerResume, color: 'teal', variant: 'light', off: status !== 'paused', timer: { action: 'resume' } },
                { label: M.timerReset, variant: 'default', timer: { action: 'reset', durationMs: durationS * 1000 } },
              ] as const
            ).map((b) => (
              <Button
                key={b.timer.action}
                size="xs"
                color={'color' in b ? b.color : undefined}
                variant={b.variant}
                disabled={'off' in b ? b.off : undefined}
                onClick={() => moves.move({ timer: b.timer })}
              >
                {b.label}
              </Button>
            ))}
          </Group>
        </Stack>
      </Group>
    </Panel>
  );
}
