/**
 * The contest scope: a Kysely handle that reads and writes one contest's rows and no other's.
 *
 * Every statement built through a scoped handle (`scopeTo`) is rewritten before it runs:
 * - a read, update or delete of a contest's table gets `<table>.contest_id = <id>` for each such table
 *   it names (in its WHERE for the tables it reads from, in the join's ON for a joined one), subqueries
 *   and CTEs included;
 * - an insert into a contest's table gets the contest's id as its `contest_id`;
 * - on an archived contest, any insert, update or delete of a contest's table is refused (the
 *   read-only gate, `ContestReadOnly`), before anything is sent to the database.
 * Features take a `Kysely<Database>` as before and never name their contest: the handle they are
 * given decides it. Raw SQL (`sql\`…\``) is not rewritten; the few raw statements that touch a
 * contest's table take its id themselves (`contestIdOf`).
 */

import type { OperationNode } from 'kysely';
import {
  AliasNode,
  AndNode,
  BinaryOperationNode,
  ColumnNode,
  type DeleteQueryNode,
  IdentifierNode,
  type InsertQueryNode,
  type JoinNode,
  type Kysely,
  type KyselyPlugin,
  OnNode,
  OperationNodeTransformer,
  OperatorNode,
  OrNode,
  ParensNode,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  PrimitiveValueListNode,
  type QueryResult,
  ReferenceNode,
  type RootOperationNode,
  type SelectQueryNode,
  TableNode,
  type UnknownRow,
  type UpdateQueryNode,
  ValueListNode,
  ValueNode,
  ValuesNode,
  WhereNode,
} from 'kysely';
import type { Database } from './types';

/** The tables whose rows belong to a contest (each has `contest_id`). */
export const CONTEST_TABLES = [
  'settings',
  'show_state',
  'show_history',
  'question_sets',
  'rules',
  'score_fields',
  'teams',
  'media',
  'team_answers',
  'buzzes',
  'scores',
  'score_events',
  'answer_openings',
  'sudden_deaths',
  'votes',
  'action_log',
  'results_locks',
  'jury_settings',
  'recusals',
  'jury_rulings',
] as const satisfies readonly (keyof Database)[];

/** The contest tables, and a contest's judges' panel, which is a contest's too. */
const SCOPED: ReadonlySet<string> = new Set([...CONTEST_TABLES, 'contest_judges']);
const COLUMN = 'contest_id';
/**
 * Accounts: the installation's (staff and judges, `contest_id` null) and each contest's team accounts.
 * A scoped handle sees the installation's and its own contest's, and a team account it inserts is its contest's.
 */
const ACCOUNTS = 'users';

/** A write to an archived contest's tables, refused before it is sent. */
export class ContestReadOnly extends Error {
  constructor(readonly contestId: string) {
    super(`contest ${contestId} is read-only`);
    this.name = 'ContestReadOnly';
  }
}

export interface ContestScope {
  contestId: string;
  /** An archived contest: its tables are read-only. */
  readOnly: boolean;
}

/** The table a FROM, JOIN or UPDATE item names, and the name its columns are qualified by. */
function namedTable(node: OperationNode): { table: string; qualifier: string } | null {
  if (TableNode.is(node)) return { table: node.table.identifier.name, qualifier: node.table.identifier.name };
  if (AliasNode.is(node) && TableNode.is(node.node) && IdentifierNode.is(node.alias)) {
    return { table: node.node.table.identifier.name, qualifier: node.alias.name };
  }
  return null;
}

/** A contest's table (or the accounts), with what its columns are qualified by; null for others. */
function scopedTable(node: OperationNode): { qualifier: string; accounts: boolean } | null {
  const named = namedTable(node);
  if (!named) return null;
  if (named.table === ACCOUNTS) return { qualifier: named.qualifier, accounts: true };
  return SCOPED.has(named.table) ? { qualifier: named.qualifier, accounts: false } : null;
}

/** A condition the feature wrote, kept whole beside the contest's (`a or b` must not become `a or b and c`). */
function parenthesised(node: OperationNode): OperationNode {
  return ParensNode.is(node) ? node : ParensNode.create(node);
}

class ScopeTransformer extends OperationNodeTransformer {
  constructor(private readonly scope: ContestScope) {
    super();
  }

  private condition(table: { qualifier: string; accounts: boolean }): OperationNode {
    const column = ReferenceNode.create(ColumnNode.create(COLUMN), TableNode.create(table.qualifier));
    const own = BinaryOperationNode.create(column, OperatorNode.create('='), ValueNode.create(this.scope.contestId));
    if (!table.accounts) return own;
    // The installation's accounts, or this contest's team accounts.
    const installation = BinaryOperationNode.create(column, OperatorNode.create('is'), ValueNode.createImmediate(null));
    return ParensNode.create(OrNode.create(installation, own));
  }

  private andAll(conditions: OperationNode[]): OperationNode | null {
    return conditions.reduce<OperationNode | null>((all, next) => (all ? AndNode.create(all, next) : next), null);
  }

  private where(where: WhereNode | undefined, items: readonly OperationNode[]): WhereNode | undefined {
    const conditions = items.flatMap((item) => {
      const table = scopedTable(item);
      return table ? [this.condition(table)] : [];
    });
    const added = this.andAll(conditions);
    if (!added) return where;
    return where ? WhereNode.create(AndNode.create(parenthesised(where.where), added)) : WhereNode.create(added);
  }

  private joins(joins: readonly JoinNode[] | undefined): readonly JoinNode[] | undefined {
    return joins?.map((join) => {
      const table = scopedTable(join.table);
      if (!table) return join;
      const condition = this.condition(table);
      return { ...join, on: join.on ? OnNode.create(AndNode.create(parenthesised(join.on.on), condition)) : OnNode.create(condition) };
    });
  }

