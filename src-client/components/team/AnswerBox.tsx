/**
 * One answer per question: options as big buttons, free text, 'Gửi câu trả lời'. The draft is kept
 * in the tab's session storage, so a reconnect (or a reload) does not lose what the team typed.
 */
import { Alert, Button, Card, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { memo, useState } from 'react';
import { teamText } from '../../../src/messages/team';
import { validationText } from '../../../src/messages/validation';
import { optionLetter } from '../../../src/questionAnswer';
import type { ShowQuestion } from '../../../src/schemas/show';
import { errorMessage, useTRPC } from '../../trpc';
import { notifyError } from '../notify';

const T = teamText;
const draftKey = (questionId: string) => `team-answer:${questionId}`;

function readDraft(questionId: string): string {
  try {
    return sessionStorage.getItem(draftKey(questionId)) ?? '';
  } catch {
    return '';
  }
}

function writeDraft(questionId: string, value: string): void {
  try {
    if (value) sessionStorage.setItem(draftKey(questionId), value);
    else sessionStorage.removeItem(draftKey(questionId));
  } catch {
    // Private mode without storage: the draft lives in memory only.
  }
}

export const AnswerBox = memo(function AnswerBox({ question, mineQueryKey }: { question: ShowQuestion; mineQueryKey: readonly unknown[] }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState(() => readDraft(question.id));
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);

  const submit = useMutation(
    trpc.show.submitAnswer.mutationOptions({
      onSuccess: ({ item }) => {
        writeDraft(question.id, '');
        queryClient.setQueryData(mineQueryKey, (old: object | undefined) => ({
          ...old,
          questionId: question.id,
          answer: item.answer,
          verdict: item.verdict,
        }));
      },
      onError: (error) => {
        setRefusal(errorMessage(error));
        notifyError(T.submitError, error);
      },
    }),
  );

  const change = (value: string) => {
    setDraft(value);
    setFieldError(null);
    writeDraft(question.id, value);
  };
  const send = () => {
    // The server checks the whole shape (ZSubmitAnswerSchema); the phone only needs to catch an empty
    // box, and the field's maxLength keeps the answer within its limit, so zod stays off this screen.
    const answer = draft.trim();
    if (!answer) {
      setFieldError(validationText.answerRequired);
      return;
    }
    setRefusal(null);
    submit.mutate({ questionId: question.id, answer });
  };

  return (
    <Card withBorder radius="lg" padding="md" data-testid="team-answer-box">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          send();
        }}
      >
        <Stack gap="sm">
          {question.options.length > 0 && (
            <>
              <Text size="sm" c="dimmed">
                {T.chooseOption}
              </Text>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing={8}>
                {question.options.map((option, i) => (
                  <Button
                    key={option}
                    size="lg"
                    h="auto"
                    mih={56}
                    py={10}
                    radius="md"
                    variant={draft === option ? 'filled' : 'default'}
                    color="red"
                    onClick={() => change(option)}
                    aria-pressed={draft === option}
                    styles={{ inner: { justifyContent: 'flex-start' }, label: { whiteSpace: 'normal', textAlign: 'left' } }}
                  >
                    {optionLetter(i)}. {option}
                  </Button>
                ))}
              </SimpleGrid>
            </>
          )}
          <TextInput
            label={T.answerLabel}
            placeholder={T.answerPlaceholder}
            value={draft}
            onChange={(event) => change(event.currentTarget.value)}
            error={fieldError}
            size="lg"
            maxLength={2000}
            autoComplete="off"
            data-testid="team-answer-input"
          />
          {refusal && (
            <Alert color="red" variant="light" data-testid="team-refusal">
              {refusal}
            </Alert>
          )}
          <Button type="submit" size="xl" color="red" loading={submit.isPending} fullWidth>
            {T.submit}
          </Button>
        </Stack>
      </form>
    </Card>
  );
});
