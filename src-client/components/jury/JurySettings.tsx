/**
 * "Ban giám khảo" on the dashboard: the head judge (trưởng ban, picked among the panel's judges, or
 * none: the admin acts as one), each judges criterion's disagreement threshold (its own or 20% of its
 * range, set or put back to the default) and the recusals (judge × team × reason, added with a reason
 * and lifted after a confirmation). Only an admin changes them; the master sees them. The jury comes
 * from `useJury` (the live `jury` message when newer), and each change's answer settles it at once;
 * the results re-read when the jury moves, so the breakdown's marks follow.
 */
import { Badge, Button, Group, NumberInput, Select, Stack, Table, Text, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { spreadThreshold } from '../../../src/jury';
import { contractText } from '../../../src/messages/contract';
import { juryText } from '../../../src/messages/jury';
import { resultsText } from '../../../src/messages/results';
import type { TScoreField } from '../../../src/schemas/scoreField';
import { formatPoint } from '../../../src/valueFormat';
import { useLiveEvent } from '../../hooks/liveEvents';
import { useLoadError } from '../../hooks/useConnection';
import { useJury } from '../../hooks/useJury';
import { useSystemState } from '../../hooks/useSystemState';
import { useTRPC } from '../../trpc';
import { confirmDanger } from '../confirmDanger';
import { DataTable, RECORD_LIST } from '../DataTable';
import { DashboardSection } from '../dashboard/DashboardSection';
import { FormActions, FormModal } from '../FormModal';
import { notifyError, notifySuccess } from '../notify';
import { useResults } from '../results/util';

const t = juryText;
/** The head judge select's option for none (a Select's value cannot be null). */
const NONE = 'none';

interface Option {
  value: string;
  label: string;
}

export function JurySettings() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { user } = useSystemState();
  const isAdmin = user?.role === 'admin';
  const { jury, settle } = useJury();
  const juryRead = useQuery(trpc.jury.get.queryOptions());
  useLoadError(t.loadError, juryRead.error);
  // The admin picks among the panel's judges; the names of others (a judge who left it) come with the results.
  const panel = useQuery(trpc.user.panel.queryOptions(undefined, { enabled: isAdmin }));
  const results = useResults().data;
  const fields = (useQuery(trpc.scoreField.all.queryOptions()).data?.items ?? []).filter((f) => f.kind === 'judges');
  const teams = useQuery(trpc.team.all.queryOptions()).data?.items ?? [];
  const [adding, setAdding] = useState(false);

  // A ruling or a recusal (here or on the head judge's pad) moves what counts: the results follow.
  const liveJury = useLiveEvent('jury');
  useEffect(() => {
    if (liveJury) void queryClient.invalidateQueries({ queryKey: trpc.results.list.queryKey() });
  }, [liveJury, queryClient, trpc]);

  const seated: Option[] = isAdmin
    ? (panel.data?.items ?? []).filter((j) => j.seated).map((j) => ({ value: j._id, label: j.fullName || j.username }))
    : (results?.judges ?? []).map((j) => ({ value: j.gkId, label: j.name }));
  const judgeNames = new Map<string, string>([
    ...(results?.judges ?? []).map((j) => [j.gkId, j.name] as const),
    ...(panel.data?.items ?? []).map((j) => [j._id, j.fullName || j.username] as const),
  ]);
  const teamNames = new Map(teams.map((team) => [team._id, team.name]));
  const judgeName = (id: string) => judgeNames.get(id) ?? id;
  const teamName = (id: string) => teamNames.get(id) ?? id;

  const settled = (answer: Parameters<typeof settle>[0]) => {
    settle(answer);
    void queryClient.invalidateQueries({ queryKey: trpc.results.list.queryKey() });
  };
  const setHead = useMutation(
    trpc.jury.setHead.mutationOptions({
      onSuccess: (answer, input) => {
        settled(answer);
        notifySuccess(input.judgeId === null ? t.headCleared : t.headSet(judgeName(input.judgeId)));
      },
      onError: (error) => notifyError(t.saveError, error),
    }),
  );
  const setThreshold = useMutation(
    trpc.jury.setThreshold.mutationOptions({
      onSuccess: (answer, input) => {
        settled(answer);
        const label = fields.find((f) => f.name === input.fieldName)?.label ?? input.fieldName;
        notifySuccess(input.threshold === null ? t.thresholdDefault(label) : t.thresholdSet(label, formatPoint(input.threshold)));
      },
      onError: (error) => notifyError(t.saveError, error),
    }),
  );
  const recuse = useMutation(
    trpc.jury.recuse.mutationOptions({
      onSuccess: (answer, input) => {
        settled(answer);
        setAdding(false);
        notifySuccess(t.recusedAction(judgeName(input.judgeId), teamName(input.teamId), input.reason));
      },
      onError: (error) => notifyError(t.saveError, error),
    }),
  );
  const lift = useMutation(
    trpc.jury.liftRecusal.mutationOptions({
      onSuccess: (answer, input) => {
        settled(answer);
        notifySuccess(t.recusalLifted(judgeName(input.judgeId), teamName(input.teamId)));
      },
      onError: (error) => notifyError(t.saveError, error),
    }),
  );

  const askLift = (judgeId: string, teamId: string) =>
    confirmDanger({
      title: <Text fw={700}>{t.liftTitle}</Text>,
      text: t.liftText(judgeName(judgeId), teamName(teamId)),
      labels: { confirm: t.lift, cancel: contractText.cancel },
      centered: true,
      onConfirm: () => lift.mutate({ judgeId, teamId }),
    });

  // The head judge named but no longer among the options (taken off the panel): still shown by name.
  const headOptions: Option[] = [{ value: NONE, label: t.headNone }, ...seated];
  if (jury.headJudgeId && !seated.some((o) => o.value === jury.headJudgeId))
    headOptions.push({ value: jury.headJudgeId, label: judgeName(jury.headJudgeId) });

  return (
    <DashboardSection id="jury" title={t.panelTitle} description={t.panelHint}>
      <Stack gap="xl" data-testid="jury-settings">
        <Stack gap={6}>
          <Select
            label={t.head}
            description={t.headHint}
            data={headOptions}
            value={jury.headJudgeId ?? NONE}
            allowDeselect={false}
            disabled={!isAdmin || setHead.isPending}
            maw={560}
            onChange={(value) => {
              const judgeId = value === null || value === NONE ? null : value;
              if (judgeId !== jury.headJudgeId) setHead.mutate({ judgeId });
            }}
            data-testid="jury-head-select"
          />
          {!isAdmin && (
            <Text size="xs" c="dimmed">
              {t.adminOnly}
            </Text>
          )}
        </Stack>

        <Stack gap="xs">
          <SubTitle title={t.thresholds} hint={t.thresholdsHint} />
          <DataTable
            minWidth={isAdmin ? 680 : 420}
            {...RECORD_LIST}
            head={
              <>
                <Table.Th>{t.criterion}</Table.Th>
                <Table.Th ta="right" w={130}>
                  {t.range}
                </Table.Th>
                <Table.Th ta="right" w={200}>
                  {t.threshold}
                </Table.Th>
                {isAdmin && <Table.Th w={320}>{t.newThreshold}</Table.Th>}
              </>
            }
            empty={fields.length === 0 && t.noJudgedFields}
            columns={isAdmin ? 4 : 3}
          >
            {fields.map((field) => (
              <ThresholdRow
                key={field._id}
                field={field}
                own={jury.thresholds[field.name]}
                current={spreadThreshold(field, jury.thresholds)}
                editable={isAdmin}
                saving={setThreshold.isPending && setThreshold.variables?.fieldName === field.name}
                onSave={(threshold) => setThreshold.mutate({ fieldName: field.name, threshold })}
              />
            ))}
          </DataTable>
        </Stack>

        <Stack gap="xs">
          <Group justify="space-between" align="flex-end" wrap="nowrap">
            <SubTitle title={t.recusals} hint={t.recusalsHint} />
            {isAdmin && (
              <Button variant="light" color="red" onClick={() => setAdding(true)} style={{ flex: 'none' }} data-testid="jury-add-recusal">
                {t.addRecusal}
              </Button>
            )}
          </Group>
          <DataTable
            minWidth={560}
            {...RECORD_LIST}
            head={
              <>
                <Table.Th>{t.judge}</Table.Th>
                <Table.Th>{t.team}</Table.Th>
                <Table.Th>{t.reason}</Table.Th>
                {isAdmin && <Table.Th w={140} />}
              </>
            }
            empty={jury.recusals.length === 0 && t.noRecusals}
            columns={isAdmin ? 4 : 3}
          >
            {jury.recusals.map((r) => (
              <Table.Tr key={`${r.judgeId}|${r.teamId}`} data-testid="jury-recusal-row" data-judge={r.judgeId} data-team={r.teamId}>
                <Table.Td fw={600}>{judgeName(r.judgeId)}</Table.Td>
                <Table.Td>{teamName(r.teamId)}</Table.Td>
                <Table.Td>
                  <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                    {r.reason}
                  </Text>
                </Table.Td>
                {isAdmin && (
                  <Table.Td ta="right">
                    <Button
                      size="xs"
                      variant="light"
                      loading={lift.isPending && lift.variables?.judgeId === r.judgeId && lift.variables.teamId === r.teamId}
                      onClick={() => askLift(r.judgeId, r.teamId)}
                    >
                      {t.lift}
                    </Button>
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </DataTable>
        </Stack>
      </Stack>
      <FormModal opened={adding} onClose={() => setAdding(false)} title={t.addRecusal} size="md">
        <RecusalForm
          judges={seated}
          teams={teams.filter((team) => team.active).map((team) => ({ value: team._id, label: team.name }))}
          loading={recuse.isPending}
          onCancel={() => setAdding(false)}
          onSubmit={(values) => recuse.mutate(values)}
        />
      </FormModal>
    </DashboardSection>
  );
}

function SubTitle({ title, hint }: { title: string; hint: string }) {
  return (
    <div>
      <Title order={4} fz="md">
        {title}
      </Title>
      <Text size="sm" c="dimmed">
        {hint}
      </Text>
    </div>
  );
}

/** A criterion: its range, the threshold in force (its own, or the default's share), and for the admin a new one or the default back. */
function ThresholdRow({
  field,
  own,
  current,
  editable,
  saving,
  onSave,
}: {
  field: TScoreField;
  own: number | undefined;
  current: number;
  editable: boolean;
  saving: boolean;
  onSave: (threshold: number | null) => void;
}) {
  const [value, setValue] = useState<number | ''>('');
  const range = field.maxPoint - field.minPoint;
  const valid = value !== '' && value > 0 && value <= range;
  return (
    <Table.Tr data-testid={`jury-threshold-${field.name}`} data-threshold={current} data-own={own !== undefined}>
      <Table.Td fw={600}>{field.label}</Table.Td>
      <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
        {t.rangeOf(formatPoint(field.minPoint), formatPoint(field.maxPoint))}
      </Table.Td>
      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
        <Group gap={6} justify="flex-end" wrap="nowrap">
          <Text span fw={700} style={{ fontVariantNumeric: 'tabular-nums' }}>
            {formatPoint(current)}
          </Text>
          {own === undefined ? (
            <Badge size="sm" variant="light" color="gray" tt="none">
              {t.defaultThreshold}
            </Badge>
          ) : (
            <Badge size="sm" variant="light" color="blue" tt="none">
              {t.ownThreshold}
            </Badge>
          )}
        </Group>
      </Table.Td>
      {editable && (
        <Table.Td>
          <form
            onSubmit={(event) => {
              event.preventDefault();
              if (!valid) return;
              onSave(value);
              setValue('');
            }}
          >
            <Group gap="xs" wrap="nowrap">
              <NumberInput
                aria-label={t.newThresholdOf(field.label)}
                placeholder={formatPoint(current)}
                decimalSeparator=","
                min={0}
                max={range}
                step={field.step}
                hideControls
                w={90}
                size="xs"
                value={value}
                onChange={(v) => setValue(typeof v === 'number' ? v : '')}
                error={value !== '' && !valid}
                data-testid="jury-threshold-input"
              />
              <Button type="submit" size="xs" color="red" disabled={!valid} loading={saving}>
                {t.save}
              </Button>
              {own !== undefined && (
                <Button size="xs" variant="subtle" color="gray" disabled={saving} onClick={() => onSave(null)}>
                  {t.resetThreshold}
                </Button>
              )}
            </Group>
          </form>
        </Table.Td>
      )}
    </Table.Tr>
  );
}

interface RecusalValues {
  judgeId: string | null;
  teamId: string | null;
  reason: string;
}

/** Mounted while the modal is open: each recusal starts empty; the reason is required (the server refuses an empty one too). */
function RecusalForm({
  judges,
  teams,
  loading,
  onCancel,
  onSubmit,
}: {
  judges: Option[];
  teams: Option[];
  loading: boolean;
  onCancel: () => void;
  onSubmit: (values: { judgeId: string; teamId: string; reason: string }) => void;
}) {
  const form = useForm<RecusalValues>({
    initialValues: { judgeId: null, teamId: null, reason: '' },
    validate: {
      judgeId: (v) => (v ? null : resultsText.required),
      teamId: (v) => (v ? null : resultsText.required),
      reason: (v) => (v.trim() ? null : t.reasonRequired),
    },
  });
  return (
    <form
      onSubmit={form.onSubmit((v) => {
        if (v.judgeId && v.teamId) onSubmit({ judgeId: v.judgeId, teamId: v.teamId, reason: v.reason.trim() });
      })}
      data-testid="jury-recusal-form"
    >
      <Stack gap="sm">
        <Select
          label={t.judge}
          placeholder={resultsText.pickJudge}
          searchable
          data={judges}
          data-autofocus
          key={form.key('judgeId')}
          {...form.getInputProps('judgeId')}
          data-testid="jury-recusal-judge"
        />
        <Select
          label={t.team}
          placeholder={resultsText.pickTeam}
          searchable
          data={teams}
          key={form.key('teamId')}
          {...form.getInputProps('teamId')}
          data-testid="jury-recusal-team"
        />
        <Textarea
          label={t.reason}
          placeholder={t.recusalReasonPlaceholder}
          autosize
          minRows={2}
          maxLength={500}
          key={form.key('reason')}
          {...form.getInputProps('reason')}
          data-testid="jury-recusal-reason"
        />
      </Stack>
      <FormActions onCancel={onCancel} submitLabel={t.addRecusal} loading={loading} mt="md" />
    </form>
  );
}
