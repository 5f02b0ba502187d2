/** One block of the console: a quiet card with a small caps title and an optional right-hand slot. */
import { Group, Paper, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export function Panel({
  title,
  right,
  children,
  testId,
}: {
  title: string;
  right?: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Paper withBorder radius="md" p="sm" data-testid={testId}>
      <Group justify="space-between" gap="xs" mb={8} wrap="nowrap" mih={26}>
        <Text size="xs" fw={700} tt="uppercase" c="dimmed" style={{ letterSpacing: 0.6 }}>
          {title}
        </Text>
        {right}
      </Group>
      {children}
    </Paper>
  );
}
