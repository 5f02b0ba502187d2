/**
 * The pad's outbox: every point a judge enters is written to localStorage (per judge) before it is
 * sent, with a key made once per entry, so a lost connection, a reload or a crash never loses it and
 * a retry can never double it (the server answers a repeated key with its first answer). Entries go
 * one at a time, in the order they were entered: one sender per judge in this tab, and across tabs
 * through the Web Locks API where the browser has it.
 */
import { TRPCClientError } from '@trpc/client';
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { newIdempotencyKey } from '../../../src/ids';
import type { TScoreItem } from '../../../src/schemas/scoring';
import { onLinkRestored } from '../../linkHealth';
import { errorMessage, trpcClient } from '../../trpc';
import { retryDelay } from './retryDelay';

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

/**
 * One sender per judge in this tab. At most one request is in flight; after a point could not go
 * (no answer, a time-out, a 5xx) the next try waits `retryDelay(attempt)` (1–30 s, growing, with
 * jitter), and nothing but that timer or a sign that the network is back (`resumeQueue`) sends
 * again: a re-render, a new entry or a second flush only wait their turn. While the browser says it
 * is offline nothing is sent at all; the timer keeps looking, and the `online` event resumes at once.
 */
interface Sender {
  handlers: SendHandlers | null;
  /** Failed tries since the last point went through: the backoff step. */
  attempt: number;
  timer: ReturnType<typeof setTimeout> | null;
  running: boolean;
  /** A flush was asked for while a pass ran: look at the queue again after it, unless it failed. */
  again: boolean;
  /** The network came back while a pass ran: one more pass at once even if it failed. */
  resumed: boolean;
}

const senders = new Map<string, Sender>();

function senderOf(judgeId: string): Sender {
  let sender = senders.get(judgeId);
  if (!sender) {
    sender = { handlers: null, attempt: 0, timer: null, running: false, again: false, resumed: false };
    senders.set(judgeId, sender);
  }
  return sender;
}

const browserOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

type PassResult = 'done' | 'failed';

/**
 * Sends the judge's entries in order until one cannot go for network reasons, then waits out the
 * backoff. Calls made while a pass runs, or while it waits, never add a request.
 */
export async function flushQueue(judgeId: string, handlers?: SendHandlers): Promise<void> {
  const sender = senderOf(judgeId);
  if (handlers) sender.handlers = handlers;
  if (sender.running) {
    sender.again = true;
    return;
  }
  if (!sender.handlers) return;
  if (sender.timer !== null) {
    // Backing off: a new entry joins the wait, shown as waiting.
    markWaiting(judgeId, sender.handlers);
    return;
  }
  sender.running = true;
  let result: PassResult = 'done';
  try {
    do {
      sender.again = false;
      sender.resumed = false;
      const current = sender.handlers;
      const run = () => sendInOrder(judgeId, sender, current);
      const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
      result = locks ? await locks.request(`hoithi.padQueue.${judgeId}`, run) : await run();
      if (result === 'failed' && sender.resumed) {
        sender.attempt = 0;
        result = 'done';
        sender.again = true;
      }
    } while (result === 'done' && sender.again);
  } finally {
    sender.running = false;
  }
  if (result === 'failed') scheduleRetry(judgeId, sender);
}

function scheduleRetry(judgeId: string, sender: Sender): void {
  if (sender.timer !== null || senders.get(judgeId) !== sender) return;
  const delay = retryDelay(sender.attempt);
  sender.attempt += 1;
  sender.timer = setTimeout(() => {
    sender.timer = null;
    void flushQueue(judgeId);
  }, delay);
}

/** The network is back (online, the socket reopened, the heartbeat answered): try now, from the first step. */
export function resumeQueue(judgeId: string): Promise<void> {
  const sender = senderOf(judgeId);
  if (sender.timer !== null) clearTimeout(sender.timer);
  sender.timer = null;
  sender.attempt = 0;
  if (sender.running) sender.resumed = true;
  return flushQueue(judgeId);
}

/** The pad is gone (logout, another page): no more timers; the entries stay stored for next time. */
export function stopQueue(judgeId: string): void {
  const sender = senders.get(judgeId);
  if (!sender) return;
  if (sender.timer !== null) clearTimeout(sender.timer);
  senders.delete(judgeId);
}

async function sendInOrder(judgeId: string, sender: Sender, handlers: SendHandlers): Promise<PassResult> {
  for (;;) {
    const entry = readQueue(judgeId).find((e) => e.status !== 'refused');
    if (!entry) return 'done';
    if (browserOffline()) {
      markWaiting(judgeId, handlers);
      return 'failed';
    }
    updateEntry(judgeId, entry.key, { status: 'sending' });
    try {
      const { item } = await trpcClient.scoring.submit.mutate(
        { teamId: entry.teamId, point: entry.point, fieldName: entry.fieldName, key: entry.key },
        { signal: AbortSignal.timeout(SEND_TIMEOUT_MS) },
      );
      sender.attempt = 0;
      removeEntry(judgeId, entry.key);
      handlers.onSent(entry, item);
    } catch (error) {
      if (isRefusal(error)) {
        if (entry.queued) updateEntry(judgeId, entry.key, { status: 'refused', reason: errorMessage(error) });
        else removeEntry(judgeId, entry.key);
        handlers.onRefused(entry, error);
        continue;
      }
      // No answer: everything still to send waits, in order, for the next try.
      markWaiting(judgeId, handlers);
      return 'failed';
    }
  }
}

function markWaiting(judgeId: string, handlers: SendHandlers): void {
  const entries = readQueue(judgeId);
  if (entries.every((e) => e.status === 'refused' || (e.status === 'waiting' && e.queued))) return;
  const newlyQueued = entries.filter((e) => e.status !== 'refused' && !e.queued);
  changeQueue(judgeId, (entries) => entries.map((e) => (e.status === 'refused' ? e : { ...e, status: 'waiting', queued: true })));
  if (newlyQueued.length) handlers.onQueued(newlyQueued);
}

/**
 * The judge's outbox, live, with the ways to add to it and to clear a refused entry. While mounted it
 * sends what is stored, and resumes at once when the browser comes back online, the socket reopens
 * or the heartbeat is answered again.
 */
export function useScoreQueue(judgeId: string, handlers: SendHandlers) {
  const entries = useSyncExternalStore(
    subscribe,
    () => readQueue(judgeId),
    () => EMPTY,
  );
  useEffect(() => {
    senderOf(judgeId).handlers = handlers;
  }, [judgeId, handlers]);
  useEffect(() => {
    void flushQueue(judgeId);
    const resume = () => void resumeQueue(judgeId);
    window.addEventListener('online', resume);
    const stopListening = onLinkRestored(resume);
    return () => {
      window.removeEventListener('online', resume);
      stopListening();
      stopQueue(judgeId);
    };
  }, [judgeId]);
  const flush = useCallback(() => flushQueue(judgeId), [judgeId]);
  const enqueue = useCallback(
    (score: { teamId: string; fieldName: string; point: number }) => {
      const entry: QueuedScore = { ...score, key: newIdempotencyKey(), createdAt: Date.now(), status: 'sending', queued: false };
      // Behind anything still waiting, so the order the judge entered is the order the server sees.
      const behind = readQueue(judgeId).some((e) => e.status !== 'refused');
      changeQueue(judgeId, (list) => [...list, behind ? { ...entry, status: 'waiting', queued: true } : entry]);
      void flushQueue(judgeId);
    },
    [judgeId],
  );
  const dismiss = useCallback((key: string) => removeEntry(judgeId, key), [judgeId]);
  return { entries, enqueue, flush, dismiss };
}
