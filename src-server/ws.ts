/**
 * tRPC subscriptions over a websocket on the same HTTP server and port, path /trpc. The session
 * comes from the login cookie when the socket opens; browsers from other sites are turned away.
 *
 * Budgets, so one hostile phone on the hall's Wi-Fi cannot take the server's memory or time:
 * - at the door: at most WS_MAX_PER_ADDRESS sockets from one address (a whole hall behind one NAT
 *   shares one) and WS_MAX_SOCKETS in all; a socket beyond either closes with 1013;
 * - what a socket may send: frames of at most WS_MAX_PAYLOAD bytes, never split in more than
 *   WS_MAX_FRAGMENTS fragments nor trickled in more than WS_MAX_BUFFERED_CHUNKS pieces (ws closes
 *   such a socket with 1008/1009), at most WS_MAX_CALLS_PER_FRAME calls in one frame, nothing nested
 *   deeper than MAX_JSON_DEPTH (one error answer each, and nothing of the frame runs);
 * - what a socket is sent: a socket with more than WS_MAX_BUFFERED_BYTES waiting to go out is not
 *   reading, and is closed with SLOW_SOCKET (the client resumes from its last event id);
 * - liveness: a protocol ping with a random payload every WS_TIMEOUT_MS / 2, and a socket whose
 *   matching pong has not come back by the next one is terminated. Only a peer that reads can answer
 *   it; any text it sends (tRPC's own "PONG") no longer keeps a socket alive.
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { applyWSSHandler } from '@trpc/server/adapters/ws';
import { getErrorShape } from '@trpc/server/unstable-core-do-not-import';
import { type ServerOptions, WebSocket, WebSocketServer } from 'ws';
import { messages } from '../src/messages';
import { type AppDeps, createContext } from './context';
import { AppError, logRefusal } from './errors';
import { jsonTooDeep, MAX_JSON_DEPTH } from './json-depth';
import { type LiveSocketState, LiveSockets } from './live-socket';
import { originMatches, trustedClientIp } from './proxy';
import type { RefusalKind } from './refusals';
import { appRouter } from './router';
import { MAX_SUBSCRIPTIONS_PER_SOCKET } from './subscriptions';
import { sharedPayloadEncoder } from './ws-encoder';

/**
 * The largest frame a client may send. The app's client sends subscriptions only (queries and
 * mutations go over HTTP): a few hundred bytes each, a resubscription after a reconnect a few KB.
 */
export const WS_MAX_PAYLOAD = 32 * 1024;
/** The client never fragments a message (one frame each): a handful is already generous. */
export const WS_MAX_FRAGMENTS = 4;
/**
 * Pieces of an unfinished frame held while the rest arrives: an honest frame comes in one or a
 * few TCP segments; 64 covers WS_MAX_PAYLOAD in the smallest segments a network uses (536 bytes).
 */
export const WS_MAX_BUFFERED_CHUNKS = 64;
/**
 * Calls in one frame: the client sends all of a socket's subscriptions in one frame when it
 * reconnects (and whatever was asked in the same tick together), so the cap on subscriptions and a
 * margin.
 */
export const WS_MAX_CALLS_PER_FRAME = MAX_SUBSCRIPTIONS_PER_SOCKET + 2;
/**
 * After the server closes a socket, how long its close frame may take to be flushed and answered
 * before the socket is destroyed (ws's closeTimeout): a peer that does not read never takes it.
 */
export const WS_CLOSE_GRACE_MS = 2000;

/** Close code for a socket over the per-address or global cap: "try again later". */
export const TOO_MANY_SOCKETS = 1013;
/**
 * Close code for a socket dropped for not reading what it was sent. tRPC's client reconnects after
 * any close and resends its subscriptions with the last event id it had, so the screen resumes with
 * nothing missed; the app treats it as any unplanned reconnect (only 4001 means more).
 */
export const SLOW_SOCKET = 4002;

const header = (req: IncomingMessage, name: string) => {
  const value = req.headers[name];
  return Array.isArray(value) ? value.join(',') : value;
};

