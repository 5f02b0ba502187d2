/**
 * The ballot's device: an anonymous cookie the server issues, a random 128-bit id and its HMAC
 * (SHA-256, base64url). The key is `VOTE_SECRET`, else one made at the first start and kept in
 * `server_secrets`, so every instance on one database signs and checks alike. A device that clears
 * its cookies gets a new id and may vote again: accepted, and said so in the README.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { parse as parseCookie } from 'hono/utils/cookie';
import type { Kysely } from 'kysely';
import { VOTE_COOKIE, VOTE_COOKIE_MAX_AGE_S } from '../../../src/schemas/vote';
import type { Database } from '../../db/types';

const SECRET_NAME = 'vote_hmac';

/** The key: from the environment, else the database's (made once, the first writer winning). */
export async function loadVoteKey(db: Kysely<Database>, fromEnv: string | null): Promise<Buffer> {
  if (fromEnv) return Buffer.from(fromEnv, 'utf8');
  await db
    .insertInto('server_secrets')
    .values({ name: SECRET_NAME, value: randomBytes(32).toString('base64url') })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db.selectFrom('server_secrets').select('value').where('name', '=', SECRET_NAME).executeTakeFirstOrThrow();
  return Buffer.from(row.value, 'base64url');
}

const mac = (key: Buffer, id: string) => createHmac('sha256', key).update(id).digest('base64url');

/** A new device: its id and the cookie's value. */
export function newDevice(key: Buffer): { id: string; value: string } {
  const id = randomBytes(16).toString('base64url');
  return { id, value: `${id}.${mac(key, id)}` };
}

/** The device id the request's cookie proves, or null (none, or a forged or damaged one). */
export function deviceOf(key: Buffer, cookieHeader: string | null): string | null {
  if (!cookieHeader) return null;
  const value = parseCookie(cookieHeader, VOTE_COOKIE)[VOTE_COOKIE];
  if (!value) return null;
  const [id, signature, ...rest] = value.split('.');
  if (!id || !signature || rest.length > 0 || !/^[A-Za-z0-9_-]{22}$/.test(id)) return null;
  const expected = Buffer.from(mac(key, id));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given) ? id : null;
}

/** The Set-Cookie header for a device: httpOnly, SameSite=Lax, 30 days, Secure over HTTPS. */
export function deviceCookie(value: string, secure: boolean): string {
  return `${VOTE_COOKIE}=${value}; Path=/; Max-Age=${VOTE_COOKIE_MAX_AGE_S}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}
