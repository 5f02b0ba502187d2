import { messages } from '../messages';
import { z } from './zod';

export const ZTeamMemberSchema = z.object({
  fullName: z.string().trim().min(1, { message: messages.fullNameRequired }).max(200),
  note: z.string().trim().max(500).default(''),
});

export const ZTeamDataSchema = z
  .object({
    name: z.string().trim().min(1, { message: messages.teamNameRequired }).max(200),
    unit: z.string().trim().max(300).default(''),
    members: z.array(ZTeamMemberSchema).max(50).default([]),
    logoUrl: z
      .string()
      .trim()
      .max(2000)
      .refine((v) => v === '' || /^(https?:\/\/|\/media\/|\/)/.test(v), { message: messages.invalidMediaUrl })
      .default(''),
    priority: z.number().int().min(-1_000_000).max(1_000_000).default(0),
    active: z.boolean().default(true),
  })
  .strict();
export const ZTeamCreateSchema = z.object({ data: ZTeamDataSchema });
export const ZTeamUpdateSchema = z.object({
  _id: z.string().trim().min(1).max(100),
  changes: ZTeamDataSchema.partial().strict(),
});

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
