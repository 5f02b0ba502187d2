/**
 * What every screen reads: the state (GET /api/state, system.state) and the `system.join`
 * subscription. Both answer from the live read model, with no query.
 */
import { tracked } from '@trpc/server';
import type { LiveMessage } from '../../../src/live';
import type { TSystemState } from '../../../src/schemas/system';
import { z } from '../../../src/schemas/zod';
import type { Context } from '../../context';
import { forbidden } from '../../errors';
import { adminProcedure, publicProcedure, router } from '../../trpc';
import type { Delivery } from '../live/hub';
import { audienceOf, type Viewer } from '../live/model';

export function viewerOf(ctx: Pick<Context, 'user'>): Viewer {
  return { role: ctx.user?.role ?? null, userId: ctx.user?._id ?? null, teamId: ctx.user?.teamId ?? null };
}

export function readSystemState(ctx: Context): TSystemState {
  const audience = audienceOf(viewerOf(ctx));
  const live = ctx.hub.live;
  return { now: Date.now(), user: ctx.user, system: live.system(audience), listTeam: live.listTeam(audience) };
}

/** GET /api/state as text: the same answer as `system.state`, from fragments serialised once per change. */
export function readSystemStateJson(ctx: Context): string {
  const fragment = ctx.hub.live.stateJson(audienceOf(viewerOf(ctx)));
  return `{"now":${Date.now()},"user":${JSON.stringify(ctx.user)},${fragment}}`;
}

/** Messages waiting for one subscriber, in order. */
class Inbox {
  private items: Delivery[] = [];
  private wake: (() => void) | null = null;

  push = (delivery: Delivery): void => {
    this.items.push(delivery);
    const wake = this.wake;
    this.wake = null;
    wake?.();
  };

  async *drain(signal: AbortSignal | undefined): AsyncGenerator<Delivery> {
    const onAbort = () => this.wake?.();
    signal?.addEventListener('abort', onAbort, { once: true });
    try {
      while (!signal?.aborted) {
        if (this.items.length === 0) {
          await new Promise<void>((resolve) => (this.wake = resolve));
          continue;
        }
        const batch = this.items;
        this.items = [];
        for (const delivery of batch) yield delivery;
      }
    } finally {
      signal?.removeEventListener('abort', onAbort);
    }
  }
}

/**
 * A change's messages as tracked ids: the last carries the change's id, the ones before it
 * `id:index`, so a screen cut off in the middle of a change resumes after the message it had.
 */
function* trackedMessages(id: number, messages: LiveMessage[], from = 0) {
  for (let i = from; i < messages.length; i++) {
    yield tracked(i === messages.length - 1 ? String(id) : `${id}:${i}`, messages[i]!);
  }
}

/** A snapshot's messages: only the last one is a place to resume from. */
function* trackedSnapshot(id: number, messages: LiveMessage[]) {
  for (let i = 0; i < messages.length; i++) yield tracked(i === messages.length - 1 ? String(id) : `${id}:s`, messages[i]!);
}

const RESUME_ID = /^(\d{1,15})(?::(\d{1,3}))?$/;
const ZJoinInput = z.object({ lastEventId: z.string().max(40).nullish() }).optional();

export const systemRouter = router({
  state: publicProcedure.query(({ ctx }) => readSystemState(ctx)),

  /** What every screen opens: what it missed (or a snapshot), then each change as it happens. */
  join: publicProcedure.input(ZJoinInput).subscription(async function* ({ ctx, input, signal }) {
    const viewer = viewerOf(ctx);
    const hub = ctx.hub;
    const inbox = new Inbox();
    // Subscribe and read in the same tick: the model changes only between ticks.
    const unsubscribe = hub.subscribe(inbox.push);
    try {
      const resume = RESUME_ID.exec(input?.lastEventId ?? '');
      const resumeId = resume ? Number(resume[1]) : null;
      const replay = resumeId === null ? null : hub.changesSince(resumeId);
      let lastId: number;
      if (replay) {
        lastId = resumeId!;
        const cut = resume![2] === undefined ? null : Number(resume![2]);
        if (cut !== null) {
          const entry = hub.change(resumeId!);
          if (entry) yield* trackedMessages(entry.id, entry.messagesFor(viewer), cut + 1);
        }
        for (const entry of replay) {
          lastId = entry.id;
          yield* trackedMessages(entry.id, entry.messagesFor(viewer));
        }
      } else {
        lastId = hub.live.eventId;
        yield* trackedSnapshot(lastId, hub.live.snapshot(viewer));
      }
      for await (const delivery of inbox.drain(signal)) {
        if (delivery.kind === 'change') {
          if (delivery.entry.id <= lastId) continue;
          lastId = delivery.entry.id;
          yield* trackedMessages(lastId, delivery.entry.messagesFor(viewer));
        } else if (delivery.kind === 'live') {
          // Live-only messages are never stored: they carry the last change's id.
          const audience = audienceOf(viewer);
          if (delivery.message.type === 'presence' && audience !== 'staff') continue;
          yield tracked(String(lastId), delivery.message);
        } else {
          lastId = hub.live.eventId;
          yield* trackedSnapshot(lastId, hub.live.snapshot(viewer));
        }
      }
    } finally {
      unsubscribe();
    }
  }),

  /** Development only: tell every open page to reload. Not stored, so never replayed. */
  debug: adminProcedure.input(z.object({ command: z.literal('reload') })).mutation(({ ctx }) => {
    if (ctx.config.production) throw forbidden();
    ctx.hub.emitLive({ type: 'reload' });
    return { ok: true as const };
  }),
});
