/**
 * The scoring rules of the contest formats, as pure functions: the server applies them (and audits
 * each point with its rule), the screens show their results, the unit tests pin their edges.
 */

export interface SpeedAnswer {
  teamId: string;
  /** When the server received the answer (ms since the epoch). */
  at: number;
  verdict: 'right' | 'wrong' | null;
}

export interface SpeedPlace {
  teamId: string;
  /** Competition place among the right answers (1, 1, 3, …); null for an answer that is not right. */
  place: number | null;
  points: number;
  /** The rule applied, as `score_events.rule` records it: `speed:place=2:30`. */
  rule: string | null;
}

/**
 * A speed round's points: right answers score by the order the server received them, `placePoints`
 * by place. Answers received in the same millisecond share a place, competition style (two firsts both
 * get the first place's points and the next right answer is third). Right answers past the last place
 * get 0. Wrong and unmarked answers get 0 and no place.
 */
export function speedPlaces(answers: readonly SpeedAnswer[], placePoints: readonly number[]): SpeedPlace[] {
  const right = answers.filter((a) => a.verdict === 'right').sort((a, b) => a.at - b.at || a.teamId.localeCompare(b.teamId));
  const places = new Map<string, number>();
  right.forEach((answer, index) => {
    const previous = right[index - 1];
    const place = previous && previous.at === answer.at ? (places.get(previous.teamId) as number) : index + 1;
    places.set(answer.teamId, place);
  });
  return answers.map((answer) => {
    const place = places.get(answer.teamId) ?? null;
    if (place === null) return { teamId: answer.teamId, place: null, points: 0, rule: null };
    const points = placePoints[place - 1] ?? 0;
    return { teamId: answer.teamId, place, points, rule: `speed:place=${place}:${points}` };
  });
}

/** An answer's time after answers opened (ms), as the speed round shows it: "3,27 s". */
export function answerSeconds(elapsedMs: number): string {
  const hundredths = Math.max(0, Math.round(elapsedMs / 10));
  return `${Math.floor(hundredths / 100)},${String(hundredths % 100).padStart(2, '0')} s`;
}

/** What a keyword guess in the obstacle round is worth, by the rows already played (or the centre clue). */
export function keywordPoints(
  format: { keywordPoints: readonly number[]; cluePoints: number },
  rowsPlayed: number,
  clueShown: boolean,
): { points: number; rule: string } {
  if (clueShown) return { points: format.cluePoints, rule: `keyword:clue:${format.cluePoints}` };
  const table = format.keywordPoints;
  // [0 or 1 row, 2 rows, 3 rows, 4 rows, …]; more rows than the table names take its last entry.
  const points = table[Math.min(Math.max(rowsPlayed - 1, 0), table.length - 1)] ?? 0;
  return { points, rule: `keyword:rows=${rowsPlayed}:${points}` };
}

/** A row answer's points in the obstacle round, with its rule (`row:2:10`). */
export function rowPoints(format: { rowPoints: number }, rowIndex: number, right: boolean): { points: number; rule: string } {
  const points = right ? format.rowPoints : 0;
  return { points, rule: `row:${rowIndex + 1}:${points}` };
}

export type FinishResult = 'right' | 'wrong' | 'timeout';

/**
 * The finish round: what the team on stage gets for its own answer to a question worth `point`.
 * Right: the points, doubled by the star of hope. Wrong or out of time: nothing, or minus the points
 * with the star.
 */
export function finishPoints(
  point: number,
  starred: boolean,
  result: FinishResult,
): { points: number; source: 'package' | 'star'; rule: string } {
  const source = starred ? 'star' : 'package';
  const points = result === 'right' ? (starred ? 2 * point : point) : starred ? -point : 0;
  return { points, source, rule: `${source}:${result}:${points}` };
}

/**
 * A steal of a missed finish question worth `point` (its base points, never doubled by the star).
 * Right: the stealer gains them and the team on stage loses them. Wrong: the stealer loses half.
 */
export function stealPoints(point: number, right: boolean): { stealer: number; onStage: number; rule: string; onStageRule: string | null } {
  if (right) return { stealer: point, onStage: -point, rule: `steal:right:${point}`, onStageRule: `steal:lost:${-point}` };
  const half = Math.round((point / 2) * 100) / 100;
  return { stealer: -half, onStage: 0, rule: `steal:wrong:${-half}`, onStageRule: null };
}

/** The crossword's boxes for one answer: its letters (spaces are gaps, not boxes), counted by the server. */
export function letterBoxes(text: string): number {
  return [...text.normalize('NFC').replace(/\s+/g, '')].length;
}