function originAllowed(req: IncomingMessage, publicUrl: string | null, trustProxy: boolean): boolean {
  const origin = req.headers.origin;
  if (!origin) return true; // not a browser
  const site = {
    protocol: 'http:',
    host: req.headers.host,
    forwardedProto: header(req, 'x-forwarded-proto'),
    forwardedHost: header(req, 'x-forwarded-host'),
  };
  return originMatches(origin, site, trustProxy, publicUrl);
}

function remoteIp(req: IncomingMessage, trustProxy: boolean): string {
  return trustedClientIp(header(req, 'x-forwarded-for'), req.socket.remoteAddress, trustProxy);
}

/** A refusal answered on the socket in tRPC's error shape (id null: it is about the frame, not a call). */
function frameRefusal(message: string, ip: string): string {
  const error = new AppError('BAD_REQUEST', message);
  // The app's error formatter gives the shape every other refusal has (httpStatus 400) and logs it
  // as one line, rate-limited, without a stack; the "path" it names there is the socket's address
  // (no procedure was called), and it keeps no path in the answer.
  const shape = getErrorShape({
    config: appRouter._def._config,
    error,
    type: 'unknown',
    path: `ws ${ip}`,
    input: undefined,
    ctx: undefined,
  });
  return JSON.stringify({ id: null, error: shape });
}

/** The close code ws sends for a frame error it raises, for the log line (ws keeps its own private). */
const WS_ERROR_STATUS: Record<string, number> = {
  WS_ERR_UNSUPPORTED_MESSAGE_LENGTH: 1009,
  WS_ERR_TOO_MANY_BUFFERED_PARTS: 1008,
  WS_ERR_INVALID_UTF8: 1007,
};

/** Calls in a frame's text: an array is a batch; anything else is one call (or tRPC's parse error). */
function callsIn(text: string): number {
  let i = 0;
  while (i < text.length && (text[i] === ' ' || text[i] === '\n' || text[i] === '\r' || text[i] === '\t')) i++;
  if (text[i] !== '[') return 1;
  try {
    const parsed: unknown = JSON.parse(text); // not too deep: checked first
    return Array.isArray(parsed) ? parsed.length : 1;
  } catch {
    return 1;
  }
}

/**
 * Puts one admitted socket under its budgets before tRPC sees it: what it is sent, whether it
 * still answers, what it sends. Everything is released when it closes (`release`).
 */
