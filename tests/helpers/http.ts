/** Plain HTTP to a server listening on a real port (the tests that need sockets, processes or a cluster). */
import { expect } from 'vitest';

/** Logs in through POST /login on `base` and returns the session cookie ("name=value"). */
export async function loginAt(
  base: string,
  username: string,
  password: string,
  { origin, path = '/login' }: { origin?: string; path?: string } = {},
): Promise<string> {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(origin ? { origin } : {}) },
    body: JSON.stringify({ username, password }),
  });
  expect(res.status, `login ${username}`).toBe(200);
  return (res.headers.get('set-cookie') ?? '').split(';')[0]!;
}

// biome-ignore lint/suspicious/noExplicitAny: the tests read the answers field by field
type JsonAnswer = { status: number; json: any };

/** A JSON request as the holder of `cookie`: its status and parsed answer, whatever the status (for races that expect refusals). */
export async function sendJson(base: string, method: string, path: string, cookie: string, body?: unknown): Promise<JsonAnswer> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { 'content-type': 'application/json', cookie },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: await res.json() };
}

/** A JSON request as the holder of `cookie`; the parsed answer, or an error unless it is 200. */
// biome-ignore lint/suspicious/noExplicitAny: the tests read the answers field by field
export async function jsonCall(base: string, cookie: string, method: string, path: string, body?: unknown): Promise<any> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { 'content-type': 'application/json', cookie },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await res.json();
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}
