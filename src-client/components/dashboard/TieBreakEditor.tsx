/**
 * The tie-break chain's editor: a preset as the thể lệ words it in one click (`TieBreakPresetPicker`),
 * or the chain by hand: total first and fixed, then the rules in the order they are tried; add,
 * remove and move each with buttons (keyboard and screen readers alike), save or go back to the
 * default (each field in sheet order, then shared rank).
 */
import { Alert, Badge, Button, Group, Paper, Select, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { resultsText } from '../../../src/messages/results';
import { roundsUsed } from '../../../src/rounds';
import { type TTieBreakRule, tieBreakRuleKey } from '../../../src/schemas/tieBreak';
import { tieBreakPresetOf } from '../../../src/tieBreakPresets';
import { useLoadError } from '../../hooks/useConnection';
import { useTRPC } from '../../trpc';
import { IconAction } from '../IconAction';
import { mutationToasts } from '../notify';
import { DashboardSection } from './DashboardSection';
import { TieBreakPresetPicker } from './TieBreakPresetPicker';

const t = resultsText.tieBreak;

/** Every rule on offer, for the current sheet and the rounds the event uses. */
function offered(fields: readonly { name: string }[], rounds: readonly number[]): TTieBreakRule[] {
  return [
    ...fields.map((f): TTieBreakRule => ({ kind: 'field', field: f.name })),
    ...rounds.map((round): TTieBreakRule => ({ kind: 'round', round })),
    { kind: 'penalty' },
    { kind: 'speedTime' },
    { kind: 'suddenDeath' },
    { kind: 'shared' },
  ];
}

function ruleLabel(rule: TTieBreakRule, fields: readonly { name: string; label: string }[], roundTitles: Record<string, string>): string {
  switch (rule.kind) {
    case 'field':
      return t.fieldRule(fields.find((f) => f.name === rule.field)?.label ?? rule.field);
    case 'round':
      return t.roundRule(rule.round, roundTitles[rule.round] ?? '');
    case 'penalty':
      return t.penaltyRule;
    case 'speedTime':
      return t.speedTimeRule;
    case 'suddenDeath':
      return t.suddenDeathRule;
    case 'shared':
      return t.sharedRule;
  }
}

/** A new rule goes before shared rank, which stays last. */
function withRule(rules: TTieBreakRule[], rule: TTieBreakRule): TTieBreakRule[] {
  const shared = rules.findIndex((r) => r.kind === 'shared');
  if (rule.kind === 'shared' || shared < 0) return [...rules, rule];
  return [...rules.slice(0, shared), rule, ...rules.slice(shared)];
}

export function TieBreakEditor() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const listQuery = useQuery(trpc.ranking.tieBreak.queryOptions());
  const fields = useQuery(trpc.scoreField.all.queryOptions()).data?.items ?? [];
  const roundTitles = useQuery(trpc.settings.get.queryOptions()).data?.settings.roundTitles ?? {};
  // The admin's unsaved list; null shows the server's.
  const [draft, setRules] = useState<TTieBreakRule[] | null>(null);
  const [adding, setAdding] = useState<string | null>(null);
  useLoadError(t.loadError, listQuery.error);

  const toasts = mutationToasts(t.saved, t.saveError);
  const save = useMutation(
    trpc.ranking.setTieBreak.mutationOptions({
      onSuccess: (saved) => {
        queryClient.setQueryData(trpc.ranking.tieBreak.queryKey(), saved);
        setRules(null);
        void queryClient.invalidateQueries({ queryKey: trpc.results.list.queryKey() });
        toasts.onSuccess();
      },
      onError: toasts.onError,
    }),
  );

  const current = draft ?? listQuery.data?.rules ?? [];
  const label = (rule: TTieBreakRule) => ruleLabel(rule, fields, roundTitles);
  const taken = new Set(current.map(tieBreakRuleKey));
  const options = offered(fields, roundsUsed(roundTitles))
    .filter((rule) => !taken.has(tieBreakRuleKey(rule)))
    .map((rule) => ({ value: JSON.stringify(rule), label: label(rule) }));
  const move = (index: number, by: number) => {
    const next = [...current];
    const [rule] = next.splice(index, 1);
    next.splice(index + by, 0, rule!);
    setRules(next);
  };
  const isShared = (rule: TTieBreakRule | undefined) => rule?.kind === 'shared';
  // A chain the admin built (saved or not) is asked about before a preset replaces it.
  const ownChain = (draft !== null || listQuery.data?.isDefault === false) && tieBreakPresetOf(current, fields) === null;

  return (
    <DashboardSection id="tie-break" title={t.editorTitle} description={t.editorHint}>
      <Stack gap="sm">
        <TieBreakPresetPicker
          rules={current}
          ownChain={ownChain}
          fields={fields}
          disabled={!listQuery.data || save.isPending}
          onPick={(rules) => save.mutate({ rules })}
        />
        {listQuery.data?.isDefault && draft === null && (
          <Alert color="gray" variant="light" data-testid="tie-break-default">
            {t.isDefault}
          </Alert>
        )}
        <Text size="sm" fw={600} mt="xs" mb={-6} aria-hidden>
          {t.ruleList}
        </Text>
        <ol
          aria-label={t.ruleList}
          style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 6 }}
          data-testid="tie-break-list"
        >
          <li>
            <Paper withBorder radius="md" px="md" py={8} bg="gray.0">
              <Group gap="sm">
                <Badge color="red" variant="filled" radius="sm" w={32}>
                  1
                </Badge>
                <Text fw={700}>{t.totalFirst}</Text>
              </Group>
            </Paper>
          </li>
          {current.map((rule, index) => {
            const name = label(rule);
            // Shared rank stays last: nothing moves below it, and it moves nowhere.
            const canUp = index > 0 && !isShared(rule);
            const canDown = index < current.length - 1 && !isShared(current[index + 1]);
            return (
              <li key={tieBreakRuleKey(rule)} data-testid="tie-break-rule" data-rule={tieBreakRuleKey(rule)}>
                <Paper withBorder radius="md" px="md" py={6}>
                  <Group gap="sm" wrap="nowrap" justify="space-between">
                    <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
                      <Badge color="gray" variant="light" radius="sm" w={32}>
                        {index + 2}
                      </Badge>
                      <Text>{name}</Text>
                    </Group>
                    <Group gap={2} wrap="nowrap">
                      <IconAction tooltip={t.moveUp(name)} label={t.moveUp(name)} disabled={!canUp} onClick={() => move(index, -1)}>
                        <span aria-hidden>↑</span>
                      </IconAction>
                      <IconAction tooltip={t.moveDown(name)} label={t.moveDown(name)} disabled={!canDown} onClick={() => move(index, 1)}>
                        <span aria-hidden>↓</span>
                      </IconAction>
                      <IconAction
                        tooltip={t.remove(name)}
                        label={t.remove(name)}
                        color="red"
                        onClick={() => setRules(current.filter((_, i) => i !== index))}
                      >
                        <span aria-hidden>✕</span>
                      </IconAction>
                    </Group>
                  </Group>
                </Paper>
              </li>
            );
          })}
        </ol>
        {current.length === 0 && (
          <Text size="sm" c="dimmed">
            {t.empty}
          </Text>
        )}
        <Group align="flex-end" gap="sm">
          <Select
            label={t.addLabel}
            placeholder={t.addPlaceholder}
            data={options}
            value={adding}
            onChange={setAdding}
            searchable
            w={360}
            data-testid="tie-break-add"
          />
          <Button
            variant="default"
            disabled={!adding}
            onClick={() => {
              if (!adding) return;
              setRules(withRule(current, JSON.parse(adding) as TTieBreakRule));
              setAdding(null);
            }}
          >
            {t.add}
          </Button>
        </Group>
        <Group justify="flex-end" gap="sm">
          <Button
            variant="default"
            onClick={() => save.mutate({ rules: null })}
            loading={save.isPending}
            data-testid="tie-break-default-button"
          >
            {t.resetDefault}
          </Button>
          <Button color="red" onClick={() => save.mutate({ rules: current })} loading={save.isPending} data-testid="tie-break-save">
            {t.save}
          </Button>
        </Group>
      </Stack>
    </DashboardSection>
  );
}
