/**
 * A countdown that shows the same second on every screen: the server sends `endsAt` in its own
 * milliseconds, and each client subtracts its clock balance (`Date.now() - balance` is server time).
 */
import { useEffect, useState } from 'react';
import type { ShowTimer } from '../../src/schemas/show';

export function remainingMs(timer: ShowTimer, balance: number, now = Date.now()): number {
  if (timer.endsAt === null) return timer.remainingMs;
  return Math.max(0, timer.endsAt - (now - balance));
}

/** Whole seconds left, rounded up, so "1" shows until the very end. */
export function secondsLeft(ms: number): number {
  return Math.ceil(ms / 1000);
}

/**
 * Re-renders about ten times a second while the timer runs, and always just after each whole second
 * changes, so every screen flips its number at the same moment rather than up to 100 ms apart.
 */
export function useCountdown(timer: ShowTimer, balance: number): { ms: number; seconds: number; running: boolean } {
  const [now, setNow] = useState(() => Date.now());
  const running = timer.endsAt !== null && remainingMs(timer, balance, now) > 0;
  useEffect(() => {
    if (timer.endsAt === null) return;
    let id = 0;
    const tick = () => {
      const current = Date.now();
      setNow(current);
      const left = remainingMs(timer, balance, current);
      if (left <= 0) return;
      const toBoundary = left % 1000 || 1000;
      id = window.setTimeout(tick, Math.max(5, Math.min(100, toBoundary + 2)));
    };
    tick();
    return () => window.clearTimeout(id);
  }, [timer, balance]);
  const ms = remainingMs(timer, balance, now);
  return { ms, seconds: secondsLeft(ms), running };
}
