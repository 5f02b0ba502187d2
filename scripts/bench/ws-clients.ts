/**
 * A client process of the live benchmark: holds many websocket subscribers for live.ts (and votes.ts),
 * which forks it (child_process.fork, IPC channel) — never run by hand. The same code serves the app and the bare
 * `ws` baselines, so both pay the same client-side costs.
 *
 * On `open` it opens `count` sockets with at most `concurrency` in flight (a socket is in flight until
 * it is done: a `state` and a `teams` message for the app, any message for the bare server), each
 * sending tRPC's `system.join` subscription on open, and answers `opened` with the shared-clock times
 * of the start and of the last socket done. From then on, for every show version that all its sockets
 * have received, it sends `delivered` with the time of the last arrival (one socket's raw message as a
 * sample, from the first process only). Like tRPC's own client, it answers the server's `PING` with
 * `PONG`; against the socket.io baseline (`socketio`) it speaks engine.io 4 instead. For votes.ts, `open` may bind each socket to a loopback address of its own (`sourceBase`)
 * and record every `vote` message whose ballots count grew (`votes`), answered on `votes`.
 */
import WebSocket, { type RawData } from 'ws';
import { clock, type DoneWhen, type FromClients, loopbackAddress, SUBSCRIBE, stateVersion, type ToClients, voteBallots } from './live-lib';

const keepSamples = process.env.BENCH_CLIENT_INDEX === '0';
const sockets: WebSocket[] = [];
const lastVersion: number[] = [];
const counts = new Map<number, number>();
const lastAt = new Map<number, number>();
const samples = new Map<number, string>();
/** Per socket, [ballots, arrival] of each `vote` message that raised the count (only with `votes`). */
const voteLists: [number, number][][] = [];
let trackVotes = false;
let total = 0;
let closing = false;

function send(message: FromClients): void {
  process.send!(message);
}

function text(data: RawData): string {
  if (Buffer.isBuffer(data)) return data.toString();
  return Array.isArray(data) ? Buffer.concat(data).toString() : Buffer.from(data).toString();
}

/** Counts one socket's copy of a state version; reports when every socket has it. */
function onState(index: number, version: number, at: number, raw: string): void {
  if (version <= lastVersion[index]!) return;
  lastVersion[index] = version;
  const count = (counts.get(version) ?? 0) + 1;
  counts.set(version, count);
  lastAt.set(version, Math.max(lastAt.get(version) ?? 0, at));
  if (keepSamples && index === 0) samples.set(version, raw);
  if (count === total) {
    send({ type: 'delivered', version, at: lastAt.get(version)!, sample: samples.get(version) ?? null });
    counts.delete(version);
    lastAt.delete(version);
    samples.delete(version);
  }
}

/** socket.io's side of the conversation (engine.io 4): true when the message was protocol only. */
function socketioProtocol(socket: WebSocket, raw: string): boolean {
  if (raw === '2')
    socket.send('3'); // ping → pong
  else if (raw.startsWith('0{'))
    socket.send('40'); // open → connect to the main namespace
  else return raw.startsWith('40'); // connected
  return true;
}

function openOne(url: string, index: number, doneWhen: DoneWhen, sourceBase: number | undefined, socketio: boolean): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, {
      perMessageDeflate: false,
      ...(sourceBase === undefined ? {} : { localAddress: loopbackAddress(sourceBase + index) }),
    });
    sockets[index] = socket;
    lastVersion[index] = -1;
    let done = false;
    let state = false;
    let teams = false;
    if (!socketio) socket.on('open', () => socket.send(SUBSCRIBE));
    socket.on('message', (data) => {
      const at = clock();
      const raw = text(data);
      if (socketio && socketioProtocol(socket, raw)) return;
      // tRPC's keep-alive: the server closes a socket that does not answer its PING in time.
      if (raw === 'PING') return void socket.send('PONG');
      const version = stateVersion(raw);
      if (version !== null) onState(index, version, at, raw);
      if (trackVotes) {
        const ballots = voteBallots(raw);
        const list = voteLists[index] ?? [];
        voteLists[index] = list;
        if (ballots !== null && ballots > (list.at(-1)?.[0] ?? -1)) list.push([ballots, at]);
      }
      if (done) return;
      if (doneWhen === 'first') done = true;
      else {
        state ||= version !== null;
        teams ||= raw.includes('"type":"teams"');
        done = state && teams;
      }
      if (done) resolve();
    });
    socket.on('error', (error) => {
      if (!done) reject(error);
      else send({ type: 'error', message: `socket ${index}: ${error.message}` });
    });
    socket.on('close', (code) => {
      if (!done) reject(new Error(`socket ${index} closed (${code}) before it was done`));
      else if (!closing) send({ type: 'error', message: `socket ${index} closed by the server (${code})` });
    });
  });
}

async function openAll(
  url: string,
  count: number,
  concurrency: number,
  doneWhen: DoneWhen,
  sourceBase?: number,
  socketio = false,
): Promise<void> {
  total = count;
  let next = 0;
  const startedAt = clock();
  const worker = async () => {
    while (next < count) await openOne(url, next++, doneWhen, sourceBase, socketio);
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
  send({ type: 'opened', startedAt, doneAt: clock() });
}

process.on('message', (message: ToClients) => {
  if (message.type === 'ping') send({ type: 'pong', sentAt: message.sentAt, at: clock() });
  else if (message.type === 'open') {
    trackVotes = !!message.votes;
    openAll(message.url, message.count, message.concurrency, message.doneWhen, message.sourceBase, message.socketio).catch((error: Error) =>
      send({ type: 'error', message: error.message }),
    );
  } else if (message.type === 'status') {
    const have = lastVersion.filter((v) => v >= message.version).length;
    const closed = sockets.filter((socket) => socket.readyState !== WebSocket.OPEN).length;
    send({ type: 'status', have, total, closed });
  } else if (message.type === 'votes') {
    send({ type: 'votes', lists: Array.from({ length: total }, (_, index) => voteLists[index] ?? []) });
  } else if (message.type === 'close') {
    closing = true;
    for (const socket of sockets) socket?.terminate();
    process.exit(0);
  }
});
process.on('disconnect', () => process.exit(0));
