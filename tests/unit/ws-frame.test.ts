// A frame built once (src-server/ws-frame.ts), written to real `ws` sockets on loopback: what a
// client receives must be exactly the text, in order with what ws.send sends on the same socket.
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { SharedFrame, writeShared } from '../../src-server/ws-frame';

let server: http.Server;
let wss: WebSocketServer;
let url: string;

beforeAll(async () => {
  server = http.createServer();
  wss = new WebSocketServer({ server });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  for (const client of wss.clients) client.terminate();
  await new Promise<void>((resolve) => wss.close(() => server.close(() => resolve())));
});

/** A client and the server's side of it; `received` collects the client's text messages. */
async function pair(): Promise<{ client: WebSocket; side: WebSocket; received: string[] }> {
  const sides = once(wss, 'connection') as Promise<[WebSocket]>;
  const client = new WebSocket(url);
  const received: string[] = [];
  client.on('message', (data, binary) => {
    expect(binary).toBe(false);
    received.push(data.toString());
  });
  await once(client, 'open');
  const [side] = await sides;
  return { client, side, received };
}

async function until(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 5));
}

describe('a frame built once', () => {
  // Each length class of the header (7 bits, 16 bits, 64 bits) and its edges, with Vietnamese
  // text so bytes and characters differ.
  const lengths = [0, 1, 125, 126, 127, 65535, 65536, 200_000];
  const texts = lengths.map((bytes) => {
    const unit = 'Đội Hồng ';
    const base = unit.repeat(Math.ceil(bytes / Buffer.byteLength(unit)) + 1);
    let text = base;
    while (Buffer.byteLength(text) > bytes) text = text.slice(0, -1);
    return text.padEnd(text.length + (bytes - Buffer.byteLength(text)), 'x');
  });

  it('reaches a client as the same text, at every header length', async () => {
    expect(texts.map((text) => Buffer.byteLength(text))).toEqual(lengths);
    const { client, side, received } = await pair();
    for (const text of texts) writeShared(side, new SharedFrame(text));
    await until(() => received.length === texts.length);
    expect(received).toEqual(texts);
    client.close();
  });

  it('keeps its place among what ws.send sends on the same socket, and one frame serves many', async () => {
    const a = await pair();
    const b = await pair();
    const shared = new SharedFrame('{"id":1,"result":{"type":"data","data":"Còn lại 3/100"}}');
    for (const { side } of [a, b]) {
      side.send('trước');
      writeShared(side, shared);
      side.send('sau');
      writeShared(side, shared);
    }
    await until(() => a.received.length === 4 && b.received.length === 4);
    for (const { received } of [a, b]) expect(received).toEqual(['trước', shared.payload.toString(), 'sau', shared.payload.toString()]);
    a.client.close();
    b.client.close();
  });

  it('counts in the socket\u2019s bufferedAmount while unsent, which the socket\u2019s bound reads', async () => {
    const { client, side } = await pair();
    client.pause(); // the client stops reading: what is written stays in the server's buffers
    const big = new SharedFrame('x'.repeat(1 << 20));
    for (let i = 0; i < 32; i++) writeShared(side, big);
    expect(side.bufferedAmount).toBeGreaterThan(1 << 20);
    client.terminate();
  });
});
