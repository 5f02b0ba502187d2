/**
 * Where the live picture is read from: each feature's own loader for its share, registered here where
 * the server is assembled, all read in one consistent snapshot of the contest on stage. A loader is
 * handed a handle scoped to that contest (`db/scope.ts`) and the scope itself.
 */
import type { Kysely } from 'kysely';
import { scopeTo } from '../db/scope';
import type { Database } from '../db/types';
import { activeScope } from '../features/events/active';
import { readJury } from '../features/jury/data';
import { committedUpTo, inFlight, lastEventId, stillInFlight } from '../features/live/events';
import { GAP_TIMEOUT_MS } from '../features/live/hub';
import type { LiveScope, LoadPicture } from '../features/live/picture';
import { readLocks } from '../features/results/locks';
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

type Loaders = { [K in keyof LiveData]: (db: Kysely<Database>, scope: LiveScope) => Promise<LiveData[K]> };

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
  locks: (db) => readLocks(db),
  jury: (db) => readJury(db),
};

/**
 * Everything the picture of the contest on stage holds, the id of the last event it includes and the
 * contest, as one consistent read. `db` is the installation's handle (unscoped). On PostgreSQL a
 * transaction in flight during the read may commit an event with a lower id than the last one read
 * (commits run side by side): the picture would hold neither its change nor a later chance to follow
 * it. So the read waits for those transactions to end and is done again if one of them did.
 */
export async function loadLiveData(db: Kysely<Database>): Promise<{ data: LiveData; eventId: number; scope: LiveScope }> {
  for (let attempt = 1; ; attempt++) {
    const { running, ...read } = await readLiveData(db);
    if (!running.length) return read;
    const since = performance.now();
    while (await stillInFlight(db, running)) {
      if (performance.now() - since >= GAP_TIMEOUT_MS) {
        console.warn('[live] transactions still in flight after the live state was read: going on without them');
        return read;
      }
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    if (attempt >= 5 || !(await committedUpTo(db, running, read.eventId))) return read;
  }
}

/** One consistent read of the picture, and the transactions in progress in its snapshot. */
function readLiveData(db: Kysely<Database>) {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      // The first statement fixes the snapshot; every read below sees the same committed state.
      const eventId = await lastEventId(trx);
      const running = await inFlight(trx);
      const scope = await activeScope(trx);
      const scoped = scopeTo(trx, { contestId: scope.contest, readOnly: scope.readOnly });
      const data = {} as Record<keyof LiveData, unknown>;
      for (const key of Object.keys(LIVE_LOADERS) as (keyof LiveData)[]) data[key] = await LIVE_LOADERS[key](scoped, scope);
      // Sound: each key was read by its own loader, typed by `Loaders`.
      return { data: data as LiveData, eventId, scope, running };
    });
}

export const loadLiveModel: LoadPicture<LiveModel> = async (db) => {
  const { data, eventId, scope } = await loadLiveData(db);
  return new LiveModel(data, eventId, scope);
};
