/**
 * Stage 2 of an import, rows → questions or row errors: checks every parsed row against
 * ZQuestionSchema and the set's size limit, and words each problem with its row number.
 */
import { messages } from '../../../../src/messages';
import { ZQuestionSchema } from '../../../../src/schemas/questionSet';
import { CLASSIC_FORMAT, type TFormat, ZFormatInputSchema } from '../../../../src/schemas/roundFormat';
import type { z } from '../../../../src/schemas/zod';
import { badRequest } from '../../../errors';
import type { ImportRowError, ParsedRow } from './parse';

/** The most questions one set holds (ZQuestionSetDataSchema's limit). */
export const IMPORT_MAX_QUESTIONS = 500;

export type ValidQuestion = z.infer<typeof ZQuestionSchema>;

/** Validates every row with ZQuestionSchema; reports each problem with its row number. */
export function validateQuestionRows(
  rows: ParsedRow[],
  onProgress?: (done: number, total: number) => void,
): { items: ValidQuestion[]; errors: ImportRowError[] } {
  const items: ValidQuestion[] = [];
  const errors: ImportRowError[] = [];
  rows.forEach((parsed, index) => {
    // A missing content reads as empty, so the author gets "Vui lòng nhập nội dung câu hỏi".
    const result = ZQuestionSchema.safeParse({ content: '', ...parsed.question });
    const rowErrors = [...parsed.errors];
    if (result.success) {
      if (!rowErrors.length) items.push(result.data);
    } else {
      const reported = new Set(rowErrors.map((e) => e.field));
      for (const issue of result.error.issues) {
        const field = fieldName(issue.path, parsed);
        if (!reported.has(field)) rowErrors.push({ row: parsed.row, field, message: issue.message });
      }
    }
    errors.push(...rowErrors);
    onProgress?.(index + 1, rows.length);
  });
  if (!rows.length) errors.push({ row: 0, field: 'file', message: messages.importNoQuestions });
  else if (rows.length > IMPORT_MAX_QUESTIONS) {
    errors.push({ row: 0, field: 'file', message: messages.importTooManyQuestions(IMPORT_MAX_QUESTIONS) });
  }
  return { items, errors };
}

/**
 * A JSON file's `format` (absent: classic), or the errors that name it. The file's format applies
 * when it creates a set; appending questions keeps the set's own.
 */
export function validateImportFormat(raw: unknown): { format: TFormat; errors: ImportRowError[] } {
  if (raw === undefined) return { format: CLASSIC_FORMAT, errors: [] };
  const result = ZFormatInputSchema.safeParse(raw);
  if (result.success) return { format: result.data as TFormat, errors: [] };
  return {
    format: CLASSIC_FORMAT,
    errors: result.error.issues.map((issue) => ({
      row: 0,
      field: ['format', ...issue.path.map(String)].join('.'),
      message: `format: ${issue.message}`,
    })),
  };
}

/** "dòng 3: point: phải là một số …", or the bare message for a problem with the whole file. */
export function formatImportError(error: ImportRowError): string {
  return error.row > 0 ? messages.importRowError(error.row, error.field, error.message) : error.message;
}

/** The 400 that refuses a file: the number of errors and the first few, by row. */
export function importFailure(errors: ImportRowError[], listed = 5) {
  return badRequest(messages.importFailed(errors.length, errors.slice(0, listed).map(formatImportError)), 'file');
}

function fieldName(path: readonly PropertyKey[], parsed: ParsedRow): string {
  // A spreadsheet author wrote a mediaUrl column, not media.url.
  if (path[0] === 'media' && 'mediaUrl' in parsed.question) return 'mediaUrl';
  return path.map(String).join('.') || 'content';
}
