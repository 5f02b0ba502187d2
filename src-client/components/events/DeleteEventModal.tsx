/**
 * Deleting an event takes everything of it with it, so the admin types its name again; the button
 * stays disabled until the name matches (as the server checks it: trimmed, exact). The event on stage
 * cannot be deleted at all: the modal says why instead of asking.
 */
import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { contractText } from '../../../src/messages/contract';
import { eventsText } from '../../../src/messages/events';
import type { TEventSummary } from '../../../src/schemas/events';
import { useTRPC } from '../../trpc';
import { FormModal } from '../FormModal';
import { mutationToasts } from '../notify';

const t = eventsText;

export function DeleteEventModal({ event, opened, onClose }: { event: TEventSummary | null; opened: boolean; onClose: () => void }) {
  return (
    <FormModal opened={opened} onClose={onClose} title={event ? t.removeTitle(event.title) : ''} size="md">
      {event && <DeleteEventForm event={event} onDone={onClose} />}
    </FormModal>
  );
}

function DeleteEventForm({ event, onDone }: { event: TEventSummary; onDone: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [typed, setTyped] = useState('');
  const remove = useMutation(
    trpc.events.remove.mutationOptions(
      mutationToasts(t.removed, t.removeError, () => {
        void queryClient.invalidateQueries({ queryKey: trpc.events.list.queryKey() });
        onDone();
      }),
    ),
  );

  if (event.state === 'onStage') {
    return (
      <Stack gap="md">
        <Alert color="orange" radius="md" data-testid="delete-on-stage">
          {t.deleteOnStage}
        </Alert>
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone} data-testid="delete-on-stage-close">
            {t.close}
          </Button>
        </Group>
      </Stack>
    );
  }

  const matches = typed.trim() === event.title.trim();
  return (
    <form
      noValidate
      data-testid="event-delete-form"
      onSubmit={(submitted) => {
        submitted.preventDefault();
        if (matches) remove.mutate({ _id: event._id, confirm: typed.trim() });
      }}
    >
      <Stack gap="md">
        <Text size="sm">{t.removeText}</Text>
        <TextInput
          label={t.deleteConfirm}
          description={t.removeNameHint(event.title)}
          autoComplete="off"
          data-autofocus
          value={typed}
          onChange={(change) => setTyped(change.currentTarget.value)}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            {contractText.cancel}
          </Button>
          <Button type="submit" color="red" disabled={!matches} loading={remove.isPending}>
            {t.removeSubmit}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
