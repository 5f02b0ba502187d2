/**
 * The client's one freshness rule: a live message against a query's answer, by the last event each
 * includes (the server's order), never by when each reached the page, so an answer read before a
 * buzz, a vote count or a team's verdict but received after it does not hide it.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ShowState } from '../../src/schemas/show';
import { defaultShowState } from '../../src/showDefaults';
import {
  clearLiveEvents,
  eventIdOf,
  followLiveMessage,
  latestLive,
  liveNewerThan,
  liveWins,
  onLiveMessage,
  withNewerLive,
} from '../../src-client/hooks/liveEvents';

const buzz = (teamId: string) => ({ type: 'buzz' as const, questionId: 'q1', order: [{ teamId, at: 1, verdict: null, points: 0 }] });
const mine = (answer: string) => ({ type: 'mine' as const, questionId: 'q1', answer, verdict: null, points: 0 });

afterEach(() => {
  clearLiveEvents();
  vi.useRealTimers();
});

describe('the rule', () => {
  it('lets a message of a later event win over a read', () => {
    expect(liveWins(42, { eventId: 41 })).toBe(true);
  });

  it('keeps a read that includes the message’s event or a later one', () => {
    expect(liveWins(42, { eventId: 42 })).toBe(false);
    expect(liveWins(42, { eventId: 43 })).toBe(false);
  });

  it('lets any message win before a read has answered', () => {
    expect(liveWins(1, undefined)).toBe(true);
    expect(liveWins(1, null)).toBe(true);
  });

  it('reads the event from every form of subscription id', () => {
    expect(eventIdOf('42')).toBe(42);
    expect(eventIdOf('42:1')).toBe(42);
    expect(eventIdOf('42:s')).toBe(42);
  });
});

describe('a live message against a query answer', () => {
  it('ignores an older answer that arrives after a newer message (the overtaking race)', () => {
    vi.useFakeTimers({ now: 1_000 });
    followLiveMessage(mine('live'), '42');
    // The answer was read on the server at event 41 and reached the page a second after the message.
    vi.setSystemTime(2_000);
    expect(liveNewerThan('mine', { eventId: 41 })?.answer).toBe('live');
  });

  it('lets a newer answer replace the message, even one received earlier', () => {
    vi.useFakeTimers({ now: 5_000 });
    followLiveMessage(buzz('t1'), '42:1');
    expect(liveNewerThan('buzz', { eventId: 43 })).toBeNull();
  });

  it('keeps the answer when both include the same event (the same state)', () => {
    followLiveMessage(buzz('t1'), '42:s');
    expect(liveNewerThan('buzz', { eventId: 42 })).toBeNull();
  });

  it('keeps the latest message of each type with its event', () => {
    followLiveMessage({ type: 'vote', vote: null }, '7');
    followLiveMessage({ type: 'vote', vote: null }, '9:0');
    expect(latestLive('vote')?.eventId).toBe(9);
  });

  it('tells a listener every message of its type, not only the latest', () => {
    const heard: number[] = [];
    const stop = onLiveMessage('scores', (_message, eventId) => heard.push(eventId));
    followLiveMessage({ type: 'scores', items: [] }, '3');
    followLiveMessage({ type: 'scores', items: [] }, '4');
    followLiveMessage({ type: 'vote', vote: null }, '5');
    stop();
    followLiveMessage({ type: 'scores', items: [] }, '6');
    expect(heard).toEqual([3, 4]);
  });
});

describe('the system state read', () => {
  const show = (title: string): ShowState => ({ ...defaultShowState(), title });
  const read = (eventId: number) => ({ system: show('read'), listTeam: [], eventId });

  it('takes the show of a state message the read did not include', () => {
    followLiveMessage({ type: 'state', system: show('live') }, '10');
    expect(withNewerLive(read(9)).system.title).toBe('live');
  });

  it('keeps its own show over a message it includes', () => {
    followLiveMessage({ type: 'state', system: show('live') }, '10');
    expect(withNewerLive(read(10)).system.title).toBe('read');
  });
});
