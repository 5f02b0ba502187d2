/** Teams, their members and their own accounts. */
import type { Kysely, Transaction } from 'kysely';
import type { LiveTeam } from '../../../src/live';
import { messages } from '../../../src/messages';
import type { TTeam } from '../../../src/schemas/team';
import { type ZTeamDataSchema, ZTeamMemberSchema } from '../../../src/schemas/team';
import { z } from '../../../src/schemas/zod';
import { compareTeamOrder } from '../../../src/teamOrder';
import { parseStored } from '../../db/json';
import { nextPriority } from '../../db/priority';
import type { Database, TeamRow } from '../../db/types';
import { notFound } from '../../errors';
import type { EventRecorder } from '../live/record';

type TeamData = z.infer<typeof ZTeamDataSchema>;

const ZTeamMembersSchema = z.array(ZTeamMemberSchema);

/** `teams.members` as stored: the members in order, each a name and a note. */
function membersOf(row: Pick<TeamRow, 'id' | 'members'>): TTeam['members'] {
  return parseStored(ZTeamMembersSchema, row.members, `teams.members of team ${row.id}`);
}

function toTeam(row: TeamRow, accounts: TTeam['accounts']): TTeam {
  return {
    _id: row.id,
    name: row.name,
    unit: row.unit,
    members: membersOf(row),
    logoUrl: row.logo_url,
    priority: row.priority,
    active: row.active,
    accounts,
  };
}

async function accountsByTeam(db: Kysely<Database>, teamIds: string[]): Promise<Map<string, TTeam['accounts']>> {
  const map = new Map<string, TTeam['accounts']>();
  if (!teamIds.length) return map;
  const rows = await db
    .selectFrom('users')
    .select(['id', 'username', 'full_name', 'team_id'])
    .where('role', '=', 'team')
    .where('team_id', 'in', teamIds)
    .orderBy('username')
    .execute();
  for (const row of rows) {
    const list = map.get(row.team_id!) ?? [];
    list.push({ _id: row.id, username: row.username, fullName: row.full_name });
    map.set(row.team_id!, list);
  }
  return map;
}

export async function listTeams(db: Kysely<Database>): Promise<TTeam[]> {
  const rows = (await db.selectFrom('teams').selectAll().execute()).sort(compareTeamOrder);
  const accounts = await accountsByTeam(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => toTeam(row, accounts.get(row.id) ?? []));
}

export async function getTeam(db: Kysely<Database>, id: string): Promise<TTeam> {
  const row = await db.selectFrom('teams').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound(messages.teamNotFound);
  const accounts = await accountsByTeam(db, [id]);
  return toTeam(row, accounts.get(id) ?? []);
}

export async function createTeam(db: Kysely<Database>, data: TeamData): Promise<TTeam> {
  const row = await db
    .insertInto('teams')
    .values({
      name: data.name,
      unit: data.unit,
      members: JSON.stringify(data.members),
      logo_url: data.logoUrl,
      priority: data.priority ?? (await nextPriority(db, 'teams')),
      active: data.active,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toTeam(row, []);
}

export async function updateTeam(db: Kysely<Database>, id: string, changes: Partial<TeamData>): Promise<TTeam> {
  const result = await db
    .updateTable('teams')
    .set({
      updated_at: new Date(),
      ...(changes.name !== undefined ? { name: changes.name } : {}),
      ...(changes.unit !== undefined ? { unit: changes.unit } : {}),
      ...(changes.members !== undefined ? { members: JSON.stringify(changes.members) } : {}),
      ...(changes.logoUrl !== undefined ? { logo_url: changes.logoUrl } : {}),
      ...(changes.priority !== undefined ? { priority: changes.priority } : {}),
      ...(changes.active !== undefined ? { active: changes.active } : {}),
    })
    .where('id', '=', id)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw notFound(messages.teamNotFound);
  return getTeam(db, id);
}

/** Deleting a team keeps its accounts but unlinks them; run it in a transaction. */
export async function deleteTeam(trx: Transaction<Database>, id: string): Promise<void> {
  const result = await trx.deleteFrom('teams').where('id', '=', id).executeTakeFirst();
  if (Number(result.numDeletedRows) === 0) throw notFound(messages.teamNotFound);
  await trx.updateTable('users').set({ team_id: null }).where('team_id', '=', id).execute();
}

/** The teams as the live picture holds them. */
export async function readTeams(db: Kysely<Database> | Transaction<Database>): Promise<LiveTeam[]> {
  const rows = await db
    .selectFrom('teams')
    .select(['id', 'name', 'unit', 'logo_url', 'priority', 'active'])
    .orderBy('priority')
    .orderBy('name')
    .execute();
  return rows.map((r) => ({ id: r.id, name: r.name, unit: r.unit, logoUrl: r.logo_url, priority: r.priority, active: r.active }));
}

/** Tells every screen the teams as they are now (the `teams` event carries the whole small table). */
export async function recordTeams(recorder: EventRecorder): Promise<void> {
  await recorder.record({ type: 'teams', payload: { teams: await readTeams(recorder.trx) } });
}
