/** The vote's tally as bars: each team's votes and its share of the ballots, the winners marked once it has ended. */
import { Badge, Group, Progress, Stack, Text } from '@mantine/core';
import { masterText } from '../../../src/messages/master';
import type { TVote } from '../../../src/schemas/vote';

const V = masterText.vote;

/** The teams with the most votes (ties included) once the vote has ended; none while it runs or with no votes. */
export function winnersOf(vote: TVote): string[] {
  if (vote.award) return vote.award.teamIds;
  if (vote.open || !vote.tally) return [];
  const top = Math.max(0, ...vote.tally.map((c) => c.count));
  return top > 0 ? vote.tally.filter((c) => c.count === top).map((c) => c.teamId) : [];
}

export function TallyBars({ vote, winners }: { vote: TVote; winners: string[] }) {
  const ballots = vote.ballots ?? 0;
  return (
    <Stack gap={6}>
      {vote.teams.map((team) => {
        const count = vote.tally?.find((c) => c.teamId === team._id)?.count ?? 0;
        // The share of the ballots that chose the team: with several choices a ballot counts for each.
        const share = ballots > 0 ? Math.round((count / ballots) * 100) : 0;
        const won = winners.includes(team._id);
        return (
          <div key={team._id} data-testid="vote-bar" data-team={team.name} data-count={count} data-winner={won || undefined}>
            <Group justify="space-between" wrap="nowrap" gap={6} mb={2}>
              <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
                <Text size="sm" fw={won ? 700 : 500} lineClamp={1}>
                  {team.name}
                </Text>
                {won && (
                  <Badge size="sm" color="yellow" variant="filled" style={{ flexShrink: 0 }} data-testid="vote-winner">
                    {V.winner}
                  </Badge>
                )}
              </Group>
              <Text size="sm" fw={700} style={{ fontVariantNumeric: 'tabular-nums', flexShrink: 0 }} data-testid="vote-count">
                {V.count(count, share)}
              </Text>
            </Group>
            <Progress
              value={share}
              color={won ? 'yellow.6' : 'grape'}
              size="md"
              radius="xl"
              transitionDuration={300}
              aria-label={V.barLabel(team.name, count)}
            />
          </div>
        );
      })}
    </Stack>
  );
}
