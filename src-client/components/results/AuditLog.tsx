/** (d) The audit log: filters, newest first, and undo of one entry with a reason. */
import { Badge, Button, Group, Modal, Select, Stack, Table, Text, Textarea } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { contractText } from '../../../src/messages/contract';
import { resultsText } from '../../../src/messages/results';
import { AUDIT_SOURCES, type TAuditEntry } from '../../../src/schemas/scoring';
import { formatPoint } from '../../../src/valueFormat';
import { useLoadError } from '../../hooks/useConnection';
import { useTRPC } from '../../trpc';
import { DashboardSection } from '../dashboard/DashboardSection';
import { mutationToasts } from '../notify';
import { LogCell, LogTable } from './LogTable';
import { useResults } from './util';

const t = resultsText;
type Source = (typeof AUDIT_SOURCES)[number];
const SOURCE_COLORS: Record<string, string> = {
  judge: 'blue',
  admin: 'orange',
  'admin-all': 'grape',
  answer: 'cyan',
  speed: 'cyan',
  row: 'teal',
  keyword: 'teal',
  package: 'indigo',
  star: 'yellow',
  steal: 'pink',
  buzz: 'lime',
  vote: 'violet',
  hand: 'orange',
  undo: 'gray',
  restart: 'gray',
  reset: 'red',
};

function pointText(point: number | null): string {
  return point === null ? t.empty : formatPoint(point);
}

export function AuditLog() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { data: results } = useResults();
  const fields = useQuery(trpc.scoreField.all.queryOptions()).data?.items ?? [];
  const [teamId, setTeamId] = useState<string | null>(null);
  const [gkId, setGkId] = useState<string | null>(null);
  const [fieldName, setFieldName] = useState<string | null>(null);
  const [source, setSource] = useState<Source | null>(null);
  const log = useQuery(
    trpc.scoring.log.queryOptions({
      teamId: teamId ?? undefined,
      gkId: gkId ?? undefined,
      fieldName: fieldName ?? undefined,
      source: source ?? undefined,
      limit: 200,
    }),
  );
  useLoadError(t.logError, log.error);

  const [undoing, setUndoing] = useState<TAuditEntry | null>(null);
  const [reason, setReason] = useState('');
  const undo = useMutation(
    trpc.scoring.undo.mutationOptions(
      mutationToasts(t.undoDone, t.undoError, () => {
        setUndoing(null);
        void queryClient.invalidateQueries({ queryKey: trpc.scoring.log.pathKey() });
        void queryClient.invalidateQueries({ queryKey: trpc.results.list.queryKey() });
      }),
    ),
  );

  return (
    <DashboardSection id="audit-log" title={t.logTitle} description={t.logHint}>
      <Group gap="sm" mb="md" wrap="wrap" data-testid="audit-filters">
        {[
          {
            label: t.filterTeam,
            w: 240,
            searchable: true,
            value: teamId,
            onChange: setTeamId,
            data: (results?.items ?? []).map((i) => ({ value: i.teamId, label: i.name })),
          },
          {
            label: t.filterJudge,
            w: 220,
            searchable: true,
            value: gkId,
            onChange: setGkId,
            data: (results?.judges ?? []).map((j) => ({ value: j.gkId, label: j.name })),
          },
          {
            label: t.filterField,
            w: 240,
            value: fieldName,
            onChange: setFieldName,
            data: fields.map((f) => ({ value: f.name, label: f.label })),
          },
          {
            label: t.filterSource,
            w: 210,
            value: source,
            onChange: (value: string | null) => setSource(value as Source | null),
            data: AUDIT_SOURCES.map((s) => ({ value: s, label: t.sources[s] ?? s })),
          },
        ].map((filter) => (
          <Select key={filter.label} placeholder={t.all} clearable {...filter} />
        ))}
      </Group>
      <LogTable
        mah={560}
        minWidth={940}
        testId="audit-log"
        head={[
          { label: `${t.team} · ${t.field}` },
          { label: t.judge },
          { label: t.change, ta: 'center', w: 130 },
          { label: `${t.source} · ${t.actor}` },
          { label: t.description, miw: 200 },
          // As wide as its button: the undo stays in sight on a 1366 px laptop, the reason wraps instead.
          { w: 1 },
        ]}
        log={log}
        emptyText={t.noLog}
        rowData={(entry) => ({ 'data-testid': 'audit-row', 'data-source': entry.source })}
        cells={(entry) => (
          <>
            <Table.Td>
              <Text size="sm" fw={600} lh={1.3}>
                {entry.teamName}
              </Text>
              <Text size="xs" c="dimmed" lh={1.3}>
                {entry.fieldLabel}
              </Text>
            </Table.Td>
            <LogCell>{entry.judgeName}</LogCell>
            <Table.Td ta="center" style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
              <Text size="sm" span c="dimmed">
                {pointText(entry.oldPoint)}
              </Text>
              {' → '}
              <Text size="sm" span fw={800}>
                {pointText(entry.newPoint)}
              </Text>
            </Table.Td>
            <Table.Td>
              <Badge
                color={SOURCE_COLORS[entry.source] ?? 'gray'}
                variant="light"
                radius="sm"
                tt="none"
                style={{ minWidth: 'max-content' }}
              >
                {t.sources[entry.source] ?? entry.source}
              </Badge>
              <Text size="xs" c="dimmed" lh={1.3} mt={2}>
                {entry.actorName ?? ''}
              </Text>
            </Table.Td>
            <LogCell testId="audit-description">{entry.description}</LogCell>
            <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }} data-testid="audit-undo-cell">
              <Button
                size="compact-sm"
                variant="subtle"
                color="gray"
                onClick={() => {
                  setReason('');
                  setUndoing(entry);
                }}
              >
                {t.undo}
              </Button>
            </Table.Td>
          </>
        )}
      />
      <Modal opened={undoing !== null} onClose={() => setUndoing(null)} title={<Text fw={800}>{t.undoTitle}</Text>} radius="lg">
        {undoing && (
          <Stack>
            <Text size="sm">
              {t.undoText(
                undoing.teamName,
                undoing.judgeName,
                undoing.fieldLabel,
                pointText(undoing.oldPoint),
                pointText(undoing.newPoint),
              )}
            </Text>
            <Textarea
              label={t.undoReason}
              value={reason}
              onChange={(e) => setReason(e.currentTarget.value)}
              autosize
              minRows={2}
              data-autofocus
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setUndoing(null)}>
                {contractText.cancel}
              </Button>
              <Button
                color="red"
                loading={undo.isPending}
                onClick={() => undo.mutate({ eventId: undoing.id, reason: reason.trim() || undefined })}
              >
                {t.undo}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </DashboardSection>
  );
}
