/** Who is logged in, and the logout button, for every header. */
import { Avatar, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { Link } from 'wouter';
import { initials } from '../../src/initials';
import { appText } from '../../src/messages/app';
import { loginText } from '../../src/messages/login';
import { displayName } from '../../src/valueFormat';
import { useLogout } from '../hooks/useLogout';
import { useSystemState } from '../hooks/useSystemState';

export function UserMenu({ compact = false }: { compact?: boolean }) {
  const { user } = useSystemState();
  const logout = useLogout();
  if (!user) {
    return (
      <Button component={Link} href="/login" variant="filled" color="red">
        {loginText.login}
      </Button>
    );
  }
  return (
    <Group gap="sm" wrap="nowrap" data-testid="user-menu">
      <Avatar color="red" radius="xl" size={compact ? 'sm' : 'md'}>
        {initials(displayName(user))}
      </Avatar>
      {!compact && (
        <Stack gap={0} visibleFrom="sm">
          <Text size="sm" fw={600} lh={1.2} title={appText.loggedInAs(displayName(user))}>
            {displayName(user)}
          </Text>
          <Group gap={4}>
            <Badge size="xs" variant="light" color="gray">
              {appText.roleNames[user.role]}
            </Badge>
            <Text size="xs" c="dimmed">
              {user.username}
            </Text>
          </Group>
        </Stack>
      )}
      <Button variant="default" size="xs" onClick={logout}>
        {loginText.logout}
      </Button>
    </Group>
  );
}
