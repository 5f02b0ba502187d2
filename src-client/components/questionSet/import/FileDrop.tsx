/** Where the file is dropped or picked; once one is read it shrinks to a line and the file's name. */
import '@mantine/dropzone/styles.layer.css';
import { Badge, Stack, Text } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { questionSetsText } from '../../../../src/messages/questionSets';

const T = questionSetsText.importDialog;
/** What the server reads, and the old Office formats too: it answers those with how to save them anew. */
const ACCEPT = {
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['.xlsx'],
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': ['.docx'],
  'text/csv': ['.csv'],
  'application/json': ['.json'],
  'application/vnd.ms-excel': ['.xls'],
  'application/msword': ['.doc'],
};

interface Props {
  fileName: string | null;
  compact: boolean;
  loading: boolean;
  onPick(file: File): void;
  onReject(): void;
}

export function FileDrop({ fileName, compact, loading, onPick, onReject }: Props) {
  return (
    <Dropzone
      onDrop={(files) => files[0] && onPick(files[0])}
      onReject={onReject}
      accept={ACCEPT}
      multiple={false}
      loading={loading}
      radius="md"
      data-testid="import-dropzone"
    >
      <Stack align="center" gap={4} py={compact ? 'xs' : 'lg'} style={{ pointerEvents: 'none' }}>
        <Text fw={600} ta="center" size={compact ? 'sm' : undefined}>
          {T.drop}
        </Text>
        {!compact && (
          <Text size="sm" c="dimmed" ta="center">
            {T.dropHint}
          </Text>
        )}
        {fileName && (
          <Badge variant="light" color="gray" mt={4} tt="none" maw="100%">
            {T.fileLabel(fileName)}
          </Badge>
        )}
      </Stack>
    </Dropzone>
  );
}
