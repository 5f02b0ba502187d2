/**
 * Which of the six rounds an event uses: a round whose title is empty is not used, and the ones used are
 * rounds 1..N (src/schemas/settings.ts refuses anything else). No zod and no catalogue here: the home page uses it.
 */
export const ROUND_NUMBERS = [1, 2, 3, 4, 5, 6] as const;

/** The rounds the event uses, in order: those with a title. */
export function roundsUsed(roundTitles: Readonly<Record<string, string | undefined>>): number[] {
  return ROUND_NUMBERS.filter((n) => (roundTitles[n] ?? '').trim() !== '');
}
