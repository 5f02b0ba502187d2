/** Uploaded images, audio and video, kept in the database so every server instance serves them. */
import type { Kysely } from 'kysely';
import { messages } from '../../../src/messages';
import type { TMedia } from '../../../src/schemas/media';
import { z } from '../../../src/schemas/zod';
import type { Database } from '../../db/types';
import { badRequest, notFound } from '../../errors';
import { adminProcedure, router } from '../../trpc';
import { detectMediaType, MEDIA_TYPES } from './detect';

export const MEDIA_MAX_BYTES = 20 * 1024 * 1024;

const ZUpload = z.object({
  fileName: z.string().trim().max(300).default(''),
  contentType: z.string().trim().max(100),
  dataBase64: z.string().max(Math.ceil((MEDIA_MAX_BYTES * 4) / 3) + 8, { message: messages.mediaTooLarge(20) }),
});

export function mediaKind(contentType: string): 'image' | 'audio' | 'video' | null {
  const kind = contentType.split('/')[0];
  return kind === 'image' || kind === 'audio' || kind === 'video' ? kind : null;
}

/**
 * A stored file, served only with a type detected from its bytes (see the media_detected migration),
 * and whether it is secret (an obstacle round's picture: the staff's alone, see the media_secret
 * migration).
 */
export async function readMedia(db: Kysely<Database>, id: string) {
  const row = await db.selectFrom('media').select(['content_type', 'data', 'secret']).where('id', '=', id).executeTakeFirst();
  if (!row || !MEDIA_TYPES.has(row.content_type)) throw notFound(messages.mediaNotFound);
  return { contentType: row.content_type, data: new Uint8Array(row.data), secret: row.secret };
}

/** Stores a file as uploaded media, typed from its bytes (what a browser or a file says is not trusted); null when it is not one the app serves. */
export async function storeMedia(db: Kysely<Database>, fileName: string, data: Uint8Array): Promise<TMedia | null> {
  const contentType = await detectMediaType(data);
  const kind = contentType ? mediaKind(contentType) : null;
  if (!contentType || !kind) return null;
  const row = await db
    .insertInto('media')
    .values({ content_type: contentType, file_name: fileName, size: data.length, data })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { kind, url: `/media/${row.id}` };
}

export const mediaRouter = router({
  upload: adminProcedure.input(ZUpload).mutation(async ({ ctx, input }) => {
    const data = Buffer.from(input.dataBase64, 'base64');
    if (data.length === 0) throw badRequest(messages.mediaTypeInvalid, 'dataBase64');
    if (data.length > MEDIA_MAX_BYTES) throw badRequest(messages.mediaTooLarge(20), 'dataBase64');
    const media = await storeMedia(ctx.db, input.fileName, data);
    if (!media) throw badRequest(messages.mediaTypeInvalid, 'dataBase64');
    return { media };
  }),
});
