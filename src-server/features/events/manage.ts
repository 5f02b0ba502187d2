/**
 * Making and moving the installation's events: a new event (blank, or copied in part from another,
 * with the top teams of its ranking carried), renaming, archiving and reopening, deleting, and putting
 * another event on stage. Each writes one transaction; the one on stage changing is a live change
 * (`contest`) every instance follows by reading its picture again.
 */
import { randomUUID } from 'node:crypto';
import { type Kysely, sql, type Transaction } from 'kysely';
import { QUESTION_PHASES, type StoredShow } from '../../../src/live';
import { messages } from '../../../src/messages';
import type { EventCopyPart, TCarriedTeams, TEventCreate, TEventUpdate } from '../../../src/schemas/events';
import type { TSettings } from '../../../src/schemas/settings';
import { announceSessionsEnded, type Context } from '../../context';
import { openDatabase } from '../../db/connection';
import { scopeTo } from '../../db/scope';
import type { Database } from '../../db/types';
import { AppError, badRequest, notFound } from '../../errors';
import { recordAction } from '../actions/log';
import { liveTransaction } from '../live/record';
import { buildResults } from '../results/data';
import { defaultSettings, readSettings } from '../settings/data';
import { readShow } from '../show/store';
import { writeBackupFile } from './backup-schedule';
import { type EventSummary, listEvents } from './data';

type Trx = Transaction<Database>;

const eventsText = messages.eventsAdmin;

async function findContest(db: Kysely<Database>, id: string) {
  const row = await db.selectFrom('contests').select(['id', 'archived']).where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound(eventsText.notFound);
  return row;
}

async function summaryOf(db: Kysely<Database>, id: string): Promise<EventSummary> {
  const found = (await listEvents(db)).find((e) => e._id === id);
  if (!found) throw notFound(eventsText.notFound);
  return found;
}

/** Every old id in `text` (UUIDs, so never part of anything else) replaced by its new one. */
function remapText(text: string, ids: ReadonlyMap<string, string>): string {
  let out = text;
  for (const [from, to] of ids) if (out.includes(from)) out = out.replaceAll(from, to);
  return out;
}

/** A row as it is inserted elsewhere: JSON values as JSON text, with every old id replaced. */
function remapRow(row: Record<string, unknown>, ids: ReadonlyMap<string, string>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) {
    if (typeof value === 'string') out[key] = remapText(value, ids);
    else if (value !== null && typeof value === 'object' && !(value instanceof Date) && !(value instanceof Uint8Array)) {
      out[key] = remapText(JSON.stringify(value), ids);
    } else out[key] = value;
  }
  return out;
}

type CopiedTable = 'media' | 'question_sets' | 'rules' | 'score_fields' | 'teams';

/** The rows of `table` in the source event, without their event, times and (for a new one) id. */
async function sourceRows(source: Kysely<Database>, table: CopiedTable): Promise<Record<string, unknown>[]> {
  const rows = (await source.selectFrom(table).selectAll().execute()) as Record<string, unknown>[];
  return rows.map(({ contest_id: _contest, created_at: _created, updated_at: _updated, ...rest }) => rest);
}

/** The settings a blank event starts with: its name, no demo text, `rounds` rounds named "Phần thi N". */
function blankSettings(title: string, rounds: number): TSettings {
  const roundTitles: Record<string, string> = {};
  for (let n = 1; n <= 6; n++) roundTitles[n] = n <= rounds ? eventsText.roundTitle(n) : '';
  return { ...defaultSettings(), name: title, date: null, venue: '', logoUrl: '', slogan: '', roundTitles, tieBreakRules: null };
}

/** The teams that go through: the top `top` of the source's ranking, and any tied with the last of them. */
async function teamsThrough(source: Kysely<Database>, top: number): Promise<{ ids: string[]; carried: TCarriedTeams }> {
  const { items } = await buildResults(source);
  const cut = items[Math.min(top, items.length) - 1]?.rank ?? 0;
  const through = items.filter((item) => item.rank <= cut);
  return {
    ids: through.map((item) => item.teamId),
    carried: { teams: through.map((item) => ({ _id: item.teamId, name: item.name, rank: item.rank })), tiedAtCut: through.length > top },
  };
}

