/** User management for admins: paging and search, create, change, delete. */
import { type Kysely, sql } from 'kysely';
import type { Role } from '../../../src/constants';
import { messages } from '../../../src/messages';
import type { TPublicUser } from '../../../src/schemas/auth';
import type { TPartialUser, TUserChanges, TUserCondition, TUserCreate } from '../../../src/schemas/user';
import { foldVietnamese } from '../../../src/text';
import { announceSessionsEnded, announceUserChanged, type Context } from '../../context';
import { isUniqueViolation } from '../../db/errors';
import { nextPriority } from '../../db/priority';
import { contestIdOf, writableContestIdOf } from '../../db/scope';
import type { Database, UserUpdate } from '../../db/types';
import { AppError, badRequest, notFound } from '../../errors';
import { hashPassword } from '../auth/password';
import { liveTransaction } from '../live/record';
import { PUBLIC_USER_COLUMNS, recordSeatsIfChanged, seatOnPanel, toPublicUser, userSearchText } from './data';

export interface TUserPage {
  list: TPublicUser[];
  pageNumber: number;
  pageSize: number;
  pageCondition: TUserCondition;
  total: number;
}

function filtered(db: Kysely<Database>, condition: TUserCondition) {
  let query = db.selectFrom('users');
  const search = condition.search ? foldVietnamese(condition.search) : '';
  if (search) {
    const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where('search_text', 'like', pattern);
  }
  if (condition.role) query = query.where('role', '=', condition.role);
  if (condition.active === true || condition.active === false) query = query.where('active', '=', condition.active);
  return query;
}

