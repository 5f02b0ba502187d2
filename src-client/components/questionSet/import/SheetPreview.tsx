/** One sheet as it will be read: the format its "Thể thức" sheet gives, how its columns are read, its first questions. */
import { Alert, Stack, Text } from '@mantine/core';
import { questionSetsText } from '../../../../src/messages/questionSets';
import type { QuestionImportField, TImportSheet } from '../../../../src/schemas/questionImport';
import { ColumnsTable } from './ColumnsTable';
import type { Destination, WriteMode } from './destinations';
import { QuestionsPreview } from './QuestionsPreview';

const T = questionSetsText.importDialog;

interface Props {
  sheet: TImportSheet;
  destination: Destination;
  mode: WriteMode;
  busy: boolean;
  onChooseColumn(header: string, field: QuestionImportField | null): void;
  onForgetColumn(header: string): void;
}

export function SheetPreview({ sheet, destination, mode, busy, onChooseColumn, onForgetColumn }: Props) {
  // The server applies a file's format to a new set and to a set whose questions it replaces.
  const appending = destination.kind === 'existing' && mode === 'append';
  return (
    <Stack gap="sm">
      {sheet.format && destination.kind !== 'skip' && (
        <Alert color={appending ? 'gray' : 'blue'} variant="light" p="xs" data-testid="import-format">
          <Text size="sm" fw={700}>
            {T.format(questionSetsText.format.kinds[sheet.format.kind])}
          </Text>
          <Text size="sm">{appending ? T.formatKept : T.formatApplied}</Text>
        </Alert>
      )}
      {sheet.columns.length > 0 && (
        <ColumnsTable columns={sheet.columns} disabled={busy} onChoose={onChooseColumn} onForget={onForgetColumn} />
      )}
      {sheet.items.length > 0 && <QuestionsPreview items={sheet.items} />}
    </Stack>
  );
}
