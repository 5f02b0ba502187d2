/** The frame of an admin list screen (users, teams, rules): heading, hint and actions on top, then the list. */
import { Box, Card, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export function AdminPage({
  title,
  hint,
  actions,
  maw,
  small = false,
  children,
}: {
  title: string;
  hint: ReactNode;
  actions: ReactNode;
  maw: number;
  /** The smaller heading (the size of an h2, as on the dashboard) of the rules screen; still the page's h1. */
  small?: boolean;
  children: ReactNode;
}) {
  return (
    <Stack gap="lg" maw={maw}>
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="md">
        <Box>
          {small ? (
            <Title order={1} size="h2">
              {title}
            </Title>
          ) : (
            <Title order={1} fz={28}>
              {title}
            </Title>
          )}
          <Text c="dimmed" size="sm" mt={small ? undefined : 4}>
            {hint}
          </Text>
        </Box>
        {actions}
      </Group>
      {children}
    </Stack>
  );
}

/** A loader while the list loads (`loaderHeight` tall), a card saying `emptyText` when it is empty, else the list. */
export function AdminList({
  loading,
  empty,
  emptyText,
  loaderHeight = 240,
  children,
}: {
  loading: boolean;
  empty: boolean;
  emptyText: string;
  loaderHeight?: number;
  children: ReactNode;
}) {
  if (loading) {
    return (
      <Center h={loaderHeight}>
        <Loader color="red" />
      </Center>
    );
  }
  if (empty) {
    return (
      <Card withBorder radius="lg" padding="xl">
        <Text c="dimmed" ta="center">
          {emptyText}
        </Text>
      </Card>
    );
  }
  return children;
}
