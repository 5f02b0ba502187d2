/**
 * An event in one file, and back (the file: `backup-format.ts`; what it holds, table by table:
 * `backup-tables.ts`; the new ids of a restore: `backup-ids.ts`).
 *
 * The backup holds the event whole: its rows of every contest table (`CONTEST_TABLES`), its team
 * accounts (password hashes included, so teams log in as before), its votes' ballots and discards,
 * its media's bytes, and the installation's accounts it names (its judges' panel, the staff who
 * scored or acted) by username. Not the installation's own state: sessions, the live change log,
 * idempotency keys, the consoles open.
 *
 * A restore makes a new event beside the others, never on stage and not archived, with new ids
 * throughout (`backup-ids.ts`), in one transaction, after the whole file has been checked: a refused
 * file changes nothing. The accounts it names are matched by username among the installation's; one
 * it lacks (a judge, or staff who acted) is created locked (inactive, without a password), and the
 * judges are seated on the new panel.
 */
import { createWriteStream, ReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Kysely, Transaction } from 'kysely';
import { messages } from '../../../src/messages';
import { formatDateTime } from '../../../src/valueFormat';
import { CONTEST_TABLES, scopeTo } from '../../db/scope';
import type { Database } from '../../db/types';
import { badRequest } from '../../errors';
import { recordAction } from '../actions/log';
import { userSearchText } from '../users/data';
import {
  BACKUP_VERSION,
  type BackupHeader,
  type BackupRow,
  type BackupSource,
  bufferSource,
  damaged,
  fileSource,
  frameBackup,
  gzipBackup,
  readBackup,
} from './backup-format';
import { collectUuids, IdMap } from './backup-ids';
import {
  type ColumnTypes,
  DB_TABLES,
  decodeRow,
  encodeRow,
  FILE_ORDER,
  type FileTable,
  isReferencedSerial,
  type Loose,
  loose,
  type Person,
  ROW_ORDER,
  type Row,
  readColumnTypes,
  SERIALS,
  ZPerson,
} from './backup-tables';
import { listEvents } from './data';

/** The date and time in Vietnam (the app's one formatter), for file names: `2026-11-27`, `150353`. */
export function vietnamStamp(at: Date): { date: string; time: string } {
  const [day, month, year, hour, minute, second] = formatDateTime(at).split(/[/ :]/);
  return { date: `${year}-${month}-${day}`, time: `${hour}${minute}${second}` };
}

/** A title as a file name's part: `Hội thi Tin học 2026` → `hoi-thi-tin-hoc-2026`. */
export function slugOf(title: string): string {
  const slug = title
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[đĐ]/g, 'd')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return slug || 'hoi-thi';
}

/** The download's name: the title and the day, `hoi-thi-tin-hoc-2026-2026-11-27.hoithi`. */
function backupFileName(title: string, at: Date): string {
  return `${slugOf(title)}-${vietnamStamp(at).date}.hoithi`;
}

interface Snapshot {
  contest: { id: string; archived: boolean; created_at: Date };
  rows: Map<FileTable, Row[]>;
}

/**
 * The event's rows as one moment saw them (a repeatable-read transaction), but for media's bytes,
 * read one file at a time afterwards: the transaction stays short, and on the embedded database, where
 * it holds the one connection, the night goes on while the file is written.
 */
async function readSnapshot(base: Kysely<Database>, contestId: string, types: ColumnTypes): Promise<Snapshot | null> {
  return base
    .transaction()
    .setIsolationLevel('repeatable read')
    .setAccessMode('read only')
    .execute(async (trx) => {
      const contest = await trx
        .selectFrom('contests')
        .select(['id', 'archived', 'created_at'])
        .where('id', '=', contestId)
        .executeTakeFirst();
      if (!contest) return null;
      const scoped = loose(scopeTo(trx, { contestId, readOnly: true }));
      const rows = new Map<FileTable, Row[]>();
      const columnsOf = (table: string) => Object.keys(types[table] ?? {});
      for (const table of CONTEST_TABLES) {
        // Media's metadata only: its bytes are read as the file is written.
        const columns = columnsOf(table).filter((column) => !(table === 'media' && column === 'data'));
        let query = scoped.selectFrom(table).select(columns);
        for (const column of ROW_ORDER[table]) query = query.orderBy(column);
        rows.set(table, await query.execute());
      }
      const accounts = loose(trx).selectFrom('users').select(columnsOf('users')).where('contest_id', '=', contestId);
      rows.set('users', await accounts.orderBy('created_at').orderBy('id').execute());
      const voteIds = (rows.get('votes') ?? []).map((vote) => Number(vote.id));
      for (const table of ['ballots', 'vote_discards'] as const) {
        const query = loose(trx)
          .selectFrom(table)
          .select(columnsOf(table))
          .where('vote_id', 'in', voteIds.length ? voteIds : [-1]);
        rows.set(table, await query.orderBy('vote_id').orderBy('address').execute());
      }
      rows.set('people', await readPeople(trx, contestId, rows));
      return { contest, rows };
    });
}

