/** The pad's next team to score after a point is sent: on from the one just scored, wrapping round. */
import { describe, expect, it } from 'vitest';
import { nextTeamToScore } from '../../src-client/components/pad/nextTeam';

const ORDER = ['a', 'b', 'c', 'd', 'e'];
const scoredOnly =
  (...ids: string[]) =>
  (id: string) =>
    ids.includes(id);

describe('nextTeamToScore', () => {
  it('is the next team down the list with no point', () => {
    expect(nextTeamToScore(ORDER, 'a', scoredOnly())).toBe('b');
    expect(nextTeamToScore(ORDER, 'b', scoredOnly('a', 'c'))).toBe('d');
  });

  it('wraps round to the top when the teams below are scored', () => {
    expect(nextTeamToScore(ORDER, 'd', scoredOnly('e'))).toBe('a');
    expect(nextTeamToScore(ORDER, 'e', scoredOnly('a', 'b'))).toBe('c');
  });

  it('never picks the team just scored, even before its point is known', () => {
    expect(nextTeamToScore(['a'], 'a', scoredOnly())).toBeNull();
    expect(nextTeamToScore(['a', 'b'], 'b', scoredOnly('a'))).toBeNull();
  });

  it('is null when every team is scored, and starts at the top for a team no longer listed', () => {
    expect(nextTeamToScore(ORDER, 'c', scoredOnly(...ORDER))).toBeNull();
    expect(nextTeamToScore(ORDER, 'gone', scoredOnly('a'))).toBe('b');
    expect(nextTeamToScore([], 'a', scoredOnly())).toBeNull();
  });
});
