/**
 * Where the pad's focus goes after a point is sent: the next team in the pad's order that has no
 * point yet on this field (sent or waiting in the outbox), counting on from the team just scored and
 * wrapping round to the top; null when every other team has one.
 */
export function nextTeamToScore(order: readonly string[], justScored: string, scored: (teamId: string) => boolean): string | null {
  const start = order.indexOf(justScored);
  for (let step = 1; step < order.length + 1; step++) {
    const teamId = order[(start + step + order.length) % order.length];
    if (teamId !== undefined && teamId !== justScored && !scored(teamId)) return teamId;
  }
  return null;
}
