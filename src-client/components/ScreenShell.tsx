/** The frame of the working screens (master, judge, team, preview): a header with the screen's name and the user. */
import { AppShell, Container, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { Brand } from './Brand';
import { UserMenu } from './UserMenu';

export function ScreenShell({ title, children }: { title: string; children: ReactNode }) {
  return (
    <AppShell header={{ height: 64 }} padding="md" bg="gray.0">
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Brand subtitle={title} />
          <UserMenu />
        </Group>
      </AppShell.Header>
      <AppShell.Main>
        <Container size="lg">{children}</Container>
      </AppShell.Main>
    </AppShell>
  );
}
