/**
 * The websocket against one hostile phone on the hall's Wi-Fi (src-server/ws.ts): a socket that
 * stops reading is dropped within a bounded amount of unsent data while an honest screen that was
 * briefly slow misses nothing; liveness is a protocol ping only a reading peer answers, not any text;
 * a frame with too many calls or nested too deep gets one error and runs nothing; a message split in
 * too many fragments closes the socket; the global cap turns sockets away with 1013. Every socket
 * that goes releases its place at the door and in the registry.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { messages } from '../../src/messages';
import { MAX_JSON_DEPTH } from '../../src-server/json-depth';
import type { RefusalKind } from '../../src-server/refusals';
import { type RunningServer, startServer } from '../../src-server/server';
import { MAX_SUBSCRIPTIONS_PER_SOCKET } from '../../src-server/subscriptions';
import { SLOW_SOCKET, TOO_MANY_SOCKETS, WS_MAX_CALLS_PER_FRAME } from '../../src-server/ws';
import { SERVER_ADMIN_PASSWORD, serverConfig } from '../helpers/test-app';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db';
import { wsTrpcClient } from '../helpers/ws-client';

/** The bound on unsent bytes for the main server: small, so a test overflows it in a few MB. */
const BUFFER_BOUND = 256 * 1024;
/** The liveness window of the quick server. */
const QUICK_TIMEOUT_MS = 1000;

let database: TestDatabase;
/** Bound lowered to BUFFER_BOUND; the usual 20 s liveness window, so only the bound can drop a socket. */
let main: RunningServer;
/** A 1 s liveness window. */
let quick: RunningServer;
/** At most 3 sockets in all. */
let capped: RunningServer;
let admin: string;
const opened: WebSocket[] = [];
const closers: (() => Promise<void>)[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  const start = (overrides: Parameters<typeof serverConfig>[0]) =>
    startServer(serverConfig(overrides), { database: database.handle, log: () => {} });
  main = await start({ wsMaxBufferedBytes: BUFFER_BOUND });
  quick = await start({ wsTimeoutMs: QUICK_TIMEOUT_MS });
  capped = await start({ wsMaxSockets: 3 });
  const res = await fetch(`${main.url}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: SERVER_ADMIN_PASSWORD }),
  });
  expect(res.status).toBe(200);
  admin = (res.headers.get('set-cookie') ?? '').split(';')[0]!;
});

afterEach(async () => {
  for (const close of closers.splice(0)) await close();
  for (const socket of opened.splice(0)) socket.terminate();
  // Whatever went, however it went, gave back its place at the door and in the registry.
  for (const server of [main, quick, capped]) {
    await expect.poll(() => server.deps.sockets.openSockets).toBe(0);
    await expect.poll(() => server.deps.sockets.size).toBe(0);
    expect(server.deps.sockets.openFrom('127.0.0.1')).toBe(0);
  }
});

afterAll(async () => {
  for (const server of [main, quick, capped]) await server?.close();
  await database?.drop();
});

interface Frame {
  id?: number | string | null;
  result?: { type: string; id?: string; data?: { id?: string; data?: { type: string; system?: { phase: string } } } };
  error?: { message: string; data: { httpStatus: number; code: string } };
}

interface Connection {
  socket: WebSocket;
  /** Every JSON message received, in order (tRPC's text PING and PONG left out). */
  frames: Frame[];
  closed: Promise<number>;
}

function connect(server: RunningServer, options: WebSocket.ClientOptions = {}): Promise<Connection> {
  const socket = new WebSocket(`ws://127.0.0.1:${server.port}/trpc`, options);
  opened.push(socket);
  const frames: Frame[] = [];
  socket.on('message', (data) => {
    const text = String(data);
    if (text !== 'PONG' && text !== 'PING') frames.push(JSON.parse(text));
  });
  const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve({ socket, frames, closed }));
    socket.once('error', reject);
  });
}

/** Opens `system.join` by hand (as tRPC's client would) and waits for its snapshot. */
async function join(connection: Connection, id = 1): Promise<void> {
  connection.socket.send(JSON.stringify({ id, method: 'subscription', params: { path: 'system.join' } }));
  await expect.poll(() => connection.frames.some((f) => f.id === id && f.result?.data?.data?.type === 'teams')).toBe(true);
}

