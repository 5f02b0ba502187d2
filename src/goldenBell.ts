/**
 * Rung chuông vàng: who is still in, question by question. The hall's state is a fold of what the
 * master did, in order (each reveal, each rescue), from the roster: undoing the last action is the
 * fold of all but it, so an undo restores exactly what was there before. Shared by the server (the
 * state it stores and sends) and the console (what a move would do before it is made).
 */

export interface BellRules {
  /** Misses a contestant survives before going out: 1, the first wrong or missing answer eliminates. */
  lives: number;
  /**
   * When every contestant still in misses the same question: nobody goes out (`keep`, the default:
   * a hall is never left empty by one question) or they all do (`eliminate`, then rescue them).
   */
  allMissed: 'keep' | 'eliminate';
}

export const DEFAULT_BELL_RULES: BellRules = { lives: 1, allMissed: 'keep' };

export type BellAction =
  /**
   * A question of the round revealed (the final one with `final`): the contestants in `right`
   * answered it right; everyone else still in missed it. Answers of contestants already out do not count.
   */
  | { kind: 'reveal'; right: readonly string[]; final?: boolean }
  /** A rescue question revealed: only those out answered it; the ones in `right` are back in. */
  | { kind: 'rescueReveal'; right: readonly string[] }
  /**
   * Contestants brought back by hand: the listed ones (chosen by the master, or the audience's vote's
   * winners), or every one out (`all`).
   */
  | { kind: 'rescue'; ids: readonly string[] | 'all' };

export interface BellContestant {
  id: string;
  /** Lives left; 0 is out. */
  lives: number;
  /** Questions of the round (not rescue questions) answered right. */
  right: number;
  /** The number of the question (1, 2, … counting the round's reveals) at which they went out; null while in. */
  outAt: number | null;
  /** How many times they were brought back. */
  rescued: number;
}

export interface BellState {
  /** Every contestant of the roster, in the roster's order. */
  contestants: BellContestant[];
  /** The round's questions revealed so far (rescue questions not counted). */
  revealed: number;
  /** The final question has been revealed: whoever is still in has rung the bell. */
  finished: boolean;
}

/** The contestants still in. */
export function stillIn(state: BellState): BellContestant[] {
  return state.contestants.filter((c) => c.lives > 0);
}

/**
 * Who rings the bell now: after the final, everyone still in; before it, the last one standing
 * (once a question has been revealed). None while more than one is in.
 */
export function bellRingers(state: BellState): BellContestant[] {
  const left = stillIn(state);
  if (state.finished) return left;
  return state.revealed > 0 && left.length === 1 ? left : [];
}

function bringBack(contestant: BellContestant): void {
  if (contestant.lives > 0) return;
  // Back with one life, whatever the round started with.
  contestant.lives = 1;
  contestant.outAt = null;
  contestant.rescued += 1;
}

/** The state after `actions`, in order, from the roster `ids` (all in, each with the rules' lives). */
export function foldBell(ids: readonly string[], rules: BellRules, actions: readonly BellAction[]): BellState {
  const lives = Math.max(1, Math.floor(rules.lives));
  const contestants = [...new Set(ids)].map((id) => ({ id, lives, right: 0, outAt: null as number | null, rescued: 0 }));
  const byId = new Map(contestants.map((c) => [c.id, c]));
  let revealed = 0;
  let finished = false;
  for (const action of actions) {
    if (finished) break;
    const right = new Set(action.kind === 'rescue' ? [] : action.right);
    if (action.kind === 'reveal') {
      revealed += 1;
      const playing = contestants.filter((c) => c.lives > 0);
      const missed = playing.filter((c) => !right.has(c.id));
      const keepAll = rules.allMissed === 'keep' && missed.length === playing.length;
      for (const contestant of playing) {
        if (right.has(contestant.id)) contestant.right += 1;
        else if (!keepAll) {
          contestant.lives -= 1;
          if (contestant.lives === 0) contestant.outAt = revealed;
        }
      }
      finished = action.final === true;
    } else if (action.kind === 'rescueReveal') {
      for (const id of right) {
        const contestant = byId.get(id);
        if (contestant) bringBack(contestant);
      }
    } else {
      const chosen = action.ids === 'all' ? contestants : action.ids.flatMap((id) => byId.get(id) ?? []);
      for (const contestant of chosen) bringBack(contestant);
    }
  }
  return { contestants, revealed, finished };
}

/**
 * The ranking: who went out later first (those still in ahead of all), then more questions right.
 * Each entry is a group tied on both, in the roster's order within it, for the organiser's
 * tie-break chain to order; groups in rank order.
 */
export function rankBell(state: BellState): BellContestant[][] {
  const reached = (c: BellContestant) => c.outAt ?? Number.POSITIVE_INFINITY;
  const sorted = [...state.contestants].sort((a, b) => reached(b) - reached(a) || b.right - a.right);
  const groups: BellContestant[][] = [];
  for (const contestant of sorted) {
    const last = groups.at(-1)?.[0];
    if (last && reached(last) === reached(contestant) && last.right === contestant.right) groups.at(-1)!.push(contestant);
    else groups.push([contestant]);
  }
  return groups;
}

/**
 * A rescue of `n` contestants by the audience's vote: the most voted among those out, in order of
 * votes (then the roster's). When contestants tied on votes straddle the n-th place, the ones above
 * the tie are `chosen` and the tied ones are left for the master to pick from (`tied`, `places`
 * seats still to fill), never drawn here.
 */
export function chooseByVotes(
  state: BellState,
  votes: ReadonlyMap<string, number>,
  n: number,
): { chosen: string[]; tied: string[]; places: number } {
  const out = state.contestants.filter((c) => c.lives === 0);
  const count = (c: BellContestant) => votes.get(c.id) ?? 0;
  const ranked = [...out].sort((a, b) => count(b) - count(a));
  const seats = Math.max(0, Math.min(Math.floor(n), ranked.length));
  if (seats === ranked.length) return { chosen: ranked.map((c) => c.id), tied: [], places: 0 };
  if (seats === 0) return { chosen: [], tied: [], places: 0 };
  const cut = count(ranked[seats - 1]!);
  if (count(ranked[seats]!) !== cut) return { chosen: ranked.slice(0, seats).map((c) => c.id), tied: [], places: 0 };
  const above = ranked.filter((c) => count(c) > cut).map((c) => c.id);
  const tied = ranked.filter((c) => count(c) === cut).map((c) => c.id);
  return { chosen: above, tied, places: seats - above.length };
}
