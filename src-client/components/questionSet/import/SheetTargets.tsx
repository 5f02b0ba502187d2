/** A workbook of several sheets: a row per sheet with its questions and errors, and where it goes. */
import { Badge, ScrollArea, Select, Stack, Table, Text } from '@mantine/core';
import { questionSetsText } from '../../../../src/messages/questionSets';
import type { TImportSheet } from '../../../../src/schemas/questionImport';
import { type Destination, destinationValue, parseDestination } from './destinations';
import type { ImportTargets } from './useImportTargets';

const T = questionSetsText.importDialog;

interface Props {
  sheets: readonly TImportSheet[];
  destinations: readonly Destination[];
  choices: ImportTargets['choices'];
  onChange(sheet: number, destination: Destination): void;
}

export function SheetTargets({ sheets, destinations, choices, onChange }: Props) {
  return (
    <Stack gap={4}>
      <Text fw={700} size="sm">
        {T.sheetsHeading}
      </Text>
      <ScrollArea type="auto" offsetScrollbars="x">
        <Table withTableBorder verticalSpacing={6} fz="sm" miw={480} data-testid="import-sheets">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{T.sheet}</Table.Th>
              <Table.Th ta="right">{T.sheetQuestions}</Table.Th>
              <Table.Th ta="right">{T.sheetErrors}</Table.Th>
              <Table.Th w={260}>{T.sheetTarget}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {sheets.map((sheet) => {
              const destination = destinations[sheet.index] ?? { kind: 'skip' };
              const skipped = destination.kind === 'skip';
              return (
                <Table.Tr key={sheet.index} data-testid="import-sheet" c={skipped ? 'dimmed' : undefined}>
                  <Table.Td fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {sheet.name}
                  </Table.Td>
                  <Table.Td ta="right">{sheet.items.length}</Table.Td>
                  <Table.Td ta="right">
                    {sheet.errors.length > 0 ? (
                      <Badge color={skipped ? 'gray' : 'red'} variant="light">
                        {sheet.errors.length}
                      </Badge>
                    ) : (
                      0
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Select
                      size="xs"
                      w={250}
                      aria-label={T.sheetTargetSelect(sheet.name)}
                      data={choices}
                      value={destinationValue(destination)}
                      allowDeselect={false}
                      onChange={(value) => value && onChange(sheet.index, parseDestination(value))}
                    />
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </ScrollArea>
    </Stack>
  );
}
