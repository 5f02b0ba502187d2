/** The event's settings: name, date (dd/mm/yyyy), venue, logo with a preview, slogan, and the six rounds' titles (an empty one: the round is not used). */
import { Button, Center, Grid, Group, Image, Paper, SimpleGrid, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { contractText } from '../../../src/messages/contract';
import { dashboardText } from '../../../src/messages/dashboard';
import { type TSettings, type TSettingsChanges, ZSettingsChangesSchema } from '../../../src/schemas/settings';
import { formatDate, parseDate } from '../../../src/valueFormat';
import { useLoadError } from '../../hooks/useConnection';
import { useTRPC } from '../../trpc';
import { formSaveError } from '../formSave';
import { notifySuccess } from '../notify';
import { DashboardSection } from './DashboardSection';

const t = dashboardText;
const ROUNDS = ['1', '2', '3', '4', '5', '6'] as const;
const FIELDS = ['name', 'date', 'venue', 'logoUrl', 'slogan', 'roundTitles'] as const;

interface SettingsFormValues {
  name: string;
  /** As typed: dd/mm/yyyy. */
  date: string;
  venue: string;
  logoUrl: string;
  slogan: string;
  roundTitles: Record<(typeof ROUNDS)[number], string>;
}

function toFormValues(settings: TSettings): SettingsFormValues {
  const roundTitles = Object.fromEntries(ROUNDS.map((n) => [n, settings.roundTitles[n] ?? ''])) as SettingsFormValues['roundTitles'];
  const { name, venue, logoUrl, slogan } = settings;
  return { name, date: formatDate(settings.date), venue, logoUrl, slogan, roundTitles };
}

/** The form's values as the server's changes; the date goes back to ISO (an unreadable one is left as typed, so the schema refuses it). */
function toChanges(values: SettingsFormValues): TSettingsChanges {
  const text = values.date.trim();
  const date = text === '' ? null : (parseDate(text)?.isoDate ?? text);
  return { ...values, date };
}

function validate(values: SettingsFormValues): Record<string, string> {
  const errors: Record<string, string> = {};
  const parsed = ZSettingsChangesSchema.safeParse(toChanges(values));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const path = issue.path.map(String).join('.');
      if (path && !errors[path]) errors[path] = issue.message;
    }
  }
  return errors;
}

export function EventSettingsForm() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const settingsQuery = useQuery(trpc.settings.get.queryOptions());
  const settings = settingsQuery.data?.settings;
  const form = useForm<SettingsFormValues>({
    initialValues: { name: '', date: '', venue: '', logoUrl: '', slogan: '', roundTitles: { 1: '', 2: '', 3: '', 4: '', 5: '', 6: '' } },
    validate,
  });

  const fill = (next: TSettings) => {
    const values = toFormValues(next);
    form.setValues(values);
    form.resetDirty(values);
  };
  // Fill the form when the settings arrive; a later re-read never overwrites what is being typed.
  // biome-ignore lint/correctness/useExhaustiveDependencies: fill the form when the settings arrive, never from what is being typed
  useEffect(() => {
    if (settings && !form.isDirty()) fill(settings);
  }, [settings]);

  useLoadError(t.settingsLoadError, settingsQuery.error);

  const update = useMutation(
    trpc.settings.update.mutationOptions({
      onSuccess: ({ settings: saved }) => {
        notifySuccess(contractText.updated);
        fill(saved);
        queryClient.setQueryData(trpc.settings.get.queryKey(), { settings: saved });
        void queryClient.invalidateQueries({ queryKey: trpc.settings.get.queryKey() });
      },
      onError: formSaveError(form, t.settingsError, FIELDS),
    }),
  );

  const submit = form.onSubmit((values) => update.mutate(ZSettingsChangesSchema.parse(toChanges(values))));
  const logo = form.values.logoUrl.trim();

  return (
    <DashboardSection id="event-settings" title={t.settingsTitle} description={t.settingsHint}>
      {!settings ? (
        <Stack gap="sm">
          <Skeleton h={36} />
          <Skeleton h={36} />
          <Skeleton h={36} />
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <Group align="flex-start" gap="lg" wrap="nowrap">
              <Stack gap="md" style={{ flex: 1, minWidth: 0 }}>
                <TextInput label={t.eventName} withAsterisk {...form.getInputProps('name')} />
                <Grid gap="md">
                  <Grid.Col span={{ base: 12, sm: 4 }}>
                    <TextInput label={t.eventDate} placeholder={t.datePlaceholder} inputMode="numeric" {...form.getInputProps('date')} />
                  </Grid.Col>
                  <Grid.Col span={{ base: 12, sm: 8 }}>
                    <TextInput label={t.venue} {...form.getInputProps('venue')} />
                  </Grid.Col>
                </Grid>
                <TextInput label={t.logoUrl} description={t.logoHint} placeholder={t.logoPlaceholder} {...form.getInputProps('logoUrl')} />
                <TextInput label={t.slogan} description={t.sloganHint} {...form.getInputProps('slogan')} />
              </Stack>
              <Stack gap={6} align="center" visibleFrom="sm" w={132} style={{ flex: 'none' }}>
                <Text size="sm" fw={500}>
                  {t.logoPreview}
                </Text>
                <Paper withBorder radius="md" w={120} h={120} p="xs" bg="gray.0">
                  <Center h="100%">
                    <Image
                      src={logo || '/logo.svg'}
                      fallbackSrc="/logo.svg"
                      alt={t.logoPreview}
                      data-testid="logo-preview"
                      fit="contain"
                      mah={100}
                      maw={100}
                    />
                  </Center>
                </Paper>
              </Stack>
            </Group>
            <div>
              <Text size="sm" fw={600}>
                {t.roundTitles}
              </Text>
              <Text size="xs" c="dimmed" mb={6}>
                {t.roundTitlesHint}
              </Text>
              <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" verticalSpacing="sm">
                {ROUNDS.map((n) => (
                  // Round 1 only is required: an empty title leaves its round out of the event.
                  <TextInput key={n} label={t.roundTitle(Number(n))} withAsterisk={n === '1'} {...form.getInputProps(`roundTitles.${n}`)} />
                ))}
              </SimpleGrid>
            </div>
            <Group justify="flex-end">
              <Button type="submit" color="red" loading={update.isPending}>
                {t.save}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </DashboardSection>
  );
}
