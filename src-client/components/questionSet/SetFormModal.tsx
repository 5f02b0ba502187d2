/** The create and rename form of a question set: its title and priority, validated with the server's schema. */
import { Modal, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { questionSetsText } from '../../../src/messages/questionSets';
import { ZQuestionSetDataSchema } from '../../../src/schemas/questionSet';
import { useFillOnOpen } from '../../hooks/useFillOnOpen';
import { FormActions } from '../FormModal';
import { showServerFieldError } from '../formSave';
import { PriorityInput, priorityValue } from '../PriorityInput';

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
  const form = useForm<SetFormValues>({
    initialValues: initial,
    validate: (values) => validateSet({ ...values, priority: values.priority === '' ? undefined : values.priority }),
  });

  useFillOnOpen(form, { opened, values: () => initial });

  const submit = form.onSubmit(async (values) => {
    try {
      await onSubmit({
        title: values.title.trim(),
        priority: priorityValue(values.priority),
      });
    } catch (error) {
      // The list toasts the failure; the message also goes to its field.
      showServerFieldError(error, form);
    }
  });

  return (
    <Modal opened={opened} onClose={onClose} title={heading} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput label={questionSetsText.titleLabel} data-autofocus withAsterisk {...form.getInputProps('title')} />
          <PriorityInput {...form.getInputProps('priority')} />
          <FormActions onCancel={onClose} submitLabel={submitLabel} loading={loading} />
        </Stack>
      </form>
    </Modal>
  );
}