/** The installation's accounts the event names: its panel, and whoever its rows mention (who scored, who acted). */
async function readPeople(trx: Transaction<Database>, contestId: string, rows: Map<FileTable, Row[]>): Promise<Row[]> {
  const panel = new Set(
    (await trx.selectFrom('contest_judges').select('user_id').where('contest_id', '=', contestId).execute()).map((r) => r.user_id),
  );
  const named = new Set<string>();
  for (const [table, list] of rows) if (table !== 'users') collectUuids(list, named);
  const staff = await trx
    .selectFrom('users')
    .select(['id', 'username', 'full_name', 'role', 'priority'])
    .where('contest_id', 'is', null)
    .orderBy('priority')
    .orderBy('username')
    .execute();
  return staff
    .filter((user) => user.role !== 'team' && (panel.has(user.id) || named.has(user.id.toLowerCase())))
    .map((user): Person => ({ ...user, role: user.role as Person['role'], panel: panel.has(user.id) }));
}

export interface EventBackup {
  title: string;
  /** The download's name (`backupFileName`). */
  fileName: string;
  /** The file, gzip-compressed, as it is written. */
  stream(): Readable;
}

/** An event's backup, ready to be written; null when there is no such event. */
export async function openEventBackup(base: Kysely<Database>, contestId: string, now = new Date()): Promise<EventBackup | null> {
  const types = await readColumnTypes(base);
  const snapshot = await readSnapshot(base, contestId, types);
  if (!snapshot) return null;
  const title = (await listEvents(base)).find((event) => event._id === contestId)?.title ?? messages.eventsAdmin.untitled;
  const counts = Object.fromEntries(FILE_ORDER.map((table) => [table, snapshot.rows.get(table)?.length ?? 0]));
  const header: BackupHeader = {
    format: 'hoithi-event-backup',
    version: BACKUP_VERSION,
    createdAt: now.toISOString(),
    title,
    contest: { id: snapshot.contest.id, archived: snapshot.contest.archived, createdAt: snapshot.contest.created_at.toISOString() },
    columns: Object.fromEntries(DB_TABLES.map((table) => [table, types[table] ?? {}])),
    counts,
  };
  const media = loose(scopeTo(base, { contestId, readOnly: true }));
  async function* rows(): AsyncGenerator<BackupRow> {
    for (const table of FILE_ORDER) {
      for (const row of snapshot!.rows.get(table) ?? []) {
        if (table !== 'media') {
          yield { t: table, r: encodeRow(row) };
          continue;
        }
        const stored = await media.selectFrom('media').select('data').where('id', '=', row.id).executeTakeFirst();
        if (!stored) throw new Error(`event backup: media ${String(row.id)} was deleted while the backup was written`);
        yield { t: table, r: encodeRow({ ...row, data: stored.data }) };
      }
    }
  }
  return { title, fileName: backupFileName(title, now), stream: () => gzipBackup(frameBackup(header, rows())) };
}

// ---- Restore -------------------------------------------------------------------------------------

export interface RestoredEvent {
  contestId: string;
  title: string;
}

/**
 * Makes a new event from a backup: bytes, a file's stream, or any stream (kept in a temporary file
 * while it is checked and then read again). Refuses (400, in Vietnamese) a file that is not a whole
 * backup this version can read, before anything is written.
 */
