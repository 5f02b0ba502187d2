/**
 * The tie-break presets above the editor: "Đồng hạng", "Câu hỏi phụ", "Theo thứ tự phần thi", each a
 * pressed-or-not button that saves its chain at once (src/tieBreakPresets.ts). Replacing a chain of
 * the admin's own (saved or still a draft) asks first; the default and the presets can be had again
 * in one click, so they are replaced without asking.
 */
import { Badge, Group, SimpleGrid, Text, UnstyledButton } from '@mantine/core';
import { resultsText } from '../../../src/messages/results';
import { tieNoteText } from '../../../src/messages/tieNote';
import type { TTieBreakRule } from '../../../src/schemas/tieBreak';
import { TIE_BREAK_PRESETS, type TieBreakPreset, tieBreakPresetOf, tieBreakPresetRules } from '../../../src/tieBreakPresets';
import { confirmDanger } from '../confirmDanger';

const t = resultsText.tieBreak;
const p = t.presets;

export function TieBreakPresetPicker({
  rules,
  ownChain,
  fields,
  disabled,
  onPick,
}: {
  /** The chain the editor shows (the draft, or the one in force). */
  rules: readonly TTieBreakRule[];
  /** Whether that chain is neither the default nor a preset: replacing it asks first. */
  ownChain: boolean;
  fields: readonly { round: number | null }[];
  disabled: boolean;
  onPick: (rules: TTieBreakRule[]) => void;
}) {
  const active = tieBreakPresetOf(rules, fields);
  const pick = (preset: TieBreakPreset, presetRules: TTieBreakRule[]) => {
    if (!ownChain) return onPick(presetRules);
    confirmDanger({
      title: <Text fw={700}>{p.confirmTitle}</Text>,
      text: p.confirmText(p.titles[preset]),
      labels: { confirm: p.confirm, cancel: p.cancel },
      centered: true,
      onConfirm: () => onPick(presetRules),
    });
  };

  return (
    <fieldset style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
      <Text component="legend" size="sm" fw={600} mb={6} p={0}>
        {p.label}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        {TIE_BREAK_PRESETS.map((preset) => {
          const presetRules = tieBreakPresetRules(preset, fields);
          const on = preset === active;
          const rounds = presetRules?.flatMap((rule) => (rule.kind === 'round' ? [tieNoteText.round(rule.round)] : [])) ?? [];
          const unavailable = presetRules === null;
          return (
            <UnstyledButton
              key={preset}
              onClick={() => presetRules && pick(preset, presetRules)}
              disabled={disabled || unavailable}
              aria-pressed={on}
              data-testid="tie-break-preset"
              data-preset={preset}
              p="sm"
              style={{
                // A button centres its content: the cards' texts start at the top, level with each other.
                display: 'flex',
                flexDirection: 'column',
                justifyContent: 'flex-start',
                borderRadius: 8,
                border: `1px solid var(--mantine-color-${on ? 'red-6' : 'gray-3'})`,
                background: on ? 'var(--mantine-color-red-0)' : 'var(--mantine-color-white)',
                opacity: unavailable ? 0.6 : 1,
                cursor: disabled || unavailable ? 'not-allowed' : 'pointer',
              }}
            >
              <Group justify="space-between" gap={6} wrap="nowrap" mb={2}>
                <Text fw={700}>{p.titles[preset]}</Text>
                {on && (
                  <Badge size="sm" color="red" variant="filled">
                    {p.active}
                  </Badge>
                )}
              </Group>
              <Text size="sm" c="dimmed">
                {p.hints[preset]}
              </Text>
              {preset === 'rounds' && (
                <Text size="sm" c={unavailable ? 'orange.8' : 'dimmed'} mt={2}>
                  {unavailable ? p.roundsUnavailable : p.roundsOrder(rounds.join(', '))}
                </Text>
              )}
            </UnstyledButton>
          );
        })}
      </SimpleGrid>
    </fieldset>
  );
}
