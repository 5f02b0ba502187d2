/**
 * The `system.join` subscriptions of this instance's websockets, served beside tRPC's handler: every
 * screen holds one, and a change reaches thousands of them at once. tRPC would run one async loop
 * per subscription and build each frame apart; here each change's frames are built once per kind
 * of viewer and written to every socket of that kind in one pass, in tRPC's own wire format
 * (`started`, then `data` with the tracked id, `stopped` on stop), so `@trpc/client`, its types and
 * its resume by last event id see no difference. Every other call on the socket goes to tRPC.
 *
 * What a screen is sent first is the procedure's (`features/live/join.ts`); the socket's budgets
 * hold here too: its subscriptions count against MAX_SUBSCRIPTIONS_PER_SOCKET, and every frame
 * leaves through the socket's bounded `send` (`ws.ts`), so a socket too far behind is dropped and
 * resumes from its last event id.
 */
import { getErrorShape } from '@trpc/server/unstable-core-do-not-import';
import type { WebSocket } from 'ws';
import type { LiveMessage } from '../src/live';
import { messages } from '../src/messages';
import type { Context } from './context';
import { AppError } from './errors';
import type { Delivery } from './features/live/fanout';
import type { LiveHub } from './features/live/hub';
import { changeMessages, joinMessages, liveMessageFor, snapshotMessages, type TrackedMessage, ZJoinInput } from './features/live/join';
import { audienceOf, type Viewer, viewerKey } from './features/live/picture';
import { viewerOf } from './features/live/router';
import type { RefusalLog } from './refusals';
import { appRouter } from './router';
import { MAX_SUBSCRIPTIONS_PER_SOCKET } from './subscriptions';
import { serialisedOnce } from './ws-encoder';

type RequestId = string | number;

/** One socket as the live path knows it: its session's context once read, and its joins. */
export interface LiveSocketState {
  readonly ws: WebSocket;
  /** The socket's context, read once when it opened (tRPC's calls share it). */
  context: Promise<Context>;
  /** Whether tRPC's handler has been given this socket (at its first call that is not a join). */
  handedOver: boolean;
  /** Subscriptions this socket holds, tRPC's and these (the cap counts both). */
  subscriptions: number;
  readonly joins: Map<RequestId, Join>;
}

interface Join {
  readonly socket: LiveSocketState;
  readonly id: RequestId;
  /** The frame's start, `{"id":…` with `"jsonrpc"` when the call had it. */
  readonly head: string;
  /** The last change this screen has (every message of it). */
  lastId: number;
  /** Its kind of viewer, once its context is read and it is live. */
  group: Group | null;
}

/** Screens that see the same messages (`viewerKey`). */
interface Group {
  readonly key: string;
  readonly viewer: Viewer;
  readonly staff: boolean;
  readonly joins: Set<Join>;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Bun's `ws` takes frames as text; Node's `ws` writes a Buffer shared by every socket without
 * converting it again for each.
 */
const SHARED_BUFFERS = !('bun' in process.versions);

/** A message's frames for one delivery, by frame start and tracked id: built once, sent to many. */
class Frames {
  private readonly built = new Map<LiveMessage, Map<string, Buffer | string>>();

  frame(head: string, id: string, message: LiveMessage): Buffer | string {
    let byStart = this.built.get(message);
    if (!byStart) {
      byStart = new Map();
      this.built.set(message, byStart);
    }
    const key = `${id}|${head}`;
    let frame = byStart.get(key);
    if (frame === undefined) {
      const tracked = JSON.stringify(id);
      const text = `${head},"result":{"type":"data","id":${tracked},"data":{"id":${tracked},"data":${serialisedOnce(message)}}}}`;
      frame = SHARED_BUFFERS ? Buffer.from(text) : text;
      byStart.set(key, frame);
    }
    return frame;
  }
}

export class LiveSockets {
  private readonly groups = new Map<string, Group>();

  constructor(
    private readonly hub: Pick<LiveHub, 'live' | 'change' | 'changesSince' | 'subscribe' | 'unsubscribe'>,
    private readonly refusals: RefusalLog,
  ) {
    hub.subscribe(this.deliver);
  }

  /** Screens live on this path, for tests and the benchmarks. */
  get joined(): number {
    let count = 0;
    for (const group of this.groups.values()) count += group.joins.size;
    return count;
  }

  /**
   * Takes the `system.join` calls (and their stops) out of a frame the socket sent: what is left is
   * tRPC's, returned as a frame, or null when nothing is.
   */
  take(socket: LiveSocketState, data: Buffer): Buffer | null {
    if (!data.includes('system.join') && !(socket.joins.size && data.includes('subscription.stop'))) return data;
    let parsed: unknown;
    try {
      parsed = JSON.parse(data.toString('utf8'));
    } catch {
      return data; // tRPC answers what it cannot read
    }
    const calls = Array.isArray(parsed) ? parsed : [parsed];
    const rest = calls.filter((call) => !this.handle(socket, call));
    if (rest.length === calls.length) return data;
    if (!rest.length) return null;
    return Buffer.from(JSON.stringify(Array.isArray(parsed) ? rest : rest[0]));
  }

