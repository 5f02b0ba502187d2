/** Request helpers shared by the REST adapters. */
import type { Context as HonoContext } from 'hono';
import type { Kysely } from 'kysely';
import { messages } from '../src/messages';
import type { Database } from './db/types';
import { AppError } from './errors';
import { jsonTooDeep, MAX_JSON_DEPTH } from './json-depth';
import type { createCaller } from './router';

export type Caller = ReturnType<typeof createCaller>;
/** A caller for the request, the event's settings and its contest's database handle (for what a procedure cannot return, such as a PDF's pictures). */
export type CallerFor = (c: HonoContext) => Promise<{ caller: Caller; settings: { name: string }; db: Kysely<Database> }>;
export type RestHandler = (run: (caller: Caller, c: HonoContext) => Promise<unknown>) => (c: HonoContext) => Promise<Response>;

/** The request's JSON object; malformed JSON or a non-object is a 400 naming the body. */
export async function readJsonBody(c: HonoContext): Promise<Record<string, unknown>> {
  const text = await c.req.text();
  if (!text.trim()) return {};
  if (jsonTooDeep(text)) throw new AppError('BAD_REQUEST', messages.inputTooDeep(MAX_JSON_DEPTH), 'body');
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new AppError('BAD_REQUEST', messages.malformedJson, 'body');
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) {
    throw new AppError('BAD_REQUEST', messages.malformedJson, 'body');
  }
  return body as Record<string, unknown>;
}
