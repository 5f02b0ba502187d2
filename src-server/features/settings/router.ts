/** The event: name, date, venue, logo, slogan and the six rounds' titles (an empty one: the round is not used). */
import { messages } from '../../../src/messages';
import { roundTitlesProblem, ZSettingsChangesSchema } from '../../../src/schemas/settings';
import { badRequest } from '../../errors';
import { adminProcedure, publicProcedure, router } from '../../trpc';
import { liveTransaction } from '../live/record';
import { writeSettings } from './data';

export const settingsRouter = router({
  get: publicProcedure.query(({ ctx }) => ({ settings: ctx.hub.live.stage.eventSettings() })),
  update: adminProcedure.input(ZSettingsChangesSchema).mutation(({ ctx, input }) =>
    liveTransaction(ctx, async (recorder) => ({
      settings: await writeSettings(recorder, (current) => {
        const roundTitles = { ...current.roundTitles, ...(input.roundTitles ?? {}) };
        // The input's own titles passed the schema; a change of some rounds only is judged with the others.
        const problem = roundTitlesProblem(roundTitles);
        if (problem) {
          const field = `roundTitles.${problem.round}`;
          throw badRequest(`${problem.message}${messages.inField(field)}`, field);
        }
        return { ...current, ...input, roundTitles };
      }),
    })),
  ),
});
