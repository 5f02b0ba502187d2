/**
 * Stage 3 of an import, storing the set: the `importFile` procedure's input and result, and the run
 * from bytes to a written set (parse.ts, then validate.ts, then one insert or one versioned update,
 * only when every row is valid). Shared by the router and `npm run import`; it never exits the process.
 */
import type { Kysely } from 'kysely';
import { messages } from '../../../../src/messages';
import type { TQuestionSet } from '../../../../src/schemas/questionSet';
import { z } from '../../../../src/schemas/zod';
import type { Database } from '../../../db/types';
import { badRequest } from '../../../errors';
import { createQuestionSet, getQuestionSet, updateQuestionSet } from '../data';
import { fileExtension, IMPORT_MAX_BYTES, type ImportRowError, isImportExtension, parseQuestionFile } from './parse';
import { IMPORT_MAX_QUESTIONS, importFailure, type ValidQuestion, validateImportFormat, validateQuestionRows } from './validate';

/** "cau-hoi.xlsx" → "cau-hoi": the set's title when neither the caller nor the file gives one. */
export function titleFromFileName(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? fileName;
  const dot = base.lastIndexOf('.');
  return ((dot > 0 ? base.slice(0, dot) : base).trim() || base).slice(0, 300);
}

export const ZQuestionImportSchema = z.object({
  set: z.number().int().min(1).max(6),
  fileName: z.string().trim().min(1).max(255),
  // Base64 of at most IMPORT_MAX_BYTES.
  dataBase64: z.string().max(Math.ceil(IMPORT_MAX_BYTES / 3) * 4, { message: messages.importFileTooLarge(IMPORT_MAX_BYTES / 1024 / 1024) }),
  mode: z.enum(['preview', 'create', 'append']),
  _id: z.string().trim().min(1).max(100).optional(),
  title: z.string().trim().min(1).max(300).optional(),
  version: z.number().int().min(0).optional(),
});
export type TQuestionImportInput = z.infer<typeof ZQuestionImportSchema>;

export interface TQuestionImportResult {
  title: string;
  items: ValidQuestion[];
  errors: ImportRowError[];
  /** The set as written; null for a preview. One shape for every mode keeps the client simple. */
  item: TQuestionSet | null;
}

/**
 * preview: what the file holds and what is wrong with it, writing nothing. create / append: one
 * insert or one versioned update, and only when every row is valid; otherwise a 400 naming the rows.
 */
export async function importQuestionFile(db: Kysely<Database>, input: TQuestionImportInput): Promise<TQuestionImportResult> {
  if (!isImportExtension(fileExtension(input.fileName))) throw badRequest(messages.importUnknownExtension, 'fileName');
  const parsed = await parseQuestionFile(input.fileName, Buffer.from(input.dataBase64, 'base64'));
  const rowCheck = validateQuestionRows(parsed.rows);
  const { items } = rowCheck;
  const { format, errors: formatErrors } = validateImportFormat(parsed.format);
  const errors = [...formatErrors, ...rowCheck.errors];
  const title = input.title ?? parsed.title ?? titleFromFileName(input.fileName);
  if (input.mode === 'preview') return { title, items, errors, item: null };
  if (errors.length) throw importFailure(errors);

  if (input.mode === 'create') {
    const item = await createQuestionSet(db, input.set, { title, items, format });
    return { title, items, errors, item };
  }
  if (!input._id) throw badRequest(messages.invalidInput, '_id');
  const existing = await getQuestionSet(db, input.set, input._id);
  if (existing.items.length + items.length > IMPORT_MAX_QUESTIONS) {
    throw badRequest(messages.importTooManyQuestions(IMPORT_MAX_QUESTIONS), 'file');
  }
  // Without a version from the caller, the one just read: a concurrent edit still wins nothing silently.
  const item = await updateQuestionSet(
    db,
    input.set,
    input._id,
    { items: [...existing.items, ...items] },
    input.version ?? existing.version,
  );
  return { title: item.title, items, errors, item };
}
