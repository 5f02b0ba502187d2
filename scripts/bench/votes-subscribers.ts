/**
 * The vote benchmark's screens: subscriber processes (ws-clients.ts) holding the sockets, each
 * process's clock offset measured over IPC, and the IPC waits of the orchestrator.
 */
import type { ChildProcess } from 'node:child_process';
import { exited } from './lib.mjs';
import { clockOffset, type FromClients, forkClientProcesses, type ToClients } from './live-lib';

const SOCKETS_PER_CLIENT = 1500;

/** A message of one type from a child, or the child's failure. */
export function next<T extends { type: string }>(child: ChildProcess, type: T['type'], ms = 300_000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => finish(new Error(`timed out waiting for ${type} from pid ${child.pid}`)), ms);
    const onMessage = (message: T | { type: 'error'; message: string }) => {
      if (message.type === 'error') finish(new Error(`pid ${child.pid}: ${(message as { message: string }).message}`));
      else if (message.type === type) finish(null, message as T);
    };
    const onExit = () => finish(new Error(`pid ${child.pid} exited (${child.exitCode ?? child.signalCode}) before ${type}`));
    function finish(error: Error | null, value?: T) {
      clearTimeout(timer);
      child.off('message', onMessage);
      child.off('exit', onExit);
      if (error) reject(error);
      else resolve(value!);
    }
    child.on('message', onMessage);
    child.once('exit', onExit);
  });
}

/** The child's clock minus ours, from the IPC round trip with the smallest delay. */
export function offsetOf(child: ChildProcess): Promise<number> {
  return clockOffset(async (sentAt) => {
    const reply = next<{ type: 'pong'; at: number }>(child, 'pong', 10_000);
    child.send({ type: 'ping', sentAt });
    return (await reply).at;
  });
}

/** The largest clock offset of a child seen in this run (corrected for), ms. */
export let largestOffset = 0;
export function noteOffset(offset: number): void {
  largestOffset = Math.max(largestOffset, Math.abs(offset));
}

/** Subscriber processes (ws-clients.ts), each holding up to 1,500 sockets. */
export class Subscribers {
  private readonly waiters = new Map<number, { count: number; at: number; resolve: (at: number) => void }>();
  private failure: ((error: Error) => void) | null = null;

  private constructor(
    private readonly procs: ChildProcess[],
    private readonly offsets: number[],
  ) {
    procs.forEach((proc, index) => {
      proc.on('message', (message: FromClients) => {
        if (message.type === 'delivered') this.onDelivered(index, message.version, message.at);
        if (message.type === 'error') this.failure?.(new Error(`subscriber process ${index}: ${message.message}`));
      });
    });
  }

  static async start(total: number): Promise<Subscribers> {
    const count = Math.max(1, Math.ceil(total / SOCKETS_PER_CLIENT));
    const procs = forkClientProcesses(count);
    const offsets: number[] = [];
    for (const proc of procs) offsets.push(await offsetOf(proc));
    for (const offset of offsets) noteOffset(offset);
    return new Subscribers(procs, offsets);
  }

  get pids(): number[] {
    return this.procs.map((proc) => proc.pid!);
  }

  /** Opens `total` subscribers (each from loopbackAddress(sourceBase + i)); wall ms until all have their snapshot. */
  async open(url: string, total: number, sourceBase: number, votes: boolean): Promise<number> {
    const k = this.procs.length;
    const answers = this.procs.map((proc) => next<Extract<FromClients, { type: 'opened' }>>(proc, 'opened', 180_000));
    let base = sourceBase;
    this.procs.forEach((proc, index) => {
      const count = Math.floor(total / k) + (index < total % k ? 1 : 0);
      proc.send({
        type: 'open',
        url,
        count,
        concurrency: Math.ceil(200 / k),
        doneWhen: 'snapshot',
        sourceBase: base,
        votes,
      } satisfies ToClients);
      base += count;
    });
    const opened = await Promise.all(answers);
    const start = Math.min(...opened.map((o, i) => o.startedAt - this.offsets[i]!));
    const done = Math.max(...opened.map((o, i) => o.doneAt - this.offsets[i]!));
    return done - start;
  }

  private onDelivered(index: number, version: number, at: number): void {
    const waiter = this.waiters.get(version);
    if (!waiter) return;
    waiter.count++;
    waiter.at = Math.max(waiter.at, at - this.offsets[index]!);
    if (waiter.count === this.procs.length) {
      this.waiters.delete(version);
      waiter.resolve(waiter.at);
    }
  }

  /** Resolves with the shared-clock time the last subscriber received this state version. */
  delivered(version: number): Promise<number> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`timed out waiting for every subscriber to get version ${version}`)), 30_000);
      this.failure = reject;
      this.waiters.set(version, {
        count: 0,
        at: 0,
        resolve: (at) => {
          clearTimeout(timer);
          resolve(at);
        },
      });
    });
  }

  /** Every socket's [ballots, arrival] list, arrival on our clock. */
  async votes(): Promise<[number, number][][]> {
    const answers = this.procs.map((proc) => next<Extract<FromClients, { type: 'votes' }>>(proc, 'votes', 60_000));
    for (const proc of this.procs) proc.send({ type: 'votes' } satisfies ToClients);
    const replies = await Promise.all(answers);
    return replies.flatMap((reply, i) => reply.lists.map((list) => list.map(([b, at]) => [b, at - this.offsets[i]!] as [number, number])));
  }

  async close(): Promise<void> {
    this.failure = null;
    for (const proc of this.procs) proc.send({ type: 'close' } satisfies ToClients);
    await Promise.all(this.procs.map(exited));
  }
}
