/**
 * An editor modal's form (the modal opened through `useModalItem`): checked against `schema`, filled
 * afresh with `values()` (the item's, or a new one's) each time the modal opens, and `saved`, to call
 * once the server has it, refreshes the list (`listKey`) and closes the modal.
 */
import { useForm } from '@mantine/form';
import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useFillOnOpen } from './useFillOnOpen';
import type { ModalItem } from './useModalItem';

export function useEditorForm<V extends Record<string, unknown>, T>(
  schema: Parameters<typeof zod4Resolver>[0],
  modal: ModalItem<T>,
  listKey: QueryKey,
  values: () => V,
) {
  const queryClient = useQueryClient();
  const form = useForm<V>({ initialValues: values(), validate: zod4Resolver(schema) });
  useFillOnOpen(form, { opened: modal.opened, item: modal.item, values });
  const saved = () => {
    void queryClient.invalidateQueries({ queryKey: listKey });
    modal.close();
  };
  return { form, saved };
}
