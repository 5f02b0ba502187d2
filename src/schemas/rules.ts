import { validationText } from '../messages/validation';
import { z } from './zod';

// Defaults apply on create only: a partial change must never reset what it does not name.
const ruleFields = {
  title: z.string().trim().min(1, { message: validationText.titleRequired }).max(300),
  content: z.string().max(100_000),
  order: z.number().int().min(-1_000_000).max(1_000_000),
};
export const ZRuleDataSchema = z
  .object({ ...ruleFields, content: ruleFields.content.default(''), order: ruleFields.order.default(0) })
  .strict();
export const ZRuleCreateSchema = z.object({ data: ZRuleDataSchema });
export const ZRuleUpdateSchema = z.object({
  _id: z.string().trim().min(1).max(100),
  changes: z.object({ data: z.object(ruleFields).partial().strict() }).strict(),
});

export interface TRule {
  _id: string;
  data: { title: string; content: string; order: number };
}
