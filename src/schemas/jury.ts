/** The head judge's calls (`jury.*`) and the jury as its live event carries it (`TJury`, src/jury.ts). */
import { juryText } from '../messages/jury';
import { ZId } from './common';
import { z } from './zod';

const ZFieldName = z.string().trim().min(1).max(50);
const ZReason = z.string().trim().min(1, { message: juryText.reasonRequired }).max(500, { message: juryText.reasonTooLong });

export const ZJurySchema = z.object({
  headJudgeId: z.string().nullable(),
  thresholds: z.record(z.string(), z.number()),
  recusals: z.array(z.object({ judgeId: z.string(), teamId: z.string(), reason: z.string() })),
  rulings: z.array(
    z.object({
      id: z.string(),
      teamId: z.string(),
      fieldName: z.string(),
      kind: z.enum(['accept', 'rescore', 'decision']),
      judgeId: z.string().nullable(),
      point: z.number().nullable(),
      reason: z.string(),
      seen: z.record(z.string(), z.number()).nullable(),
      actorName: z.string(),
      at: z.number(),
      answeredAt: z.number().nullable(),
    }),
  ),
});

export const ZSetHeadJudgeSchema = z.object({ judgeId: ZId.nullable() }).strict();

/** A criterion's threshold in points; null: back to 20% of its range. */
export const ZSetThresholdSchema = z.object({ fieldName: ZFieldName, threshold: z.number().finite().nullable() }).strict();

export const ZRecuseSchema = z.object({ judgeId: ZId, teamId: ZId, reason: ZReason }).strict();
export const ZLiftRecusalSchema = z.object({ judgeId: ZId, teamId: ZId }).strict();

/** The head judge's step on a team's criterion. */
export const ZJuryRuleSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('accept'), teamId: ZId, fieldName: ZFieldName, reason: ZReason }).strict(),
  z.object({ kind: z.literal('rescore'), teamId: ZId, fieldName: ZFieldName, judgeId: ZId, reason: ZReason }).strict(),
  z.object({ kind: z.literal('decision'), teamId: ZId, fieldName: ZFieldName, point: z.number().finite(), reason: ZReason }).strict(),
]);
export type TJuryRule = z.infer<typeof ZJuryRuleSchema>;
