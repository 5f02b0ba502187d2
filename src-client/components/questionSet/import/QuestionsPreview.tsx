/** The first questions of a sheet as they will be stored: content, options with the right one marked, answer, point, time. */
import { Badge, Box, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { questionSetsText } from '../../../../src/messages/questionSets';
import { optionLetter, rightOptionIndex } from '../../../../src/questionAnswer';
import type { TImportSheet } from '../../../../src/schemas/questionImport';
import { ZQuestionSchema } from '../../../../src/schemas/questionSet';
import { formatPoint } from '../../../../src/valueFormat';

const T = questionSetsText.importDialog;
const PREVIEW_QUESTIONS = 5;

export function QuestionsPreview({ items }: { items: TImportSheet['items'] }) {
  // The server sends valid questions; parsing fills what a file left to the defaults.
  const shown = items.slice(0, PREVIEW_QUESTIONS).map((item) => ZQuestionSchema.parse(item));
  return (
    <Stack gap={6} data-testid="import-questions">
      <Text fw={700} size="sm">
        {T.questionsHeading(shown.length, items.length)}
      </Text>
      {shown.map((question, index) => {
        const right = rightOptionIndex(question);
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: questions not yet stored have no id; the preview is read-only
          <Paper key={index} withBorder radius="md" p="xs" data-testid="import-question">
            <Stack gap={6}>
              <Group gap={6}>
                <Badge color="red" variant="filled" size="sm" tt="none">
                  {questionSetsText.questionNo(index + 1)}
                </Badge>
                <Badge color="orange" variant="light" size="sm" tt="none">
                  {questionSetsText.points(formatPoint(question.point))}
                </Badge>
                <Badge color="blue" variant="light" size="sm" tt="none">
                  {questionSetsText.seconds(question.timeLimit)}
                </Badge>
              </Group>
              <Text size="sm" fw={600} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {question.content}
              </Text>
              {question.options.length > 0 && (
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing={4} verticalSpacing={4}>
                  {question.options.map((option, i) => (
                    <Group
                      // biome-ignore lint/suspicious/noArrayIndexKey: an option is its position (A, B, C, D)
                      key={i}
                      gap={6}
                      wrap="nowrap"
                      px={6}
                      py={2}
                      data-right={i === right || undefined}
                      style={{
                        borderRadius: 6,
                        border: `1px solid var(--mantine-color-${i === right ? 'teal-5' : 'gray-3'})`,
                        background: i === right ? 'var(--mantine-color-teal-0)' : undefined,
                      }}
                    >
                      <Box fw={800} c={i === right ? 'teal.9' : 'gray.7'} style={{ flexShrink: 0 }}>
                        {optionLetter(i)}
                      </Box>
                      <Text
                        size="sm"
                        fw={i === right ? 700 : 400}
                        c={i === right ? 'teal.9' : undefined}
                        style={{ overflowWrap: 'anywhere' }}
                      >
                        {option}
                      </Text>
                    </Group>
                  ))}
                </SimpleGrid>
              )}
              <Text size="sm">
                <Text span fw={700} c="teal.8">
                  {questionSetsText.answer}:{' '}
                </Text>
                {question.answer ? (
                  <Text span data-testid="import-question-answer">
                    {right >= 0 ? `${optionLetter(right)}. ${question.options[right]}` : question.answer}
                  </Text>
                ) : (
                  <Text span c="dimmed" fs="italic">
                    {questionSetsText.noAnswer}
                  </Text>
                )}
              </Text>
            </Stack>
          </Paper>
        );
      })}
      {items.length > shown.length && (
        <Text size="sm" c="dimmed">
          {T.moreQuestions(items.length - shown.length)}
        </Text>
      )}
    </Stack>
  );
}
