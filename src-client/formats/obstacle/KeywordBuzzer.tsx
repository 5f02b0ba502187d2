/**
 * The obstacle round on a team's phone: a button to buzz for the keyword at any moment except while a
 * row runs, the team's place in the buzz order once it has buzzed, and its state once it is out or
 * the round is over.
 */
import { Button, Card, Stack, Text } from '@mantine/core';
import { memo } from 'react';
import { teamText } from '../../../src/messages/team';
import type { ObstacleScene } from '../../../src/schemas/show';
import { useBuzzPlace } from '../useBuzzPlace';

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
  const { buzz, mine } = useBuzzPlace('keywordBuzz', obstacle.setId, T.buzzError);
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
