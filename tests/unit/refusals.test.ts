/** The refusal log: counts by kind and address over the last minutes, forgets older ones, stays bounded. */
import { describe, expect, it } from 'vitest';
import { REFUSAL_WINDOW_MINUTES, RefusalLog } from '../../src-server/refusals';

describe('the refusal log', () => {
  it('counts by kind and by address, most refused address first', () => {
    let now = 0;
    const log = new RefusalLog(() => now);
    log.record('batch', '10.0.0.9');
    log.record('login', '10.0.0.9');
    log.record('login', '10.0.0.9');
    now += 61_000;
    log.record('ballot', '10.0.0.2');
    const summary = log.summary();
    expect(summary.total).toBe(4);
    expect(summary.byKind).toEqual([
      { kind: 'login', count: 2 },
      { kind: 'ballot', count: 1 },
      { kind: 'batch', count: 1 },
    ]);
    expect(summary.byAddress[0]).toEqual({
      address: '10.0.0.9',
      count: 3,
      kinds: [
        { kind: 'login', count: 2 },
        { kind: 'batch', count: 1 },
      ],
    });
    expect(summary.byAddress[1]?.address).toBe('10.0.0.2');
  });

  it(`forgets what is older than ${REFUSAL_WINDOW_MINUTES} minutes`, () => {
    let now = 0;
    const log = new RefusalLog(() => now);
    log.record('slowSocket', '10.0.0.1');
    now += REFUSAL_WINDOW_MINUTES * 60_000;
    log.record('socketCap', '10.0.0.1');
    expect(log.summary().byKind).toEqual([{ kind: 'socketCap', count: 1 }]);
  });

  it('keeps at most a thousand addresses a minute, counting the rest by kind only', () => {
    const log = new RefusalLog(() => 0);
    for (let i = 0; i < 5000; i++) log.record('deepInput', `10.1.${i >> 8}.${i & 255}`);
    const summary = log.summary(REFUSAL_WINDOW_MINUTES, 5000);
    expect(summary.total).toBe(5000);
    expect(summary.byAddress).toHaveLength(1000);
  });
});
