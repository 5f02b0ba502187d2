/** The live hub over the night's picture, as the server assembles it. */
import type { Kysely } from 'kysely';
import type { Notices } from '../db/notices';
import type { Database } from '../db/types';
import { LiveHub } from '../features/live/hub';
import { loadLiveModel } from './load';
import type { LiveModel } from './model';

export type NightHub = LiveHub<LiveModel>;

/** A hub over the night's picture, hearing other instances' events on `notices` (start those after it). */
export function createLiveHub(db: Kysely<Database>, notices: Notices): NightHub {
  return new LiveHub(db, loadLiveModel, notices);
}
