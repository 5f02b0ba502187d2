import { validationText } from '../messages/validation';
import { listCalls } from './common';
import { z } from './zod';

export const ZTeamMemberSchema = z.object({
  fullName: z.string().trim().min(1, { message: validationText.fullNameRequired }).max(200),
  note: z.string().trim().max(500).default(''),
});

// Defaults apply on create only: a partial change must never reset what it does not name.
const teamFields = {
  name: z.string().trim().min(1, { message: validationText.teamNameRequired }).max(200, { message: validationText.teamNameTooLong }),
  unit: z.string().trim().max(300),
  members: z.array(ZTeamMemberSchema).max(50),
  logoUrl: z
    .string()
    .trim()
    .max(2000)
    .refine((v) => v === '' || /^(https?:\/\/|\/media\/|\/)/.test(v), { message: validationText.invalidMediaUrl }),
  priority: z.number().int().min(-1_000_000).max(1_000_000),
  active: z.boolean(),
};
export const ZTeamDataSchema = z
  .object({
    ...teamFields,
    unit: teamFields.unit.default(''),
    members: teamFields.members.default([]),
    logoUrl: teamFields.logoUrl.default(''),
    // No priority: the new team goes to the end of the list (the server picks the next number).
    priority: teamFields.priority.optional(),
    active: teamFields.active.default(true),
  })
  .strict();
const teamCalls = listCalls(ZTeamDataSchema, teamFields);
export const ZTeamCreateSchema = teamCalls.create;
export const ZTeamUpdateSchema = teamCalls.update;

export interface TTeam {
  _id: string;
  name: string;
  unit: string;
  members: { fullName: string; note: string }[];
  logoUrl: string;
  priority: number;
  active: boolean;
  /** The team's own accounts (users with role team). */
  accounts: { _id: string; username: string; fullName: string }[];
}
