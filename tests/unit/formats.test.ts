import { describe, expect, it } from 'vitest';
import { answerSeconds, type SpeedAnswer, speedPlaces } from '../../src/formats';

const POINTS = [40, 30, 20, 10];
const answer = (teamId: string, at: number, verdict: SpeedAnswer['verdict'] = 'right'): SpeedAnswer => ({ teamId, at, verdict });
const byTeam = (answers: SpeedAnswer[]) => Object.fromEntries(speedPlaces(answers, POINTS).map((p) => [p.teamId, [p.place, p.points]]));

describe('speed round places', () => {
  it('scores right answers 40, 30, 20 and 10 by the order received, and 0 past the fourth', () => {
    const answers = [answer('e', 500), answer('a', 100), answer('c', 300), answer('b', 200), answer('d', 400)];
    expect(byTeam(answers)).toEqual({ a: [1, 40], b: [2, 30], c: [3, 20], d: [4, 10], e: [5, 0] });
  });

  it('gives answers of the same millisecond one place, and skips the places they fill', () => {
    const answers = [answer('a', 100), answer('b', 100), answer('c', 150), answer('d', 150), answer('e', 150), answer('f', 170)];
    expect(byTeam(answers)).toEqual({ a: [1, 40], b: [1, 40], c: [3, 20], d: [3, 20], e: [3, 20], f: [6, 0] });
  });

  it('places only right answers: a wrong or unmarked one takes no place and no points', () => {
    const answers = [answer('a', 100, 'wrong'), answer('b', 200), answer('c', 300, null), answer('d', 400)];
    expect(byTeam(answers)).toEqual({ a: [null, 0], b: [1, 40], c: [null, 0], d: [2, 30] });
  });

  it('moves the places behind a verdict the master changes', () => {
    const answers = [answer('a', 100), answer('b', 200), answer('c', 300)];
    expect(byTeam(answers)).toEqual({ a: [1, 40], b: [2, 30], c: [3, 20] });
    answers[0] = answer('a', 100, 'wrong');
    expect(byTeam(answers)).toEqual({ a: [null, 0], b: [1, 40], c: [2, 30] });
  });

  it('names the rule behind each point', () => {
    const [first, second] = speedPlaces([answer('a', 1), answer('b', 2)], POINTS);
    expect(first?.rule).toBe('speed:place=1:40');
    expect(second?.rule).toBe('speed:place=2:30');
  });
});

describe('answer times', () => {
  it('shows the time after the question opened to the hundredth, with a decimal comma', () => {
    expect(answerSeconds(13_270, 10_000)).toBe('3,27 s');
    expect(answerSeconds(10_004, 10_000)).toBe('0,00 s');
    expect(answerSeconds(40_000, 10_000)).toBe('30,00 s');
    expect(answerSeconds(9_000, 10_000)).toBe('0,00 s');
  });
});
