/**
 * Where the live picture is read from: each feature's own loader for its share, registered here where
 * the server is assembled, all read in one consistent snapshot. A loader is handed the scope it reads.
 */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/types';
import { lastEventId } from '../features/live/events';
import { DEFAULT_SCOPE, type LiveScope, type LoadPicture } from '../features/live/picture';
import { readSheet, sheetFieldOf } from '../features/scoreField/sheet';
import { listScores } from '../features/scoring/data';
import { readSettings } from '../features/settings/data';
import { readAnswers } from '../features/show/answer-rows';
import { readBuzzes } from '../features/show/buzzes';
import { readShow } from '../features/show/store';
import { readTeams } from '../features/team/data';
import { readAnswerOpenings } from '../features/tieBreak/data';
import { readSuddenDeaths } from '../features/tieBreak/suddenDeath';
import { readSeats } from '../features/users/data';
import { readCurrentVote } from '../features/vote/data';
import { type LiveData, LiveModel } from './model';

type Loaders = { [K in keyof LiveData]: (db: Transaction<Database>, scope: LiveScope) => Promise<LiveData[K]> };

/** Each part of the picture and the feature that reads it. */
const LIVE_LOADERS: Loaders = {
  show: (db) => readShow(db),
  settings: (db) => readSettings(db),
  fields: async (db) => (await readSheet(db)).map(sheetFieldOf),
  teams: (db) => readTeams(db),
  seats: (db) => readSeats(db),
  scores: (db) => listScores(db),
  answers: (db) => readAnswers(db),
  buzz: (db) => readBuzzes(db),
  openings: (db) => readAnswerOpenings(db),
  suddenDeaths: (db) => readSuddenDeaths(db),
  vote: (db) => readCurrentVote(db),
};

/** Everything the picture holds, and the id of the last event it includes, as one consistent read. */
export async function loadLiveData(db: Kysely<Database>, scope: LiveScope = DEFAULT_SCOPE): Promise<{ data: LiveData; eventId: number }> {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      // The first statement fixes the snapshot; every read below sees the same committed state.
      const eventId = await lastEventId(trx);
      const data = {} as Record<keyof LiveData, unknown>;
      for (const key of Object.keys(LIVE_LOADERS) as (keyof LiveData)[]) data[key] = await LIVE_LOADERS[key](trx, scope);
      // Sound: each key was read by its own loader, typed by `Loaders`.
      return { data: data as LiveData, eventId };
    });
}

export const loadLiveModel: LoadPicture<LiveModel> = async (db, scope) => {
  const { data, eventId } = await loadLiveData(db, scope);
  return new LiveModel(data, eventId);
};