  /** An archived contest's own tables take no write (the installation's accounts still do). */
  private refuseWrite(items: readonly OperationNode[]): void {
    if (this.scope.readOnly && items.some((item) => scopedTable(item)?.accounts === false)) throw new ContestReadOnly(this.scope.contestId);
  }

  protected override transformSelectQuery(
    node: SelectQueryNode,
    queryId?: Parameters<OperationNodeTransformer['transformSelectQuery']>[1],
  ): SelectQueryNode {
    const done = super.transformSelectQuery(node, queryId);
    return { ...done, where: this.where(done.where, done.from?.froms ?? []), joins: this.joins(done.joins) };
  }

  protected override transformUpdateQuery(
    node: UpdateQueryNode,
    queryId?: Parameters<OperationNodeTransformer['transformUpdateQuery']>[1],
  ): UpdateQueryNode {
    const done = super.transformUpdateQuery(node, queryId);
    const targets = done.table ? [done.table] : [];
    this.refuseWrite(targets);
    return { ...done, where: this.where(done.where, [...targets, ...(done.from?.froms ?? [])]), joins: this.joins(done.joins) };
  }

  protected override transformDeleteQuery(
    node: DeleteQueryNode,
    queryId?: Parameters<OperationNodeTransformer['transformDeleteQuery']>[1],
  ): DeleteQueryNode {
    const done = super.transformDeleteQuery(node, queryId);
    this.refuseWrite(done.from.froms);
    return { ...done, where: this.where(done.where, [...done.from.froms, ...(done.using?.tables ?? [])]), joins: this.joins(done.joins) };
  }

  protected override transformInsertQuery(
    node: InsertQueryNode,
    queryId?: Parameters<OperationNodeTransformer['transformInsertQuery']>[1],
  ): InsertQueryNode {
    const done = super.transformInsertQuery(node, queryId);
    const table = done.into ? scopedTable(done.into) : null;
    if (!done.into || !table) return done;
    this.refuseWrite([done.into]);
    const columns = done.columns ?? [];
    if (columns.some((column) => column.column.name === COLUMN))
      throw new Error(`a scoped insert into ${done.into.table.identifier.name} names its contest`);
    if (table.accounts) return this.insertAccounts(done, columns);
    const id = this.scope.contestId;
    if (done.defaultValues || !done.values) {
      return {
        ...done,
        defaultValues: false,
        columns: [ColumnNode.create(COLUMN)],
        values: ValuesNode.create([PrimitiveValueListNode.create([id])]),
      };
    }
    if (!ValuesNode.is(done.values)) throw new Error(`a scoped insert into ${done.into.table.identifier.name} takes VALUES, not a query`);
    const values = ValuesNode.create(
      done.values.values.map((row) =>
        PrimitiveValueListNode.is(row)
          ? PrimitiveValueListNode.create([...row.values, id])
          : ValueListNode.create([...row.values, ValueNode.create(id)]),
      ),
    );
    return { ...done, columns: [...columns, ColumnNode.create(COLUMN)], values };
  }

  /** An account insert: each team account is this contest's; every other account the installation's. */
  private insertAccounts(done: InsertQueryNode, columns: readonly ColumnNode[]): InsertQueryNode {
    if (!done.values || !ValuesNode.is(done.values)) throw new Error('a scoped insert of accounts takes VALUES');
    const role = columns.findIndex((column) => column.column.name === 'role');
    const values = ValuesNode.create(
      done.values.values.map((row) => {
        const id = valueAt(row, role) === 'team' ? this.scope.contestId : null;
        return PrimitiveValueListNode.is(row)
          ? PrimitiveValueListNode.create([...row.values, id])
          : ValueListNode.create([...row.values, ValueNode.create(id)]);
      }),
    );
    return { ...done, columns: [...columns, ColumnNode.create(COLUMN)], values };
  }
}

/** The value a VALUES row gives its `index`th column, when it is a plain value. */
function valueAt(row: OperationNode, index: number): unknown {
  if (PrimitiveValueListNode.is(row)) return row.values[index];
  if (ValueListNode.is(row)) {
    const item = row.values[index];
    return item && ValueNode.is(item) ? item.value : undefined;
  }
  return undefined;
}

class ScopePlugin implements KyselyPlugin {
  readonly transformer: ScopeTransformer;

  constructor(readonly scope: ContestScope) {
    this.transformer = new ScopeTransformer(scope);
  }

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return this.transformer.transformNode(args.node, args.queryId);
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}

/** `db` scoped to one contest: what every feature is given. */
export function scopeTo(db: Kysely<Database>, scope: ContestScope): Kysely<Database> {
  return db.withPlugin(new ScopePlugin(scope));
}

/** The scope of a scoped handle or of a transaction begun on one; null for an unscoped handle. */
export function scopeOf(db: Kysely<Database>): ContestScope | null {
  const plugin = db.getExecutor().plugins.find((p): p is ScopePlugin => p instanceof ScopePlugin);
  return plugin?.scope ?? null;
}

/** The contest a scoped handle acts on, for the raw statements that touch a contest's table. */
export function contestIdOf(db: Kysely<Database>): string {
  const scope = scopeOf(db);
  if (!scope) throw new Error('this database handle is not scoped to a contest');
  return scope.contestId;
}

/** The contest a raw write goes to: refused (`ContestReadOnly`) when it is archived. */
export function writableContestIdOf(db: Kysely<Database>): string {
  const scope = scopeOf(db);
  if (!scope) throw new Error('this database handle is not scoped to a contest');
  if (scope.readOnly) throw new ContestReadOnly(scope.contestId);
  return scope.contestId;
}
