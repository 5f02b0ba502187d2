/**
 * What the server puts on its answers for safety: the CSP (one per site name the requests use), the
 * secure headers (documents get them all, hashed assets only the two that act on them), Cache-Control,
 * and the refusal of cross-origin writes.
 */
import type { Context as HonoContext, MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import { messages } from '../src/messages';
import type { Config } from './config';
import { AppError } from './errors';
import { originMatches } from './proxy';
import { requestOrigin, requestSite } from './request';

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The websocket form of an origin: http → ws, https → wss. */
const socketOrigin = (origin: string) => origin.replace(/^http/, 'ws');

/**
 * The CSP. Scripts may connect only to this site: 'self' plus the explicit ws:// or wss:// form of
 * the request's origin and of PUBLIC_URL's (older Safari does not match websockets to 'self').
 */
export function contentSecurityPolicy(siteOrigins: string[]): string {
  const sockets = [...new Set(siteOrigins.map(socketOrigin))].join(' ');
  return CSP_PARTS.map((part) => (part.startsWith('connect-src') ? `connect-src 'self' ${sockets}`.trim() : part)).join('; ');
}

const CSP_PARTS = [
  "default-src 'self'",
  "script-src 'self'",
  // Mantine injects its CSS variables in <style> tags.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https: http:",
  "media-src 'self' data: blob: https: http:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "frame-ancestors 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
];

/**
 * Same-origin writes only: the Origin header, when a browser sends one, must be this site, scheme,
 * host and port alike; forwarded headers count only behind a trusted proxy.
 */
export function isCrossOrigin(c: HonoContext, publicUrl: string | null, trustProxy: boolean): boolean {
  const origin = c.req.header('origin');
  if (!origin) return c.req.header('sec-fetch-site') === 'cross-site';
  return !originMatches(origin, requestSite(c), trustProxy, publicUrl);
}

/**
 * What the middleware below (`securityHeaders`, then `sameOriginAndPolicies`: no-store and the CSP)
 * puts on every answer, spelt out for GET /api/state, which answers ahead of it; a test holds the two
 * equal.
 */
export const STATE_HEADERS: Record<string, string> = {
  'Content-Type': 'application/json; charset=UTF-8',
  'Cache-Control': 'no-store',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
  'Origin-Agent-Cluster': '?1',
  'Referrer-Policy': 'no-referrer',
  'X-Content-Type-Options': 'nosniff',
  'X-DNS-Prefetch-Control': 'off',
  'X-Download-Options': 'noopen',
  'X-Frame-Options': 'SAMEORIGIN',
  'X-Permitted-Cross-Domain-Policies': 'none',
  'X-XSS-Protection': '0',
};

/** The CSP for a request, built once per site name the requests use (a handful in a hall). */
export function policyForRequest(config: Pick<Config, 'trustProxy' | 'publicUrl'>): (c: HonoContext) => string {
  const policies = new Map<string, string>();
  return (c: HonoContext) => {
    const key = `${c.req.header('host')}|${config.trustProxy ? `${c.req.header('x-forwarded-host')}|${c.req.header('x-forwarded-proto')}` : ''}`;
    let policy = policies.get(key);
    if (policy === undefined) {
      policy = contentSecurityPolicy([
        requestOrigin(c, config.trustProxy),
        ...(config.publicUrl ? [new URL(config.publicUrl).origin] : []),
      ]);
      if (policies.size > 100) policies.clear();
      policies.set(key, policy);
    }
    return policy;
  };
}

/** A hashed asset: a script, style, font or picture the build named by its content, answered. */
const isHashedAsset = (c: HonoContext) => c.req.path.startsWith('/assets/') && c.res.status === 200;

// Halls run on plain HTTP over the local network; HSTS would lock phones out.
const documentHeaders = secureHeaders({
  contentSecurityPolicy: undefined,
  referrerPolicy: 'no-referrer',
  xFrameOptions: 'SAMEORIGIN',
  crossOriginEmbedderPolicy: false,
  crossOriginResourcePolicy: 'same-origin',
  strictTransportSecurity: false,
});
const assetHeaders = secureHeaders({
  contentSecurityPolicy: undefined,
  crossOriginEmbedderPolicy: false,
  crossOriginResourcePolicy: 'same-origin',
  crossOriginOpenerPolicy: false,
  originAgentCluster: false,
  referrerPolicy: false,
  strictTransportSecurity: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xFrameOptions: false,
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
});
const answered = async () => {};

/**
 * Security headers after the answer is known: a hashed asset keeps the two that act on it, nosniff
 * and the resource policy, and leaves the document-only ones out: a screen loads twenty such files
 * over the hall's HTTP/1.1 Wi-Fi.
 */
export const securityHeaders: MiddlewareHandler = async (c, next) => {
  await next();
  await (isHashedAsset(c) ? assetHeaders : documentHeaders)(c, answered);
};

/**
 * Refuses a cross-origin write before it runs; on the answer, sets Cache-Control and (on all but
 * hashed assets) the CSP.
 */
export function sameOriginAndPolicies(
  config: Pick<Config, 'trustProxy' | 'publicUrl'>,
  policyFor: (c: HonoContext) => string,
): MiddlewareHandler {
  return async (c, next) => {
    if (UNSAFE_METHODS.has(c.req.method) && isCrossOrigin(c, config.publicUrl, config.trustProxy)) {
      throw new AppError('FORBIDDEN', messages.crossOrigin);
    }
    await next();
    // Hashed assets are cached for good (a new build has new names); every other answer is live data.
    const hashedAsset = isHashedAsset(c);
    c.header('Cache-Control', hashedAsset ? 'public, max-age=31536000, immutable' : 'no-store');
    // The policy governs documents (and workers); on a script, style or font it does nothing, and
    // its half a kilobyte on each of a screen's files is what a phone on the hall's Wi-Fi pays.
    if (!hashedAsset) c.header('Content-Security-Policy', policyFor(c));
  };
}
