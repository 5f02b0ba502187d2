/**
 * "Chốt kết quả": each round the event uses, and the whole event, locked or open, with who locked it
 * and when. Whoever may lock (`mayLockResults`) locks after a confirmation and unlocks with a reason;
 * the others see the state. The locks come from `results.locks`, then from the live `locks` message
 * when it is newer (another admin's lock shows at once).
 */
import { Badge, Button, Stack, Table, Text, Textarea } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { contractText } from '../../../src/messages/contract';
import { resultsLockText } from '../../../src/messages/resultsLock';
import { lockOver, mayLockResults, type TResultsLock } from '../../../src/resultsLock';
import { roundsUsed } from '../../../src/rounds';
import { formatDateTime } from '../../../src/valueFormat';
import { useLiveNewerThan } from '../../hooks/liveEvents';
import { useSystemState } from '../../hooks/useSystemState';
import { useTRPC } from '../../trpc';
import { confirmDanger } from '../confirmDanger';
import { DataTable, RECORD_LIST } from '../DataTable';
import { DashboardSection } from '../dashboard/DashboardSection';
import { FormActions, FormModal } from '../FormModal';
import { notifyError, notifySuccess } from '../notify';

const t = resultsLockText;

/** A row of the panel: a round (its number) or the whole event (null), and its name. */
interface LockRow {
  round: number | null;
  name: string;
}

export function ResultsLocks() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { user } = useSystemState();
  const read = useQuery(trpc.results.locks.queryOptions());
  const live = useLiveNewerThan('locks', read.data);
  const locks: readonly TResultsLock[] = live?.locks ?? read.data?.locks ?? [];
  const settings = useQuery(trpc.settings.get.queryOptions()).data?.settings;
  const fields = useQuery(trpc.scoreField.all.queryOptions()).data?.items ?? [];
  const [unlocking, setUnlocking] = useState<LockRow | null>(null);

  useEffect(() => {
    if (read.error) notifyError(t.loadError, read.error);
  }, [read.error]);

  const titles = settings?.roundTitles ?? {};
  const rounds = [...new Set([...roundsUsed(titles), ...fields.flatMap((f) => (f.round ? [f.round] : []))])].sort((a, b) => a - b);
  const rows: LockRow[] = [
    ...rounds.map((round) => ({ round, name: t.roundName(round, titles[round]?.trim() ?? '') })),
    { round: null, name: t.wholeEvent },
  ];
  const unrounded = fields.filter((f) => f.round === null).map((f) => f.label);
  const mayLock = mayLockResults(user);

  const settle = (locks: TResultsLock[], eventId: number) => queryClient.setQueryData(trpc.results.locks.queryKey(), { locks, eventId });
  const lock = useMutation(
    trpc.results.lock.mutationOptions({
      onSuccess: ({ locks, eventId }, input) => {
        settle(locks, eventId);
        notifySuccess(t.lockedToast(nameOf(rows, input.round ?? null)));
      },
      onError: (error) => notifyError(t.lockError, error),
    }),
  );
  const unlock = useMutation(
    trpc.results.unlock.mutationOptions({
      onSuccess: ({ locks, eventId }, input) => {
        settle(locks, eventId);
        setUnlocking(null);
        notifySuccess(t.unlockedToast(nameOf(rows, input.round ?? null)));
      },
      onError: (error) => notifyError(t.unlockError, error),
    }),
  );

  const askLock = (row: LockRow) =>
    confirmDanger({
      title: <Text fw={700}>{t.lockTitle(row.name)}</Text>,
      text: t.lockText,
      labels: { confirm: t.lock, cancel: contractText.cancel },
      centered: true,
      onConfirm: () => lock.mutate({ round: row.round }),
    });

  return (
    <DashboardSection id="results-locks" title={t.title} description={t.hint}>
      <Stack gap="sm">
        <DataTable
          minWidth={560}
          {...RECORD_LIST}
          data-testid="results-locks"
          head={
            <>
              <Table.Th>{t.round}</Table.Th>
              <Table.Th>{t.state}</Table.Th>
              {mayLock && <Table.Th w={120} />}
            </>
          }
        >
          {rows.map((row) => {
            const own = locks.find((l) => l.round === row.round) ?? null;
            const held = lockOver(locks, row.round);
            return (
              <Table.Tr key={row.round ?? 'event'} data-testid="results-lock-row" data-round={row.round ?? 'event'} data-locked={!!held}>
                <Table.Td fw={row.round === null ? 700 : 500}>{row.name}</Table.Td>
                <Table.Td>
                  <LockState own={own} held={held} />
                </Table.Td>
                {mayLock && (
                  <Table.Td ta="right">
                    {own ? (
                      <Button size="xs" variant="light" onClick={() => setUnlocking(row)}>
                        {t.unlock}
                      </Button>
                    ) : (
                      <Button
                        size="xs"
                        color="red"
                        loading={lock.isPending && lock.variables?.round === row.round}
                        onClick={() => askLock(row)}
                      >
                        {t.lock}
                      </Button>
                    )}
                  </Table.Td>
                )}
              </Table.Tr>
            );
          })}
        </DataTable>
        {unrounded.length > 0 && (
          <Text size="sm" c="dimmed">
            {t.unroundedHint(unrounded.join(', '))}
          </Text>
        )}
      </Stack>
      <UnlockModal
        row={unlocking}
        loading={unlock.isPending}
        onClose={() => setUnlocking(null)}
        onUnlock={(reason) => unlocking && unlock.mutate({ round: unlocking.round, reason })}
      />
    </DashboardSection>
  );
}

