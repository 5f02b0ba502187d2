/**
 * An event's rows as the database holds them, read past every scope (`t.deps.base`), for tests that
 * prove one event's reads and writes never touch another's: a fingerprint of everything that is the
 * event's, and the invariants that tie each row to its own event.
 */
import { type Kysely, sql } from 'kysely';
import { expect } from 'vitest';
import { CONTEST_TABLES } from '../../src-server/db/scope';
import type { Database } from '../../src-server/db/types';

/** Every table whose rows name their event: the contest tables, the judges' panels, the accounts and the live change log. */
const OWNED_TABLES = [...CONTEST_TABLES, 'contest_judges', 'users', 'events'] as const;

/**
 * Columns that move on their own, not by any request: the open vote's counter stamps `tallied_at` on
 * the vote of the event on stage up to twice a second, and a count begun before a switch of stage may
 * land just after it.
 */
const RESTLESS: Partial<Record<(typeof OWNED_TABLES)[number], string>> = { votes: 'tallied_at' };

/** An event's rows, table by table, each row as stable JSON, sorted: equal fingerprints, byte-identical rows. */
export type Fingerprint = Record<string, string[]>;

const json = (row: Record<string, unknown>) =>
  JSON.stringify(row, (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value));

export async function fingerprint(base: Kysely<Database>, contestId: string): Promise<Fingerprint> {
  const out: Fingerprint = {};
  const contest = await sql<Record<string, unknown>>`select * from contests where id = ${contestId}`.execute(base);
  out.contests = contest.rows.map(json);
  for (const table of OWNED_TABLES) {
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table)} where contest_id = ${contestId}`.execute(base);
    const restless = RESTLESS[table];
    out[table] = rows
      .map((row) => {
        if (restless) delete row[restless];
        return json(row);
      })
      .sort();
  }
  return out;
}

/** The rows of `table` that name no existing event (`contest_id` set, but no such contest). */
async function orphanRows(base: Kysely<Database>, table: (typeof OWNED_TABLES)[number]): Promise<number> {
  const { rows } = await sql<{ n: number | string }>`
    select count(*) as n from ${sql.table(table)}
    where contest_id is not null and contest_id not in (select id from contests)`.execute(base);
  return Number(rows[0]!.n);
}

/** Every table's rows that name no existing event, by table (empty when every row's event exists). */
export async function orphansByTable(base: Kysely<Database>, tables: readonly (typeof OWNED_TABLES)[number][] = OWNED_TABLES) {
  const found: Record<string, number> = {};
  for (const table of tables) {
    const n = await orphanRows(base, table);
    if (n > 0) found[table] = n;
  }
  return found;
}

/** The tables a contest's rows are every one of: all but the live change log (`events`, see orphansByTable). */
export const CONTEST_OWNED_TABLES = OWNED_TABLES.filter((table) => table !== 'events');

/**
 * The rows that name a team of another event than their own: points, audit, answers, buzzes, and
 * team accounts (a team account is its team's event's). Each as "table:id".
 */
export async function rowsCrossingEvents(base: Kysely<Database>): Promise<string[]> {
  const { rows } = await sql<{ row: string }>`
    select 'scores:' || s.team_id || '|' || s.gk_id || '|' || s.field_name as row
      from scores s join teams t on t.id = s.team_id where t.contest_id <> s.contest_id
    union all
    select 'score_events:' || e.id from score_events e join teams t on t.id = e.team_id where t.contest_id <> e.contest_id
    union all
    select 'team_answers:' || a.id from team_answers a join teams t on t.id = a.team_id where t.contest_id <> a.contest_id
    union all
    select 'buzzes:' || b.question_id || '|' || b.team_id from buzzes b join teams t on t.id = b.team_id where t.contest_id <> b.contest_id
    union all
    select 'users:' || u.username from users u join teams t on t.id = u.team_id where u.contest_id is distinct from t.contest_id
    union all
    select 'users:' || u.username from users u where (u.role = 'team') <> (u.contest_id is not null)`.execute(base);
  return rows.map((r) => r.row);
}

interface AuditRow {
  id: number | string;
  contest_id: string;
  team_id: string;
  gk_id: string;
  field_name: string;
  old_point: number | string | null;
  new_point: number | string | null;
}

const pointOf = (value: number | string | null) => (value === null ? null : Number(value));

/**
 * The audit chain of every event: per cell (team, judge, field) of one event, each change's old point
 * is the previous change's new one (null for the cell's first); a cell never continues in another
 * event, and each change names a team its own event ever had (`teamsEver`, by event).
 */
export async function expectAuditChains(base: Kysely<Database>, teamsEver: ReadonlyMap<string, ReadonlySet<string>>): Promise<void> {
  const { rows } = await sql<AuditRow>`
    select id, contest_id, team_id, gk_id, field_name, old_point, new_point from score_events order by id`.execute(base);
  const last = new Map<string, number | null>();
  for (const row of rows) {
    const id = Number(row.id);
    expect(teamsEver.get(row.contest_id)?.has(row.team_id), `score_events ${id}: team of its own event`).toBe(true);
    const cell = `${row.contest_id}|${row.team_id}|${row.gk_id}|${row.field_name}`;
    expect({ id, cell, old: pointOf(row.old_point) }).toEqual({ id, cell, old: last.get(cell) ?? null });
    last.set(cell, pointOf(row.new_point));
  }
}
