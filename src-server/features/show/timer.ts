/** The show's clock, on the server's time: the console's timer moves, and whether time is up. */
import type { StoredShow } from '../../../src/live';
import type { ShowState, TShowChanges } from '../../../src/schemas/show';

/** Time is up once a running clock has passed its end, or a stopped one has nothing left of a set time. */
export function timeIsUp(show: StoredShow, now: number): boolean {
  const { endsAt, remainingMs } = show.timer;
  return endsAt === null ? remainingMs <= 0 && show.timer.durationMs > 0 : now > endsAt;
}

export function applyTimer(timer: ShowState['timer'], move: NonNullable<TShowChanges['timer']>, now: number): ShowState['timer'] {
  const remainingNow = timer.endsAt === null ? timer.remainingMs : Math.max(0, timer.endsAt - now);
  switch (move.action) {
    case 'start': {
      const durationMs = move.durationMs ?? timer.durationMs;
      return { durationMs, endsAt: now + durationMs, remainingMs: durationMs };
    }
    case 'pause':
      return { ...timer, endsAt: null, remainingMs: remainingNow };
    case 'resume':
      return timer.endsAt === null ? { ...timer, endsAt: now + timer.remainingMs } : timer;
    case 'reset': {
      const durationMs = move.durationMs ?? timer.durationMs;
      return { durationMs, endsAt: null, remainingMs: durationMs };
    }
  }
}
