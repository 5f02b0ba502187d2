/** Into a set that exists: append the file's questions (the default) or replace the set's questions with them. */
import { SegmentedControl, Stack, Text } from '@mantine/core';
import { useId } from 'react';
import { questionSetsText } from '../../../../src/messages/questionSets';
import type { WriteMode } from './destinations';

const T = questionSetsText.importDialog;

export function WriteModeChoice({ mode, onChange, fullWidth }: { mode: WriteMode; onChange(mode: WriteMode): void; fullWidth: boolean }) {
  const labelId = useId();
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500} id={labelId}>
        {T.modeLabel}
      </Text>
      <SegmentedControl
        aria-labelledby={labelId}
        color={mode === 'replace' ? 'red' : 'teal'}
        value={mode}
        onChange={(value) => onChange(value as WriteMode)}
        data={[
          { value: 'append', label: T.modeAppend },
          { value: 'replace', label: T.modeReplace },
        ]}
        fullWidth={fullWidth}
        style={{ alignSelf: fullWidth ? 'stretch' : 'flex-start' }}
      />
    </Stack>
  );
}
