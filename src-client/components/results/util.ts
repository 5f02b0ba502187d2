/** Small helpers of the dashboard's results sections. */
import { useDebouncedCallback } from '@mantine/hooks';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { resultsText } from '../../../src/messages/results';
import { useLiveEvent } from '../../hooks/liveEvents';
import { useSystemState } from '../../hooks/useSystemState';
import { useTRPC } from '../../trpc';

/** "Đồng hạng 2" when another team holds the same rank, else "2". */
export function rankLabel(rank: number, ranks: readonly number[]): string {
  return ranks.filter((r) => r === rank).length > 1 ? resultsText.sharedRank(rank) : String(rank);
}

/**
 * A counter that moves (debounced ~300 ms) whenever a `scores`, `progress` or `teams` event arrives:
 * queries that depend on scores refetch when it changes.
 */
export function useScoreRevision(): number {
  const scores = useLiveEvent('scores');
  const progress = useLiveEvent('progress');
  const { listTeam } = useSystemState();
  const [revision, setRevision] = useState(0);
  const bump = useDebouncedCallback(() => setRevision((r) => r + 1), 300);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the events are the triggers, not inputs
  useEffect(() => bump(), [scores, progress, listTeam, bump]);
  return revision;
}

/** Mounted once (the dashboard, the biên bản): re-reads results, the audit logs, the corrections and progress after every score change. */
export function useScoreRefresh(): void {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const revision = useScoreRevision();
  useEffect(() => {
    if (revision === 0) return;
    void queryClient.invalidateQueries({ queryKey: trpc.results.list.queryKey() });
    void queryClient.invalidateQueries({ queryKey: trpc.scoring.log.pathKey() });
    void queryClient.invalidateQueries({ queryKey: trpc.scoring.corrections.pathKey() });
    // Hand points and a replayed round move points: their actions come with them.
    void queryClient.invalidateQueries({ queryKey: trpc.actions.log.pathKey() });
    void queryClient.invalidateQueries({ queryKey: trpc.scoring.progress.pathKey() });
  }, [revision, queryClient, trpc]);
}

/** `results.list` (kept current by `useScoreRefresh`). */
export function useResults() {
  const trpc = useTRPC();
  return useQuery(trpc.results.list.queryOptions(undefined, { refetchOnWindowFocus: false }));
}