function nameOf(rows: readonly LockRow[], round: number | null): string {
  return rows.find((r) => r.round === round)?.name ?? t.wholeEvent;
}

/** Locked (by whom, when), held by the whole event's lock, or open. */
function LockState({ own, held }: { own: TResultsLock | null; held: TResultsLock | null }) {
  if (own) {
    return (
      <Stack gap={2}>
        <Badge color="red" variant="light" w="fit-content">
          {t.stateLocked}
        </Badge>
        <Text size="xs" c="dimmed">
          {t.lockedBy(own.lockedByName, formatDateTime(own.lockedAt))}
        </Text>
      </Stack>
    );
  }
  if (held) {
    return (
      <Text size="sm" c="dimmed">
        {t.lockedWithEvent}
      </Text>
    );
  }
  return (
    <Badge color="gray" variant="light">
      {t.stateOpen}
    </Badge>
  );
}

/** The reason an unlock asks for; the server refuses an empty one too. */
function UnlockModal({
  row,
  loading,
  onClose,
  onUnlock,
}: {
  row: LockRow | null;
  loading: boolean;
  onClose: () => void;
  onUnlock: (reason: string) => void;
}) {
  return (
    <FormModal opened={row !== null} onClose={onClose} title={row ? t.unlockTitle(row.name) : ''} size="md">
      <UnlockForm loading={loading} onCancel={onClose} onUnlock={onUnlock} />
    </FormModal>
  );
}

/** Mounted while the modal is open: each unlock starts with an empty reason. */
function UnlockForm({ loading, onCancel, onUnlock }: { loading: boolean; onCancel: () => void; onUnlock: (reason: string) => void }) {
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const empty = reason.trim() === '';
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        setTried(true);
        if (!empty) onUnlock(reason.trim());
      }}
    >
      <Textarea
        label={t.unlockReason}
        placeholder={t.unlockReasonPlaceholder}
        autosize
        minRows={2}
        maxLength={500}
        data-autofocus
        value={reason}
        onChange={(event) => setReason(event.currentTarget.value)}
        error={tried && empty ? t.reasonRequired : undefined}
        data-testid="unlock-reason"
      />
      <FormActions onCancel={onCancel} submitLabel={t.unlock} loading={loading} mt="md" />
    </form>
  );
}
