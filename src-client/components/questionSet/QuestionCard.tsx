/** One question as an admin sees it: number, content, options with the right one marked, answer, explanation, media, point, time. */
import { ActionIcon, Badge, Box, Card, Group, SimpleGrid, Stack, Text, Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';
import { questionSetsText } from '../../../src/messages/questionSets';
import { optionLetter, rightOptionIndex } from '../../../src/questionAnswer';
import { formatPoint } from '../../../src/valueFormat';
import { Icon } from '../Icon';
import type { DraftQuestion } from './draft';
import { MediaPreview } from './MediaPreview';

interface Props {
  question: DraftQuestion;
  /** The seconds the set's format gives every question (it overrides the question's own), if any. */
  formatSeconds?: number | null;
  index: number;
  total: number;
  onEdit(): void;
  onDelete(): void;
  onMove(delta: -1 | 1): void;
}

export function QuestionCard({ question, formatSeconds = null, index, total, onEdit, onDelete, onMove }: Props) {
  const hasOptions = question.options.length > 0;
  // The answer may name its option by letter ("B", "Phương án B") as well as by text.
  const rightIndex = rightOptionIndex(question);
  return (
    <Card withBorder radius="lg" padding="lg" shadow="xs" data-testid="question-card">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" gap="sm">
          <Group gap="sm" wrap="wrap">
            <Box
              w={40}
              h={40}
              bg="red.7"
              c="white"
              fw={800}
              fz="lg"
              style={{ borderRadius: '50%', display: 'grid', placeItems: 'center', flexShrink: 0 }}
              aria-label={questionSetsText.questionNo(index + 1)}
            >
              {index + 1}
            </Box>
            <Badge variant="light" color="orange" size="lg" tt="none">
              {questionSetsText.points(formatPoint(question.point))}
            </Badge>
            <Badge variant="light" color="blue" size="lg" tt="none">
              {questionSetsText.seconds(formatSeconds ?? question.timeLimit)}
            </Badge>
            {question.media && (
              <Badge variant="light" color="grape" size="lg" tt="none">
                {questionSetsText.mediaKinds[question.media.kind]}
              </Badge>
            )}
          </Group>
          <Group gap={4} wrap="nowrap">
            <ActionIconButton label={questionSetsText.moveUp} onClick={() => onMove(-1)} disabled={index === 0} variant="subtle">
              <Arrow up />
            </ActionIconButton>
            <ActionIconButton label={questionSetsText.moveDown} onClick={() => onMove(1)} disabled={index === total - 1} variant="subtle">
              <Arrow />
            </ActionIconButton>
            <ActionIconButton label={questionSetsText.editQuestion(index + 1)} onClick={onEdit}>
              <PencilIcon />
            </ActionIconButton>
            <ActionIconButton
              label={`${questionSetsText.delete} ${questionSetsText.questionNo(index + 1).toLowerCase()}`}
              onClick={onDelete}
              color="red"
            >
              <TrashIcon />
            </ActionIconButton>
          </Group>
        </Group>

        <Text fw={700} fz="lg" style={{ whiteSpace: 'pre-wrap' }} data-testid="question-content">
          {question.content}
        </Text>

        {question.media && <MediaPreview media={question.media} />}

        {hasOptions && (
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xs" verticalSpacing="xs">
            {question.options.map((option, i) => {
              const right = i === rightIndex;
              return (
                <Group
                  // biome-ignore lint/suspicious/noArrayIndexKey: an option is its position (A, B, C, D)
                  key={i}
                  gap="sm"
                  wrap="nowrap"
                  px="sm"
                  py={8}
                  data-right={right || undefined}
                  style={{
                    borderRadius: 10,
                    border: `1px solid var(--mantine-color-${right ? 'teal-5' : 'gray-3'})`,
                    background: right ? 'var(--mantine-color-teal-0)' : 'white',
                  }}
                >
                  <Box
                    w={28}
                    h={28}
                    fw={800}
                    fz="sm"
                    bg={right ? 'teal.6' : 'gray.1'}
                    c={right ? 'white' : 'gray.7'}
                    style={{ borderRadius: '50%', display: 'grid', placeItems: 'center', flexShrink: 0 }}
                  >
                    {optionLetter(i)}
                  </Box>
                  <Text size="sm" fw={right ? 700 : 500} c={right ? 'teal.9' : undefined}>
                    {option}
                  </Text>
                </Group>
              );
            })}
          </SimpleGrid>
        )}

        <Stack gap={4} p="sm" bg="gray.0" style={{ borderRadius: 10 }}>
          <Text size="sm">
            <Text span fw={700} c="teal.8">
              {questionSetsText.answer}:{' '}
            </Text>
            {question.answer ? (
              <Text span fw={600} data-testid="question-answer">
                {rightIndex >= 0 ? `${optionLetter(rightIndex)}. ${question.options[rightIndex]}` : question.answer}
              </Text>
            ) : (
              <Text span c="dimmed" fs="italic">
                {questionSetsText.noAnswer}
              </Text>
            )}
          </Text>
          {question.explanation && (
            <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap' }}>
              <Text span fw={700} c="gray.7">
                {questionSetsText.explanation}:{' '}
              </Text>
              {question.explanation}
            </Text>
          )}
        </Stack>
      </Stack>
    </Card>
  );
}

interface ActionProps {
  label: string;
  onClick(): void;
  color?: string;
  disabled?: boolean;
  variant?: 'light' | 'subtle';
  children: ReactNode;
}

function ActionIconButton({ label, onClick, color = 'gray', disabled = false, variant = 'light', children }: ActionProps) {
  return (
    <Tooltip label={label} disabled={disabled}>
      <ActionIcon variant={variant} color={color} size="lg" onClick={onClick} disabled={disabled} aria-label={label}>
        {children}
      </ActionIcon>
    </Tooltip>
  );
}

// These three keep the plain (mitred) corners they were drawn with.
function Arrow({ up = false }: { up?: boolean }) {
  return <Icon strokeWidth={2.2} strokeLinejoin="miter" d={up ? 'M6 15l6-6 6 6' : 'M6 9l6 6 6-6'} />;
}

export const PencilIcon = () => <Icon strokeLinejoin="miter" d="M4 20h4L19 9l-4-4L4 16v4zM13.5 6.5l4 4" />;

export const TrashIcon = () => (
  <Icon strokeLinejoin="miter" d="M4 7h16M10 11v6M14 11v6M5 7l1 12a2 2 0 0 0 2 2h8a2 2 0 0 0 2-2l1-12M9 7V4h6v3" />
);
