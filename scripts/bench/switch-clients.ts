/**
 * A client process of the event-switch benchmark: holds many websocket subscribers of `system.join`
 * (anonymous screens) for switch.ts, which forks it (child_process.fork, IPC channel), never run by
 * hand. It cannot reuse ws-clients.ts: that one follows a show version that only grows, while a
 * switch lands on another event whose version may be lower.
 *
 * On `open` it opens `count` sockets (at most `concurrency` in flight), each done at its first
 * snapshot (`state` and `teams`), and answers `opened`. On `arm` (answered `armed`) it waits, per socket, for the first
 * `state` message that shows event `event` (its `system.event._id`) or show version `version`, and
 * then for the last message of that snapshot or change (the first one whose tracked id is a place to
 * resume from, `N`, not `N:s` or `N:i`); once every socket has both it answers `reached` with the
 * shared-clock time of the last `state` and of the last snapshot's end, and how many of the states
 * came as the start of a snapshot (`N:s`, what a resync sends). Like tRPC's client, it answers the
 * server's `PING` with `PONG`.
 */
import WebSocket, { type RawData } from 'ws';
import { clock, SUBSCRIBE } from './live-lib';

export type ToSwitchClients =
  | { type: 'ping'; sentAt: number }
  | { type: 'open'; url: string; count: number; concurrency: number }
  | { type: 'arm'; token: number; event?: string; version?: number }
  | { type: 'status' }
  | { type: 'close' };

export type FromSwitchClients =
  | { type: 'pong'; sentAt: number; at: number }
  | { type: 'opened'; startedAt: number; doneAt: number }
  | { type: 'armed'; token: number }
  | {
      type: 'reached';
      token: number;
      /** The last socket's matching `state`, and the last socket's end of that snapshot or change. */
      stateAt: number;
      doneAt: number;
      /** The first socket's matching `state`. */
      firstAt: number;
      /** Sockets whose matching `state` opened a snapshot (tracked id `N:s`). */
      snapshots: number;
      /** One socket's matching `state` message, raw (from the first socket). */
      sample: string;
    }
  | { type: 'status'; armed: boolean; states: number; done: number; total: number; closed: number }
  | { type: 'error'; message: string };

/** The tracked id of a `system.join` data message ("12", "12:s", "12:0"), or null. */
export const trackedId = (text: string): string | null => /"result":\{"type":"data","id":"([^"]+)"/.exec(text)?.[1] ?? null;
/** The event a `state` message shows (`system.event._id`), or null for any other message. */
export const shownEvent = (text: string): string | null =>
  text.includes('"type":"state"') ? (/"event":\{"_id":"([^"]+)"/.exec(text)?.[1] ?? null) : null;
/** The show version of a `state` message, or null for any other message. */
export const shownVersion = (text: string): number | null => {
  if (!text.includes('"type":"state"')) return null;
  const match = /"version":(\d+)/.exec(text);
  return match ? Number(match[1]) : null;
};

interface Arm {
  token: number;
  event?: string;
  version?: number;
  /** Per socket: arrival of its matching `state` (0: not yet), and of the end of that snapshot. */
  stateAt: Float64Array;
  doneAt: Float64Array;
  states: number;
  done: number;
  snapshots: number;
  sample: string | null;
}

const sockets: WebSocket[] = [];
let total = 0;
let closing = false;
let armed: Arm | null = null;

function send(message: FromSwitchClients): void {
  process.send!(message);
}

function text(data: RawData): string {
  if (Buffer.isBuffer(data)) return data.toString();
  return Array.isArray(data) ? Buffer.concat(data).toString() : Buffer.from(data).toString();
}

function onMessage(index: number, raw: string, at: number): void {
  const arm = armed;
  if (!arm) return;
  if (arm.stateAt[index] === 0) {
    const matches =
      arm.event !== undefined ? shownEvent(raw) === arm.event : arm.version !== undefined && shownVersion(raw) === arm.version;
    if (!matches) return;
    arm.stateAt[index] = at;
    arm.states++;
    const id = trackedId(raw) ?? '';
    if (id.endsWith(':s')) arm.snapshots++;
    if (index === 0) arm.sample = raw;
    // A change of one message, or a snapshot of one: its state is its end too.
    if (id.includes(':')) return;
  } else if (arm.doneAt[index] !== 0 || (trackedId(raw) ?? ':').includes(':')) return;
  arm.doneAt[index] = at;
  arm.done++;
  if (arm.done === total) {
    armed = null;
    let stateAt = 0;
    let doneAt = 0;
    let firstAt = Number.POSITIVE_INFINITY;
    for (let i = 0; i < total; i++) {
      stateAt = Math.max(stateAt, arm.stateAt[i]!);
      doneAt = Math.max(doneAt, arm.doneAt[i]!);
      firstAt = Math.min(firstAt, arm.stateAt[i]!);
    }
    send({ type: 'reached', token: arm.token, stateAt, doneAt, firstAt, snapshots: arm.snapshots, sample: arm.sample ?? '' });
  }
}

function openOne(url: string, index: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { perMessageDeflate: false });
    sockets[index] = socket;
    let done = false;
    let state = false;
    let teams = false;
    socket.on('open', () => socket.send(SUBSCRIBE));
    socket.on('message', (data) => {
      const at = clock();
      const raw = text(data);
      // tRPC's keep-alive: the server closes a socket that does not answer its PING in time.
      if (raw === 'PING') return void socket.send('PONG');
      onMessage(index, raw, at);
      if (done) return;
      state ||= raw.includes('"type":"state"');
      teams ||= raw.includes('"type":"teams"');
      done = state && teams;
      if (done) resolve();
    });
    socket.on('error', (error) => {
      if (!done) reject(error);
      else send({ type: 'error', message: `socket ${index}: ${error.message}` });
    });
    socket.on('close', (code) => {
      if (!done) reject(new Error(`socket ${index} closed (${code}) before its snapshot`));
      else if (!closing) send({ type: 'error', message: `socket ${index} closed by the server (${code})` });
    });
  });
}

async function openAll(url: string, count: number, concurrency: number): Promise<void> {
  total = count;
  let next = 0;
  const startedAt = clock();
  const worker = async () => {
    while (next < count) await openOne(url, next++);
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
  send({ type: 'opened', startedAt, doneAt: clock() });
}

process.on('message', (message: ToSwitchClients) => {
  if (message.type === 'ping') send({ type: 'pong', sentAt: message.sentAt, at: clock() });
  else if (message.type === 'open') {
    openAll(message.url, message.count, message.concurrency).catch((error: Error) => send({ type: 'error', message: error.message }));
  } else if (message.type === 'arm') {
    armed = {
      token: message.token,
      ...(message.event === undefined ? {} : { event: message.event }),
      ...(message.version === undefined ? {} : { version: message.version }),
      stateAt: new Float64Array(total),
      doneAt: new Float64Array(total),
      states: 0,
      done: 0,
      snapshots: 0,
      sample: null,
    };
    send({ type: 'armed', token: message.token });
  } else if (message.type === 'status') {
    const closed = sockets.filter((socket) => socket.readyState !== WebSocket.OPEN).length;
    send({ type: 'status', armed: armed !== null, states: armed?.states ?? 0, done: armed?.done ?? 0, total, closed });
  } else if (message.type === 'close') {
    closing = true;
    for (const socket of sockets) socket?.terminate();
    process.exit(0);
  }
});
process.on('disconnect', () => process.exit(0));
