/**
 * (e) Corrections: set one judge's point (or every judge's) for a team and field; overwriting needs a
 * reason. The answers fields (a quiz round's points) take points by hand instead, beside it.
 */
import { Button, Grid, Group, Select, Switch, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { newIdempotencyKey } from '../../../src/ids';
import { contractText } from '../../../src/messages/contract';
import { resultsText } from '../../../src/messages/results';
import { validationText } from '../../../src/messages/validation';
import { formatNumber, formatPoint, parsePoint } from '../../../src/valueFormat';
import { useTRPC } from '../../trpc';
import { DashboardSection } from '../dashboard/DashboardSection';
import { formSaveError } from '../formSave';
import { HandPointsButton } from '../HandPoints';
import { notifySuccess } from '../notify';
import { useResults } from './util';

const t = resultsText;

interface CorrectionValues {
  teamId: string | null;
  gkId: string | null;
  fieldName: string | null;
  forAll: boolean;
  point: string;
  reason: string;
}

export function Corrections() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { data: results } = useResults();
  const fields = (useQuery(trpc.scoreField.all.queryOptions()).data?.items ?? []).filter((f) => f.kind === 'judges');

  const form = useForm<CorrectionValues>({
    initialValues: { teamId: null, gkId: null, fieldName: null, forAll: false, point: '', reason: '' },
    validate: {
      teamId: (v) => (v ? null : t.required),
      fieldName: (v) => (v ? null : t.required),
      gkId: (v, values) => (values.forAll || v ? null : t.required),
      point: (v) => (parsePoint(v) === null ? validationText.pointNotNumber : null),
    },
  });
  const values = form.getValues();
  const field = fields.find((f) => f.name === values.fieldName);
  const current =
    values.teamId && values.gkId && values.fieldName && !values.forAll
      ? results?.items
          .find((i) => i.teamId === values.teamId)
          ?.fields.find((f) => f.fieldName === values.fieldName)
          ?.judges.find((j) => j.gkId === values.gkId)?.point
      : undefined;

  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: trpc.results.list.queryKey() });
    void queryClient.invalidateQueries({ queryKey: trpc.scoring.log.pathKey() });
  };
  const handlers = {
    onSuccess: () => {
      notifySuccess(contractText.scored);
      form.setValues({ point: '', reason: '' });
      refresh();
    },
    onError: formSaveError(form, contractText.scoringError, ['teamId', 'gkId', 'fieldName', 'point', 'reason']),
  };
  const one = useMutation(trpc.scoring.adminSubmit.mutationOptions(handlers));
  const all = useMutation(trpc.scoring.adminSubmitAll.mutationOptions(handlers));

  const submit = form.onSubmit((v) => {
    const base = {
      teamId: v.teamId ?? '',
      fieldName: v.fieldName ?? '',
      point: parsePoint(v.point) ?? 0,
      key: newIdempotencyKey(),
      reason: v.reason.trim() || undefined,
    };
    if (v.forAll) all.mutate(base);
    else one.mutate({ ...base, gkId: v.gkId ?? '' });
  });

  return (
    <DashboardSection
      id="corrections"
      title={t.correctionTitle}
      description={t.correctionHint}
      actions={<HandPointsButton size="sm" teams={(results?.items ?? []).map((i) => ({ id: i.teamId, name: i.name }))} onDone={refresh} />}
    >
      <form onSubmit={submit} noValidate data-testid="correction-form">
        <Grid gap="md" align="flex-start">
          <Grid.Col span={{ base: 12, sm: 6, lg: 3 }}>
            <Select
              label={t.filterTeam}
              placeholder={t.pickTeam}
              searchable
              data={(results?.items ?? []).map((i) => ({ value: i.teamId, label: i.name }))}
              key={form.key('teamId')}
              {...form.getInputProps('teamId')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6, lg: 3 }}>
            <Select
              label={t.filterField}
              placeholder={t.pickField}
              data={fields.map((f) => ({ value: f.name, label: f.label }))}
              key={form.key('fieldName')}
              {...form.getInputProps('fieldName')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6, lg: 3 }}>
            <Select
              label={t.filterJudge}
              placeholder={t.pickJudge}
              searchable
              disabled={values.forAll}
              data={(results?.judges ?? []).map((j) => ({ value: j.gkId, label: j.name }))}
              key={form.key('gkId')}
              {...form.getInputProps('gkId')}
            />
            <Switch
              mt="xs"
              color="red"
              label={t.forAllJudges}
              key={form.key('forAll')}
              {...form.getInputProps('forAll', { type: 'checkbox' })}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6, lg: 3 }}>
            <TextInput
              label={t.point}
              placeholder={t.pointPlaceholder}
              inputMode="decimal"
              description={
                field ? t.pointRange(formatNumber(field.minPoint), formatNumber(field.maxPoint), formatNumber(field.step)) : undefined
              }
              key={form.key('point')}
              {...form.getInputProps('point')}
            />
            {current !== undefined && (
              <Text size="xs" c="dimmed" mt={4} data-testid="current-point">
                {current === null ? t.noCurrentPoint : t.currentPoint(formatPoint(current))}
              </Text>
            )}
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 9 }}>
            <Textarea
              label={t.reasonLabel}
              placeholder={t.reasonPlaceholder}
              autosize
              minRows={1}
              key={form.key('reason')}
              {...form.getInputProps('reason')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 3 }}>
            <Group justify="flex-end" mt={{ base: 0, lg: 25 }}>
              <Button type="submit" color="red" fullWidth loading={one.isPending || all.isPending}>
                {t.submitCorrection}
              </Button>
            </Group>
          </Grid.Col>
        </Grid>
      </form>
    </DashboardSection>
  );
}
