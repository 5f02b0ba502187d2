/**
 * The teams a new event carried from another's ranking, with their rank there. When a tie at the cut
 * took more than N, that is said first: the organiser planned a final of N and must know why it has more.
 */
import { Alert, Button, Group, Stack, Table, Text } from '@mantine/core';
import { eventsText } from '../../../src/messages/events';
import type { TCarriedTeams } from '../../../src/schemas/events';

const t = eventsText;

export function CarriedTeams({ carried, top, onClose }: { carried: TCarriedTeams; top: number; onClose: () => void }) {
  const { teams, tiedAtCut } = carried;
  return (
    <Stack gap="md" data-testid="carried-teams">
      {tiedAtCut && (
        <Alert color="orange" radius="md" data-testid="carried-tie">
          {t.carriedTie(top, teams.length)}
        </Alert>
      )}
      {teams.length === 0 ? (
        <Text c="dimmed">{t.carriedNone}</Text>
      ) : (
        <Table withTableBorder striped verticalSpacing="xs">
          <Table.Caption style={{ captionSide: 'top', textAlign: 'left', fontWeight: 700, color: 'var(--mantine-color-text)' }}>
            {t.carriedTitle(teams.length)}
          </Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={90}>{t.rank}</Table.Th>
              <Table.Th>{t.team}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {teams.map((team) => (
              <Table.Tr key={team._id} data-testid="carried-team">
                <Table.Td fw={700}>{team.rank}</Table.Td>
                <Table.Td>{team.name}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Group justify="flex-end">
        <Button color="red" onClick={onClose} data-autofocus>
          {t.close}
        </Button>
      </Group>
    </Stack>
  );
}
