/** The installation's events (contests): admins list, make, rename, archive, delete and put them on stage. */
import { ZEventActivateSchema, ZEventCreateSchema, ZEventDeleteSchema, ZEventUpdateSchema } from '../../../src/schemas/events';
import { adminProcedure, router } from '../../trpc';
import { listEvents } from './data';
import { activateEvent, createEvent, deleteEvent, updateEvent } from './manage';

export const eventsRouter = router({
  list: adminProcedure.query(async ({ ctx }) => ({ items: await listEvents(ctx.base) })),
  create: adminProcedure.input(ZEventCreateSchema).mutation(({ ctx, input }) => createEvent(ctx, input.data)),
  update: adminProcedure.input(ZEventUpdateSchema).mutation(({ ctx, input }) => updateEvent(ctx, input)),
  remove: adminProcedure.input(ZEventDeleteSchema).mutation(async ({ ctx, input }) => {
    await deleteEvent(ctx, input._id, input.confirm);
    return { ok: true as const };
  }),
  activate: adminProcedure.input(ZEventActivateSchema).mutation(({ ctx, input }) => activateEvent(ctx, input._id)),
});
