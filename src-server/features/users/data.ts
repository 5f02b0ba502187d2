/** User rows and their public shape. Secrets (hashes, tokens) are never selected for a client. */
import type { Kysely, Transaction } from 'kysely';
import type { Seat } from '../../../src/live';
import type { TPublicUser } from '../../../src/schemas/auth';
import { foldVietnamese } from '../../../src/text';
import type { Database, UserRow } from '../../db/types';
import type { EventRecorder } from '../live/record';

export const PUBLIC_USER_COLUMNS = [
  'id',
  'username',
  'full_name',
  'email',
  'mobile',
  'birthday',
  'role',
  'team_id',
  'priority',
  'active',
  'created_at',
  'updated_at',
] as const;

export type PublicUserRow = Pick<UserRow, (typeof PUBLIC_USER_COLUMNS)[number]>;

export function toPublicUser(row: PublicUserRow): TPublicUser {
  return {
    _id: row.id,
    username: row.username,
    fullName: row.full_name,
    email: row.email,
    mobile: row.mobile,
    birthday: row.birthday,
    role: row.role,
    teamId: row.team_id,
    priority: row.priority,
    active: row.active,
    createdAt: row.created_at.getTime(),
    updatedAt: row.updated_at.getTime(),
  };
}

type Db = Kysely<Database> | Transaction<Database>;

export async function findUserById(db: Db, id: string): Promise<TPublicUser | null> {
  const row = await db.selectFrom('users').select(PUBLIC_USER_COLUMNS).where('id', '=', id).executeTakeFirst();
  return row ? toPublicUser(row) : null;
}

export async function countUsers(db: Db, role?: TPublicUser['role']): Promise<number> {
  let query = db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n'));
  if (role) query = query.where('role', '=', role);
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.n);
}

export function userSearchText(username: string, fullName: string): string {
  return foldVietnamese(`${username} ${fullName}`);
}

/** A judge sits on the panel of the contest the handle is scoped to (a new judge, the one it was created in). */
export async function seatOnPanel(db: Kysely<Database>, userId: string): Promise<void> {
  await db
    .insertInto('contest_judges')
    .values({ user_id: userId })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** The judges' seats: the contest panel's active judge accounts, by priority then username. */
export async function readSeats(db: Kysely<Database> | Transaction<Database>): Promise<Seat[]> {
  // The contest's panel (a scoped handle joins its own contest's).
  const rows = await db
    .selectFrom('users')
    .innerJoin('contest_judges', 'contest_judges.user_id', 'users.id')
    .select(['id', 'full_name', 'username'])
    .where('role', '=', 'judge')
    .where('active', '=', true)
    .orderBy('priority')
    .orderBy('username')
    .execute();
  return rows.map((r) => ({ gkId: r.id, name: r.full_name || r.username }));
}

/** Tells every screen the judges' seats, when a user change moved, renamed, added or removed one. */
export async function recordSeatsIfChanged(recorder: EventRecorder, current: readonly { gkId: string; name: string }[]): Promise<void> {
  const seats = await readSeats(recorder.trx);
  if (JSON.stringify(seats) !== JSON.stringify(current)) await recorder.record({ type: 'seats', payload: { seats } });
}
