/** The placeholder of a screen that a later issue fills in: its title, who is logged in, what comes next. */
import { Badge, Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { messages } from '../../src/messages';
import { useSystemState } from '../hooks/useSystemState';
import { displayName } from './UserMenu';

/** A traffic cone, drawn inline: emoji fonts are missing on many hall PCs. */
function ConeIcon() {
  return (
    <svg width="28" height="28" viewBox="0 0 24 24" fill="none">
      <path d="M9.2 3h5.6l4.7 15H4.5z" fill="#fd7e14" />
      <path d="M8.1 8h7.8l1 3.5H7.1zM6.2 14h11.6l.8 2.5H5.4z" fill="#fff" />
      <rect x="2.5" y="18" width="19" height="3" rx="1" fill="#e8590c" />
    </svg>
  );
}

export function UnderConstruction({ title, children }: { title: string; children?: ReactNode }) {
  const { user } = useSystemState();
  return (
    <Card withBorder radius="lg" padding="xl" maw={720} mx="auto" mt="xl" shadow="sm" data-testid="under-construction">
      <Stack gap="md">
        <Group gap="md" wrap="nowrap">
          <ThemeIcon size={52} radius="xl" color="orange" variant="light" aria-hidden>
            <ConeIcon />
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
