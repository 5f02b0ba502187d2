/**
 * The address a phone in the hall can reach: what judges' links, their printed QR cards and the
 * audience vote's QR code carry. One rule for all of them:
 *
 * 1. `PUBLIC_URL` when it is set;
 * 2. else the address the request came to, unless that is this machine's loopback (an admin working on
 *    the server itself at `http://localhost:3000`), which no phone can open;
 * 3. then this machine's address on the local network, guessed from its network interfaces;
 * 4. and when the machine has none, no address at all: the caller says so rather than print localhost.
 */
import { type NetworkInterfaceInfo, networkInterfaces } from 'node:os';

export type HallAddressSource = 'publicUrl' | 'request' | 'guessed' | 'none';

export interface HallAddress {
  /** Scheme, host and port (`http://192.168.1.10:3000`); null when no address a phone can reach is known. */
  origin: string | null;
  /** Where it came from: PUBLIC_URL, the request itself, or a guess from the network interfaces. */
  source: HallAddressSource;
  /** With a guess: the machine's other local addresses, in case the guess is the wrong network. */
  others: string[];
}

type Interfaces = NodeJS.Dict<NetworkInterfaceInfo[]>;

const LOOPBACK_HOST = /^(localhost|.+\.localhost|127(\.\d+){3}|\[::1\]|\[::\]|0\.0\.0\.0|\[::ffff:127(\.\d+){3}\])$/i;

/** Whether a host name (as `URL.hostname` gives it) is this machine's own, unreachable from a phone. */
export function isLoopbackHost(hostname: string): boolean {
  return LOOPBACK_HOST.test(hostname.replace(/\.$/, ''));
}

/** Home Wi-Fi and hall routers first (192.168/16), then 10/8, then 172.16/12 (often a container bridge). */
function rank(address: string): number {
  if (address.startsWith('192.168.')) return 0;
  if (address.startsWith('10.')) return 1;
  if (/^172\.(1[6-9]|2\d|3[01])\./.test(address)) return 2;
  return 3;
}

/** This machine's IPv4 addresses on its networks, the likeliest hall address first; link-local ones left out. */
export function lanAddresses(interfaces: Interfaces = networkInterfaces()): string[] {
  const found: string[] = [];
  for (const list of Object.values(interfaces)) {
    for (const info of list ?? []) {
      if (info.family !== 'IPv4' || info.internal || info.address.startsWith('169.254.')) continue;
      if (!found.includes(info.address)) found.push(info.address);
    }
  }
  return found.sort((a, b) => rank(a) - rank(b));
}

/**
 * The hall address for a request: `publicUrl` is PUBLIC_URL (or null), `requestOrigin` the origin the
 * request came to (or null when unknown, as on a caller without a request).
 */
export function hallAddress(publicUrl: string | null, requestOrigin: string | null, interfaces?: Interfaces): HallAddress {
  if (publicUrl) {
    try {
      return { origin: new URL(publicUrl).origin, source: 'publicUrl', others: [] };
    } catch {
      // A PUBLIC_URL that is no address: config.ts lets it through, so fall back to the request's.
    }
  }
  let url: URL | null = null;
  try {
    url = requestOrigin ? new URL(requestOrigin) : null;
  } catch {
    url = null;
  }
  // No request to take the scheme and port from (a caller made in code): nothing to guess with.
  if (!url) return { origin: null, source: 'none', others: [] };
  if (!isLoopbackHost(url.hostname)) return { origin: url.origin, source: 'request', others: [] };
  const [first, ...others] = lanAddresses(interfaces);
  if (!first) return { origin: null, source: 'none', others: [] };
  url.hostname = first;
  return { origin: url.origin, source: 'guessed', others };
}
