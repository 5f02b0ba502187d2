/**
 * The ballot's two calls, with plain fetch (no tRPC client on this page): read the vote, cast a
 * ballot. Each carries the contract's `t` time stamp and gives up after 10 s, so a phone whose Wi-Fi
 * dropped hears of it and keeps its choice for a retry.
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

/** A cast's outcome: accepted, or refused with the server's status and message (status 0: no answer). */
export type CastResult = { ok: true } | { ok: false; status: number; message: string | null };

export async function castBallot(teamIds: string[]): Promise<CastResult> {
  let response: Response;
  try {
    response = await call('/api/vote', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ teamIds }),
    });
  } catch {
    return { ok: false, status: 0, message: null };
  }
  if (response.ok) return { ok: true };
  let message: string | null = null;
  try {
    message = ((await response.json()) as { error?: { message?: string } }).error?.message ?? null;
  } catch {
    // Not the server's JSON (a proxy's page): the generic message stands.
  }
  return { ok: false, status: response.status, message };
}
