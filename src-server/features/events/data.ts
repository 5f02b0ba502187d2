/**
 * The installation's events (the `contests` table; `events` is the live change log): each with its
 * title, date and venue from its own settings row, its state and its team count.
 */
import { type Kysely, sql } from 'kysely';
import { messages } from '../../../src/messages';
import type { TEventSummary } from '../../../src/schemas/events';
import type { Database } from '../../db/types';
import { defaultSettings, storedSettingsOf } from '../settings/data';

export type EventSummary = TEventSummary;

/**
 * Every contest, the one on stage first, then the newest created. A contest without a settings row
 * is titled as the screens would show it when it is on stage (the defaults), otherwise as untitled.
 */
export async function listEvents(db: Kysely<Database>): Promise<EventSummary[]> {
  const installation = await db.selectFrom('installation').select('active_contest_id').where('id', '=', 1).executeTakeFirst();
  const activeId = installation?.active_contest_id ?? null;
  const rows = await db
    .selectFrom('contests')
    .leftJoin('settings', 'settings.contest_id', 'contests.id')
    .select((eb) => [
      'contests.id',
      'contests.archived',
      'contests.created_at',
      'settings.data',
      eb.selectFrom('teams').select(sql<number>`count(*)::int`.as('n')).whereRef('teams.contest_id', '=', 'contests.id').as('team_count'),
    ])
    .orderBy('contests.created_at', 'desc')
    .orderBy('contests.id', 'asc')
    .execute();
  const defaults = defaultSettings();
  const events = rows.map((row): EventSummary => {
    const onStage = row.id === activeId;
    const hasSettings = row.data !== null && row.data !== undefined;
    const stored = hasSettings ? storedSettingsOf(row.data) : {};
    const title = stored.name ?? (hasSettings || onStage ? defaults.name : messages.eventsAdmin.untitled);
    return {
      _id: row.id,
      title,
      date: stored.date ?? null,
      venue: stored.venue ?? '',
      state: onStage ? 'onStage' : row.archived ? 'archived' : 'prepared',
      archived: row.archived,
      teamCount: Number(row.team_count ?? 0),
      createdAt: row.created_at.getTime(),
    };
  });
  // The one on stage first; the order of the rest (newest created first) is kept.
  return [...events.filter((e) => e.state === 'onStage'), ...events.filter((e) => e.state !== 'onStage')];
}
