/** The competing teams as cards with their logo and unit, or a note when there are none yet. */
import { Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { homePageText } from '../../../src/messages/home';
import type { TTeamListItem } from '../../../src/schemas/system';
import { TeamAvatar } from '../TeamAvatar';
import { EmptyNote } from './Section';

export function Teams({ teams }: { teams: TTeamListItem[] }) {
  if (teams.length === 0) return <EmptyNote>{homePageText.noTeams}</EmptyNote>;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }} spacing="lg">
      {teams.map((team) => (
        <TeamCard key={team._id} team={team} />
      ))}
    </SimpleGrid>
  );
}

function TeamCard({ team }: { team: TTeamListItem }) {
  return (
    <Card withBorder radius="lg" padding="lg" shadow="xs">
      <Group gap="md" wrap="nowrap">
        <TeamAvatar name={team.name} logoUrl={team.logoUrl} size={52} />
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fw={700} lineClamp={2}>
            {team.name}
          </Text>
          {team.unit && (
            <Text size="sm" c="dimmed" lineClamp={2}>
              {team.unit}
            </Text>
          )}
        </Stack>
      </Group>
    </Card>
  );
}
