/** The shell of a dashboard log: a scrolling striped table, a row an entry, whose first column is the entry's time. */
import { ScrollArea, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { resultsText } from '../../../src/messages/results';
import { formatDateTime } from '../../../src/valueFormat';
import { DataTable } from '../DataTable';

const NOWRAP_NUMBERS = { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } as const;

type LogAt = Parameters<typeof formatDateTime>[0];

/** A header cell after the time's. */
interface LogColumn {
  label?: ReactNode;
  w?: number;
  miw?: number;
  ta?: 'center';
}

export function LogTable<T extends { id: string | number; at: LogAt }>(p: {
  mah: number;
  minWidth: number;
  testId: string;
  /** The columns after the time's. */
  head: LogColumn[];
  /** The log's query: its entries, newest first, and whether they are still loading. */
  log: { data?: { items: T[] }; isPending: boolean };
  /** Said once the log has loaded and has no entry. */
  emptyText: string;
  /** A row's data attributes (its test id, its kind). */
  rowData(entry: T): Record<`data-${string}`, string>;
  /** A row's cells after the time's. */
  cells(entry: T): ReactNode;
}) {
  const entries = p.log.data?.items ?? [];
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
            {p.head.map((column, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a log's columns are fixed
              <Table.Th key={index} w={column.w} miw={column.miw} ta={column.ta}>
                {column.label}
              </Table.Th>
            ))}
          </>
        }
        empty={entries.length === 0 && !p.log.isPending && p.emptyText}
        columns={p.head.length + 1}
      >
        {entries.map((entry) => (
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

/** A log cell of plain text. */
export function LogCell({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <Table.Td>
      <Text size="sm" lh={1.3} data-testid={testId}>
        {children}
      </Text>
    </Table.Td>
  );
}
