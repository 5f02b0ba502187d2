/** The certificates: the prize rules (read: staff; set: admin) and the prized teams to print (staff, once the results are locked). */
import { ZCertificateSettingsSchema } from '../../../src/schemas/certificates';
import { adminProcedure, roleProcedure, router } from '../../trpc';
import { liveTransaction } from '../live/record';
import { buildCertificates, readCertificateSettings, writeCertificateSettings } from './data';

export const certificatesRouter = router({
  prizeRules: roleProcedure('admin', 'master').query(async ({ ctx }) => ({ settings: await readCertificateSettings(ctx.db) })),
  setPrizeRules: adminProcedure
    .input(ZCertificateSettingsSchema)
    .mutation(({ ctx, input }) =>
      liveTransaction(ctx, async (recorder) => ({ settings: await writeCertificateSettings(recorder, input) })),
    ),
  list: roleProcedure('admin', 'master').query(({ ctx }) => buildCertificates(ctx.db)),
});
