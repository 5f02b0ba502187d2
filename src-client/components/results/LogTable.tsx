/** The shell of a dashboard log: a scrolling striped table, a row an entry, whose first column is the entry's time. */
import { ScrollArea, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { resultsText } from '../../../src/messages/results';
import { formatDateTime } from '../../../src/valueFormat';
import { DataTable } from '../DataTable';

const NOWRAP_NUMBERS = { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } as const;

type LogAt = Parameters<typeof formatDateTime>[0];

export function LogTable<T extends { id: string | number; at: LogAt }>(p: {
  mah: number;
  minWidth: number;
  testId: string;
  /** The header cells after the time's. */
  head: ReactNode;
  columns: number;
  /** The entries, newest first. */
  entries: T[];
  /** Whether they are still loading (the table says `emptyText` once none have come). */
  pending: boolean;
  emptyText: string;
  /** A row's data attributes (its test id, its kind). */
  rowData(entry: T): Record<`data-${string}`, string>;
  /** A row's cells after the time's. */
  cells(entry: T): ReactNode;
}) {
  return (
    <ScrollArea.Autosize mah={p.mah} type="auto">
      <DataTable
        minWidth={p.minWidth}
        verticalSpacing={6}
        striped
        stickyHeader
        data-testid={p.testId}
        head={
          <>
            <Table.Th w={150} style={{ whiteSpace: 'nowrap' }}>
              {resultsText.time}
            </Table.Th>
            {p.head}
          </>
        }
        empty={p.entries.length === 0 && !p.pending && p.emptyText}
        columns={p.columns}
      >
        {p.entries.map((entry) => (
          <Table.Tr key={entry.id} {...p.rowData(entry)}>
            <Table.Td style={NOWRAP_NUMBERS}>
              <Text size="sm">{formatDateTime(entry.at)}</Text>
            </Table.Td>
            {p.cells(entry)}
          </Table.Tr>
        ))}
      </DataTable>
    </ScrollArea.Autosize>
  );
}
