/**
 * What a Hono request says about its client and this site, read through `proxy.ts`'s rules:
 * forwarded headers count only behind a trusted proxy.
 */
import type { Context as HonoContext } from 'hono';
import { type RequestSite, trustedClientIp } from './proxy';

interface NodeBindings {
  incoming?: { socket?: { remoteAddress?: string } };
}

export function clientIp(c: HonoContext, trustProxy: boolean): string {
  return trustedClientIp(c.req.header('x-forwarded-for'), (c.env as NodeBindings | undefined)?.incoming?.socket?.remoteAddress, trustProxy);
}

export function requestSite(c: HonoContext): RequestSite {
  return {
    protocol: new URL(c.req.url).protocol,
    host: c.req.header('host'),
    forwardedProto: c.req.header('x-forwarded-proto'),
    forwardedHost: c.req.header('x-forwarded-host'),
  };
}

export function isSecure(c: HonoContext, trustProxy: boolean): boolean {
  if (trustProxy && c.req.header('x-forwarded-proto') === 'https') return true;
  return new URL(c.req.url).protocol === 'https:';
}

export function requestOrigin(c: HonoContext, trustProxy: boolean): string {
  const url = new URL(c.req.url);
  const host = (trustProxy && c.req.header('x-forwarded-host')) || c.req.header('host') || url.host;
  const protocol = isSecure(c, trustProxy) ? 'https:' : url.protocol;
  return `${protocol}//${host}`;
}
