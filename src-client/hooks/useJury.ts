/**
 * The jury (head judge, thresholds, recusals, rulings) for the pad and the dashboard: `jury.get`, then
 * the live `jury` message when it is newer, so a ruling or a recusal shows on every screen at once.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { EMPTY_JURY, type TJury } from '../../src/jury';
import { useTRPC } from '../trpc';
import { useLiveNewerThan } from './liveEvents';

export function useJury(enabled = true): { jury: TJury; loaded: boolean; settle: (answer: { jury: TJury; eventId: number }) => void } {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const read = useQuery(trpc.jury.get.queryOptions(undefined, { enabled }));
  const live = useLiveNewerThan('jury', read.data);
  return {
    jury: live?.jury ?? read.data?.jury ?? EMPTY_JURY,
    loaded: read.data !== undefined,
    settle: (answer) => queryClient.setQueryData(trpc.jury.get.queryKey(), answer),
  };
}
