/**
 * Import from a file (JSON, CSV, XLSX): a preview that writes nothing, every row error in a table,
 * and only when the file is clean a confirmation that creates a set or appends to the one open.
 */
import '@mantine/dropzone/styles.layer.css';
import { Alert, Badge, Button, Group, Modal, ScrollArea, Stack, Table, Text, TextInput } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { useMediaQuery } from '@mantine/hooks';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { contractText } from '../../../src/messages/contract';
import { questionImportText } from '../../../src/messages/questionImport';
import { questionSetsText } from '../../../src/messages/questionSets';
import type { TQuestionSet } from '../../../src/schemas/questionSet';
import { errorMessage, useTRPC } from '../../trpc';
import { notifyError, notifySuccess } from '../notify';
import { fileToBase64 } from './helpers';

const ACCEPT = {
  'application/json': ['.json'],
  'text/csv': ['.csv'],
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['.xlsx'],
};
const PREVIEW_ROWS = 8;

interface Props {
  opened: boolean;
  setNumber: number;
  /** The set to append to; without it the import creates a new set. */
  target?: { _id: string; version: number };
  onClose(): void;
  onDone(item: TQuestionSet): void;
}

interface Loaded {
  fileName: string;
  dataBase64: string;
}

export function ImportModal({ opened, setNumber, target, onClose, onDone }: Props) {
  const trpc = useTRPC();
  const phone = useMediaQuery('(max-width: 36em)') ?? false;
  const [file, setFile] = useState<Loaded | null>(null);
  const [title, setTitle] = useState('');
  const [fileError, setFileError] = useState('');
  const preview = useMutation(trpc.questionSet.importFile.mutationOptions());
  const write = useMutation(trpc.questionSet.importFile.mutationOptions());

  // biome-ignore lint/correctness/useExhaustiveDependencies: start clean only when the modal opens
  useEffect(() => {
    if (!opened) return;
    setFile(null);
    setTitle('');
    setFileError('');
    preview.reset();
    write.reset();
    // Start clean each time the modal opens.
  }, [opened]);

  const read = async (picked: File) => {
    setFileError('');
    preview.reset();
    const loaded = { fileName: picked.name, dataBase64: await fileToBase64(picked) };
    setFile(loaded);
    preview.mutate(
      { set: setNumber, ...loaded, mode: 'preview' },
      {
        onSuccess: (result) => setTitle(result.title),
        onError: (error) => setFileError(errorMessage(error)),
      },
    );
  };

  const result = preview.data;
  const clean = !!result && result.errors.length === 0 && result.items.length > 0;

  const confirm = () => {
    if (!file || !clean) return;
    const input = target
      ? { set: setNumber, ...file, mode: 'append' as const, _id: target._id, version: target.version }
      : { set: setNumber, ...file, mode: 'create' as const, title: title.trim() || result.title };
    write.mutate(input, {
      onSuccess: ({ item }) => {
        notifySuccess(target ? contractText.updated : contractText.created);
        if (item) onDone(item);
        onClose();
      },
      onError: (error) => notifyError(target ? contractText.questionSetUpdateError : contractText.questionSetCreateError, error),
    });
  };

  return (
    <Modal opened={opened} onClose={onClose} title={questionSetsText.importTitle} size="xl" centered fullScreen={phone}>
      <Stack gap="md">
        <Dropzone
          onDrop={(files) => files[0] && void read(files[0])}
          onReject={() => setFileError(questionImportText.importUnknownExtension)}
          accept={ACCEPT}
          multiple={false}
          loading={preview.isPending}
          radius="md"
          data-testid="import-dropzone"
        >
          <Stack align="center" gap={4} py="lg" style={{ pointerEvents: 'none' }}>
            <Text fw={600}>{questionSetsText.importDrop}</Text>
            <Text size="sm" c="dimmed" ta="center">
              {questionSetsText.importDropHint}
            </Text>
            {file && (
              <Badge variant="light" color="gray" mt="xs">
                {questionSetsText.importFileLabel(file.fileName)}
              </Badge>
            )}
          </Stack>
        </Dropzone>

        {fileError && (
          <Alert color="red" title={questionSetsText.importPreviewError} data-testid="import-file-error">
            {fileError}
          </Alert>
        )}

        {result && (
          <Stack gap="sm" data-testid="import-preview">
            <Group gap="sm">
              <Badge size="lg" color={result.items.length ? 'teal' : 'gray'} variant="light" data-testid="import-count">
                {questionSetsText.importCount(result.items.length)}
              </Badge>
              {result.errors.length > 0 ? (
                <Badge size="lg" color="red" variant="light">
                  {questionSetsText.importErrorsCount(result.errors.length)}
                </Badge>
              ) : (
                clean && (
                  <Text size="sm" c="teal.8">
                    {questionSetsText.importNoErrors}
                  </Text>
                )
              )}
            </Group>

            {result.errors.length > 0 && <ImportErrors errors={result.errors} />}

            {clean && (
              <>
                {!target && (
                  <TextInput
                    label={questionSetsText.titleLabel}
                    value={title}
                    onChange={(e) => setTitle(e.currentTarget.value)}
                    withAsterisk
                  />
                )}
                <ImportPreviewTable items={result.items} />
              </>
            )}
          </Stack>
        )}

        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {contractText.cancel}
          </Button>
          <Button color="red" disabled={!clean || (!target && !title.trim())} loading={write.isPending} onClick={confirm}>
            {result
              ? target
                ? questionSetsText.importConfirmAppend(result.items.length)
                : questionSetsText.importConfirmCreate(result.items.length)
              : target
                ? questionSetsText.importMore
                : questionSetsText.importFile}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function ImportErrors({ errors }: { errors: { row: number; field: string; message: string }[] }) {
  return (
    <ScrollArea.Autosize mah={280} type="auto">
      <Table striped withTableBorder fz="sm" data-testid="import-errors">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={90}>{questionSetsText.importRow}</Table.Th>
            <Table.Th w={130}>{questionSetsText.importField}</Table.Th>
            <Table.Th>{questionSetsText.importMessage}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {errors.map((error, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: one file can repeat a row and field; the list is read-only
            <Table.Tr key={`${error.row}-${error.field}-${index}`}>
              <Table.Td>
                <Text size="sm" fw={600} c="red.8">
                  {error.row > 0 ? questionSetsText.importRowLabel(error.row) : questionSetsText.importWholeFile}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm" ff="monospace">
                  {error.field}
                </Text>
              </Table.Td>
              <Table.Td>{error.message}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea.Autosize>
  );
}

function ImportPreviewTable({ items }: { items: { content: string; options: string[]; answer: string }[] }) {
  return (
    <Table withTableBorder fz="sm">
      <Table.Tbody>
        {items.slice(0, PREVIEW_ROWS).map((item, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a preview of rows not yet stored: they have no id
          <Table.Tr key={index}>
            <Table.Td w={70} c="dimmed">
              {questionSetsText.questionNo(index + 1)}
            </Table.Td>
            <Table.Td>
              <Text size="sm" lineClamp={2}>
                {item.content}
              </Text>
            </Table.Td>
            <Table.Td w={200}>
              <Text size="sm" c="teal.8" fw={600} lineClamp={1}>
                {item.answer}
              </Text>
            </Table.Td>
          </Table.Tr>
        ))}
        {items.length > PREVIEW_ROWS && (
          <Table.Tr>
            <Table.Td colSpan={3} c="dimmed">
              {questionSetsText.importMoreQuestions(items.length - PREVIEW_ROWS)}
            </Table.Td>
          </Table.Tr>
        )}
      </Table.Tbody>
    </Table>
  );
}
