/**
 * The tie-break chain: after the total (always first, never moved), the rules that order teams with
 * equal totals, in the admin's order (`settings.data.tieBreakRules`; unset means the default, each
 * field in sheet order then shared rank). A sudden-death result, recorded when the first right answer
 * among the tied teams is judged, is stored in `sudden_deaths` and travels whole in its domain event.
 */
import { validationText } from '../messages/validation';
import { z } from './zod';

export const TIE_BREAK_KINDS = ['field', 'round', 'penalty', 'speedTime', 'suddenDeath', 'shared'] as const;
export type TieBreakKind = (typeof TIE_BREAK_KINDS)[number];

const ZFieldRule = z.object({ kind: z.literal('field'), field: z.string().trim().min(1).max(50) }).strict();
const ZRoundRule = z.object({ kind: z.literal('round'), round: z.number().int().min(1).max(6) }).strict();
const ZPenaltyRule = z.object({ kind: z.literal('penalty') }).strict();
const ZSpeedTimeRule = z.object({ kind: z.literal('speedTime') }).strict();
const ZSuddenDeathRule = z.object({ kind: z.literal('suddenDeath') }).strict();
const ZSharedRule = z.object({ kind: z.literal('shared') }).strict();

/** One rule; an unknown kind is refused at the rule itself, so the error names `rules.N`. */
export const ZTieBreakRuleSchema = z
  .custom<{ kind: TieBreakKind } & Record<string, unknown>>(
    (value) => typeof value === 'object' && value !== null && TIE_BREAK_KINDS.includes((value as { kind?: unknown }).kind as TieBreakKind),
    { message: validationText.tieBreakRuleInvalid },
  )
  .pipe(z.discriminatedUnion('kind', [ZFieldRule, ZRoundRule, ZPenaltyRule, ZSpeedTimeRule, ZSuddenDeathRule, ZSharedRule]));
export type TTieBreakRule = z.infer<typeof ZTieBreakRuleSchema>;

/** Two rules are the same rule when they name the same thing. */
export const tieBreakRuleKey = (rule: TTieBreakRule): string =>
  rule.kind === 'field' ? `field:${rule.field}` : rule.kind === 'round' ? `round:${rule.round}` : rule.kind;

/** The list as stored and as the admin sets it: each rule once, shared rank (when present) last. */
export const ZTieBreakRulesSchema = z
  .array(ZTieBreakRuleSchema)
  .max(40)
  .superRefine((rules, ctx) => {
    const seen = new Set<string>();
    rules.forEach((rule, index) => {
      const key = tieBreakRuleKey(rule);
      if (seen.has(key)) ctx.addIssue({ code: 'custom', message: validationText.tieBreakRuleTwice, path: [index] });
      seen.add(key);
      if (rule.kind === 'shared' && index !== rules.length - 1) {
        ctx.addIssue({ code: 'custom', message: validationText.tieBreakSharedLast, path: [index] });
      }
    });
  });

/** `ranking.setTieBreak`: the rules after the total, or null for the default. */
export const ZTieBreakSetSchema = z.object({ rules: ZTieBreakRulesSchema.nullable() }).strict();

/** One sudden-death question's result: the tied teams that took part, the question, who won. */
export const ZSuddenDeathSchema = z.object({
  id: z.number(),
  questionId: z.string(),
  participants: z.array(z.string()),
  winnerId: z.string(),
  at: z.number(),
});
export type TSuddenDeath = z.infer<typeof ZSuddenDeathSchema>;

/** What `ranking.tieBreak` answers: the rules in force, and whether they are the default. */
export interface TTieBreakList {
  rules: TTieBreakRule[];
  isDefault: boolean;
}

/**
 * A rule as the screens name it in a team's tie note: a field with its label (resolved on the server,
 * which knows the sheet), a round by its number ("Phần thi 3"), the other rules by their kind.
 */
export const ZTieReasonSchema = z.discriminatedUnion('rule', [
  z.object({ rule: z.literal('field'), field: z.string(), label: z.string() }),
  z.object({ rule: z.literal('round'), round: z.number() }),
  z.object({ rule: z.literal('penalty') }),
  z.object({ rule: z.literal('speedTime') }),
  z.object({ rule: z.literal('suddenDeath') }),
]);
export type TTieReason = z.infer<typeof ZTieReasonSchema>;

/**
 * Why a team stands where it does among the teams with its total (`src/tieBreak.ts`, `tieNotes`):
 * the rule that put it above the next team on that total, the rule that put it below the team
 * above, and whether it shares its rank. On each team of the live list (`listTeam[].tie`).
 */
export const ZTieNoteSchema = z.object({
  over: ZTieReasonSchema.optional(),
  under: ZTieReasonSchema.optional(),
  shared: z.literal(true).optional(),
});
export type TTieNote = z.infer<typeof ZTieNoteSchema>;
