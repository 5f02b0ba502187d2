/**
 * What the vote benchmark's orchestrator (votes.ts) and its load generators (votes-generator.ts)
 * share: the IPC messages between them, one voter's ballot (the generators cast thousands, the
 * orchestrator the one with a spoofed X-Forwarded-For) and the in-flight count both compute.
 */
import http from 'node:http';
import { clock, loopbackAddress } from './live-lib';

export interface VoterTask {
  type: 'run';
  host: string;
  port: number;
  origin: string;
  /** Voter numbers of this process (its address is loopbackAddress(n)) and their arrival offsets, ms. */
  voters: number[];
  offsets: number[];
  teams: string[];
}

export interface VoterResult {
  n: number;
  /** The instance that answered (X-Upstream, with --per-instance). */
  upstream?: string;
  /** Shared-clock times: scheduled arrival, request start, TCP connected, answer's headers, whole answer (or failure). */
  due: number;
  start: number;
  connected: number;
  answered: number;
  ack: number;
  status: number;
  error?: string;
}

export type ToGenerator = { type: 'ping'; sentAt: number } | VoterTask | InsertTask;
export type FromGenerator =
  | { type: 'pong'; sentAt: number; at: number }
  | { type: 'done'; results: VoterResult[] }
  | { type: 'inserted'; latencies: number[]; lags: number[]; failures: string[]; inFlight: number };

export interface InsertTask {
  type: 'insert';
  url: string;
  voteId: number;
  pool: number;
  offsets: number[];
  teams: string[];
}

/** The largest number of requests in flight at once. */
export function maxInFlight(spans: { start: number; end: number }[]): number {
  const edges = spans.flatMap((s) => [
    [s.start, 1],
    [s.end, -1],
  ]);
  edges.sort((a, b) => a[0]! - b[0]! || a[1]! - b[1]!);
  let now = 0;
  let most = 0;
  for (const [, d] of edges) {
    now += d!;
    most = Math.max(most, now);
  }
  return most;
}

/** The voter's page load, as far as the server is concerned: GET /api/vote, which sets the ballot cookie. */
function loadBallotPage(task: VoterTask, n: number): Promise<string> {
  return new Promise((resolve) => {
    const req = http.request(
      { host: task.host, port: task.port, method: 'GET', path: '/api/vote', localAddress: loopbackAddress(n), agent: false },
      (res) => {
        res.resume();
        const cookie = ([] as string[]).concat(res.headers['set-cookie'] ?? [])[0]?.split(';')[0] ?? '';
        res.on('end', () => resolve(cookie));
        res.on('error', () => resolve(cookie));
      },
    );
    req.setTimeout(30_000, () => req.destroy(new Error('no answer in 30 s')));
    req.on('error', () => resolve(''));
    req.end();
  });
}

export async function castOne(task: VoterTask, n: number, due: number, extraHeaders: Record<string, string> = {}): Promise<VoterResult> {
  const body = JSON.stringify({ teamIds: [task.teams[n % task.teams.length]] });
  const cookie = await loadBallotPage(task, n);
  return new Promise((resolve) => {
    const start = clock();
    let connected = 0;
    let answered = 0;
    let upstream: string | undefined;
    const done = (status: number, error?: string) =>
      resolve({ n, due, start, connected, answered, ack: clock(), status, ...(error ? { error } : {}), ...(upstream ? { upstream } : {}) });
    const req = http.request(
      {
        host: task.host,
        port: task.port,
        method: 'POST',
        path: '/api/vote',
        localAddress: loopbackAddress(n),
        agent: false,
        headers: {
          origin: task.origin,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          connection: 'close',
          ...(cookie ? { cookie } : {}),
          ...extraHeaders,
        },
      },
      (res) => {
        answered = clock();
        upstream = res.headers['x-upstream'] as string | undefined;
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => (res.statusCode === 200 ? done(200) : done(res.statusCode ?? 0, text.slice(0, 200))));
        res.on('error', (error) => done(0, error.message));
      },
    );
    req.once('socket', (socket) => socket.once('connect', () => (connected = clock())));
    req.setTimeout(30_000, () => req.destroy(new Error('no answer in 30 s')));
    req.on('error', (error) => done(0, error.message));
    req.end(body);
  });
}
