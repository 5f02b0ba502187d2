/**
 * What this instance refused lately, by kind and by address, so the crew can tell on the night why a
 * phone fails: a login slowed or refused, a ballot over its rate, a websocket over its caps or
 * dropped for not reading, a batch or a frame with too many calls, input nested too deep. Kept in
 * memory in one-minute buckets for the last REFUSAL_WINDOW_MINUTES; per instance, like presence.
 */

/**
 * The kinds (src/refusalKinds.ts): 'login' a login answered 429 (the username locked, the login queue
 * full); 'ballot' a ballot refused (over its address's rate, without its page's cookie, or for any
 * other reason); 'rate' any other 429;
 * 'socketCap' a websocket refused at the door, over the per-address or global cap (close 1013);
 * 'slowSocket' a websocket dropped for not reading what it was sent (or not answering the ping);
 * 'batch' an HTTP batch or a websocket frame with too many calls, or too many subscriptions;
 * 'deepInput' input nested deeper than allowed.
 */
import { REFUSAL_KINDS, type RefusalKindName } from '../src/refusalKinds';

export { REFUSAL_KINDS };
export type RefusalKind = RefusalKindName;

export const REFUSAL_WINDOW_MINUTES = 10;
/** Addresses kept per minute: a flood from many addresses cannot grow the log without bound. */
const MAX_ADDRESSES_PER_MINUTE = 1000;

interface Bucket {
  minute: number;
  byKind: Map<RefusalKind, number>;
  /** address → kind → count */
  byAddress: Map<string, Map<RefusalKind, number>>;
  /** Refusals whose address did not fit in byAddress. */
  otherAddresses: number;
}

export interface RefusalSummary {
  windowMinutes: number;
  total: number;
  byKind: { kind: RefusalKind; count: number }[];
  /** The addresses with the most refusals, most first. */
  byAddress: { address: string; count: number; kinds: { kind: RefusalKind; count: number }[] }[];
}

export class RefusalLog {
  private buckets: Bucket[] = [];

  constructor(private readonly now: () => number = Date.now) {}

  record(kind: RefusalKind, address: string): void {
    const minute = Math.floor(this.now() / 60_000);
    let bucket = this.buckets.at(-1);
    if (!bucket || bucket.minute !== minute) {
      bucket = { minute, byKind: new Map(), byAddress: new Map(), otherAddresses: 0 };
      this.buckets.push(bucket);
      this.buckets = this.buckets.filter((b) => b.minute > minute - REFUSAL_WINDOW_MINUTES);
    }
    bucket.byKind.set(kind, (bucket.byKind.get(kind) ?? 0) + 1);
    let kinds = bucket.byAddress.get(address);
    if (!kinds) {
      if (bucket.byAddress.size >= MAX_ADDRESSES_PER_MINUTE) {
        bucket.otherAddresses++;
        return;
      }
      kinds = new Map();
      bucket.byAddress.set(address, kinds);
    }
    kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
  }

  summary(minutes = REFUSAL_WINDOW_MINUTES, topAddresses = 10): RefusalSummary {
    const since = Math.floor(this.now() / 60_000) - Math.min(minutes, REFUSAL_WINDOW_MINUTES);
    const byKind = new Map<RefusalKind, number>();
    const byAddress = new Map<string, Map<RefusalKind, number>>();
    for (const bucket of this.buckets) {
      if (bucket.minute <= since) continue;
      for (const [kind, count] of bucket.byKind) byKind.set(kind, (byKind.get(kind) ?? 0) + count);
      for (const [address, kinds] of bucket.byAddress) {
        const sum = byAddress.get(address) ?? new Map<RefusalKind, number>();
        for (const [kind, count] of kinds) sum.set(kind, (sum.get(kind) ?? 0) + count);
        byAddress.set(address, sum);
      }
    }
    const counts = (kinds: Map<RefusalKind, number>) =>
      REFUSAL_KINDS.filter((kind) => kinds.has(kind)).map((kind) => ({ kind, count: kinds.get(kind)! }));
    const addresses = [...byAddress]
      .map(([address, kinds]) => ({ address, count: [...kinds.values()].reduce((a, b) => a + b, 0), kinds: counts(kinds) }))
      .sort((a, b) => b.count - a.count || a.address.localeCompare(b.address))
      .slice(0, topAddresses);
    const kindList = counts(byKind);
    return { windowMinutes: minutes, total: kindList.reduce((a, b) => a + b.count, 0), byKind: kindList, byAddress: addresses };
  }
}
