/** The event's settings: one row, `settings.data`, with the defaults for anything unset. */
import type { Kysely, Transaction } from 'kysely';
import { ROUND_TITLES } from '../../../src/constants';
import type { EventSettings } from '../../../src/live';
import { messages } from '../../../src/messages';
import { ZEventSettingsSchema } from '../../../src/schemas/settings';
import { parseStored } from '../../db/json';
import type { Database } from '../../db/types';
import type { EventRecorder } from '../live/record';

type Db = Kysely<Database> | Transaction<Database>;

export function defaultSettings(): EventSettings {
  const roundTitles: Record<string, string> = {};
  for (let fw = 1; fw <= 6; fw++) roundTitles[fw] = ROUND_TITLES[fw] ?? messages.defaultRoundTitle(fw);
  // The tagline every home page showed before the slogan could be set (ZEventSettingsSchema's default too).
  return { name: messages.appName, date: null, venue: '', logoUrl: '', slogan: messages.homeTagline, roundTitles };
}

/** `settings.data` as stored: any field may be unset; one of the wrong type throws. */
export function storedSettingsOf(data: unknown): Partial<EventSettings> {
  return parseStored(ZEventSettingsSchema.partial(), data, 'settings.data');
}

/** The event's settings as stored, with the defaults for anything unset. */
export async function readSettings(db: Db): Promise<EventSettings> {
  const row = await db.selectFrom('settings').select('data').where('id', '=', 1).executeTakeFirst();
  const defaults = defaultSettings();
  const stored = row ? storedSettingsOf(row.data) : {};
  return { ...defaults, ...stored, roundTitles: { ...defaults.roundTitles, ...(stored.roundTitles ?? {}) } };
}

/**
 * The one writer of `settings.data`: `change` turns the stored settings into the next ones, which are
 * saved and told to every screen (the event's name, the round titles and the tie-break chain show on
 * them), in the caller's live transaction. Returns what was saved.
 */
export async function writeSettings(recorder: EventRecorder, change: (current: EventSettings) => EventSettings): Promise<EventSettings> {
  const next = change(await readSettings(recorder.trx));
  const data = JSON.stringify(next);
  await recorder.trx
    .insertInto('settings')
    .values({ id: 1, data })
    .onConflict((oc) => oc.column('contest_id').doUpdateSet({ data, updated_at: new Date() }))
    .execute();
  await recorder.settings(next);
  return next;
}
