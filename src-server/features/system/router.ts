/**
 * What every screen reads: the state (GET /api/state, system.state) and the `system.join`
 * subscription. Both answer from the live read model, with no query.
 */
import { tracked } from '@trpc/server';
import type { TSystemState } from '../../../src/schemas/system';
import { z } from '../../../src/schemas/zod';
import type { Context } from '../../context';
import { messages } from '../../../src/messages';
import { AppError, forbidden } from '../../errors';
import { adminProcedure, publicProcedure, roleProcedure, router } from '../../trpc';
import type { Delivery } from '../live/hub';
import { audienceOf, type LiveModel, type Viewer, viewerKey } from '../live/model';

export function viewerOf(ctx: Pick<Context, 'user'>): Viewer {
  return { role: ctx.user?.role ?? null, userId: ctx.user?._id ?? null, teamId: ctx.user?.teamId ?? null };
}

export function readSystemState(ctx: Context): TSystemState {
  const audience = audienceOf(viewerOf(ctx));
  const live = ctx.hub.live;
  return { now: Date.now(), user: ctx.user, system: live.system(audience), listTeam: live.listTeam(audience), eventId: live.eventId };
}

/** GET /api/state as text: the same answer as `system.state`, from fragments serialised once per change. */
export function readSystemStateJson(live: LiveModel, user: Context['user']): string {
  const fragment = live.stateJson(audienceOf(viewerOf({ user })));
  return `{"now":${Date.now()},"user":${JSON.stringify(user)},"eventId":${live.eventId},${fragment}}`;
}

/**
 * A change's messages as tracked ids: the last carries the change's id, the ones before it
 * `id:index`, so a screen cut off in the middle of a change resumes after the message it had.
 */
const changeMessageId = (id: number, index: number, count: number) => (index === count - 1 ? String(id) : `${id}:${index}`);
/** A snapshot's messages: only the last one is a place to resume from (`id:s` asks for a snapshot). */
const snapshotMessageId = (id: number, index: number, count: number) => (index === count - 1 ? String(id) : `${id}:s`);

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

const RESUME_ID = /^(\d{1,15})(?::(\d{1,3}))?$/;
const ZJoinInput = z.object({ lastEventId: z.string().max(40).nullish() }).optional();

export const systemRouter = router({
  state: publicProcedure.query(({ ctx }) => readSystemState(ctx)),

  /**
   * What every screen opens: what it missed (or a snapshot), then each change as it happens. Kept
   * lean: thousands of these wait at once, so each holds one queue, one wake-up and its viewer.
   */
  join: publicProcedure.input(ZJoinInput).subscription(async function* ({ ctx, input, signal }) {
    const release = holdSubscription(ctx);
    const viewer = viewerOf(ctx);
    const key = viewerKey(viewer);
    const staff = audienceOf(viewer) === 'staff';
    const hub = ctx.hub;
    let queue: Delivery[] = [];
    let wake: (() => void) | null = null;
    const subscriber = (delivery: Delivery) => {
      queue.push(delivery);
      if (wake) {
        const resolve = wake;
        wake = null;
        resolve();
      }
    };
    const stop = () => {
      hub.unsubscribe(subscriber);
      subscriber({ kind: 'resync' }); // wakes the loop, which then sees the abort
    };
    // Subscribe and read in the same tick: the model changes only between ticks.
    hub.subscribe(subscriber);
    signal?.addEventListener('abort', stop, { once: true });
    try {
      const resume = RESUME_ID.exec(input?.lastEventId ?? '');
      const resumeId = resume ? Number(resume[1]) : null;
      const cut = resume?.[2] === undefined ? null : Number(resume[2]);
      // Cut off inside a change: its rest must still be held, else only a snapshot is complete.
      const partial = cut === null || resumeId === null ? undefined : hub.change(resumeId);
      const replay = resumeId === null || (cut !== null && !partial) ? null : hub.changesSince(resumeId);
      let lastId: number;
      if (replay) {
        lastId = resumeId!;
        if (partial) {
          const messages = partial.messagesFor(viewer, key);
          for (let i = cut! + 1; i < messages.length; i++) yield tracked(changeMessageId(partial.id, i, messages.length), messages[i]!);
        }
        for (const entry of replay) {
          lastId = entry.id;
          const messages = entry.messagesFor(viewer, key);
          for (let i = 0; i < messages.length; i++) yield tracked(changeMessageId(entry.id, i, messages.length), messages[i]!);
        }
      } else {
        lastId = hub.live.eventId;
        const messages = hub.live.snapshot(viewer);
        for (let i = 0; i < messages.length; i++) yield tracked(snapshotMessageId(lastId, i, messages.length), messages[i]!);
      }
      while (!signal?.aborted) {
        if (queue.length === 0) {
          await new Promise<void>((resolve) => (wake = resolve));
          continue;
        }
        const batch = queue;
        queue = [];
        for (const delivery of batch) {
          if (signal?.aborted) return;
          if (delivery.kind === 'change') {
            const entry = delivery.entry;
            if (entry.id <= lastId) continue;
            lastId = entry.id;
            const messages = entry.messagesFor(viewer, key);
            for (let i = 0; i < messages.length; i++) yield tracked(changeMessageId(lastId, i, messages.length), messages[i]!);
          } else if (delivery.kind === 'live') {
            // Live-only messages are never stored: they carry the last change's id.
            if (delivery.message.type === 'presence' && !staff) continue;
            yield tracked(String(lastId), delivery.message);
          } else {
            lastId = hub.live.eventId;
            const messages = hub.live.snapshot(viewer);
            for (let i = 0; i < messages.length; i++) yield tracked(snapshotMessageId(lastId, i, messages.length), messages[i]!);
          }
        }
      }
    } finally {
      signal?.removeEventListener('abort', stop);
      hub.unsubscribe(subscriber);
      release();
    }
  }),

  /**
   * What this instance refused in the last minutes, by kind and by address (`refusals.ts`), for the
   * crew: why a phone in the hall fails.
   */
  refusals: roleProcedure('admin', 'master').query(({ ctx }) => ctx.refusals.summary()),

  /** Development only: tell every open page to reload. Not stored, so never replayed. */
  debug: adminProcedure.input(z.object({ command: z.literal('reload') })).mutation(({ ctx }) => {
    if (ctx.config.production) throw forbidden();
    ctx.hub.emitLive({ type: 'reload' });
    return { ok: true as const };
  }),
});
