/**
 * Renames an event (its settings' name, which every screen shows): a restored copy keeps the name of
 * the event it was taken from, and two rows of one name help nobody.
 */
import { Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { eventsText } from '../../../src/messages/events';
import { type TEventSummary, ZEventUpdateSchema } from '../../../src/schemas/events';
import { useTRPC } from '../../trpc';
import { FormActions, FormModal } from '../FormModal';
import { formSaveHandlers, zodFormErrors } from '../formSave';

const t = eventsText;

export function RenameEventModal({ event, opened, onClose }: { event: TEventSummary | null; opened: boolean; onClose: () => void }) {
  return (
    <FormModal opened={opened} onClose={onClose} title={event ? t.renameTitle(event.title) : ''} size="md">
      {event && <RenameEventForm event={event} onDone={onClose} />}
    </FormModal>
  );
}

function RenameEventForm({ event, onDone }: { event: TEventSummary; onDone: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const form = useForm({
    initialValues: { title: event.title },
    validate: (values) => {
      const parsed = ZEventUpdateSchema.shape.changes.safeParse(values);
      return parsed.success ? {} : zodFormErrors(parsed.error);
    },
  });
  const saved = () => {
    // The one on stage: its name is on the admin's other pages too.
    if (event.state === 'onStage') void queryClient.invalidateQueries();
    else void queryClient.invalidateQueries({ queryKey: trpc.events.list.queryKey() });
    onDone();
  };
  const rename = useMutation(trpc.events.update.mutationOptions(formSaveHandlers(form, t.renamed, t.renameError, saved, ['title'])));
  return (
    <form
      noValidate
      data-testid="event-rename-form"
      onSubmit={form.onSubmit((values) => rename.mutate({ _id: event._id, changes: { title: values.title } }))}
    >
      <Stack gap="md">
        <TextInput label={t.name} required data-autofocus {...form.getInputProps('title')} />
        <FormActions onCancel={onDone} submitLabel={t.save} loading={rename.isPending} />
      </Stack>
    </form>
  );
}
