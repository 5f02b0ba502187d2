import { validationText } from '../messages/validation';
import { listCalls } from './common';
import { z } from './zod';

export const SCORE_FIELD_KINDS = ['judges', 'answers'] as const;

const fields = {
  name: z
    .string()
    .trim()
    .min(1, { message: validationText.scoreFieldNameRequired })
    .max(50, { message: validationText.scoreFieldNameTooLong })
    .regex(/^[a-z0-9_-]+$/, { message: validationText.fieldNameInvalid }),
  label: z.string().trim().min(1, { message: validationText.labelRequired }).max(200),
  kind: z.enum(SCORE_FIELD_KINDS),
  minPoint: z.number().min(-1000).max(1000),
  maxPoint: z.number().min(-1000).max(10000),
  step: z.number().positive().max(1000),
  weight: z.number().min(0).max(100),
  dropExtremes: z.boolean(),
  position: z.number().int().min(-1_000_000).max(1_000_000),
  /** The round (1–6) the field's points belong to; null when it belongs to none. */
  round: z.number().int().min(1).max(6).nullable(),
};

export const ZScoreFieldDataSchema = z
  .object({
    ...fields,
    kind: fields.kind.default('judges'),
    minPoint: fields.minPoint.default(0),
    step: fields.step.default(0.5),
    weight: fields.weight.default(1),
    dropExtremes: fields.dropExtremes.default(false),
    position: fields.position.default(0),
    round: fields.round.default(null),
  })
  .strict()
  .refine((v) => v.maxPoint > v.minPoint, { message: validationText.maxBelowMin, path: ['maxPoint'] });
const scoreFieldCalls = listCalls(ZScoreFieldDataSchema, fields);
export const ZScoreFieldCreateSchema = scoreFieldCalls.create;
export const ZScoreFieldUpdateSchema = scoreFieldCalls.update;

export interface TScoreField {
  _id: string;
  name: string;
  label: string;
  kind: (typeof SCORE_FIELD_KINDS)[number];
  minPoint: number;
  maxPoint: number;
  step: number;
  weight: number;
  dropExtremes: boolean;
  position: number;
  round: number | null;
}