export async function listUserPage(
  db: Kysely<Database>,
  pageNumber: number,
  pageSize: number,
  condition: TUserCondition,
): Promise<TUserPage> {
  const [rows, count] = await Promise.all([
    filtered(db, condition)
      .select(PUBLIC_USER_COLUMNS)
      .orderBy('priority', 'asc')
      .orderBy('full_name', 'asc')
      .orderBy('username', 'asc')
      .limit(pageSize)
      .offset((pageNumber - 1) * pageSize)
      .execute(),
    filtered(db, condition)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { list: rows.map(toPublicUser), pageNumber, pageSize, pageCondition: condition, total: Number(count.n) };
}

export async function listAllUsers(db: Kysely<Database>): Promise<TPublicUser[]> {
  const rows = await db.selectFrom('users').select(PUBLIC_USER_COLUMNS).orderBy('priority', 'asc').orderBy('full_name', 'asc').execute();
  return rows.map(toPublicUser);
}

export function toPartialUser(user: TPublicUser): TPartialUser {
  const { _id, username, fullName, role, teamId, priority } = user;
  return { _id, username, fullName, role, teamId, priority };
}

async function assertTeamExists(db: Kysely<Database>, teamId: string | null | undefined, field: string): Promise<void> {
  if (!teamId) return;
  const team = await db.selectFrom('teams').select('id').where('id', '=', teamId).executeTakeFirst();
  if (!team) throw badRequest(messages.teamNotFound, field);
}

/**
 * Usernames: a team account's is unique within its contest and against the installation's accounts
 * (what a scoped handle sees); a staff or judge account's against every account of every contest.
 */
async function assertUsernameFree(
  db: Kysely<Database>,
  username: string,
  role: Role,
  exceptId: string | null,
  field: string,
): Promise<void> {
  const among = role === 'team' ? db : db.withoutPlugins();
  let query = among.selectFrom('users').select('id').where(sql`lower(username)`, '=', username.toLowerCase());
  if (exceptId) query = query.where('id', '!=', exceptId);
  if (await query.executeTakeFirst()) throw new AppError('CONFLICT', messages.usernameTaken, field);
}

/** A team account is its event's: an archived event's take no change (the read-only gate). */
function assertAccountWritable(db: Kysely<Database>, role: Role): void {
  if (role === 'team') writableContestIdOf(db);
}

export async function createUser(db: Kysely<Database>, input: TUserCreate): Promise<TPublicUser> {
  assertAccountWritable(db, input.role);
  await assertTeamExists(db, input.teamId, 'user.teamId');
  await assertUsernameFree(db, input.username, input.role, null, 'user.username');
  try {
    const row = await db
      .insertInto('users')
      .values({
        username: input.username,
        password_hash: await hashPassword(input.password),
        full_name: input.fullName,
        email: input.email,
        mobile: input.mobile,
        birthday: input.birthday || null,
        role: input.role,
        team_id: input.teamId,
        priority: input.priority ?? (await nextPriority(db, 'users')),
        active: input.active,
        search_text: userSearchText(input.username, input.fullName),
      })
      .returning(PUBLIC_USER_COLUMNS)
      .executeTakeFirstOrThrow();
    if (row.role === 'judge') await seatOnPanel(db, row.id);
    return toPublicUser(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', messages.usernameTaken, 'user.username');
    throw error;
  }
}

async function otherActiveAdmins(db: Kysely<Database>, exceptId: string): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('role', '=', 'admin')
    .where('active', '=', true)
    .where('id', '!=', exceptId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function findRow(db: Kysely<Database>, id: string) {
  const row = await db.selectFrom('users').select(PUBLIC_USER_COLUMNS).where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound(messages.userNotFound);
  return row;
}

export async function updateUser(ctx: Context, id: string, changes: TUserChanges): Promise<TPublicUser> {
  const current = await findRow(ctx.db, id);
  assertAccountWritable(ctx.db, current.role);
  if (changes.role) assertAccountWritable(ctx.db, changes.role);
  const losesAdmin = current.role === 'admin' && current.active && ((changes.role && changes.role !== 'admin') || changes.active === false);
  if (losesAdmin && (await otherActiveAdmins(ctx.db, id)) === 0) {
    throw badRequest(messages.lastAdmin, changes.role ? 'changes.role' : 'changes.active');
  }
  await assertTeamExists(ctx.db, changes.teamId, 'changes.teamId');
  const role = changes.role ?? current.role;
  if (changes.username !== undefined || role !== current.role) {
    await assertUsernameFree(
      ctx.db,
      changes.username ?? current.username,
      role,
      id,
      changes.username !== undefined ? 'changes.username' : 'changes.role',
    );
  }

  const update: UserUpdate = { updated_at: new Date() };
  if (changes.username !== undefined) update.username = changes.username;
  if (changes.fullName !== undefined) update.full_name = changes.fullName;
  if (changes.email !== undefined) update.email = changes.email;
  if (changes.mobile !== undefined) update.mobile = changes.mobile;
  if (changes.birthday !== undefined) update.birthday = changes.birthday || null;
  if (changes.role !== undefined) update.role = changes.role;
  // A team account is its contest's; any other the installation's.
  if (role !== current.role) update.contest_id = role === 'team' ? contestIdOf(ctx.db) : null;
  if (changes.teamId !== undefined) update.team_id = changes.teamId;
  if (changes.priority !== undefined) update.priority = changes.priority;
  if (changes.active !== undefined) update.active = changes.active;
  if (changes.password !== undefined) update.password_hash = await hashPassword(changes.password);
  update.search_text = userSearchText(changes.username ?? current.username, changes.fullName ?? current.full_name);

  // A disabled account, a new password or a new role must not live on in an old session.
  const endsSessions = changes.active === false || changes.password !== undefined || (!!changes.role && changes.role !== current.role);
  const write = () =>
    liveTransaction(ctx, async (recorder) => {
      const row = await recorder.trx
        .updateTable('users')
        .set(update)
        .where('id', '=', id)
        .returning(PUBLIC_USER_COLUMNS)
        .executeTakeFirstOrThrow();
      if (row.role === 'judge' && current.role !== 'judge') await seatOnPanel(recorder.trx, id);
      const ended = endsSessions ? await recorder.trx.deleteFrom('sessions').where('user_id', '=', id).returning('id').execute() : [];
      await recordSeatsIfChanged(recorder, ctx.hub.live.standings.seatList());
      return { row, ended };
    });
  const written = await write().catch((error: unknown) => {
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', messages.usernameTaken, 'changes.username');
    throw error;
  });
  await announceSessionsEnded(
    ctx,
    written.ended.map((s) => s.id),
  );
  await announceUserChanged(ctx, id);
  return toPublicUser(written.row);
}

export async function deleteUser(ctx: Context, id: string): Promise<void> {
  const current = await findRow(ctx.db, id);
  assertAccountWritable(ctx.db, current.role);
  if (current.role === 'admin' && current.active && (await otherActiveAdmins(ctx.db, id)) === 0) {
    throw badRequest(messages.lastAdmin, '_id');
  }
  const ended = await liveTransaction(ctx, async (recorder) => {
    const sessions = await recorder.trx.deleteFrom('sessions').where('user_id', '=', id).returning('id').execute();
    await recorder.trx.deleteFrom('users').where('id', '=', id).execute();
    await recordSeatsIfChanged(recorder, ctx.hub.live.standings.seatList());
    return sessions;
  });
  await announceSessionsEnded(
    ctx,
    ended.map((s) => s.id),
  );
}
