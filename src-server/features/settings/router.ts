/** The event: name, date, venue, logo and the six rounds' titles. */
import { ZSettingsChangesSchema } from '../../../src/schemas/settings';
import { adminProcedure, publicProcedure, router } from '../../trpc';
import { liveTransaction } from '../live/record';
import { writeSettings } from './data';

export const settingsRouter = router({
  get: publicProcedure.query(({ ctx }) => ({ settings: ctx.hub.live.stage.eventSettings() })),
  update: adminProcedure.input(ZSettingsChangesSchema).mutation(({ ctx, input }) =>
    liveTransaction(ctx, async (recorder) => ({
      settings: await writeSettings(recorder, (current) => ({
        ...current,
        ...input,
        roundTitles: { ...current.roundTitles, ...(input.roundTitles ?? {}) },
      })),
    })),
  ),
});
