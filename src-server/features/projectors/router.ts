/**
 * `projectors.report`: a projector page holds this subscription open while it is connected, with
 * what the crew needs to know of it (which page, whether it still needs a click). It sends nothing
 * back. `projectors.list`: the console reads them (staff only).
 */
import { ZProjectorReportSchema } from '../../../src/schemas/projectors';
import { forbidden } from '../../errors';
import { holdSubscription } from '../../subscriptions';
import { publicProcedure, roleProcedure, router } from '../../trpc';

export const projectorsRouter = router({
  report: publicProcedure.input(ZProjectorReportSchema).subscription(async function* ({ ctx, input, signal }) {
    // Only over a websocket, where the socket's caps bound what an anonymous page can add.
    if (!ctx.socket || !signal) throw forbidden();
    const release = holdSubscription(ctx);
    const leave = ctx.projectors.join(input.page, input.screen, input.needsClick);
    try {
      if (!signal.aborted) await new Promise((resolve) => signal.addEventListener('abort', resolve, { once: true }));
    } finally {
      leave();
      release();
    }
    // Nothing to send: the subscription's life is the report.
    yield* [];
  }),

  list: roleProcedure('admin', 'master').query(({ ctx }) => ({ items: ctx.projectors.list() })),
});
