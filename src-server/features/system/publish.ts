/** Announces changes that every screen follows. */
import type { AppDeps } from '../../context';
import { recordEvent } from '../../events';
import { getShowState, listActiveTeams } from './data';

export async function publishTeams(deps: AppDeps): Promise<void> {
  const listTeam = await listActiveTeams(deps.db);
  const event = await recordEvent(deps.db, 'teams', { listTeam });
  deps.bus.emit(event);
}

export async function publishState(deps: AppDeps): Promise<void> {
  const system = await getShowState(deps.db);
  const event = await recordEvent(deps.db, 'state', { system });
  deps.bus.emit(event);
}
