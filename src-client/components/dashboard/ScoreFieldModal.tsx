/** Create or edit one criterion of the scoring sheet, validated with the server's ZScoreFieldDataSchema. */
import { Group, NumberInput, SegmentedControl, Select, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useMutation, useQuery } from '@tanstack/react-query';
import { contractText } from '../../../src/messages/contract';
import { dashboardText } from '../../../src/messages/dashboard';
import { ROUND_NUMBERS, roundsUsed } from '../../../src/rounds';
import { SCORE_FIELD_KINDS, type TScoreField, ZScoreFieldDataSchema } from '../../../src/schemas/scoreField';
import { useEditorForm } from '../../hooks/useEditorForm';
import type { ModalItem } from '../../hooks/useModalItem';
import { useTRPC } from '../../trpc';
import { FormActions, FormModal } from '../FormModal';
import { formSaveHandlers } from '../formSave';

const t = dashboardText;
const FIELDS = ['name', 'label', 'kind', 'minPoint', 'maxPoint', 'step', 'weight', 'dropExtremes', 'position', 'round'] as const;

type Kind = TScoreField['kind'];
// A type, not an interface: the zod resolver wants an index-signature-compatible shape.
type ScoreFieldFormValues = {
  name: string;
  label: string;
  kind: Kind;
  minPoint: number | string;
  maxPoint: number | string;
  step: number | string;
  weight: number | string;
  dropExtremes: boolean;
  position: number | string;
  round: number | null;
};

function emptyValues(position: number): ScoreFieldFormValues {
  return {
    name: '',
    label: '',
    kind: 'judges',
    minPoint: 0,
    maxPoint: 10,
    step: 0.5,
    weight: 1,
    dropExtremes: false,
    position,
    round: null,
  };
}

/** `modal` is the score sheet's (the field to edit, or null for a new one); a new field goes at `nextPosition`. */
export function ScoreFieldModal({ modal, nextPosition }: { modal: ModalItem<TScoreField>; nextPosition: number }) {
  const { item: field, opened, close } = modal;
  const trpc = useTRPC();
  const phone = useMediaQuery('(max-width: 48em)');
  // The rounds the event uses, and the field's own should it be another.
  const roundTitles = useQuery(trpc.settings.get.queryOptions()).data?.settings.roundTitles;
  const used: number[] = roundTitles ? roundsUsed(roundTitles) : [...ROUND_NUMBERS];
  const roundChoices = field?.round && !used.includes(field.round) ? [...used, field.round] : used;
  const { form, saved } = useEditorForm(ZScoreFieldDataSchema, modal, trpc.scoreField.all.queryKey(), () => {
    const values: ScoreFieldFormValues = field ? { ...field } : emptyValues(nextPosition);
    delete (values as Partial<TScoreField>)._id;
    return values;
  });

  const create = useMutation(
    trpc.scoreField.create.mutationOptions(formSaveHandlers(form, contractText.created, t.fieldCreateError, saved, FIELDS)),
  );
  const update = useMutation(
    trpc.scoreField.update.mutationOptions(formSaveHandlers(form, contractText.updated, t.fieldUpdateError, saved, FIELDS)),
  );

  const submit = form.onSubmit((values) => {
    const data = ZScoreFieldDataSchema.parse(values);
    if (field) update.mutate({ _id: field._id, changes: data });
    else create.mutate({ data });
  });

  const kind = form.values.kind;
  const point = (name: 'minPoint' | 'maxPoint' | 'step' | 'weight', label: string) => (
    <NumberInput label={label} decimalSeparator="," allowNegative={name === 'minPoint'} hideControls {...form.getInputProps(name)} />
  );

  return (
    <FormModal opened={opened} onClose={close} title={field ? t.editFieldTitle : t.createFieldTitle} size="lg" fullScreen={phone}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <TextInput
              label={t.fieldName}
              description={t.fieldNameHint}
              withAsterisk
              autoCapitalize="none"
              data-autofocus
              {...form.getInputProps('name')}
              onChange={(event) => form.setFieldValue('name', event.currentTarget.value.toLowerCase())}
            />
            <TextInput label={t.fieldLabel} description={t.fieldLabelHint} withAsterisk {...form.getInputProps('label')} />
          </SimpleGrid>
          <Stack gap={6}>
            <Text size="sm" fw={500}>
              {t.kind}
            </Text>
            <SegmentedControl
              fullWidth
              color="red"
              data={SCORE_FIELD_KINDS.map((value) => ({ value, label: t.kinds[value] }))}
              value={kind}
              onChange={(value) => {
                form.setFieldValue('kind', value as Kind);
                if (value === 'answers') form.setFieldValue('dropExtremes', false);
              }}
            />
            <Text size="xs" c="dimmed">
              {t.kindHints[kind]}
            </Text>
          </Stack>
          <SimpleGrid cols={{ base: 2, xs: 4 }} spacing="md">
            {point('minPoint', t.minPoint)}
            {point('maxPoint', t.maxPoint)}
            {point('step', t.step)}
            {point('weight', t.weight)}
          </SimpleGrid>
          <Select
            label={t.round}
            description={t.roundHint}
            allowDeselect={false}
            data={[{ value: '', label: t.noRound }, ...roundChoices.map((n) => ({ value: String(n), label: t.roundName(n) }))]}
            value={form.values.round === null ? '' : String(form.values.round)}
            onChange={(value) => form.setFieldValue('round', value ? Number(value) : null)}
            error={form.errors.round}
          />
          <Group justify="space-between" align="flex-end" gap="md">
            <Switch
              color="red"
              label={t.dropExtremes}
              disabled={kind === 'answers'}
              style={{ flex: 1 }}
              {...form.getInputProps('dropExtremes', { type: 'checkbox' })}
            />
            <NumberInput label={t.position} allowDecimal={false} w={110} {...form.getInputProps('position')} />
          </Group>
          <FormActions onCancel={close} submitLabel={t.saveField} loading={create.isPending || update.isPending} mt="xs" />
        </Stack>
      </form>
    </FormModal>
  );
}
