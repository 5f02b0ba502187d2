/**
 * The latest payload of each realtime event type beyond the state and the teams (answers, buzz,
 * mine, scores, progress, vote), filled by the one `system.join` subscription and read by any screen;
 * and, as they happen, the show moves with their maker (`by`), for the console to tell of.
 */
import { useSyncExternalStore } from 'react';
import type { LiveMessage, LiveMessages, ShowActor } from '../../src/live';
import type { ShowState } from '../../src/schemas/show';

type LiveType = 'answers' | 'buzz' | 'mine' | 'scores' | 'progress' | 'presence' | 'vote';
export type LiveEvents = Pick<LiveMessages, LiveType>;

const latest = new Map<LiveType, Extract<LiveMessage, { type: LiveType }>>();
const listeners = new Set<() => void>();

/**
 * Keeps a live payload; `id` is its subscription id (`N`, `N:i` or `N:s`), whose N is the last event
 * the payload's content includes.
 */
export function recordLiveEvent(message: Extract<LiveMessage, { type: LiveType }>, id?: string): void {
  const eventId = id === undefined ? Number.NaN : Number(id.split(':')[0]);
  if (Number.isFinite(eventId)) eventOf.set(message, eventId);
  latest.set(message.type, message);
  if (message.type === 'progress') progressByField = new Map(progressByField).set(message.fieldName, message);
  for (const listener of listeners) listener();
}

// Progress comes one field at a time, and a judged round's sheet opens several: each field's latest
// is kept (a new map on each change, so a screen re-renders).
let progressByField: ReadonlyMap<string, LiveEvents['progress']> = new Map();

/** The latest progress of each field seen (who has scored whom), by field name. */
export function useLiveProgress(): ReadonlyMap<string, LiveEvents['progress']> {
  return useSyncExternalStore(
    subscribe,
    () => progressByField,
    () => EMPTY_PROGRESS,
  );
}
const EMPTY_PROGRESS: ReadonlyMap<string, LiveEvents['progress']> = new Map();

/** After logout: nothing of the previous user's stays on screen. */
export function clearLiveEvents(): void {
  latest.clear();
  progressByField = new Map();
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

// When each payload was first seen: an event object is replaced, never changed, so its identity dates it.
const firstSeen = new WeakMap<object, number>();
// The last event each payload's content includes, from its subscription id.
const eventOf = new WeakMap<object, number>();

/**
 * When this screen first saw a live payload (Date.now()), to weigh it against a query's
 * `dataUpdatedAt`: whichever of the two is newer wins.
 */
export function seenAt(payload: object): number {
  let at = firstSeen.get(payload);
  if (at === undefined) {
    at = Date.now();
    firstSeen.set(payload, at);
  }
  return at;
}

type ShowMoveListener = (by: ShowActor, system: ShowState) => void;
const moveListeners = new Set<ShowMoveListener>();

/** A show move arrived (staff only): its maker and the state it made. */
export function recordShowMove(by: ShowActor, system: ShowState): void {
  for (const listener of moveListeners) listener(by, system);
}

/** Hears every show move from now on; returns the unsubscribe. */
export function onShowMove(listener: ShowMoveListener): () => void {
  moveListeners.add(listener);
  return () => moveListeners.delete(listener);
}

/**
 * Whether a live payload is at least as new as a query's answer. Both name the last event they
 * include when they can (the server's order, whatever the network did); otherwise the time this
 * screen got each decides. An answer read before an event but received after it is older, which
 * the times alone would get wrong.
 */
export function liveIsNewer(payload: object, loaded: { eventId?: number | null; at: number }): boolean {
  const live = eventOf.get(payload);
  if (live !== undefined && typeof loaded.eventId === 'number') return live >= loaded.eventId;
  return seenAt(payload) >= loaded.at;
}
