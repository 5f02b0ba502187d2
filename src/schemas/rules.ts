import { messages } from '../messages';
import { z } from './zod';

export const ZRuleDataSchema = z
  .object({
    title: z.string().trim().min(1, { message: messages.titleRequired }).max(300),
    content: z.string().max(100_000).default(''),
    order: z.number().int().min(-1_000_000).max(1_000_000).default(0),
  })
  .strict();
export const ZRuleCreateSchema = z.object({ data: ZRuleDataSchema });
export const ZRuleUpdateSchema = z.object({
  _id: z.string().trim().min(1).max(100),
  changes: z.object({ data: ZRuleDataSchema.partial().strict() }).strict(),
});

export interface TRule {
  _id: string;
  data: { title: string; content: string; order: number };
}
