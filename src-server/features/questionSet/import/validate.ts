/**
 * Stage 2 of an import, rows → questions or row errors: checks every parsed row of a sheet against
 * ZQuestionSchema and the set's size limit, and words each problem with its row and the field as the
 * author calls it (the sheet's header). Every problem of every row is reported, not the first.
 */
import { messages } from '../../../../src/messages';
import type { QuestionImportField, TImportRowError } from '../../../../src/schemas/questionImport';
import { ZQuestionSchema } from '../../../../src/schemas/questionSet';
import { type TFormat, ZFormatInputSchema } from '../../../../src/schemas/roundFormat';
import type { z } from '../../../../src/schemas/zod';
import { badRequest } from '../../../errors';
import type { ParsedRow, ParsedSheet } from './parse';

/** The most questions one set holds (ZQuestionSetDataSchema's limit). */
export const IMPORT_MAX_QUESTIONS = 500;

export type ValidQuestion = z.infer<typeof ZQuestionSchema>;

export interface CheckedSheet {
  items: ValidQuestion[];
  /** The row each valid question came from (its pictures, for a Word file). */
  sources: ParsedRow[];
  errors: TImportRowError[];
}

/**
 * Validates every row of a sheet with ZQuestionSchema; reports each problem with its row number, and
 * the sheet's name when the file has several.
 */
export function validateSheet(sheet: ParsedSheet, named: boolean, onProgress?: (done: number, total: number) => void): CheckedSheet {
  const items: ValidQuestion[] = [];
  const sources: ParsedRow[] = [];
  const errors: TImportRowError[] = [...sheet.errors];
  sheet.rows.forEach((parsed, index) => {
    // A missing content reads as empty, so the author gets "Vui lòng nhập nội dung câu hỏi".
    const result = ZQuestionSchema.safeParse({ content: '', ...parsed.question });
    const rowErrors = [...parsed.errors];
    if (result.success) {
      if (!rowErrors.length) {
        items.push(result.data);
        sources.push(parsed);
      }
    } else {
      const reported = new Set(rowErrors.map((e) => e.field));
      for (const issue of result.error.issues) {
        const field = fieldLabel(issue.path, parsed, sheet);
        if (!reported.has(field)) rowErrors.push({ row: parsed.row, field, message: issue.message });
      }
    }
    errors.push(...rowErrors);
    onProgress?.(index + 1, sheet.rows.length);
  });
  if (!sheet.rows.length && !sheet.errors.length) errors.push({ row: 0, field: '', message: messages.importNoQuestions });
  else if (sheet.rows.length > IMPORT_MAX_QUESTIONS) {
    errors.push({ row: 0, field: '', message: messages.importTooManyQuestions(IMPORT_MAX_QUESTIONS) });
  }
  const where = { ...(named ? { sheet: sheet.name } : {}), ...(sheet.unit === 'question' ? { unit: 'question' as const } : {}) };
  return { items, sources, errors: errors.map((e) => ({ ...where, ...e })) };
}

/**
 * A file's format for a round (absent: none given), or the errors that name it. The file's format
 * applies when it creates a set or replaces one's questions; appending keeps the set's own.
 */
export function validateImportFormat(raw: unknown): { format: TFormat | null; errors: TImportRowError[] } {
  if (raw === undefined) return { format: null, errors: [] };
  const result = ZFormatInputSchema.safeParse(raw);
  if (result.success) return { format: result.data as TFormat, errors: [] };
  return {
    format: null,
    errors: result.error.issues.map((issue) => ({
      row: 0,
      field: ['format', ...issue.path.map(String)].join('.'),
      message: `format: ${issue.message}`,
    })),
  };
}

/** "dòng 3, Điểm: phải là một số …", or the bare message for a problem with the whole file. */
export function formatImportError(error: TImportRowError): string {
  return messages.importErrorLine(error);
}

/** The 400 that refuses a file: the number of errors and the first few, by row. */
export function importFailure(errors: TImportRowError[], listed = 5) {
  return badRequest(messages.importFailed(errors.length, errors.slice(0, listed).map(formatImportError)), 'file');
}

const FIELD_OF_PATH: Record<string, QuestionImportField> = {
  content: 'content',
  options: 'options',
  answer: 'answer',
  explanation: 'explanation',
  point: 'point',
  timeLimit: 'timeLimit',
  media: 'mediaUrl',
};

/** The field as the author calls it: the sheet's header for it, else its Vietnamese name. */
function fieldLabel(path: readonly PropertyKey[], parsed: ParsedRow, sheet: ParsedSheet): string {
  const field = FIELD_OF_PATH[String(path[0] ?? 'content')];
  if (!field) return path.map(String).join('.');
  // A JSON file names the API's fields; a sheet names its own headers.
  if (!sheet.columns.length && sheet.unit === 'row') {
    return field === 'mediaUrl' && 'mediaUrl' in parsed.question ? 'mediaUrl' : path.map(String).join('.');
  }
  if (field === 'options' && typeof path[1] === 'number') {
    const lettered = sheet.columns.filter((c) => c.field?.startsWith('option') && c.field !== 'options');
    return lettered[path[1]]?.header ?? sheet.labels.options ?? messages.importFields.options;
  }
  return sheet.labels[field] ?? messages.importFields[field];
}
