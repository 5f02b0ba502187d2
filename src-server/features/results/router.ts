import { roleProcedure, router } from '../../trpc';
import { buildResults } from './data';

export const resultsRouter = router({
  /** The ranking with the breakdown (admin, master). */
  list: roleProcedure('admin', 'master').query(async ({ ctx }) => buildResults(ctx.db)),
});
