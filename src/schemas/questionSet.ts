import { validationText } from '../messages/validation';
import { listCalls } from './common';
import { type TMedia, ZMediaSchema } from './media';
import { CLASSIC_FORMAT, type TFormat, ZFormatInputSchema } from './roundFormat';
import { z } from './zod';

export { MEDIA_KINDS, mediaKindOfUrl, type TMedia } from './media';

/** One question. `id` is stable across edits and reorders; the server assigns one when missing. */
export const ZQuestionSchema = z.object({
  id: z.string().trim().min(1).max(64).optional(),
  content: z.string().trim().min(1, { message: validationText.questionContentRequired }).max(5000),
  options: z.array(z.string().trim().min(1).max(1000)).max(10).default([]),
  answer: z.string().trim().max(5000).default(''),
  explanation: z.string().trim().max(10000).default(''),
  media: ZMediaSchema.nullable().default(null),
  point: z.number().min(0).max(1000).default(10),
  timeLimit: z.number().int().min(0).max(3600).default(30),
});
export type TQuestionInput = z.input<typeof ZQuestionSchema>;
/** A question as `question_sets.items` stores it: as entered, with the id the server gave it. */
export const ZStoredQuestionSchema = ZQuestionSchema.extend({ id: z.string().min(1) });
export interface TQuestion {
  id: string;
  content: string;
  options: string[];
  answer: string;
  explanation: string;
  media: TMedia | null;
  point: number;
  timeLimit: number;
}
/** A question as a judge sees it. */
export type TPublicQuestion = Omit<TQuestion, 'answer' | 'explanation'>;

// Defaults apply on create only: a partial change must never reset what it does not name.
const setFields = {
  title: z.string().trim().min(1, { message: validationText.titleRequired }).max(300),
  priority: z.number().int().min(-1_000_000).max(1_000_000),
  items: z.array(ZQuestionSchema).max(500),
  format: ZFormatInputSchema,
};
export const ZQuestionSetDataSchema = z
  // No priority: the new set goes to the end of its list (the server picks the next number).
  .object({
    ...setFields,
    priority: setFields.priority.optional(),
    items: setFields.items.default([]),
    format: setFields.format.default(CLASSIC_FORMAT),
  })
  .strict();
const questionSetCalls = listCalls(ZQuestionSetDataSchema, setFields);
export const ZQuestionSetCreateSchema = questionSetCalls.create;
export const ZQuestionSetUpdateSchema = questionSetCalls.update.extend({
  version: z.number().int().min(0).optional(),
});
export type TQuestionSetData = z.infer<typeof ZQuestionSetDataSchema>;

export interface TQuestionSet<Q = TQuestion> {
  _id: string;
  set: number;
  title: string;
  priority: number;
  version: number;
  items: Q[];
  format: TFormat;
  createdAt: number;
  updatedAt: number;
}
