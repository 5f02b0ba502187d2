import { ROLES } from '../constants';
import { validationText } from '../messages/validation';
import { ZEmail, ZIsoDate, ZMobile, ZPassword } from './common';
import { z } from './zod';

export const ZUsername = z
  .string()
  .trim()
  .min(3, { message: validationText.usernameInvalid })
  .max(50, { message: validationText.usernameInvalid })
  .regex(/^[A-Za-z0-9._-]+$/, { message: validationText.usernameInvalid });

const userFields = {
  username: ZUsername,
  password: ZPassword,
  fullName: z.string().trim().min(1, { message: validationText.fullNameRequired }).max(200),
  email: ZEmail,
  mobile: ZMobile,
  birthday: ZIsoDate,
  role: z.enum(ROLES, { message: validationText.roleInvalid }),
  teamId: z.string().trim().max(100).nullable(),
  priority: z.number().int().min(-1_000_000).max(1_000_000),
  active: z.boolean(),
};

export const ZUserCreateSchema = z.object({
  user: z
    .object({
      ...userFields,
      email: userFields.email.default(''),
      mobile: userFields.mobile.default(''),
      birthday: userFields.birthday.default(''),
      teamId: userFields.teamId.default(null),
      // No priority: the new user goes to the end of the list (the server picks the next number).
      priority: userFields.priority.optional(),
      active: userFields.active.default(true),
    })
    .strict(),
});
export const ZUserUpdateSchema = z.object({
  _id: z.string().trim().min(1).max(100),
  changes: z.object(userFields).partial().strict(),
});
export type TUserCreate = z.infer<typeof ZUserCreateSchema>['user'];
export type TUserChanges = z.infer<typeof ZUserUpdateSchema>['changes'];

export const ZUserCondition = z.object({
  search: z.string().trim().max(100).optional(),
  role: z.enum(ROLES).or(z.literal('')).optional(),
  active: z.boolean().nullable().optional(),
});
export type TUserCondition = z.infer<typeof ZUserCondition>;

export const ZUserPageSchema = z.object({
  pageNumber: z.number().int().min(1).max(100_000),
  pageSize: z.number().int().min(1).max(500),
  condition: ZUserCondition.default({}),
});

export interface TPartialUser {
  _id: string;
  username: string;
  fullName: string;
  role: (typeof ROLES)[number];
  teamId: string | null;
  priority: number;
}
