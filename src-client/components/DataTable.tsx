/**
 * A list table's scaffolding: it scrolls sideways below `minWidth`, has one header row, and shows a
 * dimmed line across the table when `empty` is given (nothing to list yet).
 */
import { Table, type TableProps, type TableTheadProps, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** A table wider than its box scrolls from the keyboard too: its viewport takes focus. */
const KEYBOARD_SCROLL = { viewportProps: { tabIndex: 0 } };

/** The look of the dashboard's lists of records (the score sheet, the ranking): roomy rows lit under the pointer, headers on one line. */
export const RECORD_LIST: Pick<TableProps, 'verticalSpacing' | 'highlightOnHover' | 'styles'> = {
  verticalSpacing: 'sm',
  highlightOnHover: true,
  styles: { th: { whiteSpace: 'nowrap' } },
};

export interface DataTableProps extends Omit<TableProps, 'children'> {
  minWidth: number;
  /** The header row's cells. */
  head: ReactNode;
  headBg?: TableTheadProps['bg'];
  /** Said across the table, above the (then absent) rows. */
  empty?: ReactNode;
  /** How many columns the empty line spans. */
  columns?: number;
  /** The rows. */
  children: ReactNode;
}

export function DataTable({ minWidth, head, headBg, empty, columns, children, ...table }: DataTableProps) {
  return (
    <Table.ScrollContainer minWidth={minWidth} scrollAreaProps={KEYBOARD_SCROLL}>
      <Table {...table}>
        <Table.Thead bg={headBg}>
          <Table.Tr>{head}</Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {empty ? (
            <Table.Tr>
              <Table.Td colSpan={columns}>
                <Text c="dimmed" ta="center" py="md">
                  {empty}
                </Text>
              </Table.Td>
            </Table.Tr>
          ) : null}
          {children}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
