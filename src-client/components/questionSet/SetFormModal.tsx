/** The create and rename form of a question set: its title and priority, validated with the server's schema. */
import { Button, Group, Modal, NumberInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useEffect } from 'react';
import { messages } from '../../../src/messages';
import { ZQuestionSetDataSchema } from '../../../src/schemas/questionSet';
import { errorData } from './helpers';

const ZSetFormSchema = ZQuestionSetDataSchema.pick({ title: true, priority: true });
// A type alias (not an interface) so it fits the resolver's Record<string, unknown>.
export type SetFormValues = {
  title: string;
  priority: number | string;
};
/** What the form sends: no priority puts a new set at the end of its list. */
export type SetFormResult = { title: string; priority?: number };
const validateSet = zod4Resolver(ZSetFormSchema);

interface Props {
  opened: boolean;
  heading: string;
  initial: SetFormValues;
  submitLabel: string;
  loading: boolean;
  onClose(): void;
  /** Resolves when saved; rejects with the server's error, which is shown at its field. */
  onSubmit(values: SetFormResult): Promise<unknown>;
}

export function SetFormModal({ opened, heading, initial, submitLabel, loading, onClose, onSubmit }: Props) {
  const form = useForm<SetFormValues>({ initialValues: initial, validate: (values) => validateSet({ ...values, priority: values.priority === '' ? undefined : values.priority }) });

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset the form only when the modal opens
  useEffect(() => {
    if (opened) {
      form.setValues(initial);
      form.resetDirty(initial);
      form.clearErrors();
    }
    // Reset only when the modal opens.
  }, [opened]);

  const submit = form.onSubmit(async (values) => {
    try {
      await onSubmit({
        title: values.title.trim(),
        // Left empty, a new set goes to the end of its list and a renamed one keeps its place.
        priority: values.priority === '' ? undefined : Number(values.priority),
      });
    } catch (error) {
      // data.field is "data.title" or "changes.priority": the form field is its last part.
      const field = errorData(error).field?.split('.').pop();
      if (field === 'title' || field === 'priority') form.setFieldError(field, (error as Error).message);
    }
  });

  return (
    <Modal opened={opened} onClose={onClose} title={heading} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput label={messages.qs.titleLabel} data-autofocus withAsterisk {...form.getInputProps('title')} />
          <NumberInput
            label={messages.qs.priorityLabel}
            description={messages.qs.priorityHint}
            placeholder={messages.userAdmin.priorityAuto}
            allowDecimal={false}
            {...form.getInputProps('priority')}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {messages.cancel}
            </Button>
            <Button type="submit" color="red" loading={loading}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
