/** GET /api/certificates.pdf: every certificate as one PDF (staff, once the whole event's results are locked). */
import type { Hono } from 'hono';
import { certificatesText } from '../../../src/messages/certificates';
import type { CallerFor } from '../../http';
import { certificatesPdf } from './pdf';

export function registerCertificateRoutes(app: Hono, callerFor: CallerFor): void {
  app.get('/api/certificates.pdf', async (c) => {
    const { caller, db } = await callerFor(c);
    // The procedure checks the role and the lock; the PDF is drawn from what it answers.
    const data = await caller.certificates.list();
    c.header('Content-Type', 'application/pdf');
    c.header('Content-Disposition', `attachment; filename="${certificatesText.pdfFileName}"`);
    c.header('Cache-Control', 'no-store');
    return c.body((await certificatesPdf(db, data)) as never);
  });
}