function guardSocket(
  ws: WebSocket,
  ip: string,
  deps: AppDeps,
  live: LiveSockets,
  state: LiveSocketState,
  handOver: () => void,
  release: () => void,
): void {
  const { config, refusals } = deps;
  let dropped = false;

  const refuse = (kind: RefusalKind, status: number, why: string) => {
    refusals.record(kind, ip);
    logRefusal(status, kind, why, `ws ${ip}`);
  };

  // What it is sent. Every answer, live message and "PONG" of tRPC leaves through ws.send, so this
  // wrapper sees each one before it is queued: a socket already holding more than the bound unsent
  // is not reading. It is closed (the close frame goes behind what is queued; ws destroys the socket
  // WS_CLOSE_GRACE_MS later if that cannot be flushed, freeing the queue) and sent nothing more.
  const send = ws.send;
  ws.send = function boundedSend(this: WebSocket, ...args: Parameters<WebSocket['send']>) {
    if (dropped) return;
    if (ws.bufferedAmount > config.wsMaxBufferedBytes) {
      dropped = true;
      refuse('slowSocket', SLOW_SOCKET, `${ws.bufferedAmount} bytes unsent (WS_MAX_BUFFERED_BYTES); closed`);
      ws.close(SLOW_SOCKET, 'not reading');
      return;
    }
    send.apply(ws, args);
  } as WebSocket['send'];

  // Whether it still answers: a protocol ping with a payload of its own, every half of the window;
  // the pong must carry the same payload (an unsolicited or stale pong counts for nothing), else the
  // socket is terminated at the next beat. One timer per socket, refreshed rather than remade.
  let awaiting: Buffer | null = null;
  const beat = setTimeout(
    () => {
      if (dropped) return; // going already
      if (awaiting) {
        dropped = true;
        refuse('slowSocket', SLOW_SOCKET, `no pong within ${config.wsTimeoutMs} ms (WS_TIMEOUT_MS); terminated`);
        ws.terminate();
        return;
      }
      awaiting = randomBytes(8);
      ws.ping(awaiting);
      beat.refresh();
    },
    Math.max(1, Math.floor(config.wsTimeoutMs / 2)),
  );
  ws.on('pong', (payload: Buffer) => {
    if (awaiting?.equals(payload)) awaiting = null;
  });

  // What it sends. tRPC reads frames in its own 'message' listener; the frame is screened here
  // first by standing in for this socket's emit: a 'message' that fails the screen is answered with
  // one refusal and never emitted, so no listener (tRPC's or another) sees it and none of its calls
  // run. Every other event passes through untouched. The client's text PING (its heartbeat and
  // keep-alive, answered by tRPC) passes at once.
  const emit = ws.emit;
  // A frame that passes has its `system.join` calls taken by the live path (`live-socket.ts`); tRPC
  // gets the rest, if any, and is handed the socket then (`handOver`): a screen that only follows
  // the show never costs tRPC's handler anything. Until then the client's text PING is answered here.
  ws.emit = function screenedEmit(this: WebSocket, event: string | symbol, ...args: unknown[]): boolean {
    if (event === 'message') {
      const data = args[0];
      if (!admitFrame(data)) return false;
      if (Buffer.isBuffer(data) && data.length === 4 && !state.handedOver) {
        const text = data.toString();
        if (text === 'PING') ws.send('PONG');
        if (text === 'PING' || text === 'PONG') return true;
      }
      if (Buffer.isBuffer(data) && data.length !== 4) {
        const rest = live.take(state, data);
        if (rest === null) return true;
        args[0] = rest;
      }
      handOver();
    }
    return emit.call(this, event, ...args);
  } as WebSocket['emit'];

  function admitFrame(data: unknown): boolean {
    if (!Buffer.isBuffer(data)) return true; // not what ws gives here: tRPC answers it with an error
    if (data.length === 4) return true; // "PING" / "PONG", or too short to nest or batch
    const text = data.toString('utf8');
    if (jsonTooDeep(text)) {
      refusals.record('deepInput', ip);
      ws.send(frameRefusal(messages.inputTooDeep(MAX_JSON_DEPTH), ip));
      return false;
    }
    if (callsIn(text) > WS_MAX_CALLS_PER_FRAME) {
      refusals.record('batch', ip);
      ws.send(frameRefusal(messages.batchTooLarge(WS_MAX_CALLS_PER_FRAME), ip));
      return false;
    }
    return true;
  }

  // A frame over a budget (too large, too many fragments or pieces) or a protocol error: ws closes
  // the socket itself (1009, 1008, 1007, 1002); one line says why.
  ws.on('error', (error: Error & { code?: string }) => {
    logRefusal(WS_ERROR_STATUS[error.code ?? ''] ?? 1002, error.code ?? 'WS_ERROR', error.message, `ws ${ip}`);
  });

  ws.once('close', () => {
    dropped = true;
    clearTimeout(beat);
    live.closed(state);
    release();
  });
}

