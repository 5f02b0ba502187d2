/** The set's questions with their answers; a click puts one on air (the server's questionId). */
import { Badge, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { masterText } from '../../../src/messages/master';
import type { TPublicQuestion } from '../../../src/schemas/questionSet';
import { formatPoint } from '../../../src/valueFormat';

/** A question as the console lists it: with its answer (the server sends it to admins and the master). */
export type ConsoleQuestion = TPublicQuestion & { answer?: string };

const M = masterText;

export function QuestionList({
  items,
  selectedId,
  emptyText,
  formatSeconds = null,
  onSelect,
}: {
  items: ConsoleQuestion[];
  selectedId: string | null;
  emptyText: string;
  /** The seconds the set's format gives every question, overriding their own. */
  formatSeconds?: number | null;
  onSelect: (id: string) => void;
}) {
  if (!items.length) {
    return (
      <Text size="sm" c="dimmed" ta="center" py="xl">
        {emptyText}
      </Text>
    );
  }
  return (
    <Stack gap={6}>
      {items.map((item, index) => {
        const selected = item.id === selectedId;
        return (
          <UnstyledButton
            key={item.id}
            onClick={() => onSelect(item.id)}
            data-testid="master-question"
            data-selected={selected}
            aria-pressed={selected}
            p={8}
            style={{
              borderRadius: 8,
              border: `1px solid var(--mantine-color-${selected ? 'red-5' : 'gray-3'})`,
              background: selected ? 'var(--mantine-color-red-0)' : 'var(--mantine-color-white)',
            }}
          >
            <Group justify="space-between" gap={6} mb={4} wrap="nowrap">
              <Badge size="sm" radius="sm" variant={selected ? 'filled' : 'light'} color="red">
                {M.questionNo(index + 1)}
              </Badge>
              <Group gap={6} wrap="nowrap">
                {selected && (
                  <Badge size="xs" color="red" variant="dot">
                    {M.onAir}
                  </Badge>
                )}
                <Text size="xs" c="dimmed">
                  {M.points(formatPoint(item.point))} · {M.seconds(formatSeconds ?? item.timeLimit)}
                </Text>
              </Group>
            </Group>
            <Text size="sm" lineClamp={3} fw={selected ? 600 : 400}>
              {item.content}
            </Text>
            {item.options.length > 0 && (
              <Text size="xs" c="dimmed" lineClamp={1}>
                {item.options.map((o, i) => `${String.fromCharCode(65 + i)}. ${o}`).join('   ')}
              </Text>
            )}
            <Text size="xs" c="teal.8" fw={600} mt={2} lineClamp={2}>
              {M.answer}: {item.answer || '—'}
            </Text>
          </UnstyledButton>
        );
      })}
    </Stack>
  );
}
