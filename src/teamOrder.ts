/**
 * The order of teams everywhere (screens, dashboard, exports): rank, then priority, then name in
 * Vietnamese collation. Its own module so a screen that only sorts the standings the server sent
 * (the projector, the team's phone) loads nothing of the scoring.
 */

// Made on first use: a page's first Intl object loads the browser's locale data (about 40 ms on a
// desktop, four times that on a phone), which a screen that never compares names should not pay.
let collator: Intl.Collator | undefined;

/** Names compared as a Vietnamese reader expects; equal-looking names fall back to code points. */
export function compareNames(a: string, b: string): number {
  collator ??= new Intl.Collator('vi', { sensitivity: 'variant' });
  return collator.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0);
}

export interface TeamOrderKey {
  priority: number;
  name: string;
}

/** The teams' list order, also the order of teams that share a rank: priority, then name. */
export function compareTeamOrder(a: TeamOrderKey, b: TeamOrderKey): number {
  return a.priority - b.priority || compareNames(a.name, b.name);
}

/** Standings order: rank, then the teams' list order. */
export function compareStanding(a: TeamOrderKey & { rank: number }, b: TeamOrderKey & { rank: number }): number {
  return a.rank - b.rank || compareTeamOrder(a, b);
}
