/**
 * A team's place in a buzz queue on its phone (the obstacle's keyword, the finish round's steal), as
 * the server answered its buzz. The place is kept for the queue it was given in (an obstacle set, a
 * question), so the next queue starts without one.
 */
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { notifyError } from '../components/notify';
import { useTRPC } from '../trpc';

export function useBuzzPlace(procedure: 'keywordBuzz' | 'stealBuzz', queue: string, errorText: string) {
  const trpc = useTRPC();
  const [place, setPlace] = useState<{ queue: string; n: number } | null>(null);
  const buzz = useMutation(
    trpc.show[procedure].mutationOptions({
      onSuccess: ({ position: n }) => setPlace({ queue, n }),
      onError: (error) => notifyError(errorText, error),
    }),
  );
  return { buzz, mine: place?.queue === queue ? place.n : null };
}
