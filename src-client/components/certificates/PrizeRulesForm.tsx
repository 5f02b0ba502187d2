/** The prize rules (by counts or by score bands) and the signer, as the admin sets them for the certificates. */
import { Button, Checkbox, Group, NumberInput, Paper, SegmentedControl, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { certificatesText } from '../../../src/messages/certificates';
import { PRIZES, type TCertificateSettings, type TPrize } from '../../../src/schemas/certificates';
import { useTRPC } from '../../trpc';
import { mutationToasts } from '../notify';

const t = certificatesText;
type Bands = Partial<Record<TPrize, number | ''>>;

/** The bands as the form edits them: every prize, empty when it is not awarded. */
function bandsOf(settings: TCertificateSettings): Bands {
  return settings.rules.mode === 'bands' ? Object.fromEntries(settings.rules.bands.map((b) => [b.prize, b.minTotal])) : {};
}

export function PrizeRulesForm() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const saved = useQuery(trpc.certificates.prizeRules.queryOptions()).data?.settings;
  const [draft, setDraft] = useState<TCertificateSettings | null>(null);
  const [bands, setBands] = useState<Bands>({});
  useEffect(() => {
    if (saved && !draft) {
      setDraft(saved);
      setBands(bandsOf(saved));
    }
  }, [saved, draft]);

  const toasts = mutationToasts(t.saved, t.saveError);
  const save = useMutation(
    trpc.certificates.setPrizeRules.mutationOptions({
      onSuccess: (result) => {
        queryClient.setQueryData(trpc.certificates.prizeRules.queryKey(), result);
        void queryClient.invalidateQueries({ queryKey: trpc.certificates.list.queryKey() });
        toasts.onSuccess();
      },
      onError: toasts.onError,
    }),
  );
  if (!draft) return null;

  const counts =
    draft.rules.mode === 'counts' ? draft.rules : { mode: 'counts' as const, counts: { nhat: 1, nhi: 2, ba: 3 }, restKhuyenKhich: true };
  const submit = () => {
    const rules: TCertificateSettings['rules'] =
      draft.rules.mode === 'counts'
        ? counts
        : {
            mode: 'bands',
            bands: PRIZES.flatMap((prize) => (typeof bands[prize] === 'number' ? [{ prize, minTotal: bands[prize] }] : [])),
          };
    save.mutate({ ...draft, rules });
  };

  return (
    <Paper withBorder p="md" radius="md" data-testid="prize-rules">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t.rulesTitle}
        </Title>
        <SegmentedControl
          value={draft.rules.mode}
          onChange={(mode) => setDraft({ ...draft, rules: mode === 'bands' ? { mode: 'bands', bands: [] } : counts })}
          data={[
            { value: 'counts', label: t.modeCounts },
            { value: 'bands', label: t.modeBands },
          ]}
          maw={360}
        />
        {draft.rules.mode === 'counts' ? (
          <>
            <Text size="sm" c="dimmed">
              {t.countsHint}
            </Text>
            <SimpleGrid cols={{ base: 1, xs: 3 }} maw={560}>
              {(['nhat', 'nhi', 'ba'] as const).map((prize) => (
                <NumberInput
                  key={prize}
                  label={t.countOf(t.prizes[prize])}
                  min={0}
                  max={100}
                  allowDecimal={false}
                  value={counts.counts[prize]}
                  onChange={(value) =>
                    setDraft({
                      ...draft,
                      rules: { ...counts, counts: { ...counts.counts, [prize]: typeof value === 'number' ? value : 0 } },
                    })
                  }
                  data-testid={`prize-count-${prize}`}
                />
              ))}
            </SimpleGrid>
            <Checkbox
              label={t.restKhuyenKhich}
              checked={counts.restKhuyenKhich}
              onChange={(event) => setDraft({ ...draft, rules: { ...counts, restKhuyenKhich: event.currentTarget.checked } })}
            />
          </>
        ) : (
          <>
            <Text size="sm" c="dimmed">
              {t.bandsHint}
            </Text>
            <SimpleGrid cols={{ base: 1, xs: 4 }} maw={760}>
              {PRIZES.map((prize) => (
                <NumberInput
                  key={prize}
                  label={t.minTotalOf(t.prizes[prize])}
                  min={0}
                  decimalSeparator=","
                  value={bands[prize] ?? ''}
                  onChange={(value) => setBands({ ...bands, [prize]: typeof value === 'number' ? value : '' })}
                  data-testid={`prize-band-${prize}`}
                />
              ))}
            </SimpleGrid>
          </>
        )}
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput
            label={t.signerTitle}
            value={draft.signerTitle}
            onChange={(event) => setDraft({ ...draft, signerTitle: event.currentTarget.value })}
          />
          <TextInput
            label={t.signerName}
            value={draft.signerName}
            onChange={(event) => setDraft({ ...draft, signerName: event.currentTarget.value })}
            data-testid="signer-name"
          />
          <TextInput
            label={t.place}
            description={t.placeHint}
            value={draft.place}
            onChange={(event) => setDraft({ ...draft, place: event.currentTarget.value })}
            data-testid="signer-place"
          />
        </SimpleGrid>
        <Checkbox
          label={t.showTotal}
          checked={draft.showTotal}
          onChange={(event) => setDraft({ ...draft, showTotal: event.currentTarget.checked })}
        />
        <Group>
          <Button color="red" onClick={submit} loading={save.isPending} data-testid="save-prize-rules">
            {t.save}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
