/**
 * The finish round (Về đích) on the console: whose turn it is, the package it chose, each position with
 * the question picked for it, the star of hope and the result; the verdict on the team on stage
 * (right, wrong, out of time); and after a miss, the steal window with its buzzes in the server's
 * order and the verdict on the first.
 */
import { Badge, Button, Group, Select, Stack, Switch, Text, UnstyledButton } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { masterText } from '../../../src/messages/master';
import { type FinishResult, type FinishScene, type ShowState, stealBuzzKey } from '../../../src/schemas/show';
import type { TTeamListItem } from '../../../src/schemas/system';
import { Panel } from '../../components/master/Panel';
import type { ConsoleQuestion } from '../../components/master/QuestionList';
import { RightWrongButtons } from '../../components/master/RightWrongButtons';
import { useSingleKeyShortcuts } from '../../components/master/useMasterShortcuts';
import { useQuestionAnswers } from '../../components/master/useQuestionAnswers';
import type { ShowMoves } from '../../components/master/useShowMove';
import { notifyError } from '../../components/notify';
import { useCountdown } from '../../hooks/useCountdown';
import { useTRPC } from '../../trpc';

const M = masterText.finish;

export interface FinishControls {
  /** The position of the package whose question is on air, or -1. */
  onAir: number;
  /** The master's verdict on the team on stage's answer to the question on air, when it can be judged. */
  judge: ((result: FinishResult) => void) | null;
  /** The first steal buzz, while it waits for a verdict. */
  stealer: string | null;
  judgeSteal: ((verdict: 'right' | 'wrong') => void) | null;
  stealOrder: { teamId: string; at: number }[];
}

/** The finish round's verdicts, shared by the panel's buttons and the console's keys. */
export function useFinishControls(system: ShowState): FinishControls {
  const trpc = useTRPC();
  const verdict = useMutation(trpc.show.finishVerdict.mutationOptions({ onError: (error) => notifyError(M.verdictError, error) }));
  const steal = useMutation(trpc.show.stealVerdict.mutationOptions({ onError: (error) => notifyError(M.verdictError, error) }));
  const finish = system.finish;
  const stealKey = finish?.steal ? stealBuzzKey(finish.steal.questionId) : null;
  const { order } = useQuestionAnswers(stealKey);
  const onAir = finish && system.questionId ? finish.picks.indexOf(system.questionId) : -1;
  const canJudge = Boolean(finish?.teamId) && onAir >= 0 && finish?.results[onAir] === null;
  const pending = finish?.steal && finish.steal.result === null ? (order[0]?.teamId ?? null) : null;
  return {
    onAir,
    judge: canJudge ? (result) => verdict.mutate({ result }) : null,
    stealer: pending,
    judgeSteal: pending ? (v) => steal.mutate({ verdict: v }) : null,
    stealOrder: order,
  };
}

const RESULT_COLOR = { right: 'teal', wrong: 'red', timeout: 'orange' } as const;

