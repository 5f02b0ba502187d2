/** The scoring sheet: its criteria in order, with create, edit and delete. */
import { Badge, Box, Button, Group, Table, Text, Tooltip } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { dashboardText } from '../../../src/messages/dashboard';
import type { TScoreField } from '../../../src/schemas/scoreField';
import { formatNumber } from '../../../src/valueFormat';
import { useLoadError } from '../../hooks/useConnection';
import { useModalItem } from '../../hooks/useModalItem';
import { useTRPC } from '../../trpc';
import { confirmDanger } from '../confirmDanger';
import { DataTable, RECORD_LIST } from '../DataTable';
import { DeleteAction, IconAction } from '../IconAction';
import { mutationToasts } from '../notify';
import { EditIcon } from '../rules/icons';
import { DashboardSection } from './DashboardSection';
import { ScoreFieldModal } from './ScoreFieldModal';

const t = dashboardText;

export function ScoreSheet() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const fieldsQuery = useQuery(trpc.scoreField.all.queryOptions());
  const fields = fieldsQuery.data?.items ?? [];
  const modal = useModalItem<TScoreField>();

  useLoadError(t.fieldListError, fieldsQuery.error);

  const remove = useMutation(
    trpc.scoreField.remove.mutationOptions(
      mutationToasts(t.fieldDeleted, t.fieldDeleteError, () => {
        void queryClient.invalidateQueries({ queryKey: trpc.scoreField.all.queryKey() });
      }),
    ),
  );
  const confirmRemove = (field: TScoreField) =>
    confirmDanger({
      title: <Text fw={800}>{t.deleteFieldTitle}</Text>,
      text: t.deleteFieldText(field.label),
      onConfirm: () => remove.mutate({ _id: field._id }),
    });

  const nextPosition = fields.length ? Math.max(...fields.map((f) => f.position)) + 1 : 1;

  return (
    <DashboardSection
      id="score-sheet"
      title={t.scoreSheetTitle}
      description={t.scoreSheetHint}
      actions={
        <Button color="red" onClick={() => modal.open(null)}>
          + {t.addField}
        </Button>
      }
    >
      <DataTable
        minWidth={880}
        {...RECORD_LIST}
        data-testid="score-sheet"
        head={
          <>
            <Table.Th w={64} ta="center">
              {t.position}
            </Table.Th>
            <Table.Th>{t.fieldLabel}</Table.Th>
            <Table.Th>{t.fieldName}</Table.Th>
            <Table.Th>{t.kind}</Table.Th>
            <Table.Th ta="right">{t.range}</Table.Th>
            <Table.Th ta="right">{t.step}</Table.Th>
            <Table.Th ta="right">{t.weight}</Table.Th>
            <Table.Th ta="center">{t.dropExtremesShort}</Table.Th>
            <Table.Th w={96} ta="right">
              {t.actions}
            </Table.Th>
          </>
        }
        empty={fields.length === 0 && !fieldsQuery.isPending && t.noFields}
        columns={9}
      >
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
                <IconAction tooltip={t.edit} label={`${t.edit}: ${field.label}`} onClick={() => modal.open(field)}>
                  <EditIcon />
                </IconAction>
                <DeleteAction tooltip={t.remove} label={`${t.remove}: ${field.label}`} onClick={() => confirmRemove(field)} />
              </Group>
            </Table.Td>
          </Table.Tr>
        ))}
      </DataTable>
      <ScoreFieldModal modal={modal} nextPosition={nextPosition} />
    </DashboardSection>
  );
}
