/**
 * The answers and buzz order of the question on air: loaded once from `show.answers`, then kept
 * current by the `answers` and `buzz` events; whichever includes the later event wins (an answer read
 * before a buzz but received after it must not hide the buzz), and a reconnect re-reads.
 */
import { useQuery } from '@tanstack/react-query';
import { masterText } from '../../../src/messages/master';
import type { TBuzz, TTeamAnswer } from '../../../src/schemas/show';
import { useLiveNewerThan } from '../../hooks/liveEvents';
import { useLoadError, useRefetchOnReconnect } from '../../hooks/useConnection';
import { useTRPC } from '../../trpc';

export function useQuestionAnswers(questionId: string | null): { items: TTeamAnswer[]; order: TBuzz[] } {
  const trpc = useTRPC();
  const query = useQuery({
    ...trpc.show.answers.queryOptions({ questionId: questionId ?? undefined }),
    enabled: Boolean(questionId),
  });
  useLoadError(masterText.answersError, query.error);
  useRefetchOnReconnect(query.refetch, Boolean(questionId));

  const fromQuery = query.data?.questionId === questionId ? query.data : null;
  const liveAnswers = useLiveNewerThan('answers', fromQuery);
  const liveBuzz = useLiveNewerThan('buzz', fromQuery);

  const items = liveAnswers && liveAnswers.questionId === questionId ? liveAnswers.items : (fromQuery?.items ?? []);
  const order = liveBuzz && liveBuzz.questionId === questionId ? liveBuzz.order : (fromQuery?.order ?? []);
  return questionId ? { items, order } : { items: [], order: [] };
}
