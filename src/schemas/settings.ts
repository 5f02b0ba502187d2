import { validationText } from '../messages/validation';
import { isIsoDate } from '../valueFormat';
import { ZTieBreakRuleSchema } from './tieBreak';
import { z } from './zod';

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
    roundTitles: z.partialRecord(z.enum(['1', '2', '3', '4', '5', '6']), z.string().trim().min(1).max(200)),
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
  roundTitles: z.record(z.string(), z.string()),
  /** The tie-break chain after the total; unset or null: the default (`defaultTieBreakRules`). */
  tieBreakRules: z.array(ZTieBreakRuleSchema).nullable().optional(),
});
export type TSettings = z.infer<typeof ZEventSettingsSchema>;
