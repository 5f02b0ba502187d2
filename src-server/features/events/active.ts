/**
 * The contest on stage: the seed's routes and calls act on it. The live picture reads it with
 * everything else (`picture/load.ts`), and each request is given a handle scoped to the picture's
 * contest (`AppDeps.db`), so a request acts on the contest every screen shows.
 */
import type { Kysely } from 'kysely';
import { type ContestScope, scopeTo } from '../../db/scope';
import type { Database } from '../../db/types';
import type { LiveScope } from '../live/picture';

/** The contest on stage and whether it is archived, as the installation row says. */
export async function activeScope(db: Kysely<Database>): Promise<LiveScope> {
  const row = await db
    .selectFrom('installation')
    .innerJoin('contests', 'contests.id', 'installation.active_contest_id')
    .select(['contests.id', 'contests.archived'])
    .where('installation.id', '=', 1)
    .executeTakeFirstOrThrow();
  return { contest: row.id, readOnly: row.archived };
}

/** A handle scoped to the contest on stage now (for start-up and command-line tools). */
export async function onStageHandle(base: Kysely<Database>): Promise<Kysely<Database>> {
  const scope = await activeScope(base);
  return scopeTo(base, { contestId: scope.contest, readOnly: scope.readOnly });
}

/** Scoped handles over one database, one per contest scope, made once each. */
export class ScopedHandles {
  private readonly handles = new Map<string, Kysely<Database>>();

  constructor(readonly base: Kysely<Database>) {}

  for(scope: LiveScope): Kysely<Database> {
    const key = `${scope.contest}:${scope.readOnly}`;
    let handle = this.handles.get(key);
    if (!handle) {
      const contestScope: ContestScope = { contestId: scope.contest, readOnly: scope.readOnly };
      handle = scopeTo(this.base, contestScope);
      this.handles.set(key, handle);
    }
    return handle;
  }
}
