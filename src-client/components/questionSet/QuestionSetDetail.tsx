/**
 * One set by id: its header (title, priority, version) and its questions in order. Every change is
 * made locally and written with one "Lưu" carrying the version read, so a save over someone else's
 * never overwrites silently: the 409 is shown with a way to load the newest version.
 */
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  NumberInput,
  Stack,
  Text,
  TextInput,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'wouter';
import { appText } from '../../../src/messages/app';
import { contractText } from '../../../src/messages/contract';
import { questionImportText } from '../../../src/messages/questionImport';
import { questionSetsText } from '../../../src/messages/questionSets';
import { validationText } from '../../../src/messages/validation';
import { type TQuestionSet, ZQuestionSetDataSchema } from '../../../src/schemas/questionSet';
import { formatTimeLimit } from '../../../src/schemas/roundFormat';
import { formatDate } from '../../../src/valueFormat';
import NotFoundPage from '../../pages/NotFound.page';
import { errorMessage, useTRPC } from '../../trpc';
import { confirmDanger } from '../confirmDanger';
import { notifyError, notifySuccess } from '../notify';
import { type Draft, type DraftQuestion, move, newKey, sameDraft, type TLoadedSet, toDraft, toQuestionInput, withAnswers } from './draft';
import { FormatCard } from './FormatCard';
import { errorData, isConflict, isNotFound, questionSetPath } from './helpers';
import { ImportModal } from './ImportModal';
import { QuestionCard } from './QuestionCard';
import { QuestionFormModal } from './QuestionFormModal';
import { useRoundTitle } from './RoundHeading';
import { useLeaveGuard } from './useLeaveGuard';

const ZHeaderSchema = ZQuestionSetDataSchema.pick({ title: true, priority: true });

type Editing = { index: number | null } | null;

