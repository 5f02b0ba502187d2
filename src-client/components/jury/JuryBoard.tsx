/**
 * The head judge's board (trưởng ban giám khảo): every judge's points per team and criterion with
 * their spread against the criterion's threshold, the cells in disagreement first, and the head
 * judge's three ways to settle one: accept the points, ask a judge to score again, or decide the
 * score with a reason. The same board is the head judge's tab on /supporter and a dashboard section
 * for the admin; the server checks who may rule (`mayHeadJudge`).
 */
// The pad loads the board alone, with the styles the pad's first load lacks (the dashboard has them all).
import '@mantine/core/styles/Overlay.layer.css';
import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Modal.layer.css';
import '@mantine/core/styles/NumberInput.layer.css';
import { Badge, Button, Card, Group, NativeSelect, NumberInput, Stack, Text, Textarea } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { awaitsHeadJudge, type CellState, type CellStatus, cellStates, mayHeadJudge } from '../../../src/jury';
import { juryText } from '../../../src/messages/jury';
import type { TJuryRule } from '../../../src/schemas/jury';
import { formatPoint } from '../../../src/valueFormat';
import { onLiveMessage } from '../../hooks/liveEvents';
import { useJury } from '../../hooks/useJury';
import { useSystemState } from '../../hooks/useSystemState';
import { useTRPC } from '../../trpc';
import { DashboardSection } from '../dashboard/DashboardSection';
import { FormActions, FormModal } from '../FormModal';
import { notifyError, notifySuccess } from '../notify';

const t = juryText;

const STATUS_COLOR: Record<CellStatus, string> = {
  fine: 'gray',
  flagged: 'red',
  rescoring: 'orange',
  accepted: 'teal',
  decided: 'blue',
};

type Action = 'accept' | 'rescore' | 'decision';

interface Ruling {
  cell: CellState;
  action: Action;
}

export function JuryBoard() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { user, listTeam } = useSystemState();
  const { jury, panel, settle } = useJury();
  const scores = useQuery(trpc.scoring.list.queryOptions());
  const fields = useQuery(trpc.scoreField.all.queryOptions()).data?.items ?? [];
  const [ruling, setRuling] = useState<Ruling | null>(null);

  // Every change of a point is followed by the teams' totals (`teams`), a reset or an undo that takes
  // points away included, which no `scores` message carries: the list is read again once then.
  useEffect(
    () => onLiveMessage('teams', () => void queryClient.invalidateQueries({ queryKey: trpc.scoring.list.queryKey() })),
    [queryClient, trpc],
  );

  const judged = fields.filter((f) => f.kind === 'judges');
  const states = useMemo(() => cellStates(judged, scores.data?.items ?? [], jury), [judged, scores.data, jury]);
  const teamOrder = new Map(listTeam.map((team, index) => [team._id, index]));
  const teamName = (id: string) => listTeam.find((team) => team._id === id)?.name ?? id;
  const judgeName = (id: string) => panel.find((seat) => seat.gkId === id)?.name ?? id;
  const mayRule = mayHeadJudge(user, jury);
  const awaiting = states.filter((s) => awaitsHeadJudge(s.status)).length;

  const rule = useMutation(
    trpc.jury.rule.mutationOptions({
      onSuccess: (answer) => {
        settle(answer);
        setRuling(null);
        notifySuccess(t.done);
      },
      onError: (error) => notifyError(t.ruleError, error),
    }),
  );

  return (
    <Stack gap="md" data-testid="jury-board">
      <Text size="sm" c="dimmed">
        {t.hint}
      </Text>
      <Text fw={700} c={awaiting > 0 ? 'red.8' : 'teal.8'} data-testid="jury-awaiting">
        {awaiting > 0 ? t.awaitingCount(awaiting) : t.nothingAwaiting}
      </Text>
      {judged.map((field) => {
        const cells = states
          .filter((s) => s.fieldName === field.name)
          .sort(
            (a, b) =>
              Number(awaitsHeadJudge(b.status)) - Number(awaitsHeadJudge(a.status)) ||
              (teamOrder.get(a.teamId) ?? 0) - (teamOrder.get(b.teamId) ?? 0),
          );
        if (cells.length === 0) return null;
        return (
          <Stack key={field.name} gap="xs" data-testid="jury-field" data-field={field.name}>
            <Group justify="space-between" gap="xs">
              <Text fw={800}>{field.label}</Text>
              <Text size="sm" c="dimmed">
                {t.thresholdOf(formatPoint(cells[0]!.threshold))}
              </Text>
            </Group>
            {cells.map((cell) => (
              <CellCard
                key={cell.teamId}
                cell={cell}
                teamName={teamName(cell.teamId)}
                judgeName={judgeName}
                mayRule={mayRule}
                onRule={(action) => setRuling({ cell, action })}
              />
            ))}
          </Stack>
        );
      })}
      <RulingModal
        ruling={ruling}
        teamName={ruling ? teamName(ruling.cell.teamId) : ''}
        fieldLabel={ruling ? (judged.find((f) => f.name === ruling.cell.fieldName)?.label ?? '') : ''}
        range={ruling ? judged.find((f) => f.name === ruling.cell.fieldName) : undefined}
        judgeName={judgeName}
        loading={rule.isPending}
        onClose={() => setRuling(null)}
        onSubmit={(input) => rule.mutate(input)}
      />
    </Stack>
  );
}

