/**
 * The ballot's two calls, with plain fetch (no tRPC client on this page): read the vote (which also
 * sets the ballot cookie a cast needs), cast a ballot. Each carries the contract's `t` time stamp and
 * gives up after 10 s, so a phone whose Wi-Fi dropped hears of it and keeps its choice for a retry.
 */
import type { TVoteAnswer } from '../../src/schemas/vote';

const TIMEOUT_MS = 10_000;

async function call(path: string, init?: RequestInit): Promise<Response> {
  const controller = new AbortController();
  const timer = window.setTimeout(() => controller.abort(), TIMEOUT_MS);
  try {
    return await fetch(`${path}?t=${Date.now()}`, { ...init, credentials: 'same-origin', signal: controller.signal });
  } finally {
    window.clearTimeout(timer);
  }
}

/** The vote and this device's ballot; null when the server could not be reached. */
export async function readVote(): Promise<TVoteAnswer | null> {
  try {
    const response = await call('/api/vote');
    return response.ok ? ((await response.json()) as TVoteAnswer) : null;
  } catch {
    return null;
  }
}

/**
 * A cast's outcome: accepted, or refused with the server's status and message (status 0: no answer),
 * and on a 429 how long the server asked to wait (Retry-After, ms; null when it said nothing).
 */
export type CastResult = { ok: true } | { ok: false; status: number; message: string | null; retryAfterMs: number | null };

/** Sends again after a 429 this many times at most, and never after a wait longer than this. */
const RESENDS = 6;
const LONGEST_WAIT_MS = 30_000;

const pause = (ms: number) => new Promise<void>((resolve) => window.setTimeout(resolve, ms));

/**
 * Casts a ballot as a person would keep trying, so that a hall behind one router is never refused:
 * - 403 (the page's cookie is missing: cleared, or the page came from a cache): read the vote once,
 *   which sets the cookie, and send again;
 * - 429 (too many ballots from this network at once): wait what the server says (Retry-After, at
 *   least a second, longer each time) plus a random part, so a hall's phones do not come back in
 *   step, and send again, up to RESENDS times; `onResending` tells the page while it waits.
 * Anything else is the answer.
 */
export async function sendBallot(teamIds: string[], onResending: () => void): Promise<CastResult> {
  let reread = false;
  for (let resends = 0; ; resends++) {
    const result = await castBallot(teamIds);
    if (result.ok) return result;
    if (result.status === 403 && !reread) {
      reread = true;
      await readVote();
      continue;
    }
    if (result.status !== 429 || resends >= RESENDS) return result;
    const asked = Math.max(1000, result.retryAfterMs ?? 1000);
    if (asked > LONGEST_WAIT_MS) return result;
    onResending();
    await pause(Math.min(LONGEST_WAIT_MS, Math.max(asked, 1000 * 2 ** resends)) + Math.random() * 1500);
  }
}

export async function castBallot(teamIds: string[]): Promise<CastResult> {
  let response: Response;
  try {
    response = await call('/api/vote', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ teamIds }),
    });
  } catch {
    return { ok: false, status: 0, message: null, retryAfterMs: null };
  }
  if (response.ok) return { ok: true };
  let message: string | null = null;
  try {
    message = ((await response.json()) as { error?: { message?: string } }).error?.message ?? null;
  } catch {
    // Not the server's JSON (a proxy's page): the generic message stands.
  }
  const retryAfter = Number(response.headers.get('Retry-After'));
  return { ok: false, status: response.status, message, retryAfterMs: retryAfter > 0 ? retryAfter * 1000 : null };
}
