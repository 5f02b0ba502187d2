/** The event: name, date, venue, logo and the six rounds' titles. */
import { ZSettingsChangesSchema } from '../../../src/schemas/settings';
import { adminProcedure, publicProcedure, router } from '../../trpc';
import { readSettings } from './data';
import { liveTransaction } from '../live/record';

export const settingsRouter = router({
  get: publicProcedure.query(({ ctx }) => ({ settings: ctx.hub.live.eventSettings() })),
  update: adminProcedure.input(ZSettingsChangesSchema).mutation(({ ctx, input }) =>
    liveTransaction(ctx, async (recorder) => {
      const current = await readSettings(recorder.trx);
      const next = { ...current, ...input, roundTitles: { ...current.roundTitles, ...(input.roundTitles ?? {}) } };
      await recorder.trx
        .insertInto('settings')
        .values({ id: 1, data: JSON.stringify(next) })
        .onConflict((oc) => oc.column('id').doUpdateSet({ data: JSON.stringify(next), updated_at: new Date() }))
        .execute();
      // The event's name and the round titles show on every screen.
      await recorder.settings(next);
      return { settings: next };
    }),
  ),
});
