/**
 * /user/events: the installation's events (contests): title, date, venue, state, team count. The
 * organiser starts one (blank or copied, the top teams carried), puts one on stage, renames,
 * archives, reopens, backs up, restores and deletes them here.
 */
import { Badge, Button, Group, Paper, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { appText } from '../../src/messages/app';
import { eventsText } from '../../src/messages/events';
import type { TEventSummary } from '../../src/schemas/events';
import { formatDate } from '../../src/valueFormat';
import { AdminList, AdminPage } from '../components/AdminPage';
import { DataTable, RECORD_LIST } from '../components/DataTable';
import { CreateEventModal } from '../components/events/CreateEventModal';
import { DeleteEventModal } from '../components/events/DeleteEventModal';
import { EventMenu } from '../components/events/EventMenu';
import { StageIcon } from '../components/events/icons';
import { RenameEventModal } from '../components/events/RenameEventModal';
import { RestoreButton } from '../components/events/RestoreButton';
import { useEventActions } from '../components/events/useEventActions';
import { PlusIcon } from '../components/users/icons';
import { useLoadError } from '../hooks/useConnection';
import { useModalItem } from '../hooks/useModalItem';
import { useTRPC } from '../trpc';

const t = eventsText;

const STATE_COLORS = { onStage: 'red', archived: 'gray', prepared: 'blue' } as const;

export default function EventsPage() {
  const trpc = useTRPC();
  const eventsQuery = useQuery(trpc.events.list.queryOptions());
  const events = eventsQuery.data?.items ?? [];
  const creating = useModalItem<true>();
  const renaming = useModalItem<TEventSummary>();
  const deleting = useModalItem<TEventSummary>();
  const actions = useEventActions();

  useLoadError(t.listError, eventsQuery.error);

  return (
    <AdminPage
      title={appText.screenTitles.events}
      hint={t.intro}
      actions={
        <Group gap="sm">
          <RestoreButton />
          <Button leftSection={<PlusIcon />} onClick={() => creating.open(true)}>
            {t.create}
          </Button>
        </Group>
      }
      maw={1100}
    >
      <AdminList loading={eventsQuery.isPending} empty={events.length === 0} emptyText={t.empty}>
        <Paper withBorder radius="lg" style={{ overflow: 'hidden' }}>
          <DataTable
            minWidth={860}
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
              <Table.Tr key={event._id} data-testid="event-row" data-state={event.state} data-title={event.title}>
                {/* The row's menu sits in its name cell: each column keeps one kind of content. */}
                <Table.Td>
                  <Group gap="xs" wrap="nowrap" justify="space-between">
                    <Text fw={700}>{event.title}</Text>
                    <EventMenu
                      event={event}
                      onArchive={() => actions.archive(event)}
                      onReopen={() => actions.reopen(event)}
                      onRename={() => renaming.open(event)}
                      onDelete={() => deleting.open(event)}
                    />
                  </Group>
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  {event.date ? formatDate(event.date) : <Text c="dimmed">{t.noDate}</Text>}
                </Table.Td>
                <Table.Td>{event.venue || <Text c="dimmed">{t.noVenue}</Text>}</Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <Badge color={STATE_COLORS[event.state]} variant="light" radius="sm" tt="none" style={{ minWidth: 'max-content' }}>
                      {t.states[event.state]}
                    </Badge>
                    {event.state === 'onStage' && event.archived && (
                      <Badge color={STATE_COLORS.archived} variant="light" radius="sm" tt="none" style={{ minWidth: 'max-content' }}>
                        {t.states.archived}
                      </Badge>
                    )}
                    {event.state === 'prepared' && (
                      <Button
                        size="compact-sm"
                        variant="light"
                        color="red"
                        leftSection={<StageIcon size={14} />}
                        loading={actions.activating === event._id}
                        onClick={() => actions.activate(event)}
                        aria-label={`${t.activate}: ${event.title}`}
                      >
                        {t.activate}
                      </Button>
                    )}
                  </Group>
                </Table.Td>
                <Table.Td ta="right" data-testid="event-team-count">
                  {event.teamCount}
                </Table.Td>
              </Table.Tr>
            ))}
          </DataTable>
        </Paper>
      </AdminList>

      <CreateEventModal opened={creating.opened} onClose={creating.close} events={events} />
      <RenameEventModal event={renaming.item} opened={renaming.opened} onClose={renaming.close} />
      <DeleteEventModal event={deleting.item} opened={deleting.opened} onClose={deleting.close} />
    </AdminPage>
  );
}
