/**
 * The live floor's face, under the `system` name the clients call: the state every screen reads
 * (GET /api/state, system.state) and the `system.join` subscription, both answered from the picture
 * with no query; besides, the refusals the crew reads and the development reload.
 */
import { tracked } from '@trpc/server';
import type { TSystemState } from '../../../src/schemas/system';
import { z } from '../../../src/schemas/zod';
import type { Context } from '../../context';
import { forbidden } from '../../errors';
import { holdSubscription, SubscriptionQueue } from '../../subscriptions';
import { adminProcedure, publicProcedure, roleProcedure, router } from '../../trpc';
import type { Delivery } from './fanout';
import { changeMessages, joinMessages, liveMessageFor, snapshotMessages, ZJoinInput } from './join';
import { audienceOf, type Viewer, viewerKey } from './picture';

export function viewerOf(ctx: Pick<Context, 'user'>): Viewer {
  return { role: ctx.user?.role ?? null, userId: ctx.user?._id ?? null, participantId: ctx.user?.teamId ?? null };
}

export function readSystemState(ctx: Context): TSystemState {
  const audience = audienceOf(viewerOf(ctx));
  const live = ctx.hub.live;
  return {
    now: Date.now(),
    user: ctx.user,
    system: live.stage.system(audience),
    listTeam: live.standings.listTeam(audience),
    eventId: live.eventId,
  };
}

/**
 * The system state as text, from fragments serialised once per change: GET /api/state answers the
 * contract's `{now, user, system, listTeam}`; the state written into a page also says which event it
 * includes (`eventId`, as `system.state` does), so the page's live store can tell what is newer.
 */
export function readSystemStateJson(live: Context['hub']['live'], user: Context['user'], withEventId = false): string {
  const fragment = live.stateJson(audienceOf(viewerOf({ user })));
  const eventId = withEventId ? `"eventId":${live.eventId},` : '';
  return `{"now":${Date.now()},"user":${JSON.stringify(user)},${eventId}${fragment}}`;
}

export const systemRouter = router({
  state: publicProcedure.query(({ ctx }) => readSystemState(ctx)),

  /**
   * What every screen opens: what it missed (or a snapshot), then each change as it happens. Kept
   * lean: thousands of these wait at once, so each holds one queue and its viewer.
   */
  join: publicProcedure.input(ZJoinInput).subscription(async function* ({ ctx, input, signal }) {
    const release = holdSubscription(ctx);
    const viewer = viewerOf(ctx);
    const key = viewerKey(viewer);
    const staff = audienceOf(viewer) === 'staff';
    const hub = ctx.hub;
    const queue = new SubscriptionQueue<Delivery>(signal);
    // Subscribe and read in the same tick: the picture changes only between ticks.
    hub.subscribe(queue.push);
    try {
      const joined = joinMessages(hub, viewer, key, input?.lastEventId);
      let lastId = joined.lastId;
      for (const [id, message] of joined.messages) yield tracked(id, message);
      for await (const batch of queue.batches()) {
        for (const delivery of batch) {
          if (signal?.aborted) return;
          if (delivery.kind === 'change') {
            const entry = delivery.entry;
            if (entry.id <= lastId) continue;
            lastId = entry.id;
            for (const [id, message] of changeMessages(entry, viewer, key)) yield tracked(id, message);
          } else if (delivery.kind === 'live') {
            // Live-only messages are never stored: they carry the last change's id.
            if (!liveMessageFor(delivery.message, staff)) continue;
            yield tracked(String(lastId), delivery.message);
          } else {
            lastId = hub.live.eventId;
            for (const [id, message] of snapshotMessages(hub, viewer)) yield tracked(id, message);
          }
        }
      }
    } finally {
      hub.unsubscribe(queue.push);
      queue.close();
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
