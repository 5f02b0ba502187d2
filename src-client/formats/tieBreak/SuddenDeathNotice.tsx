import { Card, Text } from '@mantine/core';
import { teamText } from '../../../src/messages/team';

const T = teamText;

/** A câu hỏi phụ on a team's phone: for the team (tied) or not, and once judged, who won it. */
export function SuddenDeathNotice({
  ours,
  winnerId,
  teamId,
  winnerName,
}: {
  ours: boolean;
  winnerId: string | null;
  teamId: string;
  winnerName: string;
}) {
  const text = winnerId
    ? winnerId === teamId
      ? T.suddenDeath.won
      : T.suddenDeath.winner(winnerName)
    : ours
      ? T.suddenDeath.ours
      : T.suddenDeath.others;
  return (
    <Card
      withBorder
      radius="lg"
      padding="md"
      bg={ours ? 'yellow.1' : undefined}
      data-testid="sudden-death-notice"
      data-ours={ours || undefined}
    >
      <Text ta="center" fw={800} fz={ours ? 20 : 16} c={ours ? 'red.9' : undefined}>
        {text}
      </Text>
    </Card>
  );
}
