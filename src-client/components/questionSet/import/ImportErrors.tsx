/** Every problem of the file at once, each as the server words it ("«Vòng 2», dòng 7, Đáp án: …"), in a scrolling list. */
import { List, Paper, ScrollArea, Stack, Text } from '@mantine/core';
import { questionImportText } from '../../../../src/messages/questionImport';
import { questionSetsText } from '../../../../src/messages/questionSets';
import type { TImportRowError } from '../../../../src/schemas/questionImport';

const T = questionSetsText.importDialog;

export function ImportErrors({ errors }: { errors: readonly TImportRowError[] }) {
  return (
    <Stack gap={4}>
      <Text fw={700} size="sm" c="red.8">
        {T.errorsHeading(errors.length)}
      </Text>
      <Paper withBorder radius="md" bg="red.0" style={{ borderColor: 'var(--mantine-color-red-3)' }}>
        <ScrollArea.Autosize mah={220} type="auto">
          <List size="sm" spacing={2} withPadding pr="sm" py={6} c="red.9" data-testid="import-errors">
            {errors.map((error, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a file can repeat a row and field; the list is read-only
              <List.Item key={index} style={{ overflowWrap: 'anywhere' }}>
                {questionImportText.importErrorLine(error)}
              </List.Item>
            ))}
          </List>
        </ScrollArea.Autosize>
      </Paper>
    </Stack>
  );
}
