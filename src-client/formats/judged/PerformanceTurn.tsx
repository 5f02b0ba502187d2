import { Card, Text } from '@mantine/core';
import { teamText } from '../../../src/messages/team';

const T = teamText;

/** A judged round on a team's phone: whose performance it is (the team's own, in the brand colour). */
export function PerformanceTurn({ ours, onStage }: { ours: boolean; onStage: string | undefined }) {
  return (
    <Card
      withBorder
      radius="lg"
      padding="md"
      bg={ours ? 'yellow.1' : undefined}
      data-testid="performance-turn"
      data-ours={ours || undefined}
    >
      <Text ta="center" fw={800} fz={ours ? 24 : 18} c={ours ? 'red.9' : undefined}>
        {ours ? T.performance.ours : onStage ? T.performance.other(onStage) : T.performance.none}
      </Text>
    </Card>
  );
}
