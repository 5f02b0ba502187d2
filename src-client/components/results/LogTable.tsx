/** The shell of a dashboard log: a scrolling striped table whose first column is the time of each entry. */
import { ScrollArea, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { resultsText } from '../../../src/messages/results';
import { formatDateTime } from '../../../src/valueFormat';
import { DataTable } from '../DataTable';

const NOWRAP_NUMBERS = { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } as const;

export function LogTable(p: {
  mah: number;
  minWidth: number;
  testId: string;
  /** The header cells after the time's. */
  head: ReactNode;
  empty: ReactNode;
  columns: number;
  children: ReactNode;
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
        empty={p.empty}
        columns={p.columns}
      >
        {p.children}
      </DataTable>
    </ScrollArea.Autosize>
  );
}

/** The time cell of a log row. */
export function LogTimeCell({ at }: { at: Parameters<typeof formatDateTime>[0] }) {
  return (
    <Table.Td style={NOWRAP_NUMBERS}>
      <Text size="sm">{formatDateTime(at)}</Text>
    </Table.Td>
  );
}
