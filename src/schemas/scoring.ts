import { validationText } from '../messages/validation';
import { parsePoint } from '../valueFormat';
import { z } from './zod';

/** A point as a number or as typed ("7,5"). */
export const ZPoint = z.union([z.number(), z.string().max(20)]).transform((value, ctx) => {
  const point = parsePoint(value);
  if (point === null) {
    ctx.addIssue({ code: 'custom', message: validationText.pointNotNumber });
    return z.NEVER;
  }
  return point;
});

const ZKey = z.string().trim().min(1).max(100);
const ZId = z.string().trim().min(1).max(100);
const ZFieldName = z.string().trim().min(1).max(50);

export const ZJudgeSubmitSchema = z.object({
  teamId: ZId,
  point: ZPoint,
  fieldName: ZFieldName.optional(),
  key: ZKey.optional(),
});
export const ZAdminSubmitSchema = z.object({
  teamId: ZId,
  gkId: ZId,
  point: ZPoint,
  fieldName: ZFieldName,
  key: ZKey.optional(),
  reason: z.string().trim().max(500).optional(),
});
export const ZAdminSubmitAllSchema = ZAdminSubmitSchema.omit({ gkId: true });

export const RESET_CONFIRMATION = 'XOA TAT CA DIEM';
export const ZResetSchema = z.object({
  confirm: z.literal(RESET_CONFIRMATION, { message: validationText.resetConfirmWrong }),
  reason: z.string().trim().min(1, { message: validationText.reasonRequired }).max(500),
});
export const ZUndoSchema = z.object({ eventId: z.number().int().positive(), reason: z.string().trim().max(500).optional() });

/** Every source of a point (`score_events.source`), in the order the audit log's filter lists them. */
export const AUDIT_SOURCES = [
  'judge',
  'admin',
  'admin-all',
  'answer',
  'speed',
  'row',
  'keyword',
  'package',
  'star',
  'steal',
  'buzz',
  'vote',
  'hand',
  'undo',
  'restart',
  'reset',
] as const;

export const ZAuditFilterSchema = z
  .object({
    teamId: ZId.optional(),
    gkId: ZId.optional(),
    fieldName: ZFieldName.optional(),
    source: z.enum(AUDIT_SOURCES).optional(),
    limit: z.number().int().min(1).max(1000).default(200),
  })
  .default({ limit: 200 });

export interface TScoreItem {
  teamId: string;
  gkId: string;
  fieldName: string;
  point: number;
  updatedAt: number;
}
const ZScoreItemSchema = z.object({
  teamId: z.string(),
  gkId: z.string(),
  fieldName: z.string(),
  point: z.number(),
  updatedAt: z.number(),
}) satisfies z.ZodType<TScoreItem>;
/** The answer to one point (a judge's, an admin's), as `idempotency_keys.response` keeps it. */
export const ZScoreAnswerSchema = z.object({ item: ZScoreItemSchema });
/** The answer to one point for every judge (admin-submit-all), as `idempotency_keys.response` keeps it. */
export const ZScoresAnswerSchema = z.object({ items: z.array(ZScoreItemSchema) });

/** One logged change of a point, as the dashboard's audit log shows it. */
export interface TAuditEntry {
  id: number;
  teamId: string;
  teamName: string;
  gkId: string;
  /** The judge, or "(theo câu trả lời)" for an answers field's sum. */
  judgeName: string;
  fieldName: string;
  fieldLabel: string;
  oldPoint: number | null;
  newPoint: number | null;
  actorId: string | null;
  actorName: string | null;
  source: string;
  /** What the change was, in Vietnamese, with names: never an id. */
  description: string;
  /** As stored, for code: may hold ids (`<questionId>: right`). */
  reason: string | null;
  key: string | null;
  undoes: number | null;
  at: number;
}

/**
 * The sources of a point that correct it after it was given: what the biên bản lists under "Điều
 * chỉnh điểm" (an admin's point only where the judge had given one).
 */
export const CORRECTION_SOURCES = ['admin', 'admin-all', 'hand', 'undo', 'restart', 'reset'] as const;

/**
 * One correction of a point, as the biên bản lists it: since the last reset of every score, which is
 * itself one entry (`count` points removed, no team, field or judge).
 */
export interface TCorrectionEntry {
  id: number;
  at: number;
  /** `headJudge`: a head judge's ruling (the biên bản's own section). */
  source: (typeof CORRECTION_SOURCES)[number] | 'headJudge';
  /** Null for a reset: every team. */
  teamName: string | null;
  fieldLabel: string | null;
  /** The judge whose point it is, or "(theo câu trả lời)"; null for a reset. */
  judgeName: string | null;
  oldPoint: number | null;
  newPoint: number | null;
  /** How many points the entry covers: 1, or every point a reset removed. */
  count: number;
  /** What was done, in Vietnamese, without the reason ("Quản trị sửa điểm thay …", "Hoàn tác thay đổi lúc …"). */
  what: string;
  /** The reason typed with it, or null when none was asked for (an undo from the console, a replayed round). */
  reason: string | null;
  actorName: string | null;
}

export interface TResultJudgePoint {
  gkId: string;
  name: string;
  point: number | null;
  /** The judge is recused from the team: a point of theirs is kept and not counted. */
  recused?: true;
}
export interface TResultField {
  fieldName: string;
  label: string;
  kind: 'judges' | 'answers';
  /** The field's score rounded once to one decimal, as shown; null where nobody scored. */
  score: number | null;
  judges: TResultJudgePoint[];
  /** The head judge decided the score (it counts instead of the judges' mean). */
  decided?: true;
}
export interface TResultItem {
  rank: number;
  teamId: string;
  name: string;
  unit: string;
  /** The official total (`officialTotal` in src/scoring.ts): what ranks and what every output shows. */
  total: number;
  /** Below a team with the same total: the tie-break rule that put it there ("xếp sau do Phần 2"); else null. */
  tieBreak: string | null;
  fields: TResultField[];
  /** A judges' disagreement on the team waits for the head judge ("chờ trưởng ban"). */
  awaitingHeadJudge?: true;
}
