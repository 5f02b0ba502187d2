/** Pure reads of the results table, shared by the exports (server) and the biên bản (client). */
import type { TResultItem } from './schemas/scoring';

/** The judges with at least one point on a judged field, and those with none, in the judges' order. */
export function judgesOnField<Judge extends { gkId: string }>(
  table: { items: readonly Pick<TResultItem, 'fields'>[]; judges: readonly Judge[] },
  fieldName: string,
): { scored: Judge[]; never: Judge[] } {
  const scoredIds = new Set<string>();
  for (const item of table.items) {
    for (const judge of item.fields.find((f) => f.fieldName === fieldName)?.judges ?? []) {
      if (judge.point !== null) scoredIds.add(judge.gkId);
    }
  }
  return {
    scored: table.judges.filter((j) => scoredIds.has(j.gkId)),
    never: table.judges.filter((j) => !scoredIds.has(j.gkId)),
  };
}
