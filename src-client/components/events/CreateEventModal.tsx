/**
 * "Cuộc thi mới": a blank event with N rounds, or one copied from another (the parts ticked, and
 * either every team or only the top N of its final ranking). After a carry the modal lists the teams
 * that came through, saying so when a tie at the cut took more than N.
 */
import { Checkbox, Group, NumberInput, Radio, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { type FormErrors, useForm } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { eventsText } from '../../../src/messages/events';
import { ROUND_NUMBERS } from '../../../src/rounds';
import {
  EVENT_COPY_PARTS,
  type EventCopyPart,
  type TCarriedTeams,
  type TEventCreate,
  type TEventSummary,
  ZEventCreateSchema,
} from '../../../src/schemas/events';
import { useTRPC } from '../../trpc';
import { FormActions, FormModal } from '../FormModal';
import { formSaveError, zodFormErrors } from '../formSave';
import { notifySuccess } from '../notify';
import { CarriedTeams } from './CarriedTeams';

const t = eventsText;

const DEFAULT_ROUNDS = 4;
const NARROW_INPUT = { wrapper: { maxWidth: 140 } };
const DEFAULT_CARRY_TOP = 3;
/** Everything but the teams: a new night of the same contest usually has teams of its own. */
const DEFAULT_COPY: EventCopyPart[] = EVENT_COPY_PARTS.filter((part) => part !== 'teams');

interface CreateValues {
  title: string;
  start: 'blank' | 'copy';
  rounds: number | string;
  from: string | null;
  copy: EventCopyPart[];
  carry: boolean;
  top: number | string;
}

/** The call's input, or the errors (at the form's fields) that keep it from being sent. */
function toInput(values: CreateValues): { input?: TEventCreate; errors: FormErrors } {
  const copying = values.start === 'copy';
  const data = {
    title: values.title,
    rounds: !copying || !values.copy.includes('settings') ? Number(values.rounds) : undefined,
    ...(copying && {
      from: values.from ?? undefined,
      copy: values.copy,
      carryTeams: values.carry ? { top: Number(values.top) } : undefined,
    }),
  };
  const parsed = ZEventCreateSchema.shape.data.safeParse(data);
  if (parsed.success) return { input: { data: parsed.data }, errors: {} };
  const errors = zodFormErrors(parsed.error);
  if (errors['carryTeams.top']) errors.top = errors['carryTeams.top'];
  return { errors };
}

export function CreateEventModal({ opened, onClose, events }: { opened: boolean; onClose: () => void; events: TEventSummary[] }) {
  return (
    <FormModal opened={opened} onClose={onClose} title={t.create} size="lg">
      <CreateEventForm events={events} onDone={onClose} />
    </FormModal>
  );
}

function CreateEventForm({ events, onDone }: { events: TEventSummary[]; onDone: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const carryId = useId();
  const [carried, setCarried] = useState<{ result: TCarriedTeams; top: number } | null>(null);
  const form = useForm<CreateValues>({
    initialValues: {
      title: '',
      start: 'blank',
      rounds: DEFAULT_ROUNDS,
      from: (events.find((event) => event.state === 'onStage') ?? events[0])?._id ?? null,
      copy: DEFAULT_COPY,
      carry: false,
      top: DEFAULT_CARRY_TOP,
    },
    validate: (values) => toInput(values).errors,
  });

  const create = useMutation(
    trpc.events.create.mutationOptions({
      onSuccess: ({ item, carried: result }, input) => {
        notifySuccess(t.created(item.title));
        void queryClient.invalidateQueries({ queryKey: trpc.events.list.queryKey() });
        if (result) setCarried({ result, top: input.data.carryTeams?.top ?? result.teams.length });
        else onDone();
      },
      onError: formSaveError(form, t.createError, ['title', 'rounds', 'from']),
    }),
  );

  if (carried) return <CarriedTeams carried={carried.result} top={carried.top} onClose={onDone} />;

  const { values } = form;
  const copying = values.start === 'copy';
  const showRounds = !copying || !values.copy.includes('settings');
  const setCopy = (copy: string[]) => {
    form.setFieldValue('copy', copy as EventCopyPart[]);
    // Every team or the top N, never both: ticking the teams drops the carry.
    if (copy.includes('teams')) form.setFieldValue('carry', false);
  };
  const setCarry = (carry: boolean) => {
    form.setFieldValue('carry', carry);
    if (carry)
      form.setFieldValue(
        'copy',
        values.copy.filter((part) => part !== 'teams'),
      );
  };

  const submit = form.onSubmit((formValues) => {
    const { input } = toInput(formValues);
    if (input) create.mutate(input);
  });

  return (
    <form onSubmit={submit} noValidate data-testid="event-create-form">
      <Stack gap="md">
        <TextInput label={t.name} required data-autofocus {...form.getInputProps('title')} />
        <Radio.Group label={t.startFrom} {...form.getInputProps('start')}>
          <Group gap="lg" mt={6}>
            <Radio value="blank" label={t.startBlank} />
            <Radio value="copy" label={t.startCopy} disabled={events.length === 0} />
          </Group>
        </Radio.Group>

        {copying && (
          <>
            <Select
              label={t.copyFrom}
              required
              allowDeselect={false}
              data={events.map((event) => ({ value: event._id, label: `${event.title} (${t.states[event.state]})` }))}
              {...form.getInputProps('from')}
            />
            <Checkbox.Group label={t.copyParts} description={t.copyPartsHint} value={values.copy} onChange={setCopy}>
              <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" verticalSpacing="xs" mt="xs">
                {EVENT_COPY_PARTS.map((part) => (
                  <Checkbox key={part} value={part} label={t.parts[part]} data-testid={`copy-${part}`} />
                ))}
              </SimpleGrid>
            </Checkbox.Group>
            <Stack gap={4}>
              <Group gap="xs" align="center" wrap="nowrap">
                {/* One sentence, "Đưa [N] đội dẫn đầu đi tiếp": the checkbox is named by all of it. */}
                <Checkbox
                  id={carryId}
                  label={t.carryLead}
                  aria-label={t.carryTeams(Number(values.top) || DEFAULT_CARRY_TOP)}
                  checked={values.carry}
                  onChange={(event) => setCarry(event.currentTarget.checked)}
                  data-testid="carry-teams"
                />
                <NumberInput
                  aria-label={t.carryTop}
                  w={76}
                  size="xs"
                  min={1}
                  max={1000}
                  allowDecimal={false}
                  allowNegative={false}
                  disabled={!values.carry}
                  data-testid="carry-top"
                  {...form.getInputProps('top')}
                  // The message goes under the whole sentence, not inside it.
                  error={Boolean(form.errors.top)}
                />
                <Text component="label" htmlFor={carryId} size="sm" style={{ cursor: 'pointer' }}>
                  {t.carryTail}
                </Text>
              </Group>
              {form.errors.top && (
                <Text size="xs" c="red.8" role="alert">
                  {form.errors.top}
                </Text>
              )}
              <Text size="xs" c="dimmed">
                {t.carryTeamsHint}
              </Text>
            </Stack>
          </>
        )}

        {showRounds && (
          <NumberInput
            label={t.rounds}
            description={t.roundsHint}
            required
            // A box for one digit; its label and hint keep the form's width.
            styles={NARROW_INPUT}
            min={1}
            max={ROUND_NUMBERS.length}
            allowDecimal={false}
            allowNegative={false}
            {...form.getInputProps('rounds')}
          />
        )}

        <FormActions onCancel={onDone} submitLabel={t.createSubmit} loading={create.isPending} mt="xs" />
      </Stack>
    </form>
  );
}
