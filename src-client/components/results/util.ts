/** Small helpers of the dashboard's results sections. */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { DISPLAY_TIME_ZONE } from '../../../src/constants';
import { messages } from '../../../src/messages';
import { useLiveEvent } from '../../hooks/liveEvents';
import { useSystemState } from '../../hooks/useSystemState';
import { useTRPC } from '../../trpc';

const timeParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: DISPLAY_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** dd/mm/yyyy hh:mm:ss in Vietnam's time zone. */
export function formatDateTime(ms: number): string {
  const p = Object.fromEntries(timeParts.formatToParts(new Date(ms)).map((part) => [part.type, part.value]));
  return `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}:${p.second}`;
}

/** An idempotency key; crypto.randomUUID is missing on plain-http LAN addresses, so it falls back. */
export function newKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** "Đồng hạng 2" when another team holds the same rank, else "2". */
export function rankLabel(rank: number, ranks: readonly number[]): string {
  return ranks.filter((r) => r === rank).length > 1 ? messages.results.sharedRank(rank) : String(rank);
}

/** A value that changes at most once per `ms` after the last change of `value`. */
export function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
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
  useEffect(() => {
    const timer = setTimeout(() => setRevision((r) => r + 1), 300);
    return () => clearTimeout(timer);
  }, [scores, progress, listTeam]);
  return revision;
}

/** Mounted once (the dashboard): re-reads results, the audit log and progress after every score change. */
export function useScoreRefresh(): void {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const revision = useScoreRevision();
  useEffect(() => {
    if (revision === 0) return;
    void queryClient.invalidateQueries({ queryKey: trpc.results.list.queryKey() });
    void queryClient.invalidateQueries({ queryKey: trpc.scoring.log.pathKey() });
    void queryClient.invalidateQueries({ queryKey: trpc.scoring.progress.pathKey() });
  }, [revision, queryClient, trpc]);
}

/** `results.list` (kept current by `useScoreRefresh`). */
export function useResults() {
  const trpc = useTRPC();
  return useQuery(trpc.results.list.queryOptions(undefined, { refetchOnWindowFocus: false }));
}
