/**
 * Rung chuông vàng's elimination, lives and rescues (src/goldenBell.ts): a hall played question by
 * question, and the invariants every night keeps whatever the master does (an undo restores exactly
 * the state before the action; the roster is never lost or doubled).
 */
import { describe, expect, it } from 'vitest';
import {
  type BellAction,
  type BellRules,
  bellRingers,
  chooseByVotes,
  DEFAULT_BELL_RULES,
  foldBell,
  rankBell,
  stillIn,
} from '../../src/goldenBell';

const ROSTER = ['001', '002', '003', '004', '005', '006'];
const ids = (list: { id: string }[]) => list.map((c) => c.id);
const reveal = (...right: string[]): BellAction => ({ kind: 'reveal', right });

describe('elimination', () => {
  it('puts out everyone still in who did not answer right, at the question they missed', () => {
    const state = foldBell(ROSTER, DEFAULT_BELL_RULES, [reveal('001', '002', '003', '004'), reveal('001', '002')]);
    expect(ids(stillIn(state))).toEqual(['001', '002']);
    const outAt = Object.fromEntries(state.contestants.map((c) => [c.id, c.outAt]));
    expect(outAt).toEqual({ '001': null, '002': null, '003': 2, '004': 2, '005': 1, '006': 1 });
    expect(state.revealed).toBe(2);
  });

  it('does not count the answers of contestants already out', () => {
    const state = foldBell(ROSTER, DEFAULT_BELL_RULES, [reveal('001', '002'), reveal('001', '005', '006')]);
    expect(ids(stillIn(state))).toEqual(['001']);
    expect(state.contestants.find((c) => c.id === '005')).toMatchObject({ right: 0, outAt: 1 });
  });

  it('keeps everyone in when all still in miss the same question, unless the rules say otherwise', () => {
    const actions = [reveal('001', '002'), reveal()];
    expect(ids(stillIn(foldBell(ROSTER, DEFAULT_BELL_RULES, actions)))).toEqual(['001', '002']);
    const strict: BellRules = { ...DEFAULT_BELL_RULES, allMissed: 'eliminate' };
    expect(stillIn(foldBell(ROSTER, strict, actions))).toEqual([]);
  });

  it('with lives, takes one per miss and puts out at the last', () => {
    const rules: BellRules = { ...DEFAULT_BELL_RULES, lives: 2 };
    const state = foldBell(ROSTER, rules, [reveal('001', '002', '003'), reveal('001', '004'), reveal('001', '002')]);
    const byId = Object.fromEntries(state.contestants.map((c) => [c.id, c]));
    expect(byId['001']).toMatchObject({ lives: 2, right: 3, outAt: null });
    expect(byId['002']).toMatchObject({ lives: 1, right: 2, outAt: null });
    // 003 misses 2 and 3; 004 misses 1 and 3; 005 misses 1 and 2.
    expect(byId['003']).toMatchObject({ lives: 0, right: 1, outAt: 3 });
    expect(byId['004']).toMatchObject({ lives: 0, right: 1, outAt: 3 });
    expect(byId['005']).toMatchObject({ lives: 0, right: 0, outAt: 2 });
  });
});

describe('rescue', () => {
  const start = [reveal('001', '002'), reveal('001')];

  it('a rescue question brings back those out who answered it right, with one life', () => {
    const state = foldBell(ROSTER, { ...DEFAULT_BELL_RULES, lives: 3 }, [
      reveal('001', '002'),
      reveal('001', '002'),
      reveal('001', '002'),
      { kind: 'rescueReveal', right: ['003', '006', '001'] },
    ]);
    expect(ids(stillIn(state))).toEqual(['001', '002', '003', '006']);
    expect(state.contestants.find((c) => c.id === '003')).toMatchObject({ lives: 1, outAt: null, rescued: 1 });
    // A rescue question is not one of the round's: it is not counted, and those in are untouched.
    expect(state.revealed).toBe(3);
    expect(state.contestants.find((c) => c.id === '001')).toMatchObject({ lives: 3, right: 3, rescued: 0 });
  });

  it('by hand: the listed contestants, or every one out', () => {
    expect(ids(stillIn(foldBell(ROSTER, DEFAULT_BELL_RULES, [...start, { kind: 'rescue', ids: ['004', 'nobody', '001'] }])))).toEqual([
      '001',
      '004',
    ]);
    expect(ids(stillIn(foldBell(ROSTER, DEFAULT_BELL_RULES, [...start, { kind: 'rescue', ids: 'all' }])))).toEqual(ROSTER);
  });

  it('a rescued contestant goes out again at the next miss, at that question', () => {
    const state = foldBell(ROSTER, DEFAULT_BELL_RULES, [...start, { kind: 'rescue', ids: ['005'] }, reveal('001')]);
    expect(state.contestants.find((c) => c.id === '005')).toMatchObject({ lives: 0, outAt: 3, rescued: 1 });
  });
});

