/**
 * The jury (head judge, thresholds, recusals, rulings) for the pad and the dashboard: `jury.get`, then
 * the live `jury` message when it is newer, so a ruling or a recusal shows on every screen at once.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { EMPTY_JURY, type TJury } from '../../src/jury';
import type { Seat } from '../../src/live';
import { useTRPC } from '../trpc';
import { useLiveNewerThan } from './liveEvents';

export interface JuryView {
  jury: TJury;
  /** The panel's judges (`jury.get`). */
  panel: readonly Seat[];
  loaded: boolean;
  /** A change's answer, kept as the read (the live message may overtake it). */
  settle: (answer: { jury: TJury; eventId: number }) => void;
}

export function useJury(enabled = true): JuryView {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const read = useQuery(trpc.jury.get.queryOptions(undefined, { enabled }));
  const live = useLiveNewerThan('jury', read.data);
  return {
    jury: live?.jury ?? read.data?.jury ?? EMPTY_JURY,
    panel: read.data?.panel ?? [],
    loaded: read.data !== undefined,
    settle: (answer) => queryClient.setQueryData(trpc.jury.get.queryKey(), (old) => ({ panel: old?.panel ?? [], ...answer })),
  };
}
