/** The sets of one round: a table with create, rename, delete (confirmed), open, and import from a file. */
import { Anchor, Badge, Button, Card, Group, Loader, Stack, Table, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import { contractText } from '../../../src/messages/contract';
import { questionSetsText } from '../../../src/messages/questionSets';
import { formatDate } from '../../../src/valueFormat';
import { useLoadError } from '../../hooks/useConnection';
import { useTRPC } from '../../trpc';
import { confirmDanger } from '../confirmDanger';
import { DataTable } from '../DataTable';
import { DeleteAction } from '../IconAction';
import { notifyError, notifySuccess } from '../notify';
import { questionSetPath } from './helpers';
import { ImportModal } from './ImportModal';
import { RoundHeading } from './RoundHeading';
import { SetFormModal, type SetFormResult } from './SetFormModal';

interface SetSummary {
  _id: string;
  title: string;
  priority: number;
  version: number;
  items: unknown[];
}
type Editing = { mode: 'create' } | { mode: 'rename'; item: SetSummary } | null;

export function QuestionSetList({ setNumber }: { setNumber: number }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const [editing, setEditing] = useState<Editing>(null);
  const [importing, setImporting] = useState(false);

  const listQuery = trpc.questionSet.list.queryOptions({ set: setNumber });
  const list = useQuery(listQuery);
  const reload = () => queryClient.invalidateQueries({ queryKey: trpc.questionSet.pathKey() });

  useLoadError(contractText.questionSetListError, list.error);

  const create = useMutation(trpc.questionSet.create.mutationOptions());
  const update = useMutation(trpc.questionSet.update.mutationOptions());
  const remove = useMutation(trpc.questionSet.remove.mutationOptions());

  const submit = async (values: SetFormResult) => {
    if (editing?.mode === 'rename') {
      await update.mutateAsync(
        { set: setNumber, _id: editing.item._id, changes: values, version: editing.item.version },
        { onError: (error) => notifyError(contractText.questionSetUpdateError, error) },
      );
      notifySuccess(contractText.updated);
    } else {
      await create.mutateAsync(
        { set: setNumber, data: { ...values, items: [] } },
        { onError: (error) => notifyError(contractText.questionSetCreateError, error) },
      );
      notifySuccess(contractText.created);
    }
    setEditing(null);
    await reload();
  };

  const confirmDelete = (item: SetSummary) =>
    confirmDanger({
      title: questionSetsText.deleteTitle,
      centered: true,
      text: questionSetsText.deleteText(item.title, item.items.length),
      labels: { confirm: questionSetsText.delete, cancel: contractText.cancel },
      onConfirm: () =>
        remove.mutate(
          { set: setNumber, _id: item._id },
          {
            onSuccess: () => {
              notifySuccess(questionSetsText.deleted);
              void reload();
            },
            onError: (error) => {
              notifyError(contractText.questionSetDeleteError, error);
              void reload();
            },
          },
        ),
    });

  const items = list.data?.items ?? [];

  return (
    <Stack gap="lg" maw={1180} mx="auto">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="md">
        <RoundHeading setNumber={setNumber} />
        <Group gap="sm">
          <Button variant="default" onClick={() => setImporting(true)}>
            {questionSetsText.importFile}
          </Button>
          <Button color="red" onClick={() => setEditing({ mode: 'create' })}>
            {questionSetsText.create}
          </Button>
        </Group>
      </Group>

      <Card withBorder radius="lg" padding={0} shadow="xs">
        {list.isPending ? (
          <Group justify="center" p="xl">
            <Loader color="red" />
          </Group>
        ) : list.error ? (
          <Stack align="center" p="xl" gap="sm">
            <Text c="red.8">{questionSetsText.loadFailed}</Text>
            <Button variant="light" color="red" onClick={() => void list.refetch()}>
              {questionSetsText.retry}
            </Button>
          </Stack>
        ) : items.length === 0 ? (
          <Text c="dimmed" ta="center" p="xl" data-testid="question-sets-empty">
            {questionSetsText.empty}
          </Text>
        ) : (
          <DataTable
            minWidth={760}
            verticalSpacing="sm"
            horizontalSpacing="md"
            highlightOnHover
            data-testid="question-sets"
            headBg="gray.0"
            head={
              <>
                <Table.Th>{questionSetsText.colTitle}</Table.Th>
                <Table.Th ta="right">{questionSetsText.colCount}</Table.Th>
                <Table.Th ta="right">{questionSetsText.colPriority}</Table.Th>
                <Table.Th ta="right">{questionSetsText.colVersion}</Table.Th>
                <Table.Th>{questionSetsText.colUpdated}</Table.Th>
                <Table.Th w={190} />
              </>
            }
          >
            {items.map((item) => (
              <Table.Tr key={item._id} data-testid="question-set-row">
                <Table.Td>
                  <Anchor component={Link} href={questionSetPath(setNumber, item._id)} fw={700} c="dark.7">
                    {item.title}
                  </Anchor>
                </Table.Td>
                <Table.Td ta="right">
                  <Badge variant="light" color={item.items.length ? 'red' : 'gray'}>
                    {item.items.length}
                  </Badge>
                </Table.Td>
                <Table.Td ta="right">{item.priority}</Table.Td>
                <Table.Td ta="right" c="dimmed">
                  {item.version}
                </Table.Td>
                <Table.Td c="dimmed">{formatDate(item.updatedAt, true)}</Table.Td>
                <Table.Td>
                  <Group gap={6} justify="flex-end" wrap="nowrap">
                    <Button size="xs" variant="light" color="red" onClick={() => navigate(questionSetPath(setNumber, item._id))}>
                      {questionSetsText.open}
                    </Button>
                    <Button size="xs" variant="default" onClick={() => setEditing({ mode: 'rename', item })}>
                      {questionSetsText.edit}
                    </Button>
                    <DeleteAction
                      tooltip={questionSetsText.deleteTitle}
                      label={`${questionSetsText.delete} ${item.title}`}
                      size="lg"
                      onClick={() => confirmDelete(item)}
                    />
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </DataTable>
        )}
      </Card>

      <SetFormModal
        opened={editing !== null}
        heading={editing?.mode === 'rename' ? questionSetsText.renameTitle : questionSetsText.createTitle}
        initial={editing?.mode === 'rename' ? { title: editing.item.title, priority: editing.item.priority } : { title: '', priority: '' }}
        submitLabel={editing?.mode === 'rename' ? questionSetsText.save : questionSetsText.create}
        loading={create.isPending || update.isPending}
        onClose={() => setEditing(null)}
        onSubmit={submit}
      />
      <ImportModal opened={importing} setNumber={setNumber} onClose={() => setImporting(false)} onDone={() => void reload()} />
    </Stack>
  );
}
