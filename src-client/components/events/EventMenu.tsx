/** A row's menu of the rarer steps: rename, archive or reopen, download its backup, delete. */
import { ActionIcon, Menu, Text } from '@mantine/core';
import { eventsText } from '../../../src/messages/events';
import type { TEventSummary } from '../../../src/schemas/events';
import { EditIcon, TrashIcon } from '../users/icons';
import { ArchiveIcon, DownloadIcon, MoreIcon, ReopenIcon } from './icons';

const t = eventsText;

export function EventMenu({
  event,
  onArchive,
  onReopen,
  onRename,
  onDelete,
}: {
  event: TEventSummary;
  onRename: () => void;
  onArchive: () => void;
  onReopen: () => void;
  onDelete: () => void;
}) {
  const archived = event.archived;
  const onStage = event.state === 'onStage';
  return (
    <Menu position="bottom-end" withinPortal shadow="md" radius="md">
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" size="lg" aria-label={t.actions(event.title)} data-testid="event-menu">
          <MoreIcon />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {/* An archived event takes nothing but its reopening. */}
        {!archived && (
          <Menu.Item leftSection={<EditIcon size={16} />} onClick={onRename}>
            {t.rename}
          </Menu.Item>
        )}
        {archived ? (
          <Menu.Item leftSection={<ReopenIcon size={16} />} onClick={onReopen}>
            {t.reopen}
          </Menu.Item>
        ) : (
          <Menu.Item leftSection={<ArchiveIcon size={16} />} onClick={onArchive} disabled={onStage}>
            {t.archive}
            {onStage && (
              <Text size="xs" c="dimmed">
                {t.archiveOnStage}
              </Text>
            )}
          </Menu.Item>
        )}
        <Menu.Item
          component="a"
          href={`/api/events/${encodeURIComponent(event._id)}/backup`}
          download
          leftSection={<DownloadIcon size={16} />}
        >
          {t.backup}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item color="red" leftSection={<TrashIcon size={16} />} onClick={onDelete}>
          {t.remove}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
