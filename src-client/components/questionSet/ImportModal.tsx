/**
 * Import from a file (Excel, Word, CSV, JSON). A preview writes nothing: how each column was read
 * (a column can be mapped by hand, and the server remembers it), the first questions, every error at
 * once; a workbook of several sheets picks a destination per sheet. Opened on a set, the file is
 * appended to it or replaces its questions (after a confirmation). The write stays disabled until
 * every sheet chosen is free of errors. The pieces live in ./import/.
 */
import { Alert, Badge, Button, Group, Modal, Stack, Tabs, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { contractText } from '../../../src/messages/contract';
import { questionImportText } from '../../../src/messages/questionImport';
import { questionSetsText } from '../../../src/messages/questionSets';
import type { QuestionImportField, TQuestionImportResult } from '../../../src/schemas/questionImport';
import type { TQuestionSet } from '../../../src/schemas/questionSet';
import { errorMessage, useTRPC } from '../../trpc';
import { confirmDanger } from '../confirmDanger';
import { notifyError, notifySuccess } from '../notify';
import { fileToBase64 } from './helpers';
import { chosenSheets, type Destination, defaultDestinations, sharesExistingSet, type WriteMode, writeInput } from './import/destinations';
import { FileDrop } from './import/FileDrop';
import { ImportErrors } from './import/ImportErrors';
import { SheetPreview } from './import/SheetPreview';
import { SheetTargets } from './import/SheetTargets';
import { useImportTargets } from './import/useImportTargets';
import { WriteModeChoice } from './import/WriteModeChoice';

const T = questionSetsText.importDialog;

interface Props {
  opened: boolean;
  setNumber: number;
  /** The set to append to or replace; without it the import creates a new set. */
  target?: { _id: string; version: number };
  onClose(): void;
  /** The open set as written (or the first set written when the dialog has no target). */
  onDone(item: TQuestionSet): void;
}

interface Loaded {
  fileName: string;
  dataBase64: string;
}

export function ImportModal({ opened, setNumber, target, onClose, onDone }: Props) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const phone = useMediaQuery('(max-width: 36em)') ?? false;
  const [file, setFile] = useState<Loaded | null>(null);
  const [result, setResult] = useState<TQuestionImportResult | null>(null);
  const [destinations, setDestinations] = useState<Destination[]>([]);
  const [mode, setMode] = useState<WriteMode>('append');
  const [title, setTitle] = useState('');
  const [fileError, setFileError] = useState('');
  const [shownSheet, setShownSheet] = useState<string | null>('0');
  const preview = useMutation(trpc.questionSet.importFile.mutationOptions());
  const write = useMutation(trpc.questionSet.importFile.mutationOptions());
  const remember = useMutation(trpc.questionSet.rememberImportColumn.mutationOptions());
  const forget = useMutation(trpc.questionSet.forgetImportColumn.mutationOptions());
  const targets = useImportTargets(setNumber, target?._id, opened);

  // biome-ignore lint/correctness/useExhaustiveDependencies: start clean only when the modal opens
  useEffect(() => {
    if (!opened) return;
    setFile(null);
    setResult(null);
    setDestinations([]);
    setMode('append');
    setTitle('');
    setFileError('');
    preview.reset();
    write.reset();
  }, [opened]);

  /** Previews the file; a new file (`fresh`) also takes its title and its sheets' first destinations. */
  const runPreview = (loaded: Loaded, fresh: boolean) => {
    setFileError('');
    preview.mutate(
      { set: setNumber, ...loaded, mode: 'preview' },
      {
        onSuccess: (next) => {
          setResult(next);
          if (!fresh) return;
          setTitle(next.title);
          setShownSheet('0');
          setDestinations(
            defaultDestinations(next.sheets, {
              setNumber,
              targetId: target?._id,
              rounds: targets.rounds,
              roundTitles: targets.roundTitles,
            }),
          );
        },
        onError: (error) => {
          setResult(null);
          setFileError(errorMessage(error));
        },
      },
    );
  };

  const read = async (picked: File) => {
    const loaded = { fileName: picked.name, dataBase64: await fileToBase64(picked) };
    setFile(loaded);
    setResult(null);
    runPreview(loaded, true);
  };

  const rereadAfter = (change: Promise<unknown>) => {
    change.then(
      () => file && runPreview(file, false),
      (error: unknown) => notifyError(T.rememberError, error),
    );
  };
  const chooseColumn = (header: string, field: QuestionImportField | null) => rereadAfter(remember.mutateAsync({ header, field }));
  const forgetColumn = (header: string) => rereadAfter(forget.mutateAsync({ header }));

  const sheets = result?.sheets ?? [];
  const several = sheets.length > 1;
  const chosen = chosenSheets(destinations);
  const chosenNames = new Set(chosen.map(({ sheet }) => sheets[sheet]?.name));
  // Errors of the file itself, and of the sheets written; a skipped sheet's errors do not block.
  const blocking = (result?.errors ?? []).filter((error) => !several || !error.sheet || chosenNames.has(error.sheet));
  const questions = chosen.reduce((sum, { sheet }) => sum + (sheets[sheet]?.items.length ?? 0), 0);
  const existingChosen = chosen.filter(({ destination }) => destination.kind === 'existing');
  const creatingOne = !several && chosen[0]?.destination.kind === 'new';
  const sameSet = sharesExistingSet(destinations);
  const ready =
    !!result &&
    !!file &&
    blocking.length === 0 &&
    chosen.length > 0 &&
    chosen.every(({ sheet }) => (sheets[sheet]?.items.length ?? 0) > 0) &&
    !sameSet &&
    (!creatingOne || !!title.trim());

  const existingSet = (id: string) => targets.existing.find((set) => set._id === id);
  const versionOf = (id: string) => (id === target?._id ? target.version : existingSet(id)?.version);

  const submit = () => {
    if (!ready || !file) return;
    const input = writeInput(destinations, { setNumber, mode, title, versionOf });
    if (!input) return;
    const creates = chosen.every(({ destination }) => destination.kind === 'new');
    write.mutate(
      { ...file, ...input },
      {
        onSuccess: (written) => {
          notifySuccess(creates ? contractText.created : contractText.updated);
          void queryClient.invalidateQueries({ queryKey: trpc.questionSet.pathKey() });
          const item = target ? written.written.find((set) => set._id === target._id) : written.item;
          if (item) onDone(item);
          onClose();
        },
        onError: (error) => notifyError(creates ? contractText.questionSetCreateError : contractText.questionSetUpdateError, error),
      },
    );
  };

  const confirm = () => {
    if (mode !== 'replace' || !existingChosen.length) return submit();
    const lines = existingChosen.map(({ sheet, destination }) => {
      const set = destination.kind === 'existing' ? existingSet(destination._id) : undefined;
      return T.replaceSet(set?.title ?? '', set?.count ?? 0, sheets[sheet]?.items.length ?? 0);
    });
    confirmDanger({
      title: T.replaceTitle,
      centered: true,
      text: T.replaceText(lines),
      labels: { confirm: T.replaceConfirm, cancel: contractText.cancel },
      onConfirm: submit,
    });
  };

  const buttonLabel = () => {
    if (!result) return target ? questionSetsText.importMore : questionSetsText.importFile;
    if (several) return T.confirmSheets(questions, chosen.length);
    if (creatingOne) return T.confirmCreate(questions);
    return mode === 'replace' ? T.confirmReplace(questions) : T.confirmAppend(questions);
  };

  const sheetPreview = (index: number) => {
    const sheet = sheets[index];
    if (!sheet) return null;
    return (
      <SheetPreview
        sheet={sheet}
        destination={destinations[index] ?? { kind: 'skip' }}
        mode={mode}
        busy={preview.isPending || remember.isPending || forget.isPending}
        onChooseColumn={chooseColumn}
        onForgetColumn={forgetColumn}
      />
    );
  };

  return (
    <Modal opened={opened} onClose={onClose} title={T.title} size="xl" centered fullScreen={phone}>
      <Stack gap="md">
        <FileDrop
          fileName={file?.fileName ?? null}
          compact={!!result}
          loading={preview.isPending}
          onPick={(picked) => void read(picked)}
          onReject={() => setFileError(questionImportText.importUnknownExtension)}
        />

        {fileError && (
          <Alert color="red" title={T.previewError} data-testid="import-file-error">
            {fileError}
          </Alert>
        )}

        {result && (
          <Stack gap="md" data-testid="import-preview">
            <Group gap="sm">
              <Badge size="lg" color={questions ? 'teal' : 'gray'} variant="light" tt="none" data-testid="import-count">
                {T.count(questions)}
              </Badge>
              {blocking.length > 0 ? (
                <Text size="sm" fw={600} c="red.8">
                  {T.errorsCount(blocking.length)}
                </Text>
              ) : (
                ready && (
                  <Text size="sm" c="teal.8">
                    {T.noErrors}
                  </Text>
                )
              )}
            </Group>

            {several && (
              <SheetTargets
                sheets={sheets}
                destinations={destinations}
                choices={targets.choices}
                onChange={(index, destination) => setDestinations((all) => all.map((d, i) => (i === index ? destination : d)))}
              />
            )}
            {sameSet && (
              <Text size="sm" c="red.8">
                {T.sameTarget}
              </Text>
            )}
            {several && !chosen.length && (
              <Text size="sm" c="red.8">
                {T.nothingChosen}
              </Text>
            )}

            {existingChosen.length > 0 && <WriteModeChoice mode={mode} onChange={setMode} fullWidth={phone} />}

            {creatingOne && (
              <TextInput label={questionSetsText.titleLabel} value={title} onChange={(e) => setTitle(e.currentTarget.value)} withAsterisk />
            )}

            {result.errors.length > 0 && <ImportErrors errors={result.errors} />}

            {several ? (
              <Tabs value={shownSheet} onChange={setShownSheet} keepMounted={false}>
                <Tabs.List>
                  {sheets.map((sheet) => (
                    <Tabs.Tab key={sheet.index} value={String(sheet.index)}>
                      {sheet.name}
                    </Tabs.Tab>
                  ))}
                </Tabs.List>
                {sheets.map((sheet) => (
                  <Tabs.Panel key={sheet.index} value={String(sheet.index)} pt="sm">
                    {sheetPreview(sheet.index)}
                  </Tabs.Panel>
                ))}
              </Tabs>
            ) : (
              sheetPreview(0)
            )}
          </Stack>
        )}

        {/* Kept in sight below a long preview. */}
        <Group
          justify="flex-end"
          gap="sm"
          py="sm"
          bg="var(--mantine-color-body)"
          style={{ position: 'sticky', bottom: 0, zIndex: 2, borderTop: '1px solid var(--mantine-color-gray-3)' }}
        >
          <Button variant="default" onClick={onClose}>
            {contractText.cancel}
          </Button>
          <Button color="red" disabled={!ready} loading={write.isPending} onClick={confirm}>
            {buttonLabel()}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
