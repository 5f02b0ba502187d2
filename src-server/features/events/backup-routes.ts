/**
 * An event's backup over HTTP, for admins: GET /api/events/:id/backup downloads it (one file,
 * `backup.ts`), POST /api/events/restore takes one as the raw body and makes a new event of it.
 *
 * Registered ahead of the app's body limits (`body-limit.ts`, 1 MB for a caller like this one): the
 * restore has its own, RESTORE_MAX_BYTES, counted as the body streams in, after the session has been
 * found to be an admin's, so nobody else gets to send a byte of it.
 */
import { Readable } from 'node:stream';
import type { Hono, Context as HonoContext } from 'hono';
import { getCookie } from 'hono/cookie';
import { messages } from '../../../src/messages';
import type { TPublicUser } from '../../../src/schemas/auth';
import type { AppDeps } from '../../context';
import { AppError, badRequest, forbidden, notFound, unauthorized } from '../../errors';
import { findSession } from '../auth/sessions';
import { openEventBackup, restoreEventBackup } from './backup';

const MB = 1024 * 1024;

export function registerEventBackupRoutes(app: Hono, deps: AppDeps): void {
  const admin = async (c: HonoContext): Promise<TPublicUser> => {
    const found = await findSession(deps.db, getCookie(c, deps.config.cookieName) ?? null, deps.sessions);
    if (!found) throw unauthorized();
    if (found.user.role !== 'admin') throw forbidden();
    return found.user;
  };

  app.get('/api/events/:id/backup', async (c) => {
    await admin(c);
    const id = c.req.param('id');
    if (id.length > 100 || id.includes('\u0000')) throw notFound(messages.backup.eventNotFound);
    const backup = await openEventBackup(deps.base, id);
    if (!backup) throw notFound(messages.backup.eventNotFound);
    // application/octet-stream, not gzip: a browser that knows gzip might unpack it on the way.
    return c.body(Readable.toWeb(backup.stream()) as ReadableStream, 200, {
      'Content-Type': 'application/octet-stream',
      'Content-Disposition': `attachment; filename="${backup.fileName}"`,
    });
  });

  app.post('/api/events/restore', async (c) => {
    const user = await admin(c);
    const limit = deps.config.restoreMaxBytes;
    const tooLarge = () => {
      // The rest of the body is not read: the connection closes after the answer.
      c.header('Connection', 'close');
      return new AppError('PAYLOAD_TOO_LARGE', messages.backup.tooLarge(Math.round(limit / MB)), 'file');
    };
    if (Number(c.req.header('content-length') ?? 0) > limit) throw tooLarge();
    const body = c.req.raw.body;
    if (!body) throw badRequest(messages.backup.damaged, 'file');
    async function* limited(): AsyncGenerator<Uint8Array> {
      let received = 0;
      for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
        received += chunk.length;
        if (received > limit) throw tooLarge();
        yield chunk;
      }
    }
    const restored = await restoreEventBackup(deps.base, Readable.from(limited()), { actorId: user._id });
    return c.json({ item: { _id: restored.contestId, title: restored.title } });
  });
}