function CellCard({
  cell,
  teamName,
  judgeName,
  mayRule,
  onRule,
}: {
  cell: CellState;
  teamName: string;
  judgeName: (id: string) => string;
  mayRule: boolean;
  onRule: (action: Action) => void;
}) {
  const open = awaitsHeadJudge(cell.status);
  const over = cell.spread > cell.threshold;
  return (
    <Card
      withBorder
      radius="md"
      padding="sm"
      data-testid="jury-cell"
      data-team={teamName}
      data-status={cell.status}
      style={open ? { borderColor: 'var(--mantine-color-red-5)', borderWidth: 2 } : undefined}
    >
      <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
        <Text fw={700} lh={1.3}>
          {teamName}
        </Text>
        <Badge color={STATUS_COLOR[cell.status]} variant={open ? 'filled' : 'light'} tt="none" style={{ flexShrink: 0 }}>
          {t.status[cell.status]}
        </Badge>
      </Group>
      <Group gap={6} mt={6}>
        {Object.entries(cell.points).map(([gkId, point]) => (
          <Badge key={gkId} variant="outline" color="gray" tt="none" size="lg" fw={600} data-testid="jury-point">
            {judgeName(gkId)}: {formatPoint(point)}
          </Badge>
        ))}
      </Group>
      <Text size="sm" mt={6} c={over ? 'red.8' : 'dimmed'} fw={over ? 700 : 400} data-testid="jury-spread">
        {t.spread} {formatPoint(cell.spread)} · {t.threshold} {formatPoint(cell.threshold)}
        {cell.decided !== null && ` · ${t.status.decided}: ${formatPoint(cell.decided)}`}
        {cell.rescoring.length > 0 && ` · ${t.status.rescoring}: ${cell.rescoring.map(judgeName).join(', ')}`}
      </Text>
      {mayRule && (over || cell.status === 'decided') && (
        <Group gap="xs" mt="xs">
          <Button size="xs" variant="light" color="teal" onClick={() => onRule('accept')} disabled={cell.status === 'accepted'}>
            {t.accept}
          </Button>
          <Button size="xs" variant="light" color="orange" onClick={() => onRule('rescore')}>
            {t.rescore}
          </Button>
          <Button size="xs" variant="light" color="blue" onClick={() => onRule('decision')}>
            {t.decide}
          </Button>
        </Group>
      )}
    </Card>
  );
}

function RulingModal(props: RulingFormProps & { ruling: Ruling | null; onClose: () => void }) {
  const { ruling, onClose } = props;
  const title = ruling ? { accept: t.accept, rescore: t.rescore, decision: t.decide }[ruling.action] : '';
  return (
    <FormModal opened={ruling !== null} onClose={onClose} title={title} size="md">
      {ruling && <RulingForm {...props} ruling={ruling} />}
    </FormModal>
  );
}

interface RulingFormProps {
  teamName: string;
  fieldLabel: string;
  range: { minPoint: number; maxPoint: number; step: number } | undefined;
  judgeName: (id: string) => string;
  loading: boolean;
  onSubmit: (input: TJuryRule) => void;
}

/** Mounted afresh with each ruling the modal opens for. */
function RulingForm({
  ruling,
  teamName,
  fieldLabel,
  range,
  judgeName,
  loading,
  onClose,
  onSubmit,
}: RulingFormProps & { ruling: Ruling; onClose: () => void }) {
  const [reason, setReason] = useState('');
  const [judgeId, setJudgeId] = useState<string | null>(null);
  const [point, setPoint] = useState<number | string>('');

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const base = { teamId: ruling.cell.teamId, fieldName: ruling.cell.fieldName, reason };
    if (ruling.action === 'accept') onSubmit({ kind: 'accept', ...base });
    else if (ruling.action === 'rescore') onSubmit({ kind: 'rescore', ...base, judgeId: judgeId ?? '' });
    else onSubmit({ kind: 'decision', ...base, point: typeof point === 'number' ? point : Number.NaN });
  };

  return (
    <form onSubmit={submit} data-testid="jury-ruling">
      <Stack gap="sm">
        <Text fw={600}>{t.cell(teamName, fieldLabel)}</Text>
        {ruling.action === 'rescore' && (
          <NativeSelect
            label={t.whichJudge}
            required
            data={[{ value: '', label: '' }, ...Object.keys(ruling.cell.points).map((gkId) => ({ value: gkId, label: judgeName(gkId) }))]}
            value={judgeId ?? ''}
            onChange={(event) => setJudgeId(event.currentTarget.value || null)}
          />
        )}
        {ruling.action === 'decision' && range && (
          <NumberInput
            label={t.point}
            required
            min={range.minPoint}
            max={range.maxPoint}
            step={range.step}
            decimalSeparator=","
            value={point}
            onChange={setPoint}
            data-autofocus
          />
        )}
        <Textarea
          label={t.reason}
          required
          autosize
          minRows={2}
          maxLength={500}
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
        />
        <FormActions onCancel={onClose} submitLabel={t.send} loading={loading} mt="xs" />
      </Stack>
    </form>
  );
}

/** The board as a dashboard section, for the admin (who acts as head judge when none is named). */
export function JuryBoardSection() {
  return (
    <DashboardSection id="jury-board" title={t.title}>
      <JuryBoard />
    </DashboardSection>
  );
}
