/** The user table: one row per user as the server sorts them (priority ascending), with the row actions. */
import { ActionIcon, Badge, Group, Table, Text, Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';
import type { Role } from '../../../src/constants';
import { appText } from '../../../src/messages/app';
import { usersText } from '../../../src/messages/users';
import type { TPublicUser } from '../../../src/schemas/auth';
import { formatDate, formatMobile } from '../../../src/valueFormat';
import { DataTable } from '../DataTable';
import { JudgeLinkButton } from '../judgeLinks/JudgeLinkButton';
import { EditIcon, KeyIcon, TrashIcon } from './icons';

const t = usersText;

export const ROLE_COLORS: Record<Role, string> = { admin: 'red', master: 'orange', judge: 'blue', team: 'teal' };

export interface UserRowActions {
  onEdit: (user: TPublicUser) => void;
  onResetPassword: (user: TPublicUser) => void;
  onDelete: (user: TPublicUser) => void;
}

export function UserTable({
  users,
  teamNames,
  actions,
}: {
  users: TPublicUser[];
  teamNames: Map<string, string>;
  actions: UserRowActions;
}) {
  return (
    <DataTable
      minWidth={1040}
      striped
      highlightOnHover
      verticalSpacing="sm"
      horizontalSpacing="sm"
      data-testid="user-table"
      head={
        <>
          <Table.Th>{t.colUsername}</Table.Th>
          <Table.Th>{t.colFullName}</Table.Th>
          <Table.Th>{t.colRole}</Table.Th>
          <Table.Th>{t.colTeam}</Table.Th>
          <Table.Th>{t.colMobile}</Table.Th>
          <Table.Th>{t.colBirthday}</Table.Th>
          <Table.Th>{t.colActive}</Table.Th>
          <Table.Th ta="right">{t.colActions}</Table.Th>
        </>
      }
    >
      {users.map((user) => (
        <Table.Tr key={user._id} data-testid="user-row" data-username={user.username}>
          <Table.Td>
            <Text size="sm" fw={600} ff="monospace" style={{ whiteSpace: 'nowrap' }}>
              {user.username}
            </Text>
          </Table.Td>
          <Table.Td>
            <Text size="sm" fw={600} lh={1.3}>
              {user.fullName}
            </Text>
            {user.email && (
              <Text size="xs" c="dimmed" lh={1.3} truncate="end" maw={260} title={user.email}>
                {user.email}
              </Text>
            )}
          </Table.Td>
          <Table.Td>
            <Badge color={ROLE_COLORS[user.role]} variant="light" radius="sm" tt="none" style={{ minWidth: 'max-content' }}>
              {appText.roleNames[user.role]}
            </Badge>
          </Table.Td>
          <Table.Td>
            <Text size="sm" lh={1.3} miw={120}>
              {user.teamId ? (teamNames.get(user.teamId) ?? '') : ''}
            </Text>
          </Table.Td>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>
            <Text size="sm">{formatMobile(user.mobile)}</Text>
          </Table.Td>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>
            <Text size="sm">{formatDate(user.birthday)}</Text>
          </Table.Td>
          <Table.Td>
            <Badge color={user.active ? 'teal' : 'gray'} variant="dot" radius="sm" tt="none" style={{ minWidth: 'max-content' }}>
              {user.active ? t.activeState : t.inactiveState}
            </Badge>
          </Table.Td>
          <Table.Td>
            <Group gap={4} justify="flex-end" wrap="nowrap">
              {/* The judge's sign-in link and QR code. */}
              {user.role === 'judge' && <JudgeLinkButton user={user} />}
              <RowAction label={t.editUser} onClick={() => actions.onEdit(user)}>
                <EditIcon />
              </RowAction>
              <RowAction label={t.resetPassword} onClick={() => actions.onResetPassword(user)}>
                <KeyIcon />
              </RowAction>
              <RowAction label={t.deleteUser} color="red" onClick={() => actions.onDelete(user)}>
                <TrashIcon />
              </RowAction>
            </Group>
          </Table.Td>
        </Table.Tr>
      ))}
    </DataTable>
  );
}

function RowAction({
  label,
  tooltip = label,
  onClick,
  color = 'gray',
  disabled = false,
  testId,
  children,
}: {
  label: string;
  tooltip?: string;
  onClick?: () => void;
  color?: string;
  disabled?: boolean;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <Tooltip label={tooltip} withArrow openDelay={200}>
      {/* data-disabled rather than disabled, so the tooltip still shows on a disabled action. */}
      <ActionIcon
        variant="subtle"
        color={color}
        size="md"
        aria-label={label}
        aria-disabled={disabled || undefined}
        data-disabled={disabled || undefined}
        data-testid={testId}
        onClick={disabled ? (event) => event.preventDefault() : onClick}
      >
        {children}
      </ActionIcon>
    </Tooltip>
  );
}
