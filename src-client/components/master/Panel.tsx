/**
 * One block of the console: a quiet card with a small caps title and an optional right-hand slot;
 * `empty`, when given, is said (dimmed) in place of the children.
 */
import { Group, Paper, ScrollArea, Table, type TableProps, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export function Panel({
  title,
  right,
  empty,
  children,
  testId,
}: {
  title: string;
  right?: ReactNode;
  empty?: string | false;
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
      {empty ? (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      ) : (
        children
      )}
    </Paper>
  );
}

/** A panel's rows as a table that scrolls past `mah` pixels (the answers in, the ranking). */
export function PanelTable({ mah, children, ...table }: Omit<TableProps, 'children'> & { mah: number; children: ReactNode }) {
  return (
    <ScrollArea.Autosize mah={mah} type="auto">
      <Table {...table}>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </ScrollArea.Autosize>
  );
}
