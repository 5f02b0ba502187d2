/** The fan-out: hands each followed change (or live-only message) to every subscriber on this instance. */
import type { LiveMessage } from '../../../src/live';
import type { ChangeEntry } from './replay';

/** What a subscriber is handed: a followed change, a live-only message, or "start over". */
export type Delivery = { kind: 'change'; entry: ChangeEntry } | { kind: 'live'; message: LiveMessage } | { kind: 'resync' };

export type Subscriber = (delivery: Delivery) => void;

export class Fanout {
  private readonly subscribers = new Set<Subscriber>();

  subscribe(subscriber: Subscriber): void {
    this.subscribers.add(subscriber);
  }

  unsubscribe(subscriber: Subscriber): void {
    this.subscribers.delete(subscriber);
  }

  deliver(delivery: Delivery): void {
    for (const subscriber of this.subscribers) subscriber(delivery);
  }
}