  /** Ends every join of a socket that closed. */
  closed(socket: LiveSocketState): void {
    for (const join of socket.joins.values()) this.end(join);
    socket.joins.clear();
  }

  /** Stops following the hub (the server is closing). */
  close(): void {
    this.hub.unsubscribe(this.deliver);
  }

  /** One call: true when it is a join (or a join's stop) and handled here. */
  private handle(socket: LiveSocketState, call: unknown): boolean {
    if (!isObject(call)) return false;
    const { id, jsonrpc, method, params } = call;
    if (jsonrpc !== undefined && jsonrpc !== '2.0') return false;
    if (typeof id !== 'string' && (typeof id !== 'number' || !Number.isFinite(id))) return false;
    if (method === 'subscription.stop') {
      const join = socket.joins.get(id);
      if (!join) return false; // one of tRPC's
      socket.joins.delete(id);
      this.end(join);
      this.send(socket.ws, `${join.head},"result":{"type":"stopped"}}`);
      return true;
    }
    if (method !== 'subscription' || !isObject(params) || params.path !== 'system.join' || socket.joins.has(id)) return false;
    const { lastEventId } = params;
    let input = params.input;
    if (lastEventId !== undefined) {
      if (typeof lastEventId !== 'string') return false;
      input = isObject(input) ? { ...input, lastEventId } : (input ?? { lastEventId });
    }
    // Input the procedure would refuse goes to tRPC, which answers it exactly as it always has.
    const parsed = ZJoinInput.safeParse(input);
    if (!parsed.success) return false;
    const head = `{"id":${JSON.stringify(id)}${jsonrpc === undefined ? '' : ',"jsonrpc":"2.0"'}`;
    const join: Join = { socket, id, head, lastId: 0, group: null };
    socket.joins.set(id, join);
    socket.context.then(
      (ctx) => this.start(join, ctx, parsed.data?.lastEventId),
      () => socket.joins.delete(id), // tRPC answers and closes the socket
    );
    return true;
  }

  /** Sends a join what it starts with and makes it live, in one tick. */
  private start(join: Join, ctx: Context, lastEventId: string | null | undefined): void {
    const { socket } = join;
    if (socket.joins.get(join.id) !== join || socket.ws.readyState !== socket.ws.OPEN) return;
    if (socket.subscriptions >= MAX_SUBSCRIPTIONS_PER_SOCKET) {
      socket.joins.delete(join.id);
      this.refusals.record('batch', ctx.ip);
      const error = new AppError('TOO_MANY_REQUESTS', messages.tooManySubscriptions);
      const shape = getErrorShape({
        config: appRouter._def._config,
        error,
        type: 'subscription',
        path: 'system.join',
        input: undefined,
        ctx,
      });
      this.send(socket.ws, `${join.head},"error":${JSON.stringify(shape)}}`);
      return;
    }
    socket.subscriptions++;
    const viewer = viewerOf(ctx);
    const key = viewerKey(viewer);
    const joined = joinMessages(this.hub, viewer, key, lastEventId);
    this.send(socket.ws, `${join.head},"result":{"type":"started"}}`);
    const frames = new Frames();
    for (const [id, message] of joined.messages) this.send(socket.ws, frames.frame(join.head, id, message));
    join.lastId = joined.lastId;
    let group = this.groups.get(key);
    if (!group) {
      group = { key, viewer, staff: audienceOf(viewer) === 'staff', joins: new Set() };
      this.groups.set(key, group);
    }
    group.joins.add(join);
    join.group = group;
  }

  private end(join: Join): void {
    const group = join.group;
    if (!group) return;
    join.group = null;
    join.socket.subscriptions--;
    group.joins.delete(join);
    if (!group.joins.size) this.groups.delete(group.key);
  }

  private send(ws: WebSocket, frame: Buffer | string): void {
    if (ws.readyState !== ws.OPEN) return;
    if (typeof frame === 'string') ws.send(frame);
    else ws.send(frame, { binary: false });
  }

  /** One change (or live-only message, or "start over") to every live join, group by group. */
  private readonly deliver = (delivery: Delivery): void => {
    for (const group of this.groups.values()) {
      const frames = new Frames();
      if (delivery.kind === 'change') {
        const { entry } = delivery;
        let tracked: TrackedMessage[] | null = null;
        for (const join of group.joins) {
          if (entry.id <= join.lastId) continue;
          join.lastId = entry.id;
          tracked ??= changeMessages(entry, group.viewer, group.key);
          for (const [id, message] of tracked) this.send(join.socket.ws, frames.frame(join.head, id, message));
        }
      } else if (delivery.kind === 'live') {
        if (!liveMessageFor(delivery.message, group.staff)) continue;
        // Never stored: it carries the last change's id.
        for (const join of group.joins) this.send(join.socket.ws, frames.frame(join.head, String(join.lastId), delivery.message));
      } else {
        const tracked = snapshotMessages(this.hub, group.viewer);
        for (const join of group.joins) {
          join.lastId = this.hub.live.eventId;
          for (const [id, message] of tracked) this.send(join.socket.ws, frames.frame(join.head, id, message));
        }
      }
    }
  };
}
