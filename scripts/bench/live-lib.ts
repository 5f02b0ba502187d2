/**
 * Shared pieces of the live benchmark (live.ts and the processes it starts): the shared clock, the
 * IPC messages between the orchestrator and the client processes, and the readings of a message.
 * Imports nothing from the app, so the benchmark runs while the server code is being rewritten.
 */
import { type ChildProcess, fork } from 'node:child_process';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { track } from './lib.mjs';

/** Wall clock in ms with fractions, comparable across processes on one machine. */
export const clock = (): number => performance.timeOrigin + performance.now();

/**
 * Another process's clock minus ours, from the IPC round trip (of 20) with the smallest delay:
 * `ping(sentAt)` sends a ping and resolves with the `at` of the process's pong.
 */
export async function clockOffset(ping: (sentAt: number) => Promise<number>): Promise<number> {
  let best = { rtt: Number.POSITIVE_INFINITY, offset: 0 };
  for (let i = 0; i < 20; i++) {
    const sentAt = clock();
    const at = await ping(sentAt);
    const back = clock();
    if (back - sentAt < best.rtt) best = { rtt: back - sentAt, offset: at - (sentAt + back) / 2 };
  }
  return best.offset;
}

/** tRPC's websocket request for the live state, sent by every subscriber after open. */
export const SUBSCRIBE = JSON.stringify({ id: 1, method: 'subscription', params: { path: 'system.join', input: {} } });

/** `snapshot`: done once both a `state` and a `teams` data message arrived; `first`: any message. */
export type DoneWhen = 'snapshot' | 'first';

export type ToClients =
  | { type: 'ping'; sentAt: number }
  | {
      type: 'open';
      url: string;
      count: number;
      concurrency: number;
      doneWhen: DoneWhen;
      /** Bind socket i to `loopbackAddress(sourceBase + i)` (a source address of its own); unset, the default. */
      sourceBase?: number;
      /** Record each socket's `vote` messages (ballots, arrival), answered on `votes`. */
      votes?: boolean;
      /** The server speaks socket.io (engine.io 4 over a websocket) instead of tRPC. */
      socketio?: boolean;
    }
  | { type: 'status'; version: number }
  | { type: 'votes' }
  | { type: 'close' };

export type FromClients =
  | { type: 'pong'; sentAt: number; at: number }
  | { type: 'opened'; startedAt: number; doneAt: number }
  /** Every socket of the process has the state of this version; `at` is the last arrival. */
  | { type: 'delivered'; version: number; at: number; sample: string | null }
  /** Diagnostics: sockets that have reached this version, and sockets closed. */
  | { type: 'status'; have: number; total: number; closed: number }
  /** Per socket, every `vote` message whose ballots grew: [ballots, arrival] pairs in arrival order. */
  | { type: 'votes'; lists: [number, number][][] }
  | { type: 'error'; message: string };

/** Asked of a process started with gc-preload.mjs. */
export interface MemoryRequest {
  type: 'bench:memory';
  id: number;
}
export interface MemoryAnswer {
  type: 'bench:memory';
  id: number;
  usage: NodeJS.MemoryUsage;
}

/**
 * The n-th source address of 127.0.0.0/8 (Linux routes all of it to loopback), never 127.0.0.x:
 * 127.A.B.C with C in 1–254, so each simulated phone can bind an address of its own.
 */
export function loopbackAddress(n: number): string {
  const c = 1 + (n % 254);
  const b = Math.floor(n / 254) % 256;
  const a = 1 + Math.floor(n / (254 * 256));
  if (a > 254) throw new Error(`no loopback address number ${n}`);
  return `127.${a}.${b}.${c}`;
}

/** Cheap reading of a `vote` message: its ballots count, or null for any other message (or a hidden tally). */
export function voteBallots(text: string): number | null {
  if (!text.includes('"type":"vote"')) return null;
  const match = /"ballots":(\d+)/.exec(text);
  return match ? Number(match[1]) : null;
}

/** Cheap reading of a state message: its system version, or null for any other message. */
export function stateVersion(text: string): number | null {
  if (!text.includes('"type":"state"')) return null;
  const match = /"version":(\d+)/.exec(text);
  return match ? Number(match[1]) : null;
}

/** The `system` object of a parsed state message, wherever the tRPC envelope nests it. */
export function findSystem(node: unknown): Record<string, unknown> | null {
  if (!node || typeof node !== 'object') return null;
  const record = node as Record<string, unknown>;
  const system = record.system as Record<string, unknown> | undefined;
  if (system && typeof system.version === 'number') return system;
  return findSystem(record.result) ?? findSystem(record.data);
}

/** `count` subscriber processes (ws-clients.ts under tsx, each told its index), killed when this process exits. */
export function forkClientProcesses(count: number): ChildProcess[] {
  return Array.from({ length: count }, (_, index) =>
    track(
      fork(path.join(import.meta.dirname, 'ws-clients.ts'), [], {
        cwd: path.resolve(import.meta.dirname, '../..'),
        execArgv: ['--import', import.meta.resolve('tsx')],
        env: { ...process.env, BENCH_CLIENT_INDEX: String(index) },
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      }),
    ),
  );
}

/** Sets a state message's system version, and its event id (a string `id` beside `data`) like the app's. */
export function withVersion(message: unknown, version: number): void {
  findSystem(message)!.version = version;
  let node: unknown = message;
  while (node && typeof node === 'object') {
    const record = node as Record<string, unknown>;
    if (typeof record.id === 'string') record.id = String(version);
    node = record.result ?? record.data;
  }
}
