import { ZTeamCreateSchema, ZTeamUpdateSchema } from '../../../src/schemas/team';
import { z } from '../../../src/schemas/zod';
import { adminProcedure, authedProcedure, router } from '../../trpc';
import { createTeam, deleteTeam, listTeams, updateTeam } from './data';
import { publishTeams } from '../system/publish';

export const teamRouter = router({
  /** Every logged-in role: judges and the master need the teams with their members. */
  all: authedProcedure.query(async ({ ctx }) => {
    const items = await listTeams(ctx.db);
    // Only admins see who holds the team accounts.
    return { items: ctx.user.role === 'admin' ? items : items.map((t) => ({ ...t, accounts: [] })) };
  }),
  create: adminProcedure.input(ZTeamCreateSchema).mutation(async ({ ctx, input }) => {
    const item = await createTeam(ctx.db, input.data);
    await publishTeams(ctx);
    return { item };
  }),
  update: adminProcedure.input(ZTeamUpdateSchema).mutation(async ({ ctx, input }) => {
    const item = await updateTeam(ctx.db, input._id, input.changes);
    await publishTeams(ctx);
    return { item };
  }),
  remove: adminProcedure.input(z.object({ _id: z.string().trim().min(1).max(100) })).mutation(async ({ ctx, input }) => {
    await deleteTeam(ctx.db, input._id);
    await publishTeams(ctx);
    return { ok: true as const };
  }),
});
