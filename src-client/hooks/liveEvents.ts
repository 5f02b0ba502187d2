/**
 * The latest payload of each realtime event type beyond the state and the teams (answers, buzz,
 * mine, scores, progress), filled by the one `system.join` subscription and read by any screen.
 */
import { useSyncExternalStore } from 'react';
import type { TBuzz, TTeamAnswer } from '../../src/schemas/show';

export interface LiveEvents {
  answers: { questionId: string; items: TTeamAnswer[] };
  buzz: { questionId: string; order: TBuzz[] };
  mine: { questionId: string; answer: string; verdict: 'right' | 'wrong' | null };
  scores: { items: { teamId: string; gkId: string; fieldName: string; point: number; updatedAt: number }[] };
  presence: { judges: string[] };
  progress: { fieldName: string; judges: { gkId: string; name: string }[]; done: { teamId: string; gkId: string }[] };
}

type LiveType = keyof LiveEvents;
const latest = new Map<LiveType, unknown>();
const listeners = new Set<() => void>();

export function recordLiveEvent(type: string, payload: unknown): void {
  if (!['answers', 'buzz', 'mine', 'scores', 'progress', 'presence'].includes(type)) return;
  latest.set(type as LiveType, payload);
  for (const listener of listeners) listener();
}

/** After logout: nothing of the previous user's stays on screen. */
export function clearLiveEvents(): void {
  latest.clear();
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The latest event of this type, or null before the first. */
export function useLiveEvent<T extends LiveType>(type: T): LiveEvents[T] | null {
  return useSyncExternalStore(
    subscribe,
    () => (latest.get(type) as LiveEvents[T] | undefined) ?? null,
    () => null,
  );
}
