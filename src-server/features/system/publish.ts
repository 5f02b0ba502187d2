/** Announces changes that every screen follows. */
import type { AppDeps } from '../../context';
import { recordEvent } from '../../events';
import { teamsEvent } from '../show/answers';
import { getShowState } from './data';

export async function publishTeams(deps: AppDeps): Promise<void> {
  const event = await deps.db.transaction().execute((trx) => teamsEvent(trx));
  await deps.hub.published([event]);
}

export async function publishState(deps: AppDeps): Promise<void> {
  const event = await deps.db.transaction().execute(async (trx) => recordEvent(trx, 'state', { system: await getShowState(trx) }));
  await deps.hub.published([event]);
}
