/**
 * The obstacle round on a team's phone: a button to buzz for the keyword at any moment except while a
 * row runs, the team's place in the buzz order once it has buzzed, and its state once it is out or
 * the round is over.
 */
import { Button, Card, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { memo, useState } from 'react';
import { teamText } from '../../../src/messages/team';
import type { ObstacleScene } from '../../../src/schemas/show';
import { notifyError } from '../../components/notify';
import { useTRPC } from '../../trpc';

const T = teamText.obstacle;

export const KeywordBuzzer = memo(function KeywordBuzzer({
  obstacle,
  teamId,
  rowRunning,
  solvedByName,
}: {
  obstacle: ObstacleScene;
  teamId: string;
  rowRunning: boolean;
  solvedByName: string | null;
}) {
  const trpc = useTRPC();
  const [position, setPosition] = useState<{ setId: string; n: number } | null>(null);
  const buzz = useMutation(
    trpc.show.keywordBuzz.mutationOptions({
      onSuccess: ({ position: n }) => setPosition({ setId: obstacle.setId, n }),
      onError: (error) => notifyError(T.buzzError, error),
    }),
  );
  const mine = position?.setId === obstacle.setId ? position.n : null;
  const out = obstacle.eliminated.includes(teamId);

  let state: string | null = null;
  if (obstacle.ended) state = obstacle.solvedBy === teamId ? T.weSolved : solvedByName ? T.solvedBy(solvedByName) : T.ended;
  else if (out) state = T.out;
  else if (mine !== null) state = T.buzzedAt(mine);

  return (
    <Card withBorder radius="lg" padding="md" data-testid="keyword-buzzer">
      <Stack align="center" gap="sm" ta="center">
        <Text size="sm" tt="uppercase" fw={700} c="dimmed">
          {T.title(obstacle.keywordLetters)}
        </Text>
        {state ? (
          <Text size="lg" fw={700} c={out ? 'red.8' : undefined} data-testid="keyword-state">
            {state}
          </Text>
        ) : (
          <>
            <Button
              size="xl"
              radius="xl"
              color="red"
              fullWidth
              disabled={rowRunning}
              loading={buzz.isPending}
              onClick={() => buzz.mutate({})}
              data-testid="keyword-buzz"
            >
              {T.buzz}
            </Button>
            <Text size="sm" c="dimmed">
              {rowRunning ? T.waitRow : T.hint}
            </Text>
          </>
        )}
      </Stack>
    </Card>
  );
});
