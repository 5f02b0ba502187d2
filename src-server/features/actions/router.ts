import { ZActionLogInputSchema } from '../../../src/schemas/actions';
import { roleProcedure, router } from '../../trpc';
import { readActionLog } from './log';

export const actionsRouter = router({
  /** The log of actions, newest first: the staff's (master and admin). */
  log: roleProcedure('admin', 'master')
    .input(ZActionLogInputSchema)
    .query(async ({ ctx, input }) => ({ items: await readActionLog(ctx.db, input) })),
});
