import type { Kysely } from 'kysely';
import { detectMediaType } from '../../src-server/features/media/detect';

/**
 * Stored media get the type detected from their bytes. A file that is not an accepted image, audio
 * or video keeps an empty type, and the server refuses to serve it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const rows = await db.selectFrom('media').select('id').execute();
  for (const { id } of rows) {
    const row = await db.selectFrom('media').select('data').where('id', '=', id).executeTakeFirst();
    if (!row) continue;
    const detected = await detectMediaType(new Uint8Array(row.data));
    await db
      .updateTable('media')
      .set({ content_type: detected ?? '' })
      .where('id', '=', id)
      .execute();
  }
}

export async function down(): Promise<void> {
  // The original, browser-given types are not kept: nothing to restore.
}