export function FinishPanel({
  finish,
  system,
  listTeam,
  items,
  balance,
  moves,
  controls,
}: {
  finish: FinishScene;
  system: ShowState;
  listTeam: TTeamListItem[];
  items: ConsoleQuestion[];
  balance: number;
  moves: ShowMoves;
  controls: FinishControls;
}) {
  const singleKeys = useSingleKeyShortcuts();
  const teamName = (id: string | null) => listTeam.find((t) => t._id === id)?.name ?? '—';
  const pkg = finish.packageIndex === null ? null : (finish.packages[finish.packageIndex] ?? null);
  const next = pkg ? finish.results.findIndex((r, i) => r === null && !finish.shown.includes(i)) : -1;
  const waiting = listTeam.filter((t) => !finish.done.includes(t._id));
  const move = (change: NonNullable<Parameters<ShowMoves['move']>[0]['finish']>) => moves.move({ finish: change });
  const questionLabel = (id: string | null) => {
    const index = items.findIndex((q) => q.id === id);
    return index >= 0 ? M.questionNo(index + 1) : M.notPicked;
  };

  return (
    <Panel
      title={M.title}
      testId="finish-panel"
      right={
        <Badge variant="light" color={finish.teamId ? 'red' : 'gray'} size="sm">
          {finish.teamId ? teamName(finish.teamId) : M.noTurn}
        </Badge>
      }
    >
      <Stack gap={8}>
        {!finish.teamId ? (
          <Select
            label={M.startTurn}
            placeholder={M.pickTeam}
            size="xs"
            data={waiting.map((t) => ({ value: t._id, label: t.name }))}
            value={null}
            onChange={(teamId) => teamId && move({ action: 'startTurn', teamId })}
            data-testid="finish-start-turn"
          />
        ) : (
          <>
            <Text size="xs" fw={700} c="dimmed">
              {M.package}
            </Text>
            <Group gap={6}>
              {finish.packages.map((p, i) => (
                <Button
                  // biome-ignore lint/suspicious/noArrayIndexKey: a package is its position in the format
                  key={i}
                  size="compact-sm"
                  variant={finish.packageIndex === i ? 'filled' : 'light'}
                  color="red"
                  disabled={finish.shown.length > 0}
                  aria-pressed={finish.packageIndex === i}
                  onClick={() => move({ action: 'choosePackage', package: i })}
                >
                  {M.packageLabel(p)}
                </Button>
              ))}
            </Group>
            <Switch
              size="xs"
              checked={finish.teamMayChoose}
              label={M.teamMayChoose}
              onChange={(event) => move({ action: 'allowTeamChoice', allow: event.currentTarget.checked })}
            />
            {pkg && (
              <Stack gap={4}>
                {pkg.map((value, i) => {
                  const result = finish.results[i] ?? null;
                  const starred = finish.star === i;
                  const shown = finish.shown.includes(i);
                  return (
                    <Group
                      // biome-ignore lint/suspicious/noArrayIndexKey: a position is its place in the package
                      key={i}
                      gap={6}
                      wrap="nowrap"
                      justify="space-between"
                      data-testid="finish-position"
                      data-on-air={controls.onAir === i || undefined}
                    >
                      <Group gap={6} wrap="nowrap">
                        <Badge circle color={controls.onAir === i ? 'red' : 'gray'} variant={controls.onAir === i ? 'filled' : 'light'}>
                          {i + 1}
                        </Badge>
                        <Text size="sm" fw={700} w={64}>
                          {value.toLocaleString('vi-VN')} {M.pointsShort}
                        </Text>
                        <Text size="sm" c={finish.picks[i] ? undefined : 'dimmed'}>
                          {questionLabel(finish.picks[i] ?? null)}
                        </Text>
                      </Group>
                      <Group gap={6} wrap="nowrap">
                        {result && (
                          <Badge color={RESULT_COLOR[result]} size="sm" variant="light">
                            {M.results[result]}
                          </Badge>
                        )}
                        <UnstyledButton
                          aria-label={starred ? M.removeStar(i + 1) : M.placeStar(i + 1)}
                          aria-pressed={starred}
                          disabled={shown || (finish.star !== null && finish.shown.includes(finish.star))}
                          onClick={() => move({ action: 'placeStar', position: starred ? null : i })}
                          style={{ fontSize: 20, lineHeight: 1, color: starred ? '#f08c00' : '#868e96', opacity: shown ? 0.5 : 1 }}
                          data-testid="finish-star"
                        >
                          {starred ? '★' : '☆'}
                        </UnstyledButton>
                      </Group>
                    </Group>
                  );
                })}
              </Stack>
            )}
            {pkg && next >= 0 && controls.onAir < 0 && (
              <Text size="xs" c="dimmed" data-testid="finish-next-hint">
                {M.pickNext(next + 1, pkg[next] ?? 0)}
              </Text>
            )}
            {controls.judge && (
              <RightWrongButtons<'right' | 'wrong' | 'timeout'>
                singleKeys={singleKeys}
                withTimeout
                onVerdict={(v) => controls.judge?.(v)}
              />
            )}
            {finish.steal && <StealBox finish={finish} balance={balance} teamName={teamName} controls={controls} />}
            <Button size="xs" variant="light" color="gray" onClick={() => move({ action: 'endTurn' })}>
              {M.endTurn}
            </Button>
          </>
        )}
        {finish.done.length > 0 && (
          <Text size="xs" c="dimmed">
            {M.done(finish.done.map(teamName).join(', '))}
          </Text>
        )}
        {system.phase === 'idle' && !finish.teamId && waiting.length === 0 && (
          <Text size="xs" c="dimmed">
            {M.allDone}
          </Text>
        )}
      </Stack>
    </Panel>
  );
}

function StealBox({
  finish,
  balance,
  teamName,
  controls,
}: {
  finish: FinishScene;
  balance: number;
  teamName: (id: string | null) => string;
  controls: FinishControls;
}) {
  const steal = finish.steal!;
  const { seconds, running } = useCountdown({ durationMs: 0, endsAt: steal.endsAt, remainingMs: 0 }, balance);
  const singleKeys = useSingleKeyShortcuts();
  return (
    <Stack gap={4} p={6} style={{ borderRadius: 8, background: 'var(--mantine-color-yellow-0)' }} data-testid="finish-steal">
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm" fw={800} c="orange.9">
          {M.steal(steal.point)}
        </Text>
        <Badge color={running ? 'orange' : 'gray'} variant="filled">
          {running ? M.stealSeconds(seconds) : M.stealClosed}
        </Badge>
      </Group>
      {controls.stealOrder.length === 0 ? (
        <Text size="sm" c="dimmed">
          {M.noStealBuzz}
        </Text>
      ) : (
        controls.stealOrder.map((b, i) => (
          <Group key={b.teamId} gap={6} wrap="nowrap" justify="space-between" data-testid="steal-buzz">
            <Group gap={6} wrap="nowrap">
              <Badge circle color={i === 0 ? 'red' : 'gray'}>
                {i + 1}
              </Badge>
              <Text size="sm" fw={i === 0 ? 700 : 500}>
                {teamName(b.teamId)}
              </Text>
            </Group>
            {i === 0 && steal.result && (
              <Badge color={steal.result === 'right' ? 'teal' : 'red'} size="sm">
                {steal.result === 'right' ? masterText.right : masterText.wrong}
              </Badge>
            )}
            {i === 0 && controls.judgeSteal && <RightWrongButtons singleKeys={singleKeys} onVerdict={(v) => controls.judgeSteal?.(v)} />}
          </Group>
        ))
      )}
    </Stack>
  );
}
