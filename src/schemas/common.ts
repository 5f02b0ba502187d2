import { validationText } from '../messages/validation';
import { isEmail, isIsoDate, isMobile } from '../valueFormat';
import { z } from './zod';

export const ZId = z.string().trim().min(1).max(100);

/**
 * A list's create and update calls as the seed shapes them: `{ data }`, its defaults filled in, and
 * `{ _id, changes }` naming any of the fields without defaults (a change never resets what it leaves out).
 */
export function listCalls<D extends z.ZodType, F extends z.ZodRawShape>(data: D, fields: F) {
  return {
    create: z.object({ data }),
    update: z.object({ _id: ZId, changes: z.object(fields).partial().strict() }),
  };
}

/** Empty strings mean "not given" for optional contact fields. */
export const ZEmail = z
  .string()
  .trim()
  .max(200)
  .refine((v) => v === '' || isEmail(v), { message: validationText.invalidEmail });
export const ZMobile = z
  .string()
  .trim()
  .max(20)
  .refine((v) => v === '' || isMobile(v), { message: validationText.invalidMobile });
export const ZIsoDate = z
  .string()
  .trim()
  .refine((v) => v === '' || isIsoDate(v), { message: validationText.invalidDate });

export const ZPassword = z.string().min(8, { message: validationText.passwordTooShort }).max(200);
