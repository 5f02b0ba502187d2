/**
 * The steps that move an event between its states, each asked first: on stage (every screen follows,
 * so every query of the admin's other pages is refetched), archived, reopened.
 */
import { Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { contractText } from '../../../src/messages/contract';
import { eventsText } from '../../../src/messages/events';
import type { TEventSummary } from '../../../src/schemas/events';
import { useTRPC } from '../../trpc';
import { confirmDanger } from '../confirmDanger';
import { openConfirm } from '../ModalsHost';
import { mutationToasts, notifyError, notifySuccess } from '../notify';

const t = eventsText;

export function useEventActions() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const refreshList = () => void queryClient.invalidateQueries({ queryKey: trpc.events.list.queryKey() });

  const activate = useMutation(
    trpc.events.activate.mutationOptions({
      onSuccess: ({ item }) => {
        notifySuccess(t.activated(item.title), 5000);
        // The settings, teams, sets and rules every other admin page shows are now the new event's.
        void queryClient.invalidateQueries();
      },
      onError: (error) => notifyError(t.activateError, error),
    }),
  );
  const archive = useMutation(trpc.events.update.mutationOptions(mutationToasts(t.archiveDone, t.archiveError, refreshList)));
  const reopen = useMutation(trpc.events.update.mutationOptions(mutationToasts(t.reopened, t.reopenError, refreshList)));

  return {
    activate: (event: TEventSummary) =>
      confirmDanger({
        title: <Text fw={800}>{t.activateTitle(event.title)}</Text>,
        text: t.activateText,
        labels: { confirm: t.activate, cancel: contractText.cancel },
        onConfirm: () => activate.mutate({ _id: event._id }),
      }),
    archive: (event: TEventSummary) =>
      confirmDanger({
        title: <Text fw={800}>{t.archiveTitle(event.title)}</Text>,
        text: t.archiveText,
        labels: { confirm: t.archive, cancel: contractText.cancel },
        onConfirm: () => archive.mutate({ _id: event._id, changes: { archived: true } }),
      }),
    reopen: (event: TEventSummary) =>
      openConfirm({
        title: <Text fw={800}>{t.reopenTitle(event.title)}</Text>,
        children: <Text size="sm">{t.reopenText}</Text>,
        labels: { confirm: t.reopen, cancel: contractText.cancel },
        onConfirm: () => reopen.mutate({ _id: event._id, changes: { archived: false } }),
      }),
    /** The event going on stage, to show its button busy. */
    activating: activate.isPending ? activate.variables._id : null,
  };
}
