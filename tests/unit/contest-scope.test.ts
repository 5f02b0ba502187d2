/**
 * The contest scope (src-server/db/scope.ts) as SQL: what a scoped handle sends for the statements
 * the features write. Against the database, tests/server/contest-scope.test.ts checks the same.
 */
import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { ContestReadOnly, contestIdOf, scopeOf, scopeTo } from '../../src-server/db/scope';
import type { Database } from '../../src-server/db/types';

const base = new Kysely<Database>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});
const db = scopeTo(base, { contestId: 'c-1', readOnly: false });
const archived = scopeTo(base, { contestId: 'c-2', readOnly: true });

const compiled = (query: { compile(): { sql: string; parameters: readonly unknown[] } }) => {
  const { sql: text, parameters } = query.compile();
  return { sql: text, parameters: [...parameters] };
};

describe('a handle scoped to a contest', () => {
  it('reads only its contest’s rows, keeping an OR the feature wrote whole', () => {
    expect(
      compiled(
        db
          .selectFrom('teams')
          .select('id')
          .where((eb) => eb.or([eb('active', '=', true), eb('name', '=', 'A')])),
      ),
    ).toEqual({
      sql: 'select "id" from "teams" where ("active" = $1 or "name" = $2) and "teams"."contest_id" = $3',
      parameters: [true, 'A', 'c-1'],
    });
    expect(compiled(db.selectFrom('teams').select('id').where(sql<boolean>`active or true`)).sql).toBe(
      'select "id" from "teams" where (active or true) and "teams"."contest_id" = $1',
    );
  });

  it('scopes an aliased table, a joined one in its ON (a left join stays a left join), a subquery and a CTE', () => {
    const joined = db.selectFrom('teams as t').leftJoin('scores', 'scores.team_id', 't.id').select('t.id');
    expect(compiled(joined).sql).toBe(
      'select "t"."id" from "teams" as "t" left join "scores" on ("scores"."team_id" = "t"."id") and "scores"."contest_id" = $1 where "t"."contest_id" = $2',
    );
    const nested = db.selectFrom('contests').select((eb) => eb.selectFrom('teams').select('name').limit(1).as('n'));
    expect(compiled(nested).sql).toBe(
      'select (select "name" from "teams" where "teams"."contest_id" = $1 limit $2) as "n" from "contests"',
    );
    const cte = db
      .with('s', (q) => q.selectFrom('scores').select('point'))
      .selectFrom('s')
      .select('point');
    expect(compiled(cte).sql).toBe('with "s" as (select "point" from "scores" where "scores"."contest_id" = $1) select "point" from "s"');
  });

  it('leaves the installation’s tables alone', () => {
    expect(compiled(db.selectFrom('sessions').select('user_id')).sql).toBe('select "user_id" from "sessions"');
    expect(compiled(db.selectFrom('contests').select('id')).sql).toBe('select "id" from "contests"');
  });

  it('sees the installation’s accounts and its own team accounts, and makes a team account its own', () => {
    expect(compiled(db.selectFrom('users').select('id'))).toEqual({
      sql: 'select "id" from "users" where ("users"."contest_id" is null or "users"."contest_id" = $1)',
      parameters: ['c-1'],
    });
    const insert = db.insertInto('users').values([
      { username: 'doi1', role: 'team', password_hash: 'x' },
      { username: 'gk1', role: 'judge', password_hash: 'x' },
    ]);
    expect(compiled(insert).parameters).toEqual(['doi1', 'team', 'x', 'c-1', 'gk1', 'judge', 'x', null]);
  });

  it('names its contest on every insert, one row or many, and with no values', () => {
    expect(compiled(db.insertInto('rules').values([{ title: 'A' }, { title: 'B' }]))).toEqual({
      sql: 'insert into "rules" ("title", "contest_id") values ($1, $2), ($3, $4)',
      parameters: ['A', 'c-1', 'B', 'c-1'],
    });
    expect(compiled(db.insertInto('votes').defaultValues())).toEqual({
      sql: 'insert into "votes" ("contest_id") values ($1)',
      parameters: ['c-1'],
    });
  });

  it('updates and deletes only its contest’s rows', () => {
    expect(compiled(db.updateTable('teams').set({ name: 'B' }).where('id', '=', 'x'))).toEqual({
      sql: 'update "teams" set "name" = $1 where ("id" = $2) and "teams"."contest_id" = $3',
      parameters: ['B', 'x', 'c-1'],
    });
    expect(compiled(db.deleteFrom('teams')).sql).toBe('delete from "teams" where "teams"."contest_id" = $1');
  });

  it('refuses any write to an archived contest’s tables, and still reads them', () => {
    expect(() => compiled(archived.insertInto('teams').values({ name: 'A' }))).toThrow(ContestReadOnly);
    expect(() => compiled(archived.updateTable('scores').set({ point: 1 }))).toThrow(ContestReadOnly);
    expect(() => compiled(archived.deleteFrom('score_events'))).toThrow(ContestReadOnly);
    expect(compiled(archived.selectFrom('scores').select('point')).parameters).toEqual(['c-2']);
    // The installation's accounts are not the contest's: a judge's name can still change.
    expect(() => compiled(archived.updateTable('users').set({ full_name: 'A' }))).not.toThrow();
  });

  it('tells its contest to the raw statements, in a transaction too; an unscoped handle has none', async () => {
    expect(contestIdOf(db)).toBe('c-1');
    expect(await db.transaction().execute(async (trx) => contestIdOf(trx))).toBe('c-1');
    expect(scopeOf(archived)).toEqual({ contestId: 'c-2', readOnly: true });
    expect(scopeOf(base)).toBeNull();
    expect(() => contestIdOf(base)).toThrow();
  });
});
