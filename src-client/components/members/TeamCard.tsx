/** One team as a card: logo or initials, name, unit, members, its accounts, priority and state. */
import { ActionIcon, Badge, Box, Button, Card, Divider, Group, Stack, Text, Tooltip } from '@mantine/core';
import { membersText } from '../../../src/messages/members';
import { usersText } from '../../../src/messages/users';
import type { TTeam } from '../../../src/schemas/team';
import { TeamAvatar } from '../TeamAvatar';
import { EditIcon, TrashIcon, UserPlusIcon } from '../users/icons';

const t = membersText;

export function TeamCard({
  team,
  onEdit,
  onDelete,
  onCreateAccount,
}: {
  team: TTeam;
  onEdit: () => void;
  onDelete: () => void;
  onCreateAccount: () => void;
}) {
  return (
    <Card withBorder radius="lg" padding="lg" shadow="xs" data-testid="team-card" data-team={team.name} opacity={team.active ? 1 : 0.75}>
      <Group gap="md" wrap="nowrap" align="flex-start">
        <TeamAvatar name={team.name} logoUrl={team.logoUrl} size={56} />
        <Box style={{ minWidth: 0, flex: 1 }}>
          <Text fw={800} fz="lg" lh={1.25} lineClamp={2}>
            {team.name}
          </Text>
          {team.unit && (
            <Text size="sm" c="dimmed" lineClamp={2} mt={2}>
              {team.unit}
            </Text>
          )}
          <Group gap={6} mt={8}>
            <Badge size="sm" variant="light" color="gray" radius="sm" tt="none">
              {membersText.priorityBadge(team.priority)}
            </Badge>
            <Badge size="sm" variant="dot" color={team.active ? 'teal' : 'gray'} radius="sm" tt="none">
              {team.active ? usersText.activeState : usersText.inactiveState}
            </Badge>
          </Group>
        </Box>
      </Group>

      <Divider my="md" />
      <Text size="xs" fw={700} c="dimmed" tt="uppercase" mb={6}>
        {t.teamMembers} · {team.members.length}
      </Text>
      <Stack gap={4} style={{ flex: 1 }}>
        {team.members.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t.noMembers}
          </Text>
        ) : (
          team.members.map((member, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: members have no id; the list is shown, never reordered here
            <Group key={index} gap={6} wrap="nowrap" align="baseline">
              <Text size="sm" c="dimmed" w={18} ta="right">
                {index + 1}.
              </Text>
              <Text size="sm" fw={500} style={{ minWidth: 0 }} truncate>
                {member.fullName}
                {member.note && (
                  <Text span size="sm" c="dimmed" fw={400}>
                    {' '}
                    · {member.note}
                  </Text>
                )}
              </Text>
            </Group>
          ))
        )}
      </Stack>

      <Text size="xs" fw={700} c="dimmed" tt="uppercase" mt="md" mb={6}>
        {t.teamAccounts}
      </Text>
      <Group gap={6} data-testid="team-accounts">
        {team.accounts.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t.noTeamAccounts}
          </Text>
        ) : (
          team.accounts.map((account) => (
            <Badge key={account._id} variant="outline" color="teal" radius="sm" tt="none" title={account.fullName}>
              {account.username}
            </Badge>
          ))
        )}
      </Group>

      <Group gap="xs" mt="lg" wrap="nowrap">
        <Button size="xs" variant="light" leftSection={<EditIcon size={14} />} onClick={onEdit} aria-label={t.editTeam}>
          {usersText.edit}
        </Button>
        <Button size="xs" variant="light" color="teal" leftSection={<UserPlusIcon size={14} />} onClick={onCreateAccount}>
          {t.createTeamAccount}
        </Button>
        <Tooltip label={t.deleteTeam} withArrow>
          <ActionIcon variant="subtle" color="gray" size="md" aria-label={t.deleteTeam} onClick={onDelete} ml="auto">
            <TrashIcon size={16} />
          </ActionIcon>
        </Tooltip>
      </Group>
    </Card>
  );
}
