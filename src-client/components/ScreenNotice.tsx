/** A whole-screen message under the logo: a title, a hint and what can be done (no access, a screen that failed to load). */
import { Button, Center, Group, Image, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { ROLE_HOME } from '../../src/constants';
import { appText } from '../../src/messages/app';
import { loginText } from '../../src/messages/login';
import type { TPublicUser } from '../../src/schemas/auth';
import { useLogout } from '../hooks/useLogout';

export function ScreenNotice({
  testId,
  title,
  hint,
  maw,
  children,
}: {
  testId: string;
  title: string;
  hint: string;
  maw: number;
  children: ReactNode;
}) {
  return (
    <Center mih="100vh" p="xl" data-testid={testId}>
      <Stack align="center" gap="md" maw={maw} ta="center">
        <Image src="/logo.svg" alt={appText.appName} w={72} h={72} />
        <Title order={2}>{title}</Title>
        <Text c="dimmed">{hint}</Text>
        {children}
      </Stack>
    </Center>
  );
}

/** For someone signed in where they cannot stay: to their own screen, or sign out. */
export function SignedInActions({ user, grow }: { user: TPublicUser; grow?: boolean }) {
  const logout = useLogout();
  return (
    <Group grow={grow}>
      <Button component={Link} href={ROLE_HOME[user.role]} color="red">
        {appText.goToMyScreen}
      </Button>
      <Button variant="default" onClick={logout}>
        {loginText.logout}
      </Button>
    </Group>
  );
}
