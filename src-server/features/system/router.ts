import { on } from 'node:events';
import { tracked } from '@trpc/server';
import type { TSystemState } from '../../../src/schemas/system';
import { z } from '../../../src/schemas/zod';
import type { Context } from '../../context';
import type { StoredEvent } from '../../events';
import { forbidden } from '../../errors';
import { adminProcedure, publicProcedure, router } from '../../trpc';
import { getShowState, latestEventId, listActiveTeams } from './data';
import { projectEvent, readBacklog, sharedMessage, snapshotFor, type Viewer } from './join';

export async function readSystemState(ctx: Context): Promise<TSystemState> {
  const [system, listTeam] = await Promise.all([getShowState(ctx.db), listActiveTeams(ctx.db)]);
  return { now: Date.now(), user: ctx.user, system, listTeam };
}

const ZJoinInput = z.object({ lastEventId: z.string().max(40).nullish() }).optional();

export const systemRouter = router({
  state: publicProcedure.query(({ ctx }) => readSystemState(ctx)),

  /** What every screen opens: what it missed (or a snapshot), then each event as it happens. */
  join: publicProcedure.input(ZJoinInput).subscription(async function* ({ ctx, input, signal }) {
    const viewer: Viewer = { role: ctx.user?.role ?? null, userId: ctx.user?._id ?? null, teamId: ctx.user?.teamId ?? null };
    // Listen before reading, so nothing committed in between is missed.
    const live = on(ctx.hub.emitter, 'event', { signal }) as AsyncIterableIterator<[StoredEvent]>;
    const requested = input?.lastEventId && /^\d{1,15}$/.test(input.lastEventId) ? Number(input.lastEventId) : null;
    const backlog = requested === null ? null : await readBacklog(ctx.db, requested);
    let lastId: number;
    if (backlog) {
      lastId = requested!;
      for (const event of backlog) {
        lastId = event.id;
        const data = projectEvent(event.type, event.payload, viewer);
        if (data) yield tracked(String(event.id), { type: event.type, ...data });
      }
    } else {
      lastId = await latestEventId(ctx.db);
      for (const event of await snapshotFor(ctx.db, viewer)) {
        const data = projectEvent(event.type, event.payload, viewer);
        if (data) yield tracked(String(lastId), { type: event.type, ...data });
      }
    }
    try {
      for await (const [event] of live) {
        if (event.type === 'reload' || event.type === 'presence') {
          // Live-only events, never stored: they carry the last stored id.
          const data = projectEvent(event.type, event.payload, viewer);
          if (data) yield tracked(String(lastId), { type: event.type, ...data });
          continue;
        }
        if (event.id <= lastId) continue;
        lastId = event.id;
        const message = sharedMessage(event, viewer);
        if (message) yield tracked(String(event.id), message);
      }
    } catch (error) {
      if ((error as Error).name !== 'AbortError') throw error;
    }
  }),

  /** Development only: tell every open page to reload. Not stored, so never replayed. */
  debug: adminProcedure.input(z.object({ command: z.literal('reload') })).mutation(({ ctx }) => {
    if (ctx.config.production) throw forbidden();
    ctx.hub.emit({ id: 0, type: 'reload', payload: {} });
    return { ok: true as const };
  }),
});
