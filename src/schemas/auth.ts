import { ROLES } from '../constants';
import { loginText } from '../messages/login';
import { validationText } from '../messages/validation';
import { ZEmail, ZIsoDate, ZMobile, ZPassword } from './common';
import { z } from './zod';

export const ZRole = z.enum(ROLES);

/** `{username, password}`, or `{username, token}` for a judge's link. */
export const ZLoginInputSchema = z
  .object({
    username: z.string().trim().min(1, { message: loginText.usernameRequired }).max(100),
    password: z.string().max(200).optional(),
    token: z.string().max(200).optional(),
  })
  .superRefine((value, ctx) => {
    if (!value.password && !value.token) {
      ctx.addIssue({ code: 'custom', path: ['password'], message: loginText.passwordRequired });
    }
  });
export type TLoginInput = z.infer<typeof ZLoginInputSchema>;

/** What a user may change of their own profile. */
export const ZProfileChangesSchema = z
  .object({
    fullName: z.string().trim().min(1, { message: validationText.fullNameRequired }).max(200),
    email: ZEmail,
    mobile: ZMobile,
    birthday: ZIsoDate,
    password: ZPassword,
    currentPassword: z.string().max(200),
  })
  .partial()
  .strict();
export const ZProfileInputSchema = z.object({ changes: ZProfileChangesSchema });
export type TProfileChanges = z.infer<typeof ZProfileChangesSchema>;

/** A user as every client sees it: never a hash, never a token. */
export const ZPublicUserSchema = z.object({
  _id: z.string(),
  username: z.string(),
  fullName: z.string(),
  email: z.string(),
  mobile: z.string(),
  birthday: z.string().nullable(),
  role: ZRole,
  teamId: z.string().nullable(),
  priority: z.number(),
  active: z.boolean(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type TPublicUser = z.infer<typeof ZPublicUserSchema>;
