import type { Kysely, Transaction } from 'kysely';
import { ROUND_TITLES } from '../../../src/constants';
import type { ShowState } from '../../../src/schemas/show';
import { loadShow, toShowState } from '../show/state';
import type { TTeamListItem } from '../../../src/schemas/system';
import type { Database } from '../../db/types';
import { rankTeams } from '../scoring/data';

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

export async function getSettings(db: Kysely<Database> | Transaction<Database>): Promise<EventSettings> {
  const row = await db.selectFrom('settings').select('data').where('id', '=', 1).executeTakeFirst();
  const defaults = defaultSettings();
  const stored = (row?.data ?? {}) as Partial<EventSettings>;
  return { ...defaults, ...stored, roundTitles: { ...defaults.roundTitles, ...(stored.roundTitles ?? {}) } };
}

export async function getShowState(db: Kysely<Database>): Promise<ShowState> {
  const [{ version, stored }, settings] = await Promise.all([loadShow(db), getSettings(db)]);
  return toShowState(stored, version, settings);
}

export async function listActiveTeams(db: Kysely<Database>): Promise<TTeamListItem[]> {
  const rows = await db
    .selectFrom('teams')
    .select(['id', 'name', 'unit', 'logo_url', 'priority'])
    .where('active', '=', true)
    .orderBy('priority', 'asc')
    .orderBy('name', 'asc')
    .execute();
  const ranking = await rankTeams(db, rows.map((r) => r.id));
  return rows.map((r) => {
    const result = ranking.get(r.id);
    return {
      _id: r.id,
      name: r.name,
      unit: r.unit,
      logoUrl: r.logo_url,
      priority: r.priority,
      total: result?.total ?? 0,
      rank: result?.rank ?? 0,
      fieldScores: result?.fieldScores ?? {},
    };
  });
}

export async function latestEventId(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('events')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  return Number(row?.id ?? 0);
}
