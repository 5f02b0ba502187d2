/**
 * How each header of a sheet was read: "Cột trong tệp → Đọc là", a Select per column (every field by
 * its Vietnamese name, or "Bỏ qua") and how the reading came about (by its name, remembered, ignored).
 * A choice is remembered by the server for the next file; a remembered one can be forgotten.
 */
import { Badge, CloseButton, Group, ScrollArea, Select, Stack, Table, Text } from '@mantine/core';
import { questionImportText } from '../../../../src/messages/questionImport';
import { questionSetsText } from '../../../../src/messages/questionSets';
import { QUESTION_IMPORT_FIELDS, type QuestionImportField, type TImportColumn } from '../../../../src/schemas/questionImport';

const T = questionSetsText.importDialog;
const IGNORE = 'ignore';
const FIELD_CHOICES = [
  ...QUESTION_IMPORT_FIELDS.map((field) => ({ value: field, label: questionImportText.importFields[field] })),
  { value: IGNORE, label: T.ignore },
];
const SOURCE_COLOR = { known: 'teal', remembered: 'blue', ignored: 'gray' } as const;

interface Props {
  columns: readonly TImportColumn[];
  disabled: boolean;
  onChoose(header: string, field: QuestionImportField | null): void;
  onForget(header: string): void;
}

export function ColumnsTable({ columns, disabled, onChoose, onForget }: Props) {
  return (
    <Stack gap={4}>
      <Text fw={700} size="sm">
        {T.columnsHeading}
      </Text>
      <ScrollArea type="auto" offsetScrollbars="x">
        <Table withTableBorder verticalSpacing={4} fz="sm" data-testid="import-columns">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{T.columnHeader}</Table.Th>
              <Table.Th>{T.columnField}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {columns.map((column) => (
              <Table.Tr key={column.index} data-source={column.source} bg={column.field ? undefined : 'gray.0'}>
                <Table.Td>
                  <Group gap={4} align="center" style={{ rowGap: 2 }}>
                    <Text size="sm" fw={600} c={column.field ? undefined : 'dimmed'} style={{ overflowWrap: 'anywhere' }}>
                      {column.header}
                    </Text>
                    <Badge size="xs" variant="light" color={SOURCE_COLOR[column.source]} tt="none">
                      {T.sources[column.source]}
                    </Badge>
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    <Select
                      size="xs"
                      w={{ base: 150, sm: 220 }}
                      aria-label={T.columnSelect(column.header)}
                      data={FIELD_CHOICES}
                      value={column.field ?? IGNORE}
                      allowDeselect={false}
                      disabled={disabled}
                      onChange={(value) => {
                        if (value && value !== (column.field ?? IGNORE)) {
                          onChoose(column.header, value === IGNORE ? null : (value as QuestionImportField));
                        }
                      }}
                    />
                    {column.source === 'remembered' && (
                      <CloseButton
                        size="sm"
                        disabled={disabled}
                        aria-label={T.forget(column.header)}
                        onClick={() => onForget(column.header)}
                      />
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
      <Text size="xs" c="dimmed">
        {T.columnsHint}
      </Text>
    </Stack>
  );
}