/** Copies what `copy` names (and the carried teams) from `source` to `target`, with new ids throughout. */
async function copyParts(
  source: Kysely<Database>,
  target: Kysely<Database>,
  copy: ReadonlySet<EventCopyPart>,
  teamIds: readonly string[] | null,
  title: string,
): Promise<void> {
  const ids = new Map<string, string>();
  const fresh = (rows: Record<string, unknown>[]) => {
    for (const row of rows) ids.set(String(row.id), randomUUID());
    return rows;
  };
  // Media first: sets, settings and teams name their files by id.
  const media = fresh(await sourceRows(source, 'media'));
  const teams = teamIds ? fresh((await sourceRows(source, 'teams')).filter((row) => teamIds.includes(String(row.id)))) : [];
  const sets = copy.has('sets') || copy.has('formats') ? fresh(await sourceRows(source, 'question_sets')) : [];
  const rules = copy.has('rules') ? fresh(await sourceRows(source, 'rules')) : [];
  const fields = copy.has('sheet') ? fresh(await sourceRows(source, 'score_fields')) : [];
  const accounts = teams.length
    ? await source
        .selectFrom('users')
        .selectAll()
        .where('role', '=', 'team')
        .where(
          'team_id',
          'in',
          teams.map((t) => String(t.id)),
        )
        .execute()
    : [];
  for (const account of accounts) ids.set(account.id, randomUUID());

  const withId = (row: Record<string, unknown>) => ({ ...remapRow(row, ids), id: ids.get(String(row.id)) });
  const insert = async (table: CopiedTable, rows: Record<string, unknown>[]) => {
    // Sound: the rows are the source's own rows of this table, with new ids.
    if (rows.length)
      await target
        .insertInto(table)
        .values(rows.map(withId) as never)
        .execute();
  };
  await insert('media', media);
  await insert('teams', teams);
  await insert(
    'question_sets',
    sets.map((set) => ({
      ...set,
      // Formats without the questions: each set keeps its round's format and no question.
      ...(copy.has('sets') ? {} : { items: [] }),
      ...(copy.has('formats') ? {} : { format: { kind: 'classic' } }),
    })),
  );
  await insert('rules', rules);
  await insert('score_fields', fields);
  for (const account of accounts) {
    const { id, contest_id: _contest, created_at: _created, updated_at: _updated, ...rest } = account;
    await target
      .insertInto('users')
      .values({ ...rest, id: ids.get(id)!, team_id: account.team_id ? (ids.get(account.team_id) ?? null) : null })
      .execute();
  }
  if (copy.has('judges')) {
    const panel = await source.selectFrom('contest_judges').select('user_id').execute();
    if (panel.length) await target.insertInto('contest_judges').values(panel).execute();
  }

  const from = await readSettings(source);
  if (copy.has('settings')) {
    const settings = { ...from, name: title, tieBreakRules: copy.has('tieBreak') ? (from.tieBreakRules ?? null) : null };
    await target
      .insertInto('settings')
      .values({ id: 1, data: remapText(JSON.stringify(settings), ids) })
      .execute();
  } else if (copy.has('tieBreak')) {
    const settings = { ...blankSettings(title, roundsUsed(from)), tieBreakRules: from.tieBreakRules ?? null };
    await target
      .insertInto('settings')
      .values({ id: 1, data: JSON.stringify(settings) })
      .execute();
  }
}

function roundsUsed(settings: TSettings): number {
  return Math.max(1, Object.values(settings.roundTitles).filter((title) => title.trim() !== '').length);
}

