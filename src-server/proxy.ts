/**
 * What a request says about where it came from. `TRUST_PROXY=1` means exactly one proxy hop in
 * front of the server: only the entry that proxy appended (the last of X-Forwarded-For) and its
 * X-Forwarded-Proto and -Host are believed; without it, no forwarded header is.
 */

/** The client's address: the last X-Forwarded-For entry behind a trusted proxy, else the socket's. */
export function trustedClientIp(forwardedFor: string | undefined, socketAddress: string | undefined, trustProxy: boolean): string {
  if (trustProxy && forwardedFor) {
    const last = forwardedFor.split(',').at(-1)?.trim();
    if (last) return last;
  }
  return socketAddress ?? 'unknown';
}

export interface RequestSite {
  /** The request's own scheme, `http:` or `https:`. */
  protocol: string;
  host: string | undefined;
  forwardedProto: string | undefined;
  forwardedHost: string | undefined;
}

/** This site's origin as the browser saw it (scheme, host and port). */
export function siteOrigin(site: RequestSite, trustProxy: boolean): string | null {
  const protocol = trustProxy && site.forwardedProto ? `${site.forwardedProto.split(',')[0]!.trim()}:` : site.protocol;
  const host = (trustProxy && site.forwardedHost?.split(',')[0]?.trim()) || site.host;
  if (!host) return null;
  try {
    return new URL(`${protocol}//${host}`).origin;
  } catch {
    return null;
  }
}

/** Whether a browser's Origin header names this site: the request's own origin or PUBLIC_URL's. */
export function originMatches(origin: string, site: RequestSite, trustProxy: boolean, publicUrl: string | null): boolean {
  let given: string;
  try {
    given = new URL(origin).origin;
  } catch {
    return false;
  }
  if (given === siteOrigin(site, trustProxy)) return true;
  return !!publicUrl && given === new URL(publicUrl).origin;
}
