/**
 * A text message framed once for every socket it goes to. `ws.send` frames each message again per
 * socket: a new header, and two writes corked into one `writev`. The live path sends the same
 * message to a thousand screens at once, so here the whole websocket frame (RFC 6455 §5.2: a final
 * text frame, unmasked as a server's are, no extension) is built once and each socket gets one
 * plain write of the same bytes.
 *
 * The write goes straight to the socket only while ws's sender is idle, which is always so on this
 * server: it has no permessage-deflate (the server's default) and never sends a Blob or a fragment,
 * the only things ws queues behind. Otherwise, or where ws's insides are not what this expects
 * (another version of it, Bun's), the payload goes through `ws.send` as before. Either way the bytes
 * count in `ws.bufferedAmount`, so the socket's bound (`ws.ts`) sees them.
 */
import type { Writable } from 'node:stream';
import type { WebSocket } from 'ws';

const FIN_TEXT = 0x81;

export class SharedFrame {
  /** The frame as it goes on the wire: header, then the payload. */
  readonly framed: Buffer;
  /** The message's own bytes (a view into `framed`). */
  readonly payload: Buffer;

  constructor(text: string) {
    const length = Buffer.byteLength(text);
    const header = length < 126 ? 2 : length < 65536 ? 4 : 10;
    const framed = Buffer.allocUnsafe(header + length);
    framed[0] = FIN_TEXT;
    if (length < 126) framed[1] = length;
    else if (length < 65536) {
      framed[1] = 126;
      framed.writeUInt16BE(length, 2);
    } else {
      framed[1] = 127;
      framed.writeBigUInt64BE(BigInt(length), 2);
    }
    framed.write(text, header, 'utf8');
    this.framed = framed;
    this.payload = framed.subarray(header);
  }
}

/** What of ws's own state this reads: its socket, and whether its sender holds anything back. */
interface WsInsides {
  _socket?: Writable | null;
  _sender?: { _state?: unknown; _queue?: unknown[]; _firstFragment?: unknown } | null;
}

/** The socket to write a whole frame to now, or null when ws must send it. */
function idleSocket(ws: WebSocket): Writable | null {
  const { _socket: socket, _sender: sender } = ws as unknown as WsInsides;
  if (!socket || !sender || typeof socket.write !== 'function') return null;
  // DEFAULT is 0 in ws 8's sender; anything else means a deflate or a Blob is in progress.
  if (sender._state !== 0 || !Array.isArray(sender._queue) || sender._queue.length || sender._firstFragment !== true) return null;
  return socket;
}

/** Sends a shared frame to an open socket: one write of the frame's bytes, or `ws.send`. */
export function writeShared(ws: WebSocket, frame: SharedFrame): void {
  const socket = idleSocket(ws);
  if (socket) socket.write(frame.framed);
  else ws.send(frame.payload, { binary: false });
}
