/** The placeholder of a screen that a later issue fills in: its title, who is logged in, what comes next. */
import { Badge, Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { messages } from '../../src/messages';
import { useSystemState } from '../hooks/useSystemState';
import { displayName } from './UserMenu';

export function UnderConstruction({ title, children }: { title: string; children?: ReactNode }) {
  const { user } = useSystemState();
  return (
    <Card withBorder radius="lg" padding="xl" maw={720} mx="auto" mt="xl" shadow="sm" data-testid="under-construction">
      <Stack gap="md">
        <Group gap="md" wrap="nowrap">
          <ThemeIcon size={48} radius="xl" color="orange" variant="light" aria-hidden>
            <Text fz={24} lh={1}>
              🛠
            </Text>
          </ThemeIcon>
          <div>
            <Title order={2}>{title}</Title>
            <Text c="dimmed">{messages.underConstruction}</Text>
          </div>
        </Group>
        <Text>{messages.underConstructionHint}</Text>
        {children}
        {user && (
          <Group gap="xs">
            <Text size="sm" c="dimmed">
              {messages.loggedInAs(displayName(user))}
            </Text>
            <Badge variant="light" color="red">
              {messages.roleNames[user.role]}
            </Badge>
          </Group>
        )}
      </Stack>
    </Card>
  );
}