export function attachWebSocket(server: Server, deps: AppDeps): { liveJoins(): number; close(): Promise<void> } {
  // closeTimeout is ws 8.23's, not yet in @types/ws 8.18: see WS_CLOSE_GRACE_MS.
  const options: ServerOptions & { closeTimeout: number } = {
    noServer: true,
    maxPayload: WS_MAX_PAYLOAD,
    maxFragments: WS_MAX_FRAGMENTS,
    maxBufferedChunks: WS_MAX_BUFFERED_CHUNKS,
    closeTimeout: WS_CLOSE_GRACE_MS,
  };
  const wss = new WebSocketServer(options);
  const states = new WeakMap<WebSocket, LiveSocketState>();
  const live = new LiveSockets(deps.hub, deps.refusals);
  const handler = applyWSSHandler({
    wss,
    router: appRouter,
    experimental_encoder: sharedPayloadEncoder,
    // tRPC's keep-alive is off: it sends the text PING and counts any message at all as an answer,
    // so a peer that never reads stays alive by sending text. Liveness is guardSocket's protocol
    // ping. tRPC still answers the client's own text PING with PONG (its keep-alive, the heartbeat).
    keepAlive: { enabled: false },
    // The socket's context is read once when it opens (`openSocket`); tRPC's calls and the live
    // path share it.
    createContext: ({ res }) => {
      const state = states.get(res);
      if (!state) throw new Error('a socket opened without its state');
      return state.context;
    },
  });

  /** The session behind a new socket, read once; the socket is registered under it while open. */
  const readContext = async (ws: WebSocket, cookie: string | undefined, ip: string, state: { subscriptions: number }) => {
    const ctx = await createContext(deps, { cookie, ip, secure: false, resHeaders: null });
    // The socket may have gone while the session was read: its 'close' has been emitted already,
    // and registering it now would keep it in the registry for good.
    if (ws.readyState !== WebSocket.CLOSED) {
      const forget = deps.sockets.add(ws, ctx.sessionId, ctx.user);
      ws.once('close', forget);
    }
    return { ...ctx, socket: state };
  };

  /** A socket past the upgrade: admitted under the caps, guarded, and its context read. */
  const accept = (ws: WebSocket, ip: string, cookie: string | undefined, request: IncomingMessage) => {
    // The caps are read at each upgrade (a test may lower them on a running server).
    const { wsMaxPerAddress, wsMaxSockets } = deps.config;
    const refused = deps.sockets.admit(ip, wsMaxPerAddress, wsMaxSockets);
    if (refused) {
      deps.refusals.record('socketCap', ip);
      const why =
        refused === 'address'
          ? `${deps.sockets.openFrom(ip)} websockets open from this address already (WS_MAX_PER_ADDRESS); closing a new one`
          : `${deps.sockets.openSockets} websockets open already (WS_MAX_SOCKETS); closing a new one`;
      logRefusal(TOO_MANY_SOCKETS, 'socketCap', why, `ws ${ip}`);
      ws.close(TOO_MANY_SOCKETS, 'too many connections');
      return;
    }
    const state = { ws, joins: new Map(), subscriptions: 0, handedOver: false } as Omit<LiveSocketState, 'context'> as LiveSocketState;
    // The context's `socket` is this state: one count for the cap, whichever path holds the subscription.
    state.context = readContext(ws, cookie, ip, state);
    states.set(ws, state);
    const handOver = () => {
      if (state.handedOver) return;
      state.handedOver = true;
      wss.emit('connection', ws, request);
    };
    // tRPC answers a context that cannot be read, and closes the socket.
    state.context.catch(handOver);
    guardSocket(ws, ip, deps, live, state, handOver, () => deps.sockets.leave(ip));
  };

  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const pathname = (req.url ?? '').split('?')[0];
    if (pathname !== '/trpc') return; // not ours
    if (!originAllowed(req, deps.config.publicUrl, deps.config.trustProxy)) {
      socket.write('HTTP/1.1 403 Forbidden\r\nConnection: close\r\n\r\n');
      socket.destroy();
      return;
    }
    const ip = remoteIp(req, deps.config.trustProxy);
    const cookie = req.headers.cookie;
    // What tRPC reads of the upgrade request (the URL, for its connection parameters). The callback
    // below and the closures it makes live as long as the socket, so they name only these, never
    // `req`, `socket` or `head`: those would stay in memory with every socket.
    const request = { url: req.url, headers: { host: req.headers.host } } as IncomingMessage;
    wss.handleUpgrade(req, socket, head, (ws) => accept(ws, ip, cookie, request));
  };

  server.on('upgrade', onUpgrade);

  return {
    liveJoins: () => live.joined,
    close: () =>
      new Promise<void>((resolve) => {
        server.off('upgrade', onUpgrade);
        handler.broadcastReconnectNotification();
        live.close();
        deps.sockets.closeAll();
        for (const client of wss.clients) client.terminate();
        wss.close(() => resolve());
      }),
  };
}
