import { homePageText } from '../messages/home';
import { validationText } from '../messages/validation';
import { ROUND_NUMBERS } from '../rounds';
import { isIsoDate } from '../valueFormat';
import { ZCertificateSettingsSchema } from './certificates';
import { ZTieBreakRuleSchema } from './tieBreak';
import { z } from './zod';

/**
 * Why these round titles cannot be saved, and at which round; null when they can. A round with an empty
 * title is not used, and the rounds used must be rounds 1..N: round 1 always has a title, and an empty
 * one is followed by empty ones only. A round missing from `titles` (a change that leaves it as it is)
 * is not judged: the server judges the titles the change leads to.
 */
export function roundTitlesProblem(titles: Readonly<Record<string, string | undefined>>): { round: number; message: string } | null {
  const isEmpty = (n: number) => titles[n] !== undefined && titles[n].trim() === '';
  if (isEmpty(1)) return { round: 1, message: validationText.firstRoundTitleRequired };
  for (const n of ROUND_NUMBERS) {
    if (isEmpty(n) && ROUND_NUMBERS.some((later) => later > n && (titles[later] ?? '').trim() !== '')) {
      return { round: n, message: validationText.roundTitleGap };
    }
  }
  return null;
}

export const ZSettingsChangesSchema = z
  .object({
    name: z.string().trim().min(1, { message: validationText.eventNameRequired }).max(300, { message: validationText.eventNameTooLong }),
    date: z
      .string()
      .trim()
      .refine((v) => v === '' || isIsoDate(v), { message: validationText.invalidDate })
      .nullable(),
    venue: z.string().trim().max(300),
    logoUrl: z.string().trim().max(2000),
    /** Shown under the event's name on the home page; empty: nothing. */
    slogan: z.string().trim().max(300),
    /** An empty title: the round is not used (roundTitlesProblem). */
    roundTitles: z.partialRecord(z.enum(['1', '2', '3', '4', '5', '6']), z.string().trim().max(200)).superRefine((titles, ctx) => {
      const problem = roundTitlesProblem(titles);
      if (problem) ctx.addIssue({ code: 'custom', message: problem.message, path: [String(problem.round)] });
    }),
  })
  .partial()
  .strict();
export type TSettingsChanges = z.infer<typeof ZSettingsChangesSchema>;

/** The event's settings as every screen gets them, and as `settings.data` stores them. */
export const ZEventSettingsSchema = z.object({
  name: z.string(),
  date: z.string().nullable(),
  venue: z.string(),
  logoUrl: z.string(),
  /**
   * Settings stored before the slogan existed have no `slogan`: they read as the tagline every home page
   * showed then, so nothing already installed changes. A stored '' is an event without a slogan.
   */
  slogan: z.string().default(homePageText.homeTagline),
  /** All six, as the server answers them; an empty title: the round is not used (src/rounds.ts). */
  roundTitles: z.record(z.string(), z.string()),
  /** The tie-break chain after the total; unset or null: the default (`defaultTieBreakRules`). */
  tieBreakRules: z.array(ZTieBreakRuleSchema).nullable().optional(),
  /** The prizes and the certificates' signer; unset: `defaultCertificateSettings`. */
  certificates: ZCertificateSettingsSchema.optional(),
});
export type TSettings = z.infer<typeof ZEventSettingsSchema>;
