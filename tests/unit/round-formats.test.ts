import { describe, expect, it } from 'vitest';
import { answerSeconds, keywordPoints, letterBoxes, rowPoints, type SpeedAnswer, speedPlaces } from '../../src/roundFormats';

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
    expect(answerSeconds(3_270)).toBe('3,27 s');
    expect(answerSeconds(4)).toBe('0,00 s');
    expect(answerSeconds(30_000)).toBe('30,00 s');
    expect(answerSeconds(-1_000)).toBe('0,00 s');
  });
});

describe('obstacle round points', () => {
  const format = { keywordPoints: [80, 60, 40, 20], cluePoints: 10 };

  it('pays 80 for the keyword with 0 or 1 rows played, 60 with 2, 40 with 3, 20 with 4', () => {
    expect([0, 1, 2, 3, 4].map((rows) => keywordPoints(format, rows, false).points)).toEqual([80, 80, 60, 40, 20]);
  });

  it('pays the last entry past the table, and 10 once the centre clue is out, whatever the rows', () => {
    expect(keywordPoints(format, 6, false).points).toBe(20);
    expect(keywordPoints(format, 4, true)).toEqual({ points: 10, rule: 'keyword:clue:10' });
    expect(keywordPoints(format, 0, true).points).toBe(10);
  });

  it('names the rule with the rows played', () => {
    expect(keywordPoints(format, 2, false).rule).toBe('keyword:rows=2:60');
  });

  it('pays a right row 10 and a wrong one 0, naming the row', () => {
    expect(rowPoints({ rowPoints: 10 }, 1, true)).toEqual({ points: 10, rule: 'row:2:10' });
    expect(rowPoints({ rowPoints: 10 }, 0, false)).toEqual({ points: 0, rule: 'row:1:0' });
  });

  it('counts letter boxes without spaces, a Vietnamese letter with its tone as one box', () => {
    expect(letterBoxes('Thăng Long')).toBe(9);
    expect(letterBoxes('Hồ Hoàn Kiếm')).toBe(10);
    expect(letterBoxes('Ho\u0302\u0300')).toBe(2);
  });
});
