/**
 * The answers and buzz order of the question on air: loaded once from `show.answers`, then kept
 * current by the `answers` and `buzz` events; whichever includes the later event wins (an answer read
 * before a buzz but received after it must not hide the buzz), and a reconnect re-reads.
 */
import { useQuery } from '@tanstack/react-query';
import { masterText } from '../../../src/messages/master';
import type { TBuzz, TTeamAnswer } from '../../../src/schemas/show';
import { liveIsNewer, useLiveEvent } from '../../hooks/liveEvents';
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

  const liveAnswers = useLiveEvent('answers');
  const liveBuzz = useLiveEvent('buzz');
  const fromQuery = query.data?.questionId === questionId ? query.data : null;
  const loaded = { eventId: fromQuery?.eventId, at: query.dataUpdatedAt };

  const items =
    liveAnswers && liveAnswers.questionId === questionId && liveIsNewer(liveAnswers, loaded) ? liveAnswers.items : (fromQuery?.items ?? []);
  const order = liveBuzz && liveBuzz.questionId === questionId && liveIsNewer(liveBuzz, loaded) ? liveBuzz.order : (fromQuery?.order ?? []);
  return questionId ? { items, order } : { items: [], order: [] };
}
