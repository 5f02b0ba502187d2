import { validationText } from '../messages/validation';
import { isEmail, isIsoDate, isMobile } from '../valueFormat';
import { z } from './zod';

export const ZId = z.string().trim().min(1).max(100);

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