/** A new event: blank, or copied in part from `from`; never on stage, never archived. */
export async function createEvent(
  ctx: Context,
  input: TEventCreate['data'],
): Promise<{ item: EventSummary; carried: TCarriedTeams | null }> {
  const copy = new Set(input.copy ?? []);
  let source: Kysely<Database> | null = null;
  let carried: TCarriedTeams | null = null;
  let teamIds: string[] | null = null;
  if (input.from) {
    const from = await findContest(ctx.base, input.from);
    source = scopeTo(ctx.base, { contestId: from.id, readOnly: true });
    if (input.carryTeams) ({ ids: teamIds, carried } = await teamsThrough(source, input.carryTeams.top));
    else if (copy.has('teams')) teamIds = (await source.selectFrom('teams').select('id').execute()).map((t) => t.id);
  }
  const id = await ctx.base.transaction().execute(async (trx) => {
    const row = await trx.insertInto('contests').defaultValues().returning('id').executeTakeFirstOrThrow();
    const target = scopeTo(trx, { contestId: row.id, readOnly: false });
    if (source) {
      const sourceInTrx = scopeTo(trx, { contestId: input.from!, readOnly: true });
      await copyParts(sourceInTrx, target, copy, teamIds, input.title);
    } else {
      // Blank: every active judge of the installation sits on its panel, ready to be changed.
      const judges = await trx.selectFrom('users').select('id').where('role', '=', 'judge').where('active', '=', true).execute();
      if (judges.length)
        await target
          .insertInto('contest_judges')
          .values(judges.map((j) => ({ user_id: j.id })))
          .execute();
    }
    const hasSettings = await target.selectFrom('settings').select('id').executeTakeFirst();
    if (!hasSettings) {
      await target
        .insertInto('settings')
        .values({ id: 1, data: JSON.stringify(blankSettings(input.title, input.rounds ?? 6)) })
        .execute();
    }
    await recordAction(target, {
      actorId: ctx.user?._id ?? null,
      kind: 'event.create',
      summary: input.from
        ? eventsText.createdFromAction(input.title, await titleOf(trx, input.from))
        : eventsText.createdAction(input.title),
      target: { from: input.from ?? null, copy: [...copy], carried: carried?.teams.map((t) => t._id) ?? null },
    });
    return row.id;
  });
  return { item: await summaryOf(ctx.base, id), carried };
}

async function titleOf(db: Kysely<Database>, id: string): Promise<string> {
  return (await readSettings(scopeTo(db, { contestId: id, readOnly: true }))).name;
}

/** Renames, archives or reopens an event; an archived one takes only its reopening (and a rename with it). */
export async function updateEvent(ctx: Context, input: TEventUpdate): Promise<{ item: EventSummary }> {
  const contest = await findContest(ctx.base, input._id);
  const { title, archived } = input.changes;
  const archivedAfter = archived ?? contest.archived;
  if (title !== undefined && archivedAfter) throw new AppError('CONFLICT', eventsText.archived, 'changes.title');
  const onStage =
    (await ctx.base.selectFrom('installation').select('active_contest_id').executeTakeFirstOrThrow()).active_contest_id === contest.id;
  const write = async (trx: Trx) => {
    const target = scopeTo(trx, { contestId: contest.id, readOnly: false });
    if (archived !== undefined && archived !== contest.archived) {
      await trx.updateTable('contests').set({ archived, updated_at: new Date() }).where('id', '=', contest.id).execute();
      const name = (await readSettings(target)).name;
      await recordAction(target, {
        actorId: ctx.user?._id ?? null,
        kind: archived ? 'event.archive' : 'event.reopen',
        summary: archived ? eventsText.archivedAction(name) : eventsText.reopenedAction(name),
        before: { text: archived ? eventsText.states.prepared : eventsText.states.archived },
        after: { text: archived ? eventsText.states.archived : eventsText.states.prepared },
      });
    }
    if (title !== undefined) {
      const settings = { ...(await readSettings(target)), name: title };
      await target
        .insertInto('settings')
        .values({ id: 1, data: JSON.stringify(settings) })
        .onConflict((oc) => oc.column('contest_id').doUpdateSet({ data: JSON.stringify(settings), updated_at: new Date() }))
        .execute();
    }
  };
  if (onStage) {
    // The one on stage: every screen reads it again (its name, and whether it is read-only).
    await liveTransaction({ db: ctx.base, hub: ctx.hub }, async (recorder) => {
      await write(recorder.trx);
      await recorder.record({ type: 'contest', payload: { contestId: contest.id } });
    });
  } else await ctx.base.transaction().execute(write);
  return { item: await summaryOf(ctx.base, contest.id) };
}

/** Whether a question is on screen or a timer runs on stage: no switching then. */
function onAir(show: StoredShow): boolean {
  return (show.questionId !== null && QUESTION_PHASES.includes(show.phase)) || show.timer.endsAt !== null;
}

/**
 * Puts another event on stage. Every instance reads its picture again and every screen starts over
 * on the new event; the old event's team accounts and the judges not on the new panel are signed out.
 * The event on stage and its show are read from the database under the installation row's lock, not
 * from this instance's picture, which may not have heard of a switch made on another instance yet.
 */
