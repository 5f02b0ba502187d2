/**
 * The finish round on a team's phone. The team on stage sees its package and star, and chooses them
 * itself when the master allows. Every other team gets a steal button that opens only in the window
 * after a miss, and is told who answers the steal and how it ended.
 */
import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { memo } from 'react';
import { teamText } from '../../../src/messages/team';
import type { FinishScene } from '../../../src/schemas/show';
import { notifyError } from '../../components/notify';
import { useCountdown } from '../../hooks/useCountdown';
import { useTRPC } from '../../trpc';
import { useBuzzPlace } from '../useBuzzPlace';

const T = teamText.finish;

type FinishProps = { finish: FinishScene; teamId: string; balance: number; teamName: (id: string | null) => string };

export const FinishCard = memo(function FinishCard({ finish, teamId, balance, teamName }: FinishProps) {
  if (!finish.teamId) return null;
  const ours = finish.teamId === teamId;
  return (
    <Card withBorder radius="lg" padding="md" data-testid="finish-card" data-ours={ours || undefined}>
      <Stack gap="sm">
        <Text size="sm" tt="uppercase" fw={700} c="dimmed" ta="center">
          {ours ? T.ourTurn : T.theirTurn(teamName(finish.teamId))}
        </Text>
        {ours ? <OurTurn finish={finish} /> : <PackageLine finish={finish} />}
        {!ours && finish.steal && <StealButton finish={finish} teamId={teamId} balance={balance} teamName={teamName} />}
      </Stack>
    </Card>
  );
});

function PackageLine({ finish }: { finish: FinishScene }) {
  const pkg = finish.packageIndex === null ? null : finish.packages[finish.packageIndex];
  if (!pkg) return <Text ta="center">{T.choosing}</Text>;
  return (
    <Group justify="center" gap={6} data-testid="finish-team-package">
      {pkg.map((value, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a position is its place in the package
        <Badge key={i} size="xl" radius="md" variant={finish.results[i] ? 'light' : 'filled'} color={finish.star === i ? 'yellow' : 'red'}>
          {finish.star === i ? `★ ${value}` : value}
        </Badge>
      ))}
    </Group>
  );
}

function OurTurn({ finish }: { finish: FinishScene }) {
  const trpc = useTRPC();
  const choose = useMutation(trpc.show.finishChoose.mutationOptions({ onError: (error) => notifyError(T.chooseError, error) }));
  const pkg = finish.packageIndex === null ? null : finish.packages[finish.packageIndex];
  const canChoose = finish.teamMayChoose && finish.shown.length === 0;
  const starLocked = finish.star !== null && finish.shown.includes(finish.star);
  return (
    <Stack gap="sm">
      {canChoose && (
        <Stack gap={6}>
          <Text fw={700}>{T.choosePackage}</Text>
          <Group gap={6} grow>
            {finish.packages.map((p, i) => (
              <Button
                // biome-ignore lint/suspicious/noArrayIndexKey: a package is its position in the format
                key={i}
                variant={finish.packageIndex === i ? 'filled' : 'light'}
                color="red"
                aria-pressed={finish.packageIndex === i}
                onClick={() => choose.mutate({ package: i })}
                data-testid="finish-choose-package"
              >
                {T.packageLabel(p)}
              </Button>
            ))}
          </Group>
        </Stack>
      )}
      {pkg ? <PackageLine finish={finish} /> : !canChoose && <Text ta="center">{T.masterChooses}</Text>}
      {pkg && finish.teamMayChoose && !starLocked && (
        <Stack gap={6}>
          <Text fw={700}>{T.placeStar}</Text>
          <Group gap={6} grow>
            {pkg.map((value, i) => {
              const starred = finish.star === i;
              return (
                <Button
                  // biome-ignore lint/suspicious/noArrayIndexKey: a position is its place in the package
                  key={i}
                  variant={starred ? 'filled' : 'light'}
                  color="yellow"
                  disabled={finish.shown.includes(i)}
                  aria-pressed={starred}
                  aria-label={T.starOn(i + 1, value)}
                  onClick={() => choose.mutate({ star: starred ? null : i })}
                  data-testid="finish-place-star"
                >
                  {starred ? '★' : '☆'} {value}
                </Button>
              );
            })}
          </Group>
        </Stack>
      )}
    </Stack>
  );
}

function StealButton({ finish, teamId, balance, teamName }: FinishProps) {
  const steal = finish.steal!;
  const { buzz, mine } = useBuzzPlace('stealBuzz', steal.questionId, T.stealError);
  const { seconds, running } = useCountdown({ durationMs: 0, endsAt: steal.endsAt, remainingMs: 0 }, balance);

  let state: string | null = null;
  if (steal.result && steal.teamId)
    state =
      steal.teamId === teamId
        ? T.ourStealResult(steal.result === 'right')
        : T.stealResult(teamName(steal.teamId), steal.result === 'right');
  else if (steal.teamId) state = steal.teamId === teamId ? T.weAnswer : T.theyAnswer(teamName(steal.teamId));
  else if (mine !== null) state = T.buzzedAt(mine);
  else if (!running) state = T.stealClosed;

  return (
    <Stack align="center" gap="xs" data-testid="finish-steal">
      {state ? (
        <Text size="lg" fw={700} ta="center" data-testid="finish-steal-state">
          {state}
        </Text>
      ) : (
        <>
          <Button
            size="xl"
            radius="xl"
            color="orange"
            fullWidth
            loading={buzz.isPending}
            onClick={() => buzz.mutate({})}
            data-testid="finish-steal-buzz"
          >
            {T.stealButton(seconds)}
          </Button>
          <Text size="sm" c="dimmed">
            {T.stealHint(steal.point)}
          </Text>
        </>
      )}
    </Stack>
  );
}
