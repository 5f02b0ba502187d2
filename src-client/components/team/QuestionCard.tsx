/** The question on air as a team sees it: number, points, content, media, options and, once revealed, the answer. */
import { Badge, Box, Card, Group, Image, Stack, Text } from '@mantine/core';
import { memo } from 'react';
import { teamText } from '../../../src/messages/team';
import { optionLetter, rightOptionIndex } from '../../../src/questionAnswer';
import type { ShowQuestion } from '../../../src/schemas/show';
import { formatPoint } from '../../../src/valueFormat';

const T = teamText;

function Media({ media }: { media: NonNullable<ShowQuestion['media']> }) {
  if (media.kind === 'image') return <Image src={media.url} alt="" radius="md" mah={260} fit="contain" />;
  // biome-ignore lint/a11y/useMediaCaption: contest media come as uploaded, with no caption track; the question text is on screen
  if (media.kind === 'audio') return <audio src={media.url} controls preload="auto" style={{ width: '100%' }} />;
  // biome-ignore lint/a11y/useMediaCaption: contest media come as uploaded, with no caption track; the question text is on screen
  return <video src={media.url} controls playsInline preload="auto" style={{ width: '100%', maxHeight: 260, borderRadius: 8 }} />;
}

/** The answer as the option it names ("B. Hồ Gươm", even when stored as the letter), else as written. */
function revealedAnswer(question: ShowQuestion): string {
  const right = rightOptionIndex({ answer: question.answer, options: question.options });
  return right < 0 ? (question.answer ?? '') : `${optionLetter(right)}. ${question.options[right]}`;
}

export const QuestionCard = memo(function QuestionCard({ question, showOptions }: { question: ShowQuestion; showOptions: boolean }) {
  return (
    <Card withBorder radius="lg" padding="md" data-testid="team-question">
      <Stack gap="sm">
        <Group justify="space-between">
          <Badge color="red" radius="sm" size="lg">
            {T.questionNo(question.index + 1)}
          </Badge>
          <Text size="sm" c="dimmed" fw={600}>
            {T.points(formatPoint(question.point))}
          </Text>
        </Group>
        <Text fz={{ base: 20, sm: 24 }} fw={700} lh={1.35} data-testid="team-question-content">
          {question.content}
        </Text>
        {question.media && <Media media={question.media} />}
        {showOptions && question.options.length > 0 && (
          <Stack gap={6}>
            {question.options.map((option, i) => (
              <Text key={option} size="md">
                <Text span fw={800} c="red.7">
                  {optionLetter(i)}.
                </Text>{' '}
                {option}
              </Text>
            ))}
          </Stack>
        )}
        {question.answer !== undefined && (
          <Box p="sm" bg="teal.0" style={{ borderRadius: 8, border: '1px solid var(--mantine-color-teal-3)' }}>
            <Text size="xs" c="teal.9" fw={700} tt="uppercase">
              {T.correctAnswer}
            </Text>
            <Text fw={700} size="lg" c="teal.9" data-testid="team-revealed-answer">
              {revealedAnswer(question)}
            </Text>
            {question.explanation && (
              <Text size="sm" c="teal.9" mt={4}>
                {question.explanation}
              </Text>
            )}
          </Box>
        )}
      </Stack>
    </Card>
  );
});