export async function activateEvent(ctx: Context, id: string): Promise<{ item: EventSummary }> {
  const contest = await findContest(ctx.base, id);
  const ended = await liveTransaction({ db: ctx.base, hub: ctx.hub }, async (recorder) => {
    const { trx } = recorder;
    const installation = await trx
      .selectFrom('installation')
      .select('active_contest_id')
      .where('id', '=', 1)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const current = installation.active_contest_id;
    if (current === contest.id) return [];
    const show = await readShow(scopeTo(trx, { contestId: current, readOnly: true }));
    if (onAir(show.stored)) throw new AppError('CONFLICT', eventsText.switchOnAir);
    await trx.updateTable('installation').set({ active_contest_id: contest.id, updated_at: new Date() }).where('id', '=', 1).execute();
    const sessions = await trx
      .deleteFrom('sessions')
      .where('user_id', 'in', (eb) =>
        eb
          .selectFrom('users')
          .select('users.id')
          .where((w) =>
            w.or([
              w.and([w('users.role', '=', 'team'), w('users.contest_id', '=', current)]),
              w.and([
                w('users.role', '=', 'judge'),
                w.not(
                  w.exists(
                    w
                      .selectFrom('contest_judges')
                      .select('user_id')
                      .whereRef('contest_judges.user_id', '=', 'users.id')
                      .where('contest_judges.contest_id', '=', contest.id),
                  ),
                ),
              ]),
            ]),
          ),
      )
      .returning('id')
      .execute();
    await recordAction(scopeTo(trx, { contestId: current, readOnly: false }), {
      actorId: ctx.user?._id ?? null,
      kind: 'event.switch',
      summary: eventsText.switchedAction(await titleOf(trx, contest.id)),
      target: { to: contest.id },
    });
    await recorder.record({ type: 'contest', payload: { contestId: contest.id } });
    return sessions.map((s) => s.id);
  });
  await announceSessionsEnded(ctx, ended, true);
  return { item: await summaryOf(ctx.base, contest.id) };
}

/**
 * Deletes an event whole (not the one on stage), once its name is typed again: its rows, audit logs
 * included, its team accounts and its media. The append-only logs let through only the rows of the
 * contest this transaction names. The installation's action log keeps the deletion, with the sha-256
 * of the backup taken just before (written to BACKUP_DIR when it is set).
 */
export async function deleteEvent(ctx: Context, id: string, confirm: string): Promise<void> {
  const contest = await findContest(ctx.base, id);
  const title = await titleOf(ctx.base, contest.id);
  if (confirm.trim() !== title.trim()) throw badRequest(eventsText.deleteConfirm, 'confirm');
  // Asked at once when this instance knows it is on stage (the transaction below checks it for sure).
  if (contest.id === ctx.hub.live.scope.contest) throw new AppError('CONFLICT', eventsText.deleteOnStage, '_id');
  // Its last backup, taken now: kept in BACKUP_DIR when set, and its hash in the installation's log.
  const last = await writeBackupFile(ctx.base, contest.id, ctx.config.backupDir);
  const erase = (db: Kysely<Database>) =>
    db.transaction().execute(async (trx) => {
      // The event on stage, as the database has it (this instance's picture may lag): never deleted.
      const installation = await trx
        .selectFrom('installation')
        .select('active_contest_id')
        .where('id', '=', 1)
        .forShare()
        .executeTakeFirstOrThrow();
      if (installation.active_contest_id === contest.id) throw new AppError('CONFLICT', eventsText.deleteOnStage, '_id');
      await sql`select set_config('hoithi.erase_contest', ${contest.id}, true)`.execute(trx);
      const sessions = trx.selectFrom('users').select('id').where('contest_id', '=', contest.id);
      await trx.deleteFrom('sessions').where('user_id', 'in', sessions).execute();
      await trx.deleteFrom('contests').where('id', '=', contest.id).execute();
      // Its changes in the live log too (they carry its names and points).
      await trx.deleteFrom('events').where('contest_id', '=', contest.id).execute();
      await trx
        .insertInto('action_log')
        .values({
          contest_id: null,
          actor_id: ctx.user?._id ?? null,
          actor_name: ctx.user ? ctx.user.fullName || ctx.user.username : null,
          kind: 'event.delete',
          summary: eventsText.deletedAction(title),
          target: JSON.stringify({ contestId: contest.id, title, lastBackup: last ? { sha256: last.sha256, file: last.file } : null }),
        })
        .execute();
    });
  // On PostgreSQL with a migration role, the tables' owner deletes: the app's role need not.
  if (ctx.config.databaseUrl && ctx.config.migrationDatabaseUrl) {
    const owner = await openDatabase({ databaseUrl: ctx.config.migrationDatabaseUrl });
    try {
      await erase(owner.db);
    } finally {
      await owner.close();
    }
  } else await erase(ctx.base);
}
