/**
 * What an event backup holds, table by table (`backup.ts` writes and restores it): the tables in the
 * file's order, the order rows are read in, the serial ids a restore leaves to the database, the
 * installation's accounts named by username, and each value as the file holds it.
 */
import { type Kysely, sql } from 'kysely';
import { z } from '../../../src/schemas/zod';
import { CONTEST_TABLES } from '../../db/scope';
import type { Database } from '../../db/types';
import { damaged } from './backup-format';
import { REFERENCED_SERIALS } from './backup-ids';

type ContestTable = (typeof CONTEST_TABLES)[number];
/** What a file holds: the installation's accounts it names, then the tables, each after those it names. */
export type FileTable = 'people' | ContestTable | 'users' | 'ballots' | 'vote_discards';
export type Row = Record<string, unknown>;
/** Tables by name, for the statements every table shares (typed per table, they would be one each). */
export type Loose = Kysely<Record<string, Row>>;
export const loose = (db: Kysely<Database>) => db as unknown as Loose;

/**
 * The file's order, which a restore inserts in: each row after those it names, by id (teams before
 * their answers) or by serial (a vote before the points it gave, an audit event before the show and
 * the log that name it).
 */
export const FILE_ORDER: readonly FileTable[] = [
  'people',
  'settings',
  'rules',
  'score_fields',
  'media',
  'teams',
  'users',
  'question_sets',
  'team_answers',
  'buzzes',
  'answer_openings',
  'sudden_deaths',
  'scores',
  'votes',
  'ballots',
  'score_events',
  'action_log',
  'vote_discards',
  'results_locks',
  'jury_settings',
  'recusals',
  'jury_rulings',
  'show_state',
  'show_history',
];
for (const table of CONTEST_TABLES) if (!FILE_ORDER.includes(table)) throw new Error(`event backup: ${table} has no place in the file`);
export const DB_TABLES = FILE_ORDER.filter((table) => table !== 'people');

/** The order rows are read in: the serials' own, so the audit log keeps its order under new ids. */
export const ROW_ORDER: Record<ContestTable, string[]> = {
  settings: ['id'],
  show_state: ['id'],
  show_history: ['version'],
  question_sets: ['set_no', 'priority', 'created_at', 'id'],
  rules: ['sort_order', 'created_at', 'id'],
  score_fields: ['position', 'created_at', 'id'],
  teams: ['priority', 'created_at', 'id'],
  media: ['created_at', 'id'],
  team_answers: ['at', 'id'],
  buzzes: ['seq'],
  scores: ['updated_at', 'team_id', 'gk_id', 'field_name'],
  score_events: ['id'],
  answer_openings: ['opened_at', 'question_id'],
  sudden_deaths: ['id'],
  votes: ['id'],
  action_log: ['id'],
  results_locks: ['locked_at', 'id'],
  jury_settings: ['head_judge_id'],
  recusals: ['created_at', 'id'],
  jury_rulings: ['at', 'id'],
};

/** The serial columns a restore leaves to the database. */
export const SERIALS: Partial<Record<FileTable, string>> = {
  score_events: 'id',
  votes: 'id',
  action_log: 'id',
  sudden_deaths: 'id',
  buzzes: 'seq',
};
export const isReferencedSerial = (table: string): table is (typeof REFERENCED_SERIALS)[number] =>
  (REFERENCED_SERIALS as readonly string[]).includes(table);

/** An installation account the event names: matched by username on restore. */
export const ZPerson = z.object({
  id: z.string(),
  username: z.string().min(1),
  full_name: z.string(),
  role: z.enum(['admin', 'master', 'judge']),
  priority: z.number().int(),
  /** On the event's judges' panel. */
  panel: z.boolean(),
});
export type Person = z.infer<typeof ZPerson>;

export type ColumnTypes = Record<string, Record<string, string>>;

/** Each table's columns and their types, as this database has them. */
export async function readColumnTypes(db: Kysely<Database>): Promise<ColumnTypes> {
  const { rows } = await sql<{ table_name: string; column_name: string; data_type: string }>`
    select table_name, column_name, data_type from information_schema.columns
    where table_schema = current_schema() and table_name in (${sql.join(DB_TABLES)})`.execute(db);
  const types: ColumnTypes = {};
  for (const row of rows) {
    if (row.column_name === 'contest_id') continue; // the restore's scope fills it
    const columns = types[row.table_name] ?? {};
    columns[row.column_name] = row.data_type;
    types[row.table_name] = columns;
  }
  return types;
}

/** A row as the file holds it: bytes as base64, times as ISO text, JSON as it is. */
export function encodeRow(row: Row): Row {
  const encoded: Row = {};
  for (const [column, value] of Object.entries(row)) {
    if (column === 'contest_id') continue;
    encoded[column] =
      value instanceof Date ? value.toISOString() : value instanceof Uint8Array ? Buffer.from(value).toString('base64') : value;
  }
  return encoded;
}

/** A file's row as this database takes it, by the column types it has here. */
export function decodeRow(row: Row, types: Record<string, string>): Row {
  const decoded: Row = {};
  for (const [column, value] of Object.entries(row)) {
    const type = types[column];
    if (value === null || value === undefined) decoded[column] = null;
    else if (type === 'bytea') {
      if (typeof value !== 'string') throw damaged();
      decoded[column] = Buffer.from(value, 'base64');
    } else if (type === 'timestamp with time zone') {
      const at = new Date(String(value));
      if (Number.isNaN(at.getTime())) throw damaged();
      decoded[column] = at;
    } else if (type === 'jsonb' || type === 'json') decoded[column] = JSON.stringify(value);
    else decoded[column] = value;
  }
  return decoded;
}
