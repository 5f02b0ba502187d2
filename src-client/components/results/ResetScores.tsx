/** (g) Reset of all scores, behind the exact typed confirmation and a reason. */
import { Alert, Button, Grid, Textarea, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { resultsText } from '../../../src/messages/results';
import { validationText } from '../../../src/messages/validation';
import { RESET_CONFIRMATION } from '../../../src/schemas/scoring';
import { useTRPC } from '../../trpc';
import { DashboardSection } from '../dashboard/DashboardSection';
import { notifyError, notifySuccess } from '../notify';

const t = resultsText;

export function ResetScores() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [confirm, setConfirm] = useState('');
  const [reason, setReason] = useState('');
  const reset = useMutation(
    trpc.scoring.reset.mutationOptions({
      onSuccess: ({ removed }) => {
        notifySuccess(t.resetDone(removed));
        setConfirm('');
        setReason('');
        void queryClient.invalidateQueries({ queryKey: trpc.results.list.queryKey() });
        void queryClient.invalidateQueries({ queryKey: trpc.scoring.pathKey() });
      },
      onError: (error) => notifyError(t.resetError, error),
    }),
  );
  const ready = confirm === RESET_CONFIRMATION && reason.trim().length > 0;

  return (
    <DashboardSection id="reset-scores" title={t.resetTitle}>
      <Alert color="red" variant="light" radius="md" mb="md">
        {t.resetHint}
      </Alert>
      <Grid gap="md" align="flex-end">
        <Grid.Col span={{ base: 12, md: 4 }}>
          <TextInput
            label={t.resetType(RESET_CONFIRMATION)}
            placeholder={RESET_CONFIRMATION}
            value={confirm}
            onChange={(e) => setConfirm(e.currentTarget.value)}
            autoComplete="off"
            spellCheck={false}
            error={confirm && !RESET_CONFIRMATION.startsWith(confirm) ? validationText.resetConfirmWrong : undefined}
            data-testid="reset-confirm"
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Textarea
            label={t.resetReason}
            autosize
            minRows={1}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            data-testid="reset-reason"
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 3 }}>
          <Button
            color="red"
            fullWidth
            disabled={!ready}
            loading={reset.isPending}
            onClick={() => reset.mutate({ confirm: confirm as typeof RESET_CONFIRMATION, reason: reason.trim() })}
            data-testid="reset-button"
          >
            {t.resetButton}
          </Button>
        </Grid.Col>
      </Grid>
    </DashboardSection>
  );
}
