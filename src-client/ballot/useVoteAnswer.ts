/**
 * The vote as the ballot follows it: the page's first answer, then `GET /api/vote` again every ~5 s
 * while the page is visible, at once when it comes back into view or online, and after a cast. Plain
 * polling rather than the `system.join` socket: the vote changes a few times a night (opened, closed),
 * a 5 s late close costs nothing (the server refuses a late ballot and the page says so), and the page
 * carries no tRPC client and holds no socket, which a thousand phones in a hall would each keep open.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { TVoteAnswer } from '../../src/schemas/vote';
import { readVote } from './api';

/** About 5 s between reads, spread so a hall's phones do not ask in step. */
const POLL_MS = 5_000;
const POLL_JITTER_MS = 1_000;

export function useVoteAnswer(initial: TVoteAnswer) {
  const [answer, setAnswer] = useState(initial);
  // A read begun before a cast may answer after it, with the ballot not yet in: such a read is dropped.
  const generation = useRef(0);

  const refresh = useCallback(async () => {
    const started = generation.current;
    const next = await readVote();
    if (next && started === generation.current) setAnswer(next);
  }, []);

  /** A cast starts (null), or was accepted with these teams: reads begun before it no longer count. */
  const markCast = useCallback((accepted: string[] | null) => {
    generation.current++;
    if (accepted) setAnswer((old) => ({ ...old, mine: accepted }));
  }, []);

  useEffect(() => {
    let timer: number | undefined;
    const schedule = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(tick, POLL_MS - POLL_JITTER_MS + Math.random() * 2 * POLL_JITTER_MS);
    };
    const tick = () => {
      if (document.visibilityState === 'visible') void refresh();
      schedule();
    };
    const onVisible = () => {
      if (document.visibilityState === 'visible') tick();
    };
    document.addEventListener('visibilitychange', onVisible);
    window.addEventListener('online', tick);
    schedule();
    return () => {
      window.clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener('online', tick);
    };
  }, [refresh]);

  // A vote with a closing time: read again just after it, rather than up to a poll later.
  const closesAt = answer.vote?.open ? answer.vote.closesAt : null;
  useEffect(() => {
    if (closesAt === null) return;
    const timer = window.setTimeout(() => void refresh(), Math.min(Math.max(0, closesAt - Date.now()) + 1_000, 2 ** 31 - 1));
    return () => window.clearTimeout(timer);
  }, [closesAt, refresh]);

  return { answer, refresh, markCast };
}
