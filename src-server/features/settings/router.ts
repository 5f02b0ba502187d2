/** The event: name, date, venue, logo and the six rounds' titles. */
import { ZSettingsChangesSchema } from '../../../src/schemas/settings';
import { adminProcedure, publicProcedure, router } from '../../trpc';
import { getSettings } from '../system/data';
import { publishState } from '../system/publish';

export const settingsRouter = router({
  get: publicProcedure.query(async ({ ctx }) => ({ settings: await getSettings(ctx.db) })),
  update: adminProcedure.input(ZSettingsChangesSchema).mutation(async ({ ctx, input }) => {
    const current = await getSettings(ctx.db);
    const next = { ...current, ...input, roundTitles: { ...current.roundTitles, ...(input.roundTitles ?? {}) } };
    await ctx.db
      .insertInto('settings')
      .values({ id: 1, data: JSON.stringify(next) })
      .onConflict((oc) => oc.column('id').doUpdateSet({ data: JSON.stringify(next), updated_at: new Date() }))
      .execute();
    // Round titles show on every screen.
    await publishState(ctx);
    return { settings: next };
  }),
});