export async function restoreEventBackup(
  base: Kysely<Database>,
  input: Readable | Buffer,
  options: { actorId?: string | null } = {},
): Promise<RestoredEvent> {
  if (Buffer.isBuffer(input)) return restoreFrom(base, bufferSource(input), options.actorId ?? null);
  // A file on disk (the command line's) is read where it is, twice, rather than copied.
  if (input instanceof ReadStream && typeof input.path === 'string') {
    input.destroy();
    return restoreFrom(base, fileSource(input.path), options.actorId ?? null);
  }
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'hoithi-restore-'));
  try {
    const file = path.join(dir, 'backup.hoithi');
    await pipeline(input, createWriteStream(file));
    return await restoreFrom(base, fileSource(file), options.actorId ?? null);
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/**
 * What this installation can take from a file: its tables and columns (any other, and a newer version
 * wrote it), rows in the file's order, each with the columns its header declared, and accounts that
 * are team accounts. One check per reading of the file.
 */
class FileCheck {
  private header: BackupHeader | null = null;
  private position = 0;

  constructor(private readonly types: ColumnTypes) {}

  readonly checkHeader = (header: BackupHeader): void => {
    const newer = () => badRequest(messages.backup.newerVersion(header.version), 'file');
    for (const table of Object.keys(header.counts)) if (!(FILE_ORDER as readonly string[]).includes(table)) throw newer();
    for (const [table, columns] of Object.entries(header.columns)) {
      for (const column of Object.keys(columns)) if (!this.types[table]?.[column]) throw newer();
    }
    this.header = header;
  };

  readonly checkRow = (row: BackupRow): void => {
    const at = FILE_ORDER.indexOf(row.t as FileTable);
    if (at < this.position) throw damaged();
    this.position = at;
    if (row.t === 'people') {
      if (!ZPerson.safeParse(row.r).success) throw damaged();
      return;
    }
    const declared = this.header?.columns[row.t] ?? {};
    if (Object.keys(row.r).some((column) => !Object.hasOwn(declared, column))) throw damaged();
    // A backup's accounts are its team accounts: nothing else is created with a password.
    if (row.t === 'users' && row.r.role !== 'team') throw damaged();
  };
}

async function restoreFrom(base: Kysely<Database>, source: BackupSource, actorId: string | null): Promise<RestoredEvent> {
  const types = await readColumnTypes(base);
  // The whole file checked before anything is written.
  const check = new FileCheck(types);
  const checked = await readBackup(source, { checkHeader: check.checkHeader, onRow: check.checkRow });

  return base.transaction().execute(async (trx) => {
    const contest = await trx.insertInto('contests').values({ archived: false }).returning('id').executeTakeFirstOrThrow();
    const ids = new IdMap();
    ids.set(checked.contest.id, contest.id);
    const writer = new RowWriter(trx, contest.id, types, ids);
    // Read again, checked again (a file changed in between fails its sha-256, and all is undone).
    const again = new FileCheck(types);
    await readBackup(source, {
      checkHeader: again.checkHeader,
      onRow: async (row) => {
        again.checkRow(row);
        await writer.take(row);
      },
    });
    await writer.flush();
    await recordAction(scopeTo(trx, { contestId: contest.id, readOnly: false }), {
      actorId,
      kind: 'event.restore',
      summary: messages.backup.restoredSummary,
      after: { text: messages.backup.restoredFrom(checked.title, formatDateTime(checked.createdAt)) },
    });
    return { contestId: contest.id, title: checked.title };
  });
}

/** The rows of a restore, written as they are read: in batches, but one at a time where a serial id is renewed. */
class RowWriter {
  private readonly scoped: Loose;
  private batch: { table: string; rows: Row[]; bytes: number } | null = null;

  constructor(
    private readonly trx: Transaction<Database>,
    contestId: string,
    private readonly types: ColumnTypes,
    private readonly ids: IdMap,
  ) {
    this.scoped = loose(scopeTo(trx, { contestId, readOnly: false }));
  }

  async take(row: BackupRow): Promise<void> {
    if (row.t === 'people') {
      await this.flush();
      await this.person(ZPerson.parse(row.r));
      return;
    }
    const table = row.t;
    const types = this.types[table] ?? {};
    // Bytes as they are (base64 holds no UUID); every other value with its ids renewed.
    const values = Object.fromEntries(
      Object.entries(row.r).map(([column, value]) => [column, types[column] === 'bytea' ? value : this.ids.replace(value)]),
    );
    this.ids.renewSerialReferences(table, values);
    const serial = SERIALS[table as FileTable];
    const oldSerial = serial ? values[serial] : undefined;
    if (serial) delete values[serial];
    const decoded = decodeRow(values, types);
    if (serial && isReferencedSerial(table)) {
      await this.flush();
      const inserted = await this.scoped.insertInto(table).values(decoded).returning(serial).executeTakeFirstOrThrow();
      if (typeof oldSerial === 'number') this.ids.setSerial(table, oldSerial, Number(inserted[serial]));
      return;
    }
    if (this.batch && this.batch.table !== table) await this.flush();
    this.batch ??= { table, rows: [], bytes: 0 };
    this.batch.rows.push(decoded);
    this.batch.bytes += decoded.data instanceof Buffer ? decoded.data.length : 1000;
    if (this.batch.rows.length >= 500 || this.batch.bytes >= 16 * 1024 * 1024) await this.flush();
  }

  async flush(): Promise<void> {
    const batch = this.batch;
    this.batch = null;
    if (batch?.rows.length) await this.scoped.insertInto(batch.table).values(batch.rows).execute();
  }

  /** An installation account the event names: the one with its username, else a new one, locked. */
  private async person(person: Person): Promise<void> {
    const found = await this.trx
      .selectFrom('users')
      .select(['id', 'role'])
      .where('contest_id', 'is', null)
      .where((eb) => eb(eb.fn('lower', ['username']), '=', person.username.toLowerCase()))
      .executeTakeFirst();
    if (found && person.panel && found.role !== 'judge') throw badRequest(messages.backup.judgeAccountTaken(person.username), 'file');
    const id =
      found?.id ??
      (
        await this.trx
          .insertInto('users')
          .values({
            username: person.username,
            full_name: person.full_name,
            role: person.role,
            priority: person.priority,
            password_hash: null,
            active: false,
            search_text: userSearchText(person.username, person.full_name),
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    this.ids.set(person.id, id);
    if (person.panel) await this.scoped.insertInto('contest_judges').values({ user_id: id }).execute();
  }
}
