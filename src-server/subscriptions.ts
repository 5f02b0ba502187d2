/** What every tRPC subscription shares: the cap a socket holds them under, and the queue a generator awaits. */
import { messages } from '../src/messages';
import type { Context } from './context';
import { AppError } from './errors';

/**
 * Subscriptions one socket (one page) may hold. The busiest screens hold two: the console
 * (`system.join`, `show.console`) and a projector (`system.join`, `projectors.report`), and a third
 * for a moment while a projector reports a changed state (the old one ends as the new one starts).
 * A socket with more is not a screen. The client resends all of a socket's subscriptions in one
 * frame after a reconnect, so `WS_MAX_CALLS_PER_FRAME` (`ws.ts`) is at least this.
 */
export const MAX_SUBSCRIPTIONS_PER_SOCKET = 8;

/** Counts a subscription against its socket's cap (refused beyond it, 429); returns its release. */
export function holdSubscription(ctx: Pick<Context, 'socket' | 'ip' | 'refusals'>): () => void {
  const socket = ctx.socket;
  if (!socket) return () => {};
  if (socket.subscriptions >= MAX_SUBSCRIPTIONS_PER_SOCKET) {
    // Counted for the crew by address; the refusal's one log line is the error formatter's (rate-limited).
    ctx.refusals.record('batch', ctx.ip);
    throw new AppError('TOO_MANY_REQUESTS', messages.tooManySubscriptions);
  }
  socket.subscriptions++;
  return () => socket.subscriptions--;
}

/**
 * Turns a listener's calls into what a subscription's generator awaits: what arrives queues (push it
 * from the listener, attached before the backlog is read) and `batches()` yields it, all that came
 * since the last batch at once, until `signal` aborts. Lean on purpose: thousands wait at once, each
 * holding one queue and one wake-up.
 */
export class SubscriptionQueue<T> {
  private items: T[] = [];
  private wake: (() => void) | null = null;

  constructor(private readonly signal?: AbortSignal) {
    signal?.addEventListener('abort', this.poke, { once: true });
  }

  private readonly poke = (): void => {
    const wake = this.wake;
    this.wake = null;
    wake?.();
  };

  readonly push = (item: T): void => {
    this.items.push(item);
    this.poke();
  };

  async *batches(): AsyncGenerator<T[]> {
    while (!this.signal?.aborted) {
      if (this.items.length === 0) {
        await new Promise<void>((resolve) => (this.wake = resolve));
        continue;
      }
      const batch = this.items;
      this.items = [];
      yield batch;
    }
  }

  /** Lets go of the signal (call in the generator's `finally`). */
  close(): void {
    this.signal?.removeEventListener('abort', this.poke);
    this.items = [];
  }
}
