/**
 * The client's one live store and its one freshness rule.
 *
 * Every message of the `system.join` subscription (the app's and the projector's alike) comes
 * through `followLiveMessage`, which keeps the latest of each type with the event it includes: the N
 * of its subscription id (`N`, `N:i` or `N:s`). Every query a live message can overtake answers the
 * event it includes too (`eventId`, the server's live event id when it read). `liveWins` decides
 * between the two by event order, whatever order the network delivered them in: arrival times never
 * decide, since an answer read before an event but received after it is the older.
 */
import { useSyncExternalStore } from 'react';
import type { LiveMessage, LiveMessages, LiveMessageType, ShowActor } from '../../src/live';
import type { ShowState } from '../../src/schemas/show';

type LiveType = Exclude<LiveMessageType, 'reload'>;
export type LiveEvents = Pick<LiveMessages, LiveType>;
type Message<T extends LiveType> = Extract<LiveMessage, { type: T }>;

/** What a query answer (or a mutation's) says of its freshness: the last event it includes. */
export interface EventStamped {
  eventId: number;
}

/**
 * The rule: a live message wins over a read only when it is of a later event than the read includes.
 * A message of an event the read already includes adds nothing to it (and a read made after a login
 * is the right audience's); a read without an event id (none yet) loses to any message.
 */
export function liveWins(liveEventId: number, read: Partial<EventStamped> | null | undefined): boolean {
  const readEventId = read?.eventId;
  return typeof readEventId !== 'number' || liveEventId > readEventId;
}

/** The event a subscription id names: `N`, `N:i` or `N:s` all include event N. */
export function eventIdOf(subscriptionId: string): number {
  return Number(subscriptionId.split(':')[0]);
}

const latest = new Map<LiveType, { message: LiveMessage; eventId: number }>();
const listeners = new Set<() => void>();
const typeListeners = new Map<LiveType, Set<(message: LiveMessage, eventId: number) => void>>();
// Progress comes one field at a time, and a judged round's sheet opens several: each field's latest
// is kept (a new map on each change, so a screen re-renders).
let progressByField: ReadonlyMap<string, LiveEvents['progress']> = new Map();

type ShowMoveListener = (by: ShowActor, system: ShowState) => void;
const moveListeners = new Set<ShowMoveListener>();

/**
 * The one way in: keeps a `system.join` message (all but `reload`) with the event its subscription id
 * names, then tells whoever listens for its type, then every screen that reads the store.
 */
export function followLiveMessage(message: Exclude<LiveMessage, { type: 'reload' }>, subscriptionId: string): void {
  const eventId = eventIdOf(subscriptionId);
  latest.set(message.type, { message, eventId });
  if (message.type === 'progress') progressByField = new Map(progressByField).set(message.fieldName, message);
  for (const listener of typeListeners.get(message.type) ?? []) listener(message, eventId);
  if (message.type === 'state' && message.by) for (const listener of moveListeners) listener(message.by, message.system);
  for (const listener of listeners) listener();
}

/** After logout: nothing of the previous user's stays on screen. */
export function clearLiveEvents(): void {
  latest.clear();
  progressByField = new Map();
  for (const listener of listeners) listener();
}

/** Hears every message of one type from now on (not only the latest a render sees); returns the unsubscribe. */
export function onLiveMessage<T extends LiveType>(type: T, listener: (message: Message<T>, eventId: number) => void): () => void {
  const set = typeListeners.get(type) ?? new Set();
  typeListeners.set(type, set);
  const heard = listener as (message: LiveMessage, eventId: number) => void;
  set.add(heard);
  return () => set.delete(heard);
}

/** The latest message of this type with its event, or null before the first. */
export function latestLive<T extends LiveType>(type: T): { message: LiveEvents[T]; eventId: number } | null {
  return (latest.get(type) as { message: LiveEvents[T]; eventId: number } | undefined) ?? null;
}

/** The latest message of this type if it wins over the read (`liveWins`), else null. */
export function liveNewerThan<T extends LiveType>(type: T, read: Partial<EventStamped> | null | undefined): LiveEvents[T] | null {
  const entry = latestLive(type);
  return entry && liveWins(entry.eventId, read) ? entry.message : null;
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The latest message of this type, or null before the first. */
export function useLiveEvent<T extends LiveType>(type: T): LiveEvents[T] | null {
  return useSyncExternalStore(
    subscribe,
    () => latestLive(type)?.message ?? null,
    () => null,
  );
}

/**
 * The latest message of this type when it is of a later event than the read includes, else null: what
 * a screen that merges a query with live messages shows of the live side.
 */
export function useLiveNewerThan<T extends LiveType>(type: T, read: Partial<EventStamped> | null | undefined): LiveEvents[T] | null {
  const readEventId = read?.eventId;
  return useSyncExternalStore(
    subscribe,
    () => liveNewerThan(type, { eventId: readEventId }),
    () => null,
  );
}

/** The latest progress of each field seen (who has scored whom), by field name. */
export function useLiveProgress(): ReadonlyMap<string, LiveEvents['progress']> {
  return useSyncExternalStore(
    subscribe,
    () => progressByField,
    () => EMPTY_PROGRESS,
  );
}
const EMPTY_PROGRESS: ReadonlyMap<string, LiveEvents['progress']> = new Map();

/** Hears every show move from now on (staff only: its maker and the state it made); returns the unsubscribe. */
export function onShowMove(listener: ShowMoveListener): () => void {
  moveListeners.add(listener);
  return () => moveListeners.delete(listener);
}

/**
 * A `system.state` answer with the show and the teams of any live message newer than it: the read and
 * the messages that may have overtaken it, merged by the rule (the app's query and the projector's
 * store read the state through this).
 */
export function withNewerLive<S extends { system: ShowState; listTeam: LiveEvents['teams']['listTeam'] } & Partial<EventStamped>>(
  read: S,
): S {
  const state = liveNewerThan('state', read);
  const teams = liveNewerThan('teams', read);
  if (!state && !teams) return read;
  return { ...read, system: state?.system ?? read.system, listTeam: teams?.listTeam ?? read.listTeam };
}
