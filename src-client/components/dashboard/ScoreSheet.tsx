/** The scoring sheet: its criteria in order, with create, edit and delete. */
import { ActionIcon, Badge, Box, Button, Group, Table, Text, Tooltip } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { formatNumber } from '../../../src/format';
import { messages } from '../../../src/messages';
import type { TScoreField } from '../../../src/schemas/scoreField';
import { useTRPC } from '../../trpc';
import { notifyError, notifySuccess } from '../notify';
import { EditIcon, TrashIcon } from '../rules/icons';
import { DashboardSection } from './DashboardSection';
import { ScoreFieldModal } from './ScoreFieldModal';

const t = messages.dashboard;

export function ScoreSheet() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const fieldsQuery = useQuery(trpc.scoreField.all.queryOptions());
  const fields = fieldsQuery.data?.items ?? [];
  const [modal, setModal] = useState<{ opened: boolean; field: TScoreField | null }>({ opened: false, field: null });

  useEffect(() => {
    if (fieldsQuery.error) notifyError(t.fieldListError, fieldsQuery.error);
  }, [fieldsQuery.error]);

  const remove = useMutation(
    trpc.scoreField.remove.mutationOptions({
      onSuccess: () => {
        notifySuccess(t.fieldDeleted);
        void queryClient.invalidateQueries({ queryKey: trpc.scoreField.all.queryKey() });
      },
      onError: (error) => notifyError(t.fieldDeleteError, error),
    }),
  );
  const confirmRemove = (field: TScoreField) =>
    modals.openConfirmModal({
      title: <Text fw={800}>{t.deleteFieldTitle}</Text>,
      children: <Text size="sm">{t.deleteFieldText(field.label)}</Text>,
      confirmProps: { color: 'red' },
      onConfirm: () => remove.mutate({ _id: field._id }),
    });

  const nextPosition = fields.length ? Math.max(...fields.map((f) => f.position)) + 1 : 1;

  return (
    <DashboardSection
      id="score-sheet"
      title={t.scoreSheetTitle}
      description={t.scoreSheetHint}
      actions={
        <Button color="red" onClick={() => setModal({ opened: true, field: null })}>
          + {t.addField}
        </Button>
      }
    >
      <Table.ScrollContainer minWidth={880}>
        <Table verticalSpacing="sm" highlightOnHover data-testid="score-sheet" styles={{ th: { whiteSpace: 'nowrap' } }}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={64} ta="center">{t.position}</Table.Th>
              <Table.Th>{t.fieldLabel}</Table.Th>
              <Table.Th>{t.fieldName}</Table.Th>
              <Table.Th>{t.kind}</Table.Th>
              <Table.Th ta="right">{t.range}</Table.Th>
              <Table.Th ta="right">{t.step}</Table.Th>
              <Table.Th ta="right">{t.weight}</Table.Th>
              <Table.Th ta="center">{t.dropExtremesShort}</Table.Th>
              <Table.Th w={96} ta="right">{t.actions}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {fields.length === 0 && !fieldsQuery.isPending && (
              <Table.Tr>
                <Table.Td colSpan={9}>
                  <Text c="dimmed" ta="center" py="md">
                    {t.noFields}
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
            {fields.map((field) => (
              <Table.Tr key={field._id} data-testid="score-field-row">
                <Table.Td ta="center" c="dimmed">
                  {field.position}
                </Table.Td>
                <Table.Td fw={700}>{field.label}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <Text component="code" ff="monospace" size="sm" c="gray.7">
                    {field.name}
                  </Text>
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <Tooltip label={t.kindHints[field.kind]}>
                    <Group gap={8} wrap="nowrap" w="fit-content">
                      <Box w={9} h={9} bg={field.kind === 'judges' ? 'red.6' : 'orange.5'} style={{ borderRadius: '50%', flex: 'none' }} />
                      <Text size="sm">{t.kinds[field.kind]}</Text>
                    </Group>
                  </Tooltip>
                </Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {formatNumber(field.minPoint)} – {formatNumber(field.maxPoint)}
                </Table.Td>
                <Table.Td ta="right">{formatNumber(field.step)}</Table.Td>
                <Table.Td ta="right">{formatNumber(field.weight)}</Table.Td>
                <Table.Td ta="center">
                  {field.dropExtremes ? (
                    <Badge variant="light" color="teal" radius="sm" tt="none">
                      {t.yes}
                    </Badge>
                  ) : (
                    <Text size="sm" c="dimmed">
                      {t.no}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Group gap={4} justify="flex-end" wrap="nowrap">
                    <Tooltip label={t.edit}>
                      <ActionIcon
                        variant="subtle"
                        color="gray"
                        aria-label={`${t.edit}: ${field.label}`}
                        onClick={() => setModal({ opened: true, field })}
                      >
                        <EditIcon />
                      </ActionIcon>
                    </Tooltip>
                    <Tooltip label={t.remove}>
                      <ActionIcon variant="subtle" color="red" aria-label={`${t.remove}: ${field.label}`} onClick={() => confirmRemove(field)}>
                        <TrashIcon />
                      </ActionIcon>
                    </Tooltip>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <ScoreFieldModal
        opened={modal.opened}
        field={modal.field}
        nextPosition={nextPosition}
        onClose={() => setModal((current) => ({ ...current, opened: false }))}
      />
    </DashboardSection>
  );
}
