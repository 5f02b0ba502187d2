/**
 * Hides a screen from roles that cannot use it (the server enforces the same on every call).
 * Not logged in: to /login. Logged in with another role: a short explanation and a way home.
 */
import { Button, Center, Group, Image, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, Redirect } from 'wouter';
import { ROLE_HOME, type Role } from '../../src/constants';
import { messages } from '../../src/messages';
import { useLogout } from '../hooks/useLogout';
import { useSystemState } from '../hooks/useSystemState';
import { displayName } from './UserMenu';

export function RequireRole({ roles, children }: { roles: readonly Role[]; children: ReactNode }) {
  const { user } = useSystemState();
  const logout = useLogout();
  if (!user) return <Redirect to="/login" replace />;
  if (roles.includes(user.role)) return children;
  return (
    <Center mih="100vh" p="xl" data-testid="no-access">
      <Stack align="center" gap="md" maw={480} ta="center">
        <Image src="/logo.svg" alt={messages.appName} w={72} h={72} />
        <Title order={2}>{messages.noAccess}</Title>
        <Text c="dimmed">{messages.noAccessHint}</Text>
        <Text size="sm">{messages.loggedInAs(displayName(user))}</Text>
        <Group>
          <Button component={Link} href={ROLE_HOME[user.role]} color="red">
            {messages.goToMyScreen}
          </Button>
          <Button variant="default" onClick={logout}>
            {messages.logout}
          </Button>
        </Group>
      </Stack>
    </Center>
  );
}
