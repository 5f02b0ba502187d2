/**
 * Importing questions from a file, as the import dialog, `npm run import` and the server agree on it:
 * what a column can be read as and the headers that mean each field (src/importColumns.ts reads
 * them), the call's input and its answer. A spreadsheet may hold several sheets (one per round); a
 * Word file or a JSON file is one sheet.
 */
import type { ColumnReading, ColumnRule } from '../importColumns';
import { OPTION_LETTERS } from '../questionAnswer';
import type { TQuestion, TQuestionInput, TQuestionSet } from './questionSet';
import type { TFormat } from './roundFormat';
import { z } from './zod';

/** One column per option, as many as a question holds (ZQuestionSchema: ten). */
export const OPTION_FIELDS = [
  'optionA',
  'optionB',
  'optionC',
  'optionD',
  'optionE',
  'optionF',
  'optionG',
  'optionH',
  'optionI',
  'optionJ',
] as const;
export type OptionField = (typeof OPTION_FIELDS)[number];

export const QUESTION_IMPORT_FIELDS = [
  'content',
  'options',
  ...OPTION_FIELDS,
  'answer',
  'explanation',
  'point',
  'timeLimit',
  'mediaUrl',
] as const;
export type QuestionImportField = (typeof QUESTION_IMPORT_FIELDS)[number];

export const isOptionField = (field: string): field is OptionField => (OPTION_FIELDS as readonly string[]).includes(field);
/** optionC → 2. */
export const optionFieldIndex = (field: OptionField): number => OPTION_LETTERS.indexOf(field.slice(-1));

const optionNames = (letter: string) => [
  `Phương án ${letter}`,
  `Lựa chọn ${letter}`,
  `PA ${letter}`,
  `Option ${letter}`,
  `Đáp án ${letter}`,
  `Câu ${letter}`,
  letter,
];

/** The headers each field is known by, Vietnamese and English (compared by headerKey). */
export const QUESTION_COLUMN_RULES: readonly ColumnRule<QuestionImportField>[] = [
  { field: 'content', names: ['Câu hỏi', 'Nội dung', 'Nội dung câu hỏi', 'Đề bài', 'Câu', 'content', 'question'] },
  {
    field: 'options',
    names: ['options', 'Phương án', 'Các phương án', 'Phương án trả lời', 'Lựa chọn', 'Các lựa chọn', 'choices'],
  },
  ...OPTION_FIELDS.map((field) => ({ field, names: optionNames(field.slice(-1)) })),
  {
    field: 'answer',
    names: ['Đáp án', 'Đáp án đúng', 'Phương án đúng', 'Câu trả lời', 'Câu trả lời đúng', 'Trả lời', 'Kết quả', 'answer', 'correct answer'],
  },
  { field: 'explanation', names: ['Giải thích', 'Lời giải', 'Hướng dẫn', 'Hướng dẫn giải', 'explanation'] },
  { field: 'point', names: ['Điểm', 'Số điểm', 'Điểm số', 'point', 'points', 'score'] },
  {
    field: 'timeLimit',
    names: ['Thời gian', 'Thời gian trả lời', 'Thời gian suy nghĩ', 'Thời lượng', 'Số giây', 'Giây', 'timeLimit', 'time', 'seconds'],
  },
  {
    field: 'mediaUrl',
    names: ['Hình ảnh', 'Ảnh', 'Hình', 'Media', 'mediaUrl', 'Tệp', 'Tệp đính kèm', 'Đường dẫn', 'Video', 'Âm thanh', 'image', 'url'],
  },
];

/** The name of a workbook's sheet that holds the rounds' format fields rather than questions. */
export const FORMAT_SHEET_NAME = 'Thể thức';

/** One problem in a file: `row` is the sheet's row (header = 1), a Word file's question number, or 0 for the whole file. */
export interface TImportRowError {
  /** The sheet's name, in a workbook of several question sheets. */
  sheet?: string;
  /** 'question' for a Word file's numbered questions ("câu 3"); rows otherwise ("dòng 7"). */
  unit?: 'row' | 'question';
  row: number;
  /** What the author calls the field: the header as written, or the field's Vietnamese name. */
  field: string;
  message: string;
}

export type TImportColumn = ColumnReading<QuestionImportField>;

export interface TImportSheet {
  /** Position among the file's question sheets, from 0 (the "Thể thức" sheet is not one). */
  index: number;
  name: string;
  /** How each header was read (empty for JSON and Word files). */
  columns: TImportColumn[];
  /** The valid questions, answers stored as their option's text. */
  items: TQuestion[] | TQuestionInput[];
  errors: TImportRowError[];
  /** Questions read (valid or not). */
  rows: number;
  /** The round's format as the file gives it ("Thể thức" sheet, a JSON file's `format`); null when it gives none. */
  format: TFormat | null;
}

const setNumber = z.number().int().min(1).max(6);
const target = {
  /** The set to append to or replace; required for those modes. */
  _id: z.string().trim().min(1).max(100).optional(),
  /** A new set's title (create); the sheet's name or the file's title without it. */
  title: z.string().trim().min(1).max(300).optional(),
  /** The version read, for append and replace. */
  version: z.number().int().min(0).optional(),
};

export const IMPORT_WRITE_MODES = ['create', 'append', 'replace'] as const;

export const ZImportSheetTargetSchema = z.object({
  sheet: z.number().int().min(0).max(50),
  set: setNumber,
  mode: z.enum(IMPORT_WRITE_MODES),
  ...target,
});

/** Bytes travel as base64: the limit is checked on the decoded file (30 MB for a Word file, 10 MB otherwise). */
export const ZQuestionImportSchema = z.object({
  set: setNumber,
  fileName: z.string().trim().min(1).max(255),
  dataBase64: z.string().max(Math.ceil((30 * 1024 * 1024) / 3) * 4),
  mode: z.enum(['preview', ...IMPORT_WRITE_MODES]),
  ...target,
  /** A workbook of several sheets: where each goes; sheets not named are skipped. Without it, the first sheet goes to `set`/`mode`. */
  sheets: z.array(ZImportSheetTargetSchema).min(1).max(50).optional(),
});
export type TQuestionImportInput = z.infer<typeof ZQuestionImportSchema>;

export interface TQuestionImportResult {
  /** The title a new set would get (the file's or its name's). */
  title: string;
  /** Every sheet's valid questions and every problem, all sheets together. */
  items: TQuestionInput[];
  errors: TImportRowError[];
  sheets: TImportSheet[];
  /** The first set written; null for a preview. */
  item: TQuestionSet | null;
  /** Every set written, one per sheet written. */
  written: TQuestionSet[];
}

/** A header's remembered reading: `field` null means "always ignore". */
export const ZImportColumnSchema = z.object({
  header: z.string().trim().min(1).max(200),
  field: z.enum(QUESTION_IMPORT_FIELDS).nullable(),
});
export const ZImportColumnForgetSchema = z.object({ header: z.string().trim().min(1).max(200) });
export interface TRememberedColumn {
  /** The header as the organiser saw it when mapping it. */
  header: string;
  field: QuestionImportField | null;
}
