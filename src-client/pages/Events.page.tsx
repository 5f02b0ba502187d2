/** /user/events: the installation's events (contests), read-only: title, date, venue, state, team count. */
import { Badge, Paper, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { appText } from '../../src/messages/app';
import { eventsText } from '../../src/messages/events';
import { formatDate } from '../../src/valueFormat';
import { AdminList, AdminPage } from '../components/AdminPage';
import { DataTable, RECORD_LIST } from '../components/DataTable';
import { useLoadError } from '../hooks/useConnection';
import { useTRPC } from '../trpc';

const t = eventsText;

const STATE_COLORS = { onStage: 'red', archived: 'gray', prepared: 'blue' } as const;

export default function EventsPage() {
  const trpc = useTRPC();
  const eventsQuery = useQuery(trpc.events.list.queryOptions());
  const events = eventsQuery.data?.items ?? [];

  useLoadError(t.listError, eventsQuery.error);

  return (
    <AdminPage title={appText.screenTitles.events} hint={t.intro} actions={null} maw={1100}>
      <AdminList loading={eventsQuery.isPending} empty={events.length === 0} emptyText={t.empty}>
        <Paper withBorder radius="lg" style={{ overflow: 'hidden' }}>
          <DataTable
            minWidth={760}
            striped
            {...RECORD_LIST}
            data-testid="event-table"
            head={
              <>
                <Table.Th>{t.name}</Table.Th>
                <Table.Th>{t.date}</Table.Th>
                <Table.Th>{t.venue}</Table.Th>
                <Table.Th>{t.state}</Table.Th>
                <Table.Th ta="right">{t.teamCount}</Table.Th>
              </>
            }
          >
            {events.map((event) => (
              <Table.Tr key={event._id} data-testid="event-row" data-state={event.state}>
                <Table.Td>
                  <Text fw={700}>{event.title}</Text>
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  {event.date ? formatDate(event.date) : <Text c="dimmed">{t.noDate}</Text>}
                </Table.Td>
                <Table.Td>{event.venue || <Text c="dimmed">{t.noVenue}</Text>}</Table.Td>
                <Table.Td>
                  <Badge color={STATE_COLORS[event.state]} variant="light" radius="sm" tt="none" style={{ minWidth: 'max-content' }}>
                    {t.states[event.state]}
                  </Badge>
                </Table.Td>
                <Table.Td ta="right" data-testid="event-team-count">
                  {event.teamCount}
                </Table.Td>
              </Table.Tr>
            ))}
          </DataTable>
        </Paper>
      </AdminList>
    </AdminPage>
  );
}