describe('a rescue by the audience’s vote', () => {
  // 001 is in; 002–006 are out.
  const state = foldBell(ROSTER, DEFAULT_BELL_RULES, [reveal('001')]);

  it('takes the most voted of those out, never one still in', () => {
    const votes = new Map([
      ['001', 99],
      ['002', 5],
      ['003', 9],
      ['004', 1],
      ['005', 7],
    ]);
    expect(chooseByVotes(state, votes, 2)).toEqual({ chosen: ['003', '005'], tied: [], places: 0 });
    expect(chooseByVotes(state, votes, 0)).toEqual({ chosen: [], tied: [], places: 0 });
    // More seats than contestants out: all of them, whatever their votes.
    expect(chooseByVotes(state, votes, 10).chosen.sort()).toEqual(['002', '003', '004', '005', '006']);
  });

  it('leaves a tie across the last seat to the master instead of drawing it', () => {
    const votes = new Map([
      ['003', 9],
      ['002', 4],
      ['005', 4],
      ['006', 4],
    ]);
    expect(chooseByVotes(state, votes, 2)).toEqual({ chosen: ['003'], tied: ['002', '005', '006'], places: 1 });
    expect(chooseByVotes(state, votes, 1)).toEqual({ chosen: ['003'], tied: [], places: 0 });
    // Nobody voted: everyone out is tied for the seats.
    expect(chooseByVotes(state, new Map(), 2)).toEqual({ chosen: [], tied: ['002', '003', '004', '005', '006'], places: 2 });
  });
});

describe('the bell and the ranking', () => {
  it('rings for the last one standing, and after the final for everyone left', () => {
    const one = foldBell(ROSTER, DEFAULT_BELL_RULES, [reveal('001', '002'), reveal('002')]);
    expect(ids(bellRingers(one))).toEqual(['002']);
    expect(bellRingers(foldBell(ROSTER, DEFAULT_BELL_RULES, [reveal('001', '002')]))).toEqual([]);
    const final = foldBell(ROSTER, DEFAULT_BELL_RULES, [
      reveal('001', '002', '003'),
      { kind: 'reveal', right: ['001', '003'], final: true },
    ]);
    expect(ids(bellRingers(final))).toEqual(['001', '003']);
    // Nothing after the final changes the result.
    const after = foldBell(ROSTER, DEFAULT_BELL_RULES, [
      reveal('001', '002', '003'),
      { kind: 'reveal', right: ['001', '003'], final: true },
      { kind: 'rescue', ids: 'all' },
    ]);
    expect(after).toEqual(final);
  });

  it('ranks by the question at which each went out (later first), then by answers right, ties grouped for the chain', () => {
    const rules: BellRules = { ...DEFAULT_BELL_RULES, lives: 2 };
    // 001 never misses; 002 misses 1 and 3 (out at 3, 1 right); 003 misses 2 and 3 (out at 3, 1 right);
    // 004 misses 1 and 2 (out at 2); 005 and 006 miss 1 and 2 (out at 2, none right).
    const state = foldBell(ROSTER, rules, [reveal('001', '003'), reveal('001', '002'), reveal('001')]);
    expect(rankBell(state).map(ids)).toEqual([['001'], ['002', '003'], ['004', '005', '006']]);
    const places = rankBell(state).flat();
    expect(places.map((c) => c.outAt)).toEqual([null, 3, 3, 2, 2, 2]);
  });
});

describe('invariants over a whole round', () => {
  /** A seeded generator, so a failure names the round that failed. */
  function rng(seed: number) {
    let x = seed;
    return () => {
      x = (x * 1_103_515_245 + 12_345) % 2 ** 31;
      return x / 2 ** 31;
    };
  }

  function randomRound(seed: number, size: number): { roster: string[]; rules: BellRules; actions: BellAction[] } {
    const random = rng(seed);
    const roster = Array.from({ length: size }, (_, i) => String(i + 1).padStart(3, '0'));
    const rules: BellRules = { lives: 1 + Math.floor(random() * 3), allMissed: random() < 0.5 ? 'keep' : 'eliminate' };
    const actions: BellAction[] = [];
    for (let i = 0; i < 25; i++) {
      const roll = random();
      const some = roster.filter(() => random() < 0.6);
      if (roll < 0.75) actions.push({ kind: 'reveal', right: some, final: i === 24 });
      else if (roll < 0.85) actions.push({ kind: 'rescueReveal', right: some });
      else if (roll < 0.95) actions.push({ kind: 'rescue', ids: some.slice(0, 3) });
      else actions.push({ kind: 'rescue', ids: 'all' });
    }
    return { roster, rules, actions };
  }

  it.each(Array.from({ length: 40 }, (_, seed) => seed))('round %i: undo restores, nobody is lost, lives stay in bounds', (seed) => {
    const { roster, rules, actions } = randomRound(seed, 20 + seed);
    let previous = foldBell(roster, rules, []);
    for (let n = 1; n <= actions.length; n++) {
      const state = foldBell(roster, rules, actions.slice(0, n));
      // Undo of the n-th action: exactly the state before it, and the fold never changes its input.
      expect(foldBell(roster, rules, actions.slice(0, n - 1))).toEqual(previous);
      expect(state.contestants.map((c) => c.id)).toEqual(roster);
      for (const c of state.contestants) {
        expect(c.lives).toBeGreaterThanOrEqual(0);
        expect(c.lives).toBeLessThanOrEqual(rules.lives);
        expect(c.outAt === null).toBe(c.lives > 0);
        if (c.outAt !== null) expect(c.outAt).toBeLessThanOrEqual(state.revealed);
        expect(c.right).toBeLessThanOrEqual(state.revealed);
      }
      // A reveal never brings anyone back; a rescue never puts anyone out.
      const before = new Set(ids(stillIn(previous)));
      const after = new Set(ids(stillIn(state)));
      if (actions[n - 1]!.kind === 'reveal') for (const id of after) expect(before.has(id)).toBe(true);
      else for (const id of before) expect(after.has(id)).toBe(true);
      // The ranking holds every contestant once.
      expect(
        rankBell(state)
          .flat()
          .map((c) => c.id)
          .sort(),
      ).toEqual(roster);
      previous = state;
    }
  });
});
