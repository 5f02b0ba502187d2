/** One block of the dashboard: a titled card; later blocks (ranking, progress, audit log, export) use the same frame. */
import { Box, Card, Group, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export interface DashboardSectionProps {
  id: string;
  title: string;
  description?: string;
  actions?: ReactNode;
  children: ReactNode;
}

export function DashboardSection({ id, title, description, actions, children }: DashboardSectionProps) {
  return (
    <Card component="section" id={id} aria-labelledby={`${id}-title`} withBorder radius="lg" padding="lg" shadow="xs">
      <Group justify="space-between" align="flex-start" mb="md" gap="sm">
        <Box style={{ minWidth: 0 }}>
          <Group gap="sm" wrap="nowrap">
            <Box w={5} h={22} bg="red.7" style={{ borderRadius: 3, flex: 'none' }} />
            <Title order={3} id={`${id}-title`} fz={20}>
              {title}
            </Title>
          </Group>
          {description && (
            <Text size="sm" c="dimmed" mt={4} ml={17}>
              {description}
            </Text>
          )}
        </Box>
        {actions}
      </Group>
      {children}
    </Card>
  );
}
