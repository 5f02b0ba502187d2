/**
 * How a question set's round runs: its format. Every number is a default the admin may change in the
 * set; where a format names a time, it overrides the questions' own `timeLimit`.
 */
import { validationText } from '../messages/validation';
import { ZMediaSchema } from './media';
import { z } from './zod';

export const FORMAT_KINDS = ['classic', 'speed', 'obstacle', 'finish', 'judged'] as const;
export type FormatKind = (typeof FORMAT_KINDS)[number];

const seconds = (fallback: number) => z.number().int().min(1).max(3600).default(fallback);
const points = z.number().min(0).max(1000);
/** Marks a set for tie-breaks: its questions are the sudden-death questions (câu hỏi phụ). */
const tieBreak = z.boolean().optional();

/**
 * A buzzer question in any round: what a wrong answer costs the team that rang (0: nothing), and
 * whether the clock stops while the team that rang answers. Missing: no penalty, the clock stops.
 */
export const ZBuzzerRuleSchema = z
  .object({
    wrongPenalty: points.default(0),
    pauseTimer: z.boolean().default(true),
  })
  .strict();
export type TBuzzerRule = z.infer<typeof ZBuzzerRuleSchema>;
const buzzer = ZBuzzerRuleSchema.optional();

/** A format's buzzer rule, with its defaults. */
export function buzzerRuleOf(format: { buzzer?: TBuzzerRule }): TBuzzerRule {
  return format.buzzer ?? { wrongPenalty: 0, pauseTimer: true };
}

/** Today's flow: show a question, collect answers or a buzz, mark it, add the question's points. */
export const ZClassicFormatSchema = z.object({ kind: z.literal('classic'), tieBreak, buzzer }).strict();

/** Tăng tốc: every team answers; right answers score by the order the server received them. */
export const ZSpeedFormatSchema = z
  .object({
    kind: z.literal('speed'),
    tieBreak,
    buzzer,
    timeLimit: seconds(30),
    /** Points by place: first, second, … Right answers past the last place get 0. */
    placePoints: z.array(points).min(1).max(20).default([40, 30, 20, 10]),
  })
  .strict();

/** Vượt chướng ngại vật: row questions uncover tiles of a picture; a keyword ends the round. */
export const ZObstacleFormatSchema = z
  .object({
    kind: z.literal('obstacle'),
    tieBreak,
    buzzer,
    /** The hidden keyword (secret until revealed, like an answer). */
    keyword: z.string().trim().max(100).default(''),
    /**
     * The picture under the tiles: an uploaded image (`/media/<id>`), kept from everyone but the staff
     * until its tiles are revealed. What an editor saves must be an upload (ZFormatInputSchema); a
     * set stored earlier with an outside address still reads.
     */
    picture: ZMediaSchema.nullable().default(null),
    /** Tiles of the picture, one row question each (the set's items, in order). */
    tiles: z.number().int().min(1).max(12).default(4),
    /** An optional clue in the centre, shown once the rows are played (secret until then). */
    centreClue: z.string().trim().max(1000).default(''),
    rowTimeLimit: seconds(15),
    rowPoints: points.default(10),
    /** Keyword points by rows already played: [0 or 1 row, 2 rows, 3 rows, 4 rows]; more rows take the last. */
    keywordPoints: z.array(points).min(1).max(13).default([80, 60, 40, 20]),
    /** Keyword points once the centre clue is out. */
    cluePoints: points.default(10),
  })
  .strict();

/**
 * Về đích: the team on stage chooses a package of questions by point value, may place the star of hope
 * on one of them (double if right, minus the points if missed), and the others may steal a missed one.
 */
export const ZFinishFormatSchema = z
  .object({
    kind: z.literal('finish'),
    tieBreak,
    buzzer,
    /** The packages on offer, each a list of point values (worth their sum). */
    packages: z
      .array(z.array(z.number().int().min(1).max(1000)).min(1).max(10))
      .min(1)
      .max(10)
      .default([
        [20, 20, 20],
        [20, 20, 30],
        [20, 30, 30],
      ]),
    /** The window in which the other teams may buzz to steal a missed question. */
    stealSeconds: z.number().int().min(1).max(60).default(5),
  })
  .strict();

/** A presentation or performance, scored by the judges on the round's fields, with a timer. */
export const ZJudgedFormatSchema = z
  .object({
    kind: z.literal('judged'),
    tieBreak,
    buzzer,
    /** The performance timer on the screens. */
    timeLimit: seconds(300),
  })
  .strict();

const byKind = {
  classic: ZClassicFormatSchema,
  speed: ZSpeedFormatSchema,
  obstacle: ZObstacleFormatSchema,
  finish: ZFinishFormatSchema,
  judged: ZJudgedFormatSchema,
} as const;

/**
 * A set's format. An unknown or missing kind is refused at the format itself (so the error names
 * `data.format`), before the kind's own fields are checked.
 */
export const ZFormatSchema = z
  .custom<{ kind: FormatKind } & Record<string, unknown>>(
    (value) => typeof value === 'object' && value !== null && FORMAT_KINDS.includes((value as { kind?: unknown }).kind as FormatKind),
    { message: validationText.formatKindInvalid },
  )
  .pipe(
    z.discriminatedUnion('kind', [
      ZClassicFormatSchema,
      ZSpeedFormatSchema,
      ZObstacleFormatSchema,
      ZFinishFormatSchema,
      ZJudgedFormatSchema,
    ]),
  );

/** An uploaded file's address: the only kind of obstacle picture the server can keep hidden. */
const UPLOADED_MEDIA_URL = /^\/media\/[^/?#]+$/;

/**
 * A format as an editor or a file import saves it: an obstacle picture must be an upload, since the
 * server can only hide the tiles of a picture it holds (an outside address would reach every screen
 * whole). The error names `picture.url`.
 */
export const ZFormatInputSchema = ZFormatSchema.superRefine((format, ctx) => {
  if (format.kind === 'obstacle' && format.picture && !UPLOADED_MEDIA_URL.test(format.picture.url)) {
    ctx.addIssue({ code: 'custom', path: ['picture', 'url'], message: validationText.obstaclePictureUpload });
  }
});

export type TClassicFormat = z.infer<typeof ZClassicFormatSchema>;
export type TSpeedFormat = z.infer<typeof ZSpeedFormatSchema>;
export type TObstacleFormat = z.infer<typeof ZObstacleFormatSchema>;
export type TFinishFormat = z.infer<typeof ZFinishFormatSchema>;
export type TJudgedFormat = z.infer<typeof ZJudgedFormatSchema>;
export type TFormat = TClassicFormat | TSpeedFormat | TObstacleFormat | TFinishFormat | TJudgedFormat;
export type TFormatInput = z.input<typeof ZFormatSchema>;

export const CLASSIC_FORMAT: TClassicFormat = { kind: 'classic' };

/** A format with every default filled in (a stored one, or `{kind}` alone). */
export function formatWithDefaults(kind: FormatKind): TFormat {
  return byKind[kind].parse({ kind }) as TFormat;
}

/** The format as someone who may not see answers sees it: the keyword and centre clue left out. */
export function publicFormat(format: TFormat): TFormat {
  if (format.kind !== 'obstacle') return format;
  return { ...format, keyword: '', centreClue: '' };
}

/** The seconds a format gives each question, overriding the questions' own; null for classic. */
export function formatTimeLimit(format: TFormat): number | null {
  switch (format.kind) {
    case 'speed':
    case 'judged':
      return format.timeLimit;
    case 'obstacle':
      return format.rowTimeLimit;
    default:
      return null;
  }
}
