/**
 * The team's own answer to the question on air: loaded from `show.mine`, kept current by the `mine`
 * event (the newer by event order wins, `liveWins`), re-read on a new question and after a reconnect.
 */
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { teamText } from '../../../src/messages/team';
import { useLiveNewerThan } from '../../hooks/liveEvents';
import { useLoadError, useRefetchOnReconnect } from '../../hooks/useConnection';
import { useTRPC } from '../../trpc';

export interface MyAnswer {
  answer: string | null;
  verdict: 'right' | 'wrong' | null;
  /** The points the answer earned (a speed round shows them). */
  points: number;
  buzzed: boolean;
}

export function useMine(questionId: string | null): MyAnswer & { queryKey: readonly unknown[] } {
  const trpc = useTRPC();
  // One options object (and so one key) for the screen's life: the answer box keeps its props.
  const queryOptions = useMemo(() => trpc.show.mine.queryOptions(), [trpc]);
  const query = useQuery({ ...queryOptions, enabled: Boolean(questionId) });
  useLoadError(teamText.mineError, query.error);
  useRefetchOnReconnect(query.refetch, Boolean(questionId));

  const live = useLiveNewerThan('mine', query.data);
  const fromQuery = query.data && query.data.questionId === questionId ? query.data : null;
  const empty: MyAnswer = { answer: null, verdict: null, points: 0, buzzed: false };
  let mine: MyAnswer = fromQuery
    ? { answer: fromQuery.answer, verdict: fromQuery.verdict, points: fromQuery.points, buzzed: fromQuery.buzzed }
    : empty;
  if (live && live.questionId === questionId) {
    mine = { answer: live.answer, verdict: live.verdict, points: live.points, buzzed: mine.buzzed };
  }
  return { ...(questionId ? mine : empty), queryKey: queryOptions.queryKey };
}