const refusals = (server: RunningServer, kind: RefusalKind) =>
  server.deps.refusals.summary().byKind.find((entry) => entry.kind === kind)?.count ?? 0;

/** A show move as the admin: one stored change, one `state` message to every screen. */
async function move(phase: 'scoreboard' | 'blank'): Promise<void> {
  const res = await fetch(`${main.url}/api/show`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', cookie: admin },
    body: JSON.stringify({ changes: { phase } }),
  });
  expect(res.status).toBe(200);
}

/** The raw TCP socket under a `ws` client: pausing it stops reading, as a phone that stopped would. */
const tcp = (socket: WebSocket) => (socket as unknown as { _socket: import('node:net').Socket })._socket;

/** The ids of the stored changes a screen was sent after its snapshot, in the order they came. */
function changeIds(frames: { id?: string; type: string }[]): number[] {
  const ids: number[] = [];
  for (const frame of frames) {
    // Live-only messages carry the last change's id; snapshots end in one of their own.
    if (frame.type === 'reload' || !frame.id || frame.id.endsWith(':s')) continue;
    const id = Number(frame.id.split(':')[0]);
    if (ids.at(-1) !== id) ids.push(id);
  }
  return ids;
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** A live-only message of 64 KB to every screen (no database): the cheapest way to fill a socket. */
const filler = { type: 'reload', filler: 'x'.repeat(64 * 1024) } as never;

/**
 * Sends fillers to every subscriber until `done` (or `limit` bytes each); returns the bytes sent
 * each. Yields between them, so the sockets' I/O goes on as it would.
 */
async function flood(server: RunningServer, done: () => boolean, limit = 64 * 1024 * 1024): Promise<number> {
  let sent = 0;
  while (!done() && sent < limit) {
    server.deps.hub.emitLive(filler);
    sent += 64 * 1024;
    await new Promise((resolve) => setImmediate(resolve));
  }
  return sent;
}

describe('a socket that stops reading', () => {
  it('is closed within a bounded amount of unsent data, while a screen paused briefly under the bound gets every event in order', async () => {
    const slow = await connect(main);
    await join(slow);
    const honest = await connect(main);
    await join(honest);
    const slowRefusals = refusals(main, 'slowSocket');

    // Both stop reading; show moves go on meanwhile; the honest screen reads again after a moment.
    tcp(slow.socket).pause();
    tcp(honest.socket).pause();
    const firstId = main.deps.hub.live.eventId;
    const phases = ['scoreboard', 'blank', 'scoreboard', 'blank', 'scoreboard', 'blank'] as const;
    for (const phase of phases) await move(phase);
    const lastId = main.deps.hub.live.eventId;
    tcp(honest.socket).resume();
    await expect.poll(() => honest.frames.some((f) => f.result?.id === String(lastId))).toBe(true);
    const after = honest.frames
      .filter((f) => f.result?.type === 'data')
      .map((f) => ({ id: f.result!.id, type: f.result!.data!.data!.type }));
    expect(changeIds(after).filter((id) => id > firstId)).toEqual(range(firstId + 1, lastId));
    const seenPhases = honest.frames
      .filter((f) => f.result?.data?.data?.type === 'state' && Number(f.result.id) > firstId)
      .map((f) => f.result!.data!.data!.system!.phase);
    expect(seenPhases).toEqual(phases);

    // Broadcasts go on; the socket that does not read is dropped once its unsent data passes the
    // bound (its kernel buffers take the first few MB), and the honest one stays.
    const sent = await flood(main, () => refusals(main, 'slowSocket') > slowRefusals);
    console.log(`not reading: dropped after ${(sent / 1024 / 1024).toFixed(1)} MB broadcast to it (bound ${BUFFER_BOUND / 1024} KB)`);
    expect(refusals(main, 'slowSocket')).toBe(slowRefusals + 1);
    expect(sent).toBeLessThan(24 * 1024 * 1024);
    await expect.poll(() => main.deps.sockets.openSockets).toBe(1);
    expect(honest.socket.readyState).toBe(WebSocket.OPEN);

    // Reading again, it finds the socket closed: with the code that makes a client resume, or cut
    // (when the close frame could not be flushed in time and the socket was destroyed).
    tcp(slow.socket).resume();
    expect([SLOW_SOCKET, 1006]).toContain(await slow.closed);
  });

  it('drops a screen that stopped reading, and it resumes from its last event id with no change missed', async () => {
    // tRPC's own client, as the app's screens use it: it reconnects after any close and resends
    // its subscription with the last event id it had.
    const { wsClient, client } = wsTrpcClient(main.url);
    const events: { id?: string; type: string }[] = [];
    const subscription = client.system.join.subscribe(
      {},
      { onData: (tracked) => events.push({ id: tracked.id, type: tracked.data.type }) },
    );
    closers.push(async () => {
      subscription.unsubscribe();
      await wsClient.close();
    });
    await expect.poll(() => events.some((e) => e.type === 'teams')).toBe(true);
    const socket = wsClient.connection!.ws as unknown as WebSocket;
    const slowRefusals = refusals(main, 'slowSocket');
    const firstId = main.deps.hub.live.eventId;

    tcp(socket).pause();
    await move('scoreboard');
    await move('blank');
    await flood(main, () => refusals(main, 'slowSocket') > slowRefusals);
    expect(refusals(main, 'slowSocket')).toBe(slowRefusals + 1);
    // Changes made while it is gone reach it on its return.
    await move('scoreboard');
    await move('blank');
    const lastId = main.deps.hub.live.eventId;
    tcp(socket).resume();

    await expect.poll(() => events.some((e) => e.id === String(lastId)), { timeout: 15_000 }).toBe(true);
    expect(wsClient.connection!.ws).not.toBe(socket); // a new socket
    expect(changeIds(events).filter((id) => id > firstId)).toEqual(range(firstId + 1, lastId));
  });
});

describe('liveness', () => {
  it('drops a socket that sends text PONG but never answers the protocol ping, within the window, and keeps one that answers', async () => {
    const before = refusals(quick, 'slowSocket');
    const answering = await connect(quick);
    let pings = 0;
    answering.socket.on('ping', () => pings++);
    await join(answering);
    const mute = await connect(quick, { autoPong: false });
    await join(mute);
    const openedAt = Date.now();
    // What kept a socket alive before: any text at all, such as tRPC's own "PONG".
    const chatter = setInterval(() => mute.socket.readyState === WebSocket.OPEN && mute.socket.send('PONG'), 100);
    try {
      const code = await Promise.race([
        mute.closed,
        new Promise<string>((resolve) => setTimeout(() => resolve('still open'), 5 * QUICK_TIMEOUT_MS)),
      ]);
      expect(code).toBe(1006); // terminated: a peer that does not answer is not sent a close frame
      expect(Date.now() - openedAt).toBeLessThan(QUICK_TIMEOUT_MS + 1000);
    } finally {
      clearInterval(chatter);
    }
    expect(refusals(quick, 'slowSocket')).toBe(before + 1);
    // The one that answers its pings (ws does, as browsers do) outlives several windows.
    const pingsSoFar = pings;
    await expect.poll(() => pings).toBeGreaterThanOrEqual(pingsSoFar + 4);
    expect(answering.socket.readyState).toBe(WebSocket.OPEN);
    expect(quick.deps.sockets.openSockets).toBe(1);
  });
});

describe('what one frame may ask', () => {
  it('answers a frame of 500 calls with one error and runs none of them; the resubscription a client sends after a reconnect works', async () => {
    const before = refusals(main, 'batch');
    const c = await connect(main);
    const calls = Array.from({ length: 500 }, (_, i) =>
      i === 0
        ? { id: 1, method: 'subscription', params: { path: 'system.join' } }
        : { id: i + 1, method: 'query', params: { path: 'system.state' } },
    );
    const frame = JSON.stringify(calls);
    expect(frame.length).toBeLessThan(32 * 1024); // under the payload limit: refused for its calls, not its size
    c.socket.send(frame);
    await expect.poll(() => c.frames.length).toBeGreaterThan(0);
    expect(c.frames[0]).toMatchObject({
      id: null,
      error: { message: messages.batchTooLarge(WS_MAX_CALLS_PER_FRAME), data: { httpStatus: 400, code: 'BAD_REQUEST' } },
    });
    expect(refusals(main, 'batch')).toBe(before + 1);

    // As tRPC's client resends a socket's subscriptions after a reconnect: all in one frame, each
    // with its last event id; the most a socket may hold, and the frame's cap filled with queries.
    const lastEventId = String(main.deps.hub.live.eventId);
    const resubscribe = [
      ...Array.from({ length: MAX_SUBSCRIPTIONS_PER_SOCKET }, (_, i) => ({
        id: 1001 + i,
        jsonrpc: '2.0',
        method: 'subscription',
        params: { path: 'system.join', lastEventId },
      })),
      ...Array.from({ length: WS_MAX_CALLS_PER_FRAME - MAX_SUBSCRIPTIONS_PER_SOCKET }, (_, i) => ({
        id: 2001 + i,
        method: 'query',
        params: { path: 'system.state' },
      })),
    ];
    expect(resubscribe).toHaveLength(WS_MAX_CALLS_PER_FRAME);
    c.socket.send(JSON.stringify(resubscribe));
    for (const { id } of resubscribe) {
      await expect.poll(() => c.frames.some((f) => f.id === id && (f.result?.type === 'started' || f.result?.type === 'data'))).toBe(true);
    }
    // None of the 500 ran: no answer names one of them, and the socket held no subscription of theirs.
    expect(c.frames.filter((f) => typeof f.id === 'number' && f.id <= 500)).toEqual([]);
    expect(c.frames.filter((f) => f.error)).toHaveLength(1);
  });

  it('answers a frame nested 8,000 deep with a 400, logs no stack, runs nothing and keeps serving', async () => {
    const before = refusals(main, 'deepInput');
    const errors = vi.spyOn(console, 'error');
    try {
      const c = await connect(main);
      const deep = `${'['.repeat(8000)}${']'.repeat(8000)}`;
      c.socket.send(`{"id":1,"method":"subscription","params":{"path":"system.join","input":${deep}}}`);
      await expect.poll(() => c.frames.length).toBeGreaterThan(0);
      expect(c.frames[0]).toMatchObject({
        error: { message: messages.inputTooDeep(MAX_JSON_DEPTH), data: { httpStatus: 400, code: 'BAD_REQUEST' } },
      });
      expect(refusals(main, 'deepInput')).toBe(before + 1);
      // The same socket goes on: a subscription opens and sends its snapshot.
      await join(c, 2);
      expect(c.frames.filter((f) => f.id === 1)).toEqual([]);
      expect(c.frames.filter((f) => f.error)).toHaveLength(1);
      expect(errors).not.toHaveBeenCalled();
    } finally {
      errors.mockRestore();
    }
  });

  it('closes a socket that sends a message in more fragments than a client ever does, instead of holding them', async () => {
    const c = await connect(main);
    await join(c);
    // A message never finished: one-byte fragments, as the attack's 16,000 were.
    for (let i = 0; i < 100; i++) c.socket.send('x', { fin: false });
    const code = await Promise.race([c.closed, new Promise<string>((resolve) => setTimeout(() => resolve('still open'), 5000))]);
    expect(code).toBe(1008);
    await expect.poll(() => main.deps.sockets.openSockets).toBe(0);
  });
});

describe('the door', () => {
  it('turns a socket beyond WS_MAX_SOCKETS away with 1013, records it, and lets one in again once one closes', async () => {
    const before = refusals(capped, 'socketCap');
    const open = [await connect(capped), await connect(capped), await connect(capped)];
    for (const c of open) await join(c);
    const extra = await connect(capped);
    expect(await extra.closed).toBe(TOO_MANY_SOCKETS);
    expect(refusals(capped, 'socketCap')).toBe(before + 1);
    expect(capped.deps.sockets.openSockets).toBe(3);

    open[0]!.socket.close();
    await open[0]!.closed;
    await expect.poll(() => capped.deps.sockets.openSockets).toBe(2);
    const again = await connect(capped);
    await join(again);
    expect(again.socket.readyState).toBe(WebSocket.OPEN);
  });
});
