import { ZTeamCreateSchema, ZTeamUpdateSchema } from '../../../src/schemas/team';
import { z } from '../../../src/schemas/zod';
import { adminProcedure, authedProcedure, router } from '../../trpc';
import { liveTransaction } from '../live/record';
import { refuseLockedTeam } from '../results/gate';
import { createTeam, deleteTeam, listTeams, recordTeams, updateTeam } from './data';

export const teamRouter = router({
  /** Every logged-in role: judges and the master need the teams with their members. */
  all: authedProcedure.query(async ({ ctx }) => {
    const items = await listTeams(ctx.db);
    // Only admins see who holds the team accounts.
    return { items: ctx.user.role === 'admin' ? items : items.map((t) => ({ ...t, accounts: [] })) };
  }),
  create: adminProcedure.input(ZTeamCreateSchema).mutation(({ ctx, input }) =>
    liveTransaction(ctx, async (recorder) => {
      const item = await createTeam(recorder.trx, input.data);
      await recordTeams(recorder);
      return { item };
    }),
  ),
  update: adminProcedure.input(ZTeamUpdateSchema).mutation(({ ctx, input }) =>
    liveTransaction(ctx, async (recorder) => {
      if (input.changes.active === false) await refuseLockedTeam(recorder.trx, input._id);
      const item = await updateTeam(recorder.trx, input._id, input.changes);
      await recordTeams(recorder);
      return { item };
    }),
  ),
  remove: adminProcedure.input(z.object({ _id: z.string().trim().min(1).max(100) })).mutation(({ ctx, input }) =>
    liveTransaction(ctx, async (recorder) => {
      await refuseLockedTeam(recorder.trx, input._id);
      await deleteTeam(recorder.trx, input._id);
      await recordTeams(recorder);
      return { ok: true as const };
    }),
  ),
});