export function QuestionSetDetail({ setNumber, id }: { setNumber: number; id: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const getOptions = trpc.questionSet.get.queryOptions(
    { set: setNumber, _id: id },
    { retry: (count, error) => !isNotFound(error) && count < 1 },
  );
  const query = useQuery(getOptions);
  const roundTitle = useRoundTitle(setNumber);
  const phone = useMediaQuery('(max-width: 48em)') ?? false;

  const [saved, setSaved] = useState<TQuestionSet | null>(null);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [conflict, setConflict] = useState(false);
  const [titleError, setTitleError] = useState('');
  const [formatErrors, setFormatErrors] = useState<Record<string, string>>({});
  const [editing, setEditing] = useState<Editing>(null);
  const [importing, setImporting] = useState(false);

  const dirty = !!saved && !!draft && !sameDraft(draft, toDraft(saved));
  useLeaveGuard(dirty);

  const adopt = (loaded: TLoadedSet) => {
    const item = withAnswers(loaded);
    setSaved(item);
    setDraft(toDraft(item));
    setConflict(false);
    setTitleError('');
    setFormatErrors({});
    queryClient.setQueryData(getOptions.queryKey, { item });
  };

  // The first load, and later loads while nothing is being edited.
  // biome-ignore lint/correctness/useExhaustiveDependencies: adopt a newly loaded set only when the query answers, not on every edit
  useEffect(() => {
    const item = query.data?.item;
    if (item && (!saved || (!dirty && item.version !== saved.version))) adopt(item);
  }, [query.data]);

  // A set the server does not have shows the not-found screen, not an error toast.
  useEffect(() => {
    if (query.error && !isNotFound(query.error)) notifyError(contractText.questionSetGetError, query.error);
  }, [query.error]);

  const update = useMutation(trpc.questionSet.update.mutationOptions());

  const save = () => {
    if (!draft || !saved) return;
    const header = ZHeaderSchema.safeParse({ title: draft.title, priority: draft.priority });
    if (!header.success) {
      setTitleError(header.error.issues[0]?.message ?? validationText.titleRequired);
      return;
    }
    update.mutate(
      {
        set: setNumber,
        _id: id,
        changes: { ...header.data, items: draft.items.map(toQuestionInput), format: draft.format },
        version: saved.version,
      },
      {
        onSuccess: ({ item }) => {
          adopt(item);
          notifySuccess(contractText.updated);
          void queryClient.invalidateQueries({ queryKey: trpc.questionSet.list.queryKey({ set: setNumber }) });
        },
        onError: (error) => {
          notifyError(contractText.questionSetUpdateError, error);
          if (isConflict(error)) setConflict(true);
          const field = errorData(error).field ?? '';
          if (field === 'changes.title') setTitleError(error.message);
          else if (field === 'changes.format' || field.startsWith('changes.format.')) {
            setFormatErrors({ [field.slice('changes.format.'.length)]: error.message });
          }
        },
      },
    );
  };

  const reloadLatest = async () => {
    const result = await query.refetch();
    if (result.data) adopt(result.data.item);
  };

  const patch = (change: Partial<Draft>) => setDraft((d) => (d ? { ...d, ...change } : d));
  const setItems = (items: DraftQuestion[]) => patch({ items });

  const confirmDeleteQuestion = (index: number) =>
    confirmDanger({
      title: questionSetsText.deleteQuestionTitle,
      centered: true,
      text: questionSetsText.deleteQuestionText(index + 1),
      labels: { confirm: questionSetsText.delete, cancel: contractText.cancel },
      onConfirm: () => setDraft((d) => (d ? { ...d, items: d.items.filter((_, i) => i !== index) } : d)),
    });

  const discard = () =>
    confirmDanger({
      title: questionSetsText.discardTitle,
      centered: true,
      text: questionSetsText.discardText,
      labels: { confirm: questionSetsText.discard, cancel: contractText.cancel },
      onConfirm: () => saved && adopt(saved),
    });

  const editedQuestion = useMemo(
    () => (editing && editing.index !== null ? (draft?.items[editing.index] ?? null) : null),
    [editing, draft],
  );

  if (query.isPending && !draft) {
    return (
      <Group justify="center" p="xl">
        <Loader color="red" />
      </Group>
    );
  }
  if (!draft || !saved) {
    if (isNotFound(query.error))
      return <NotFoundPage embedded back={{ href: questionSetPath(setNumber), label: `← ${questionSetsText.back}` }} />;
    return (
      <Card withBorder radius="lg" padding="xl" maw={640} mx="auto" mt="xl" data-testid="question-set-error">
        <Stack gap="sm" align="flex-start">
          <Text fw={800} fz="xl">
            {questionSetsText.loadFailed}
          </Text>
          <Text c="dimmed">{errorMessage(query.error)}</Text>
          <Group gap="sm">
            <Button component={Link} href={questionSetPath(setNumber)} color="red">
              ← {questionSetsText.back}
            </Button>
            <Button variant="default" onClick={() => void query.refetch()}>
              {questionSetsText.retry}
            </Button>
          </Group>
        </Stack>
      </Card>
    );
  }

  return (
    <Stack gap="md" maw={1180} mx="auto">
      {/* The set's title is the field below; the page's heading says the same for a screen reader. */}
      <VisuallyHidden renderRoot={(props) => <h1 {...props} />}>{draft.title || appText.questionSetTitle(setNumber)}</VisuallyHidden>
      <Anchor component={Link} href={questionSetPath(setNumber)} size="sm" c="dimmed">
        ← {questionSetsText.back} · {appText.questionSetTitle(setNumber)}
        {roundTitle ? ` · ${roundTitle}` : ''}
      </Anchor>

      {/* Sticky on wide screens so Lưu stays in reach; on a phone it would cover half the screen. */}
      <Card
        withBorder
        radius="lg"
        padding="md"
        shadow="sm"
        style={phone ? undefined : { position: 'sticky', top: 'calc(var(--app-shell-header-offset, 64px) + 8px)', zIndex: 5 }}
      >
        <Group align="flex-end" gap="md" wrap="wrap">
          <TextInput
            label={questionSetsText.titleLabel}
            size="md"
            style={{ flex: '1 1 260px', minWidth: 0 }}
            styles={{ input: { fontWeight: 700 } }}
            value={draft.title}
            error={titleError || undefined}
            onChange={(e) => {
              setTitleError('');
              patch({ title: e.currentTarget.value });
            }}
          />
          <NumberInput
            label={questionSetsText.priorityLabel}
            size="md"
            w={130}
            allowDecimal={false}
            value={draft.priority}
            onChange={(value) => patch({ priority: typeof value === 'number' ? value : 0 })}
          />
          <Group gap="sm" ml="auto" wrap="wrap" justify="flex-end">
            <Tooltip label={questionSetsText.importAppendDisabled} disabled={!dirty}>
              <Button variant="default" size="md" disabled={dirty} onClick={() => setImporting(true)}>
                {questionSetsText.importMore}
              </Button>
            </Tooltip>
            {/* The saved version is what downloads: with changes pending, save first. */}
            <Tooltip label={questionImportText.exportUnsaved} disabled={!dirty}>
              <Button
                component="a"
                href={dirty ? undefined : `/api/question-sets/${setNumber}/${encodeURIComponent(id)}/export.xlsx`}
                download
                variant="default"
                size="md"
                disabled={dirty}
                data-testid="export-xlsx"
              >
                {questionImportText.exportXlsx}
              </Button>
            </Tooltip>
            {dirty && (
              <Button variant="subtle" color="gray" size="md" onClick={discard}>
                {questionSetsText.discard}
              </Button>
            )}
            <Button color="red" size="md" miw={110} disabled={!dirty} loading={update.isPending} onClick={save}>
              {questionSetsText.save}
            </Button>
          </Group>
        </Group>
        <Group gap="xs" mt="sm">
          <Badge variant="light" color="gray">
            {questionSetsText.version(saved.version)}
          </Badge>
          <Badge variant="light" color="red">
            {questionSetsText.questionsCount(draft.items.length)}
          </Badge>
          <Text size="xs" c="dimmed">
            {questionSetsText.updatedAt(formatDate(saved.updatedAt, true))}
          </Text>
          <Badge variant="dot" color={dirty ? 'orange' : 'teal'} data-testid="save-state">
            {dirty ? questionSetsText.unsaved : questionSetsText.allSaved}
          </Badge>
        </Group>
      </Card>

      {conflict && (
        <Alert color="red" variant="light" title={questionSetsText.conflictTitle} data-testid="conflict">
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{questionSetsText.conflictText}</Text>
            <Button color="red" variant="filled" size="sm" onClick={() => void reloadLatest()} loading={query.isFetching}>
              {questionSetsText.conflictReload}
            </Button>
          </Stack>
        </Alert>
      )}

      <FormatCard
        format={draft.format}
        errors={formatErrors}
        onChange={(format) => {
          setFormatErrors({});
          patch({ format });
        }}
      />

      {draft.items.length === 0 && (
        <Card withBorder radius="lg" padding="xl">
          <Text c="dimmed" ta="center">
            {questionSetsText.noQuestions}
          </Text>
        </Card>
      )}

      {draft.items.map((question, index) => (
        <QuestionCard
          key={question.key}
          question={question}
          formatSeconds={formatTimeLimit(draft.format)}
          index={index}
          total={draft.items.length}
          onEdit={() => setEditing({ index })}
          onDelete={() => confirmDeleteQuestion(index)}
          onMove={(delta) => setItems(move(draft.items, index, index + delta))}
        />
      ))}

      <Button variant="light" color="red" size="md" style={{ alignSelf: 'center' }} onClick={() => setEditing({ index: null })}>
        + {questionSetsText.addQuestion}
      </Button>

      <QuestionFormModal
        opened={editing !== null}
        question={editedQuestion}
        heading={editing?.index != null ? questionSetsText.editQuestion(editing.index + 1) : questionSetsText.newQuestion}
        onClose={() => setEditing(null)}
        onSave={(fields) => {
          const index = editing?.index;
          setDraft((d) => {
            if (!d) return d;
            if (index == null) return { ...d, items: [...d.items, { key: newKey(), ...fields }] };
            return { ...d, items: d.items.map((q, i) => (i === index ? { ...q, ...fields } : q)) };
          });
          setEditing(null);
        }}
      />
      <ImportModal
        opened={importing}
        setNumber={setNumber}
        target={{ _id: id, version: saved.version }}
        onClose={() => setImporting(false)}
        onDone={(item) => {
          adopt(item);
          void queryClient.invalidateQueries({ queryKey: trpc.questionSet.list.queryKey({ set: setNumber }) });
        }}
      />
    </Stack>
  );
}
