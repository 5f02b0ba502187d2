import type { Kysely } from 'kysely';
import { ROUND_TITLES } from '../../../src/constants';
import { defaultShowState, type ShowState } from '../../../src/schemas/show';
import type { TTeamListItem } from '../../../src/schemas/system';
import type { Database } from '../../db/types';

/** The event's settings as stored, with the seed's defaults for anything unset. */
export interface EventSettings {
  name: string;
  date: string | null;
  venue: string;
  logoUrl: string;
  roundTitles: Record<string, string>;
}

export function defaultSettings(): EventSettings {
  const roundTitles: Record<string, string> = {};
  for (let fw = 1; fw <= 6; fw++) roundTitles[fw] = ROUND_TITLES[fw] ?? `PHẦN THI ${fw}`;
  return { name: 'Hội thi', date: null, venue: '', logoUrl: '', roundTitles };
}

export async function getSettings(db: Kysely<Database>): Promise<EventSettings> {
  const row = await db.selectFrom('settings').select('data').where('id', '=', 1).executeTakeFirst();
  const defaults = defaultSettings();
  const stored = (row?.data ?? {}) as Partial<EventSettings>;
  return { ...defaults, ...stored, roundTitles: { ...defaults.roundTitles, ...(stored.roundTitles ?? {}) } };
}

export async function getShowState(db: Kysely<Database>): Promise<ShowState> {
  const [row, settings] = await Promise.all([
    db.selectFrom('show_state').select(['version', 'state']).where('id', '=', 1).executeTakeFirst(),
    getSettings(db),
  ]);
  const state: ShowState = { ...defaultShowState(), ...((row?.state ?? {}) as Partial<ShowState>) };
  state.version = row?.version ?? 0;
  state.title = settings.roundTitles[state.fw] ?? '';
  return state;
}

export async function listActiveTeams(db: Kysely<Database>): Promise<TTeamListItem[]> {
  const rows = await db
    .selectFrom('teams')
    .select(['id', 'name', 'unit', 'logo_url', 'priority'])
    .where('active', '=', true)
    .orderBy('priority', 'asc')
    .orderBy('name', 'asc')
    .execute();
  return rows.map((r) => ({ _id: r.id, name: r.name, unit: r.unit, logoUrl: r.logo_url, priority: r.priority }));
}

export async function latestEventId(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('events')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  return Number(row?.id ?? 0);
}
