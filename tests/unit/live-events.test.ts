/**
 * Which is newer, a live payload or a query's answer: by the last event each includes where both
 * say, so an answer read before a buzz but received after it does not hide the buzz.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearLiveEvents, liveIsNewer, recordLiveEvent } from '../../src-client/hooks/liveEvents';

const buzz = (teamId: string) => ({ type: 'buzz' as const, questionId: 'q1', order: [{ teamId, at: 1, verdict: null, points: 0 }] });

afterEach(() => {
  clearLiveEvents();
  vi.useRealTimers();
});

describe('a live payload against a query answer', () => {
  it('wins over an answer that includes fewer events, even one received later', () => {
    vi.useFakeTimers({ now: 1_000 });
    const live = buzz('t1');
    recordLiveEvent(live, '42');
    // The answer was read on the server at event 41 and reached the page after the buzz.
    expect(liveIsNewer(live, { eventId: 41, at: 2_000 })).toBe(true);
  });

  it('loses to an answer that includes later events, even one received earlier', () => {
    vi.useFakeTimers({ now: 5_000 });
    const live = buzz('t1');
    recordLiveEvent(live, '42:1');
    expect(liveIsNewer(live, { eventId: 43, at: 1_000 })).toBe(false);
  });

  it('holds when both include the same event (the same state)', () => {
    const live = buzz('t1');
    recordLiveEvent(live, '42:s');
    expect(liveIsNewer(live, { eventId: 42, at: Date.now() + 60_000 })).toBe(true);
  });

  it('goes by the time this page got each when either has no event id', () => {
    vi.useFakeTimers({ now: 3_000 });
    const withoutId = buzz('t1');
    recordLiveEvent(withoutId);
    expect(liveIsNewer(withoutId, { eventId: 1, at: 2_000 })).toBe(true);
    expect(liveIsNewer(withoutId, { eventId: 1, at: 4_000 })).toBe(false);
    const withId = buzz('t2');
    recordLiveEvent(withId, '7');
    expect(liveIsNewer(withId, { at: 4_000 })).toBe(false);
    expect(liveIsNewer(withId, { eventId: null, at: 2_000 })).toBe(true);
  });
});
