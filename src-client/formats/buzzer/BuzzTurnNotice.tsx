/**
 * A buzzer question's turn on a team's phone: the team that has it is told so, loud, the others see
 * who has it. The server's `buzzTurn` says whose turn it is, the moment the first ring lands.
 */
import { Card, Text } from '@mantine/core';
import { movesText } from '../../../src/messages/moves';

export function BuzzTurnNotice({ ours, teamName }: { ours: boolean; teamName: string }) {
  return (
    <Card
      withBorder
      radius="lg"
      padding="md"
      bg={ours ? 'yellow.3' : 'gray.0'}
      data-testid="team-buzz-turn"
      data-ours={ours || undefined}
      role="status"
    >
      <Text ta="center" fw={900} fz={ours ? 24 : 18} c={ours ? 'red.9' : undefined}>
        {ours ? movesText.buzzTurnOurs : movesText.buzzTurn(teamName)}
      </Text>
    </Card>
  );
}
