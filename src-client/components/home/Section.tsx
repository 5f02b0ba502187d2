/** The front page's sections: a title with a red bar, and the note a section shows when it is empty. */
import { Box, Card, Group, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section">
      <Group gap="sm" mb="lg">
        <Box w={6} h={28} bg="red.7" style={{ borderRadius: 3 }} />
        <Title order={2} fz={28}>
          {title}
        </Title>
      </Group>
      {children}
    </Box>
  );
}

export function EmptyNote({ children }: { children: ReactNode }) {
  return (
    <Card withBorder radius="lg" padding="xl" bg="white">
      <Text c="dimmed" ta="center">
        {children}
      </Text>
    </Card>
  );
}
