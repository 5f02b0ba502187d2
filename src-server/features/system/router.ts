import { on } from 'node:events';
import { tracked } from '@trpc/server';
import type { TSystemState } from '../../../src/schemas/system';
import { z } from '../../../src/schemas/zod';
import type { Context } from '../../context';
import type { StoredEvent } from '../../events';
import { forbidden } from '../../errors';
import { adminProcedure, publicProcedure, router } from '../../trpc';
import { getShowState, latestEventId, listActiveTeams } from './data';

export async function readSystemState(ctx: Context): Promise<TSystemState> {
  const [system, listTeam] = await Promise.all([getShowState(ctx.db), listActiveTeams(ctx.db)]);
  return { now: Date.now(), user: ctx.user, system, listTeam };
}

const ZJoinInput = z.object({ lastEventId: z.string().max(40).nullish() }).optional();

export const systemRouter = router({
  state: publicProcedure.query(({ ctx }) => readSystemState(ctx)),

  /** What every screen opens: a snapshot, then each event as it happens. */
  join: publicProcedure.input(ZJoinInput).subscription(async function* ({ ctx, signal }) {
    // Listen before reading the snapshot so nothing committed in between is missed.
    const events = on(ctx.bus.emitter, 'event', { signal }) as AsyncIterableIterator<[StoredEvent]>;
    const [lastId, system, listTeam] = await Promise.all([
      latestEventId(ctx.db),
      getShowState(ctx.db),
      listActiveTeams(ctx.db),
    ]);
    yield tracked(String(lastId), { type: 'state' as const, system });
    yield tracked(String(lastId), { type: 'teams' as const, listTeam });
    try {
      for await (const [event] of events) {
        if (event.type === 'reload') {
          yield tracked(String(lastId), { type: 'reload' as const });
          continue;
        }
        if (event.id <= lastId) continue;
        yield tracked(String(event.id), { type: event.type, ...event.payload });
      }
    } catch (error) {
      if ((error as Error).name !== 'AbortError') throw error;
    }
  }),

  /** Development only: tell every open page to reload. Not stored, so never replayed. */
  debug: adminProcedure.input(z.object({ command: z.literal('reload') })).mutation(({ ctx }) => {
    if (ctx.config.production) throw forbidden();
    ctx.bus.emit({ id: 0, type: 'reload', payload: {} });
    return { ok: true as const };
  }),
});
