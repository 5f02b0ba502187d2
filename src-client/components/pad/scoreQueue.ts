/**
 * The pad's outbox: every point a judge enters is written to localStorage (per judge) before it is
 * sent, with a key made once per entry, so a lost connection, a reload or a crash never loses it and
 * a retry can never double it (the server answers a repeated key with its first answer). Entries go
 * one at a time, in the order they were entered: one sender per judge in this tab, and across tabs
 * through the Web Locks API where the browser has it.
 */
import { TRPCClientError } from '@trpc/client';
import { useCallback, useSyncExternalStore } from 'react';
import type { TScoreItem } from '../../../src/schemas/scoring';
import { errorMessage, trpcClient } from '../../trpc';

export type QueuedStatus = 'sending' | 'waiting' | 'refused';

export interface QueuedScore {
  key: string;
  teamId: string;
  fieldName: string;
  point: number;
  createdAt: number;
  status: QueuedStatus;
  /** It could not go at once: a refusal then stays on the list instead of being only a toast. */
  queued: boolean;
  reason?: string;
}

/** A request that hangs (a silent network) is given up after this and retried with the same key. */
const SEND_TIMEOUT_MS = 10_000;

const storageKey = (judgeId: string) => `hoithi.padQueue.${judgeId}`;

/** One id per entry; crypto.randomUUID exists only on https or localhost, a hall's LAN address may be plain http. */
export function newEntryKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const EMPTY: QueuedScore[] = [];
const cache = new Map<string, { raw: string | null; entries: QueuedScore[] }>();
const listeners = new Set<() => void>();

export function readQueue(judgeId: string): QueuedScore[] {
  let raw: string | null = null;
  try {
    raw = localStorage.getItem(storageKey(judgeId));
  } catch {
    raw = null;
  }
  const cached = cache.get(judgeId);
  if (cached && cached.raw === raw) return cached.entries;
  let entries = EMPTY;
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    if (Array.isArray(parsed)) entries = parsed as QueuedScore[];
  } catch {
    entries = EMPTY;
  }
  cache.set(judgeId, { raw, entries });
  return entries;
}

function writeQueue(judgeId: string, entries: QueuedScore[]): void {
  try {
    if (entries.length) localStorage.setItem(storageKey(judgeId), JSON.stringify(entries));
    else localStorage.removeItem(storageKey(judgeId));
  } catch {
    // Storage full or blocked: the entry still lives in this tab's memory below.
  }
  cache.set(judgeId, { raw: entries.length ? JSON.stringify(entries) : null, entries });
  for (const listener of listeners) listener();
}

function changeQueue(judgeId: string, change: (entries: QueuedScore[]) => QueuedScore[]): void {
  writeQueue(judgeId, change(readQueue(judgeId)));
}

const updateEntry = (judgeId: string, key: string, patch: Partial<QueuedScore>) =>
  changeQueue(judgeId, (entries) => entries.map((e) => (e.key === key ? { ...e, ...patch } : e)));
const removeEntry = (judgeId: string, key: string) => changeQueue(judgeId, (entries) => entries.filter((e) => e.key !== key));

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab of the same judge changed the queue.
  const onStorage = (event: StorageEvent) => {
    if (event.key?.startsWith('hoithi.padQueue.')) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The server said no (a 4xx: closed, another field open, out of range): retrying would not help. */
export function isRefusal(error: unknown): boolean {
  if (!(error instanceof TRPCClientError)) return false;
  const status = (error.data as { httpStatus?: number } | undefined)?.httpStatus;
  return typeof status === 'number' && status >= 400 && status < 500;
}

export interface SendHandlers {
  onSent(entry: QueuedScore, item: TScoreItem): void;
  onRefused(entry: QueuedScore, error: unknown): void;
  /** Entries that could not go now and wait for the connection. */
  onQueued(entries: QueuedScore[]): void;
}

const running = new Set<string>();
const again = new Set<string>();

/**
 * Sends the judge's entries in order until one cannot go for network reasons. Calls made while a
 * flush runs only ask it to look again, so an entry is never in flight twice from this tab.
 */
export async function flushQueue(judgeId: string, handlers: SendHandlers): Promise<void> {
  if (running.has(judgeId)) {
    again.add(judgeId);
    return;
  }
  running.add(judgeId);
  try {
    do {
      again.delete(judgeId);
      const run = () => sendInOrder(judgeId, handlers);
      const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
      if (locks) await locks.request(`hoithi.padQueue.${judgeId}`, run);
      else await run();
    } while (again.has(judgeId));
  } finally {
    running.delete(judgeId);
  }
}

async function sendInOrder(judgeId: string, handlers: SendHandlers): Promise<void> {
  for (;;) {
    const entry = readQueue(judgeId).find((e) => e.status !== 'refused');
    if (!entry) return;
    updateEntry(judgeId, entry.key, { status: 'sending' });
    try {
      const { item } = await trpcClient.scoring.submit.mutate(
        { teamId: entry.teamId, point: entry.point, fieldName: entry.fieldName, key: entry.key },
        { signal: AbortSignal.timeout(SEND_TIMEOUT_MS) },
      );
      removeEntry(judgeId, entry.key);
      handlers.onSent(entry, item);
    } catch (error) {
      if (isRefusal(error)) {
        if (entry.queued) updateEntry(judgeId, entry.key, { status: 'refused', reason: errorMessage(error) });
        else removeEntry(judgeId, entry.key);
        handlers.onRefused(entry, error);
        continue;
      }
      // No answer: everything still to send waits, in order, for the connection.
      const waiting = readQueue(judgeId).filter((e) => e.status !== 'refused' && !e.queued);
      changeQueue(judgeId, (entries) => entries.map((e) => (e.status === 'refused' ? e : { ...e, status: 'waiting', queued: true })));
      if (waiting.length) handlers.onQueued(waiting);
      return;
    }
  }
}

/** The judge's outbox, live, with the ways to add to it and to clear a refused entry. */
export function useScoreQueue(judgeId: string, handlers: SendHandlers) {
  const entries = useSyncExternalStore(
    subscribe,
    () => readQueue(judgeId),
    () => EMPTY,
  );
  const flush = useCallback(() => flushQueue(judgeId, handlers), [judgeId, handlers]);
  const enqueue = useCallback(
    (score: { teamId: string; fieldName: string; point: number }) => {
      const entry: QueuedScore = { ...score, key: newEntryKey(), createdAt: Date.now(), status: 'sending', queued: false };
      // Behind anything still waiting, so the order the judge entered is the order the server sees.
      const behind = readQueue(judgeId).some((e) => e.status !== 'refused');
      changeQueue(judgeId, (list) => [...list, behind ? { ...entry, status: 'waiting', queued: true } : entry]);
      void flush();
    },
    [judgeId, flush],
  );
  const dismiss = useCallback((key: string) => removeEntry(judgeId, key), [judgeId]);
  return { entries, enqueue, flush, dismiss };
}
