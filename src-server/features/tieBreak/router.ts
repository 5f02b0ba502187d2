/** The tie-break chain: read by the staff, ordered by the admin; the sudden-death results. */
import { messages } from '../../../src/messages';
import { ZTieBreakSetSchema } from '../../../src/schemas/tieBreak';
import { badRequest } from '../../errors';
import { adminProcedure, roleProcedure, router } from '../../trpc';
import { liveTransaction } from '../live/record';
import { readSheet } from '../scoreField/sheet';
import { writeSettings } from '../settings/data';
import { tieBreakList } from './data';
import { readSuddenDeaths } from './suddenDeath';

export const tieBreakRouter = router({
  /** The rules after the total, in force now (the default when none were set). */
  tieBreak: roleProcedure('admin', 'master').query(({ ctx }) =>
    tieBreakList(ctx.hub.live.stage.eventSettings().tieBreakRules, ctx.hub.live.standings.sheet()),
  ),
  /** Sets the rules after the total (null: back to the default); every screen's ranking follows. */
  setTieBreak: adminProcedure.input(ZTieBreakSetSchema).mutation(({ ctx, input }) =>
    liveTransaction(ctx, async (recorder) => {
      const fields = await readSheet(recorder.trx);
      input.rules?.forEach((rule, index) => {
        if (rule.kind === 'field' && !fields.some((f) => f.name === rule.field)) {
          throw badRequest(`${messages.scoreFieldNotFound}${messages.inField(`rules.${index}.field`)}`, `rules.${index}.field`);
        }
      });
      await writeSettings(recorder, (current) => ({ ...current, tieBreakRules: input.rules }));
      return tieBreakList(input.rules, fields);
    }),
  ),
  /** Every sudden-death result, oldest first, and the groups of teams a câu hỏi phụ is still for. */
  suddenDeaths: roleProcedure('admin', 'master').query(async ({ ctx }) => ({
    items: await readSuddenDeaths(ctx.db),
    groups: ctx.hub.live.standings.suddenDeathGroups(),
  })),
});
