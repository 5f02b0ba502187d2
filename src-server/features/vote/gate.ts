/**
 * Ballots at a human rate: a token bucket per source address, in memory on each instance, in front of
 * the database's per-address window (`vote_limits`, 5,000 per 15 minutes, shared by the instances).
 * The bucket holds `burst` ballots (a whole hall voting at once behind one router) and refills at
 * `perSecond`; a ballot over it is refused with 429 and the seconds until the next token, before any
 * database work. The gate also counts, per vote and source, the ballots this instance refused, for
 * the console's list of addresses.
 *
 * A source is what one client can easily multiply: an IPv4 address as it is (an IPv4-mapped IPv6
 * address as its IPv4), an IPv6 address by its /64, the block one home or phone network is given.
 */
import { isIPv4, isIPv6 } from 'node:net';
import { AppError } from '../../errors';

/** A 429 that says when to come back: the REST path and tRPC answer it with a Retry-After header. */
export class RetryLater extends AppError {
  /** Whole seconds, at least 1. */
  readonly retryAfterS: number;
  constructor(message: string, waitMs: number) {
    super('TOO_MANY_REQUESTS', message);
    this.retryAfterS = Math.max(1, Math.ceil(waitMs / 1000));
  }
}

export interface BallotRate {
  /** Ballots one source may cast at once. */
  burst: number;
  /** Ballots a second the bucket refills with. */
  perSecond: number;
}

/** The eight 16-bit groups of an IPv6 address (its zone left out), or null when it is none. */
function ipv6Groups(address: string): number[] | null {
  let text = address.split('%')[0]!;
  if (!isIPv6(text)) return null;
  // A trailing dotted IPv4 (::ffff:1.2.3.4, 64:ff9b::1.2.3.4) is the last two groups.
  text = text.replace(/(\d+)\.(\d+)\.(\d+)\.(\d+)$/, (_, a, b, c, d) =>
    [(Number(a) << 8) | Number(b), (Number(c) << 8) | Number(d)].map((g) => g.toString(16)).join(':'),
  );
  const parse = (part: string) => (part ? part.split(':').map((g) => Number.parseInt(g, 16)) : []);
  const [left = '', right] = text.split('::');
  const before = parse(left);
  const after = right === undefined ? [] : parse(right);
  const groups = right === undefined ? before : [...before, ...Array<number>(8 - before.length - after.length).fill(0), ...after];
  return groups.length === 8 && groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? groups : null;
}

/**
 * The source a ballot is counted under: `203.0.113.7`, `2001:db8:0:1::/64`. IPv4-mapped IPv6
 * (`::ffff:203.0.113.7`, as a dual-stack socket reports IPv4) is its IPv4. Anything else (no address
 * known) stays as it is.
 */
export function ballotSource(ip: string): string {
  const address = ip.trim();
  if (isIPv4(address)) return address;
  const groups = ipv6Groups(address);
  if (!groups) return address;
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join('.');
  }
  // The network's four groups, its trailing zero groups folded into the `::` (2001:db8::/64).
  const network = groups.slice(0, 4);
  while (network.length > 0 && network.at(-1) === 0) network.pop();
  return `${network.map((g) => g.toString(16)).join(':')}::/64`;
}

interface Bucket {
  tokens: number;
  at: number;
}

/** Sources a vote keeps refusal counts for: a flood from many networks cannot grow it without bound. */
const MAX_REFUSED_SOURCES = 10_000;

export class BallotGate {
  private buckets = new Map<string, Bucket>();
  private refusedByVote = new Map<string, Map<string, number>>();
  private lastSweep: number;

  constructor(
    readonly rate: BallotRate,
    private readonly now: () => number = Date.now,
  ) {
    this.lastSweep = now();
  }

  /** Takes one ballot from the source's bucket: 0 when taken, else the ms until one is there. */
  take(source: string): number {
    const now = this.now();
    this.sweep(now);
    const { burst, perSecond } = this.rate;
    const bucket = this.buckets.get(source) ?? { tokens: burst, at: now };
    bucket.tokens = Math.min(burst, bucket.tokens + ((now - bucket.at) / 1000) * perSecond);
    bucket.at = now;
    this.buckets.set(source, bucket);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return 0;
    }
    return Math.ceil(((1 - bucket.tokens) / perSecond) * 1000);
  }

  /** One ballot of this vote refused from the source (any reason), for the console. */
  refused(voteId: string, source: string): void {
    let counts = this.refusedByVote.get(voteId);
    if (!counts) {
      counts = new Map();
      this.refusedByVote.set(voteId, counts);
      // Only the last few votes matter to the console.
      for (const old of [...this.refusedByVote.keys()].slice(0, -3)) this.refusedByVote.delete(old);
    }
    const known = counts.get(source);
    if (known === undefined && counts.size >= MAX_REFUSED_SOURCES) return;
    counts.set(source, (known ?? 0) + 1);
  }

  /** The sources this instance refused ballots of the vote from, and how many each. */
  refusedFor(voteId: string): ReadonlyMap<string, number> {
    return this.refusedByVote.get(voteId) ?? new Map();
  }

  /** A bucket that has refilled is the same as none: dropped about once a minute. */
  private sweep(now: number): void {
    if (now - this.lastSweep < 60_000) return;
    this.lastSweep = now;
    const { burst, perSecond } = this.rate;
    for (const [source, bucket] of this.buckets) {
      if (bucket.tokens + ((now - bucket.at) / 1000) * perSecond >= burst) this.buckets.delete(source);
    }
  }
}
