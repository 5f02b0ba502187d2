/**
 * A device that has signed in before: a cookie naming the user and a random device id, signed with
 * HMAC-SHA-256 (Hono's signed cookies) under a key derived from the ballot cookie's key
 * (`deps.voteKey`), so every instance on one database signs and checks alike. Its next login as that
 * user is counted on the device's own counter, not the username's (`rate-limit.ts`): someone else's
 * failures cannot lock it out, and its own lock only itself. The cookie opens nothing by itself; a
 * forged, damaged or other user's cookie is treated as no cookie.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { parseSigned, serializeSigned } from 'hono/utils/cookie';

export const LOGIN_DEVICE_COOKIE = 'hoithi_device';
/** A year: a judge's phone is remembered from one season to the next. */
export const LOGIN_DEVICE_MAX_AGE_S = 365 * 24 * 60 * 60;

const DEVICE_ID = /^[A-Za-z0-9_-]{22}$/;
const USER_ID = /^[A-Za-z0-9-]{1,64}$/;

/** The cookie's own key, so a ballot cookie's signature never passes for a device's. */
const deviceKeys = new WeakMap<Buffer, Uint8Array<ArrayBuffer>>();
function deviceKeyFrom(voteKey: Buffer): Uint8Array<ArrayBuffer> {
  let key = deviceKeys.get(voteKey);
  if (!key) {
    key = new Uint8Array(createHmac('sha256', voteKey).update('hoi-thi login device cookie').digest());
    deviceKeys.set(voteKey, key);
  }
  return key;
}

export interface LoginDevice {
  userId: string;
  deviceId: string;
}

/** The device the request's cookie proves, or null (none, forged, damaged). */
export async function loginDeviceOf(voteKey: Buffer, cookieHeader: string | null): Promise<LoginDevice | null> {
  if (!cookieHeader) return null;
  const value = (await parseSigned(cookieHeader, deviceKeyFrom(voteKey), LOGIN_DEVICE_COOKIE))[LOGIN_DEVICE_COOKIE];
  if (typeof value !== 'string') return null;
  const [userId, deviceId, ...rest] = value.split(':');
  if (!userId || !deviceId || rest.length > 0 || !USER_ID.test(userId) || !DEVICE_ID.test(deviceId)) return null;
  return { userId, deviceId };
}

/** A new device id, for a browser that has none yet. */
export const newDeviceId = () => randomBytes(16).toString('base64url');

/** The Set-Cookie header: httpOnly, SameSite=Lax, a year, Secure over HTTPS. */
export function loginDeviceCookie(voteKey: Buffer, device: LoginDevice, secure: boolean): Promise<string> {
  return serializeSigned(LOGIN_DEVICE_COOKIE, `${device.userId}:${device.deviceId}`, deviceKeyFrom(voteKey), {
    path: '/',
    httpOnly: true,
    sameSite: 'Lax',
    maxAge: LOGIN_DEVICE_MAX_AGE_S,
    secure,
  });
}
