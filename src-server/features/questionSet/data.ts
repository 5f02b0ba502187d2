/** The six question sets share one table and one implementation; `set_no` tells them apart. */
import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import { messages } from '../../../src/messages';
import {
  type TPublicQuestion,
  type TQuestion,
  type TQuestionSet,
  type TQuestionSetData,
  type ZQuestionSchema,
  ZStoredQuestionSchema,
} from '../../../src/schemas/questionSet';
import { publicFormat, type TFormat, ZFormatSchema } from '../../../src/schemas/roundFormat';
import { z } from '../../../src/schemas/zod';
import { parseStored } from '../../db/json';
import { nextPriority } from '../../db/priority';
import type { Database, QuestionSetsTable } from '../../db/types';
import { AppError, notFound } from '../../errors';

type Row = Selectable<QuestionSetsTable>;

const ZStoredItemsSchema = z.array(ZStoredQuestionSchema);

/** `question_sets.items` as stored: the set's questions in order, each with its id. */
export function questionItemsOf(row: Pick<Row, 'id' | 'items'>): TQuestion[] {
  return parseStored(ZStoredItemsSchema, row.items, `question_sets.items of set ${row.id}`);
}

/** `question_sets.format` as stored: how the set's round runs. */
export function formatOf(row: Pick<Row, 'id' | 'format'>): TFormat {
  return parseStored(ZFormatSchema, row.format, `question_sets.format of set ${row.id}`) as TFormat;
}

function toQuestionSet(row: Row): TQuestionSet {
  return {
    _id: row.id,
    set: row.set_no,
    title: row.title,
    priority: row.priority,
    version: row.version,
    items: questionItemsOf(row),
    format: formatOf(row),
    createdAt: row.created_at.getTime(),
    updatedAt: row.updated_at.getTime(),
  };
}

/** What a judge may see: no answers, no explanations, no format secrets (the obstacle's keyword). */
export function withoutAnswers(set: TQuestionSet): TQuestionSet<TPublicQuestion> {
  return { ...set, items: set.items.map(({ answer: _a, explanation: _e, ...rest }) => rest), format: publicFormat(set.format) };
}

/** Gives every question a stable id, keeping the ones it has. */
export function normaliseItems(items: z.infer<typeof ZQuestionSchema>[]): TQuestion[] {
  const seen = new Set<string>();
  return items.map((item) => {
    const id = item.id && !seen.has(item.id) ? item.id : randomUUID();
    seen.add(id);
    return { ...item, id };
  });
}

const notFoundSet = () => notFound(messages.questionSetNotFound);

export async function listQuestionSets(db: Kysely<Database>, setNo: number): Promise<TQuestionSet[]> {
  const rows = await db
    .selectFrom('question_sets')
    .selectAll()
    .where('set_no', '=', setNo)
    .orderBy('priority', 'asc')
    .orderBy('title', 'asc')
    .execute();
  return rows.map(toQuestionSet);
}

export async function getQuestionSet(db: Kysely<Database>, setNo: number, id: string): Promise<TQuestionSet> {
  const row = await db.selectFrom('question_sets').selectAll().where('set_no', '=', setNo).where('id', '=', id).executeTakeFirst();
  if (!row) throw notFoundSet();
  return toQuestionSet(row);
}

export async function createQuestionSet(db: Kysely<Database>, setNo: number, data: TQuestionSetData): Promise<TQuestionSet> {
  const row = await db
    .insertInto('question_sets')
    .values({
      set_no: setNo,
      title: data.title,
      priority: data.priority ?? (await nextPriority(db, 'question_sets', setNo)),
      items: JSON.stringify(normaliseItems(data.items)),
      format: JSON.stringify(data.format),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toQuestionSet(row);
}

export async function updateQuestionSet(
  db: Kysely<Database>,
  setNo: number,
  id: string,
  changes: Partial<TQuestionSetData>,
  expectedVersion?: number,
): Promise<TQuestionSet> {
  let query = db
    .updateTable('question_sets')
    .set((eb) => ({
      version: eb('version', '+', 1),
      updated_at: new Date(),
      ...(changes.title !== undefined ? { title: changes.title } : {}),
      ...(changes.priority !== undefined ? { priority: changes.priority } : {}),
      ...(changes.items !== undefined ? { items: JSON.stringify(normaliseItems(changes.items)) } : {}),
      ...(changes.format !== undefined ? { format: JSON.stringify(changes.format) } : {}),
    }))
    .where('set_no', '=', setNo)
    .where('id', '=', id);
  // The version check and the write are one statement, so two editors cannot both win.
  if (expectedVersion !== undefined) query = query.where('version', '=', expectedVersion);
  const row = await query.returningAll().executeTakeFirst();
  if (row) return toQuestionSet(row);
  await getQuestionSet(db, setNo, id); // 404 when it does not exist
  throw new AppError('CONFLICT', messages.staleVersion, 'version');
}

export async function deleteQuestionSet(db: Kysely<Database>, setNo: number, id: string): Promise<void> {
  const result = await db.deleteFrom('question_sets').where('set_no', '=', setNo).where('id', '=', id).executeTakeFirst();
  if (Number(result.numDeletedRows) === 0) throw notFoundSet();
}
