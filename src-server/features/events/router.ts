/** The installation's events (contests): admins list them. */
import { adminProcedure, router } from '../../trpc';
import { listEvents } from './data';

export const eventsRouter = router({
  list: adminProcedure.query(async ({ ctx }) => ({ items: await listEvents(ctx.base) })),
});
