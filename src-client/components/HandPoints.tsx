/**
 * Points given or taken by hand (`show.handPoints`): a team, one of the answers fields (judges' points
 * are corrected under "Sửa điểm"), the points with their sign and a reason, which is required. The
 * console and the dashboard open the same dialog; its answer names the move, and the console's
 * history (and its undo) has it.
 */
import { Button, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { correctionsText } from '../../src/messages/corrections';
import { movesText } from '../../src/messages/moves';
import { validationText } from '../../src/messages/validation';
import { parsePoint } from '../../src/valueFormat';
import { useTRPC } from '../trpc';
import { FormActions, FormModal } from './FormModal';
import { formSaveError } from './formSave';
import { expectUnattributedEcho } from './master/useConsole';
import { notifySuccess } from './notify';

const C = correctionsText;

const t = movesText;

interface HandValues {
  teamId: string | null;
  fieldName: string | null;
  points: string;
  reason: string;
}

/** "−10", "-10", "+7,5" and "10" all read; a real minus sign too. */
function parseSignedPoints(text: string): number | null {
  return parsePoint(text.trim().replace(/^[−–]/, '-').replace(/^\+/, ''));
}

function HandPointsForm({ teams, onClose, onDone }: { teams: { id: string; name: string }[]; onClose: () => void; onDone?: () => void }) {
  const trpc = useTRPC();
  const fields = (useQuery(trpc.scoreField.all.queryOptions()).data?.items ?? []).filter((f) => f.kind === 'answers');
  const form = useForm<HandValues>({
    initialValues: { teamId: null, fieldName: fields.length === 1 ? (fields[0]?.name ?? null) : null, points: '', reason: '' },
    validate: {
      teamId: (v) => (v ? null : validationText.handTeamRequired),
      fieldName: (v) => (v ? null : validationText.handFieldRequired),
      points: (v) => {
        const points = parseSignedPoints(v);
        if (points === null) return validationText.handPointsNumber;
        if (points === 0) return t.handPointsZero;
        return Math.abs(points) > 1000 ? validationText.handPointsRange : null;
      },
      reason: (v) => (v.trim() ? null : validationText.handReasonRequired),
    },
  });
  const saveError = formSaveError(form, C.handError, ['teamId', 'fieldName', 'points', 'reason']);
  const hand = useMutation(
    trpc.show.handPoints.mutationOptions({
      // On the console, the move's echo (which names no console) is this console's own.
      onMutate: () => ({ cancelEcho: expectUnattributedEcho() }),
      onSuccess: ({ label }) => {
        notifySuccess(t.handRecorded(label), 5000);
        onDone?.();
        onClose();
      },
      onError: (error, _input, echo) => {
        echo?.cancelEcho();
        saveError(error);
      },
    }),
  );
  const submit = form.onSubmit((v) =>
    hand.mutate({
      teamId: v.teamId ?? '',
      fieldName: v.fieldName ?? '',
      points: parseSignedPoints(v.points) ?? 0,
      reason: v.reason.trim(),
    }),
  );

  return (
    <form onSubmit={submit} noValidate data-testid="hand-points-form">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {C.handHint}
        </Text>
        <Select
          label={C.handTeam}
          placeholder={C.handTeamPlaceholder}
          searchable
          withAsterisk
          data={teams.map((team) => ({ value: team.id, label: team.name }))}
          key={form.key('teamId')}
          {...form.getInputProps('teamId')}
        />
        <Select
          label={C.handField}
          placeholder={fields.length ? C.handFieldPlaceholder : C.handNoFields}
          withAsterisk
          data={fields.map((f) => ({ value: f.name, label: f.label }))}
          key={form.key('fieldName')}
          {...form.getInputProps('fieldName')}
        />
        <TextInput
          label={C.handPoints}
          description={C.handPointsHint}
          inputMode="decimal"
          withAsterisk
          key={form.key('points')}
          {...form.getInputProps('points')}
        />
        <Textarea
          label={C.handReason}
          placeholder={C.handReasonPlaceholder}
          autosize
          minRows={2}
          withAsterisk
          key={form.key('reason')}
          {...form.getInputProps('reason')}
        />
        <FormActions onCancel={onClose} submitLabel={C.handSubmit} loading={hand.isPending} mt="xs" />
      </Stack>
    </form>
  );
}

/** A button that opens the hand-points dialog; `onDone` runs after points are recorded. */
export function HandPointsButton({
  teams,
  onDone,
  size = 'xs',
  fullWidth,
}: {
  teams: { id: string; name: string }[];
  onDone?: () => void;
  size?: 'xs' | 'sm';
  fullWidth?: boolean;
}) {
  const [opened, setOpened] = useState(false);
  const close = () => setOpened(false);
  return (
    <>
      <Button
        size={size}
        variant="light"
        color="indigo"
        fullWidth={fullWidth}
        onClick={() => setOpened(true)}
        data-testid="hand-points-open"
      >
        {C.handOpen}
      </Button>
      <FormModal opened={opened} onClose={close} title={C.handTitle} size="md">
        <HandPointsForm teams={teams} onClose={close} onDone={onDone} />
      </FormModal>
    </>
  );
}
