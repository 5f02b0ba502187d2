import { validationText } from '../messages/validation';
import { z } from './zod';

export const MEDIA_KINDS = ['image', 'audio', 'video'] as const;
export const ZMediaSchema = z.object({
  kind: z.enum(MEDIA_KINDS),
  url: z
    .string()
    .trim()
    .min(1)
    .max(2000)
    .refine((v) => /^(https?:\/\/|\/media\/)/.test(v), { message: validationText.invalidMediaUrl }),
});
export type TMedia = z.infer<typeof ZMediaSchema>;

const MEDIA_KINDS_BY_EXTENSION: Record<string, TMedia['kind']> = {
  jpg: 'image',
  jpeg: 'image',
  png: 'image',
  gif: 'image',
  webp: 'image',
  mp3: 'audio',
  wav: 'audio',
  ogg: 'audio',
  m4a: 'audio',
  mp4: 'video',
  webm: 'video',
  mov: 'video',
};

/** A media URL's kind guessed from its file extension (query and fragment ignored), if it says one. */
export function mediaKindOfUrl(url: string): TMedia['kind'] | undefined {
  const file = url.split(/[?#]/)[0]?.split('/').pop() ?? '';
  const dot = file.lastIndexOf('.');
  return dot < 0 ? undefined : MEDIA_KINDS_BY_EXTENSION[file.slice(dot + 1).toLowerCase()];
}

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
};
export const ZQuestionSetDataSchema = z
  // No priority: the new set goes to the end of its list (the server picks the next number).
  .object({ ...setFields, priority: setFields.priority.optional(), items: setFields.items.default([]) })
  .strict();
export const ZQuestionSetCreateSchema = z.object({ data: ZQuestionSetDataSchema });
export const ZQuestionSetUpdateSchema = z.object({
  _id: z.string().trim().min(1).max(100),
  changes: z.object(setFields).partial().strict(),
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
  createdAt: number;
  updatedAt: number;
}
