/**
 * Baseline for the websocket figures of live.ts (fan-out, opening, memory): a bare `ws` server with
 * none of the app's work. Each socket's first message (the subscription) is answered with one
 * message of the app's snapshot size; `POST /broadcast?version=V&round=R` sends one state message —
 * the app's own bytes recorded in the same run, with version V — serialised once and sent to every
 * socket, and answers after the sends. Started by live.ts in its own process:
 *
 *   node --expose-gc --import tsx --import …/gc-preload.mjs scripts/bench/bare-ws.ts <snapshot-bytes> <templates.json>
 *
 * templates.json is a JSON array of raw state messages (round R uses template R mod length).
 * Prints `listening http://127.0.0.1:<port>` once it listens; sockets connect to /trpc.
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer } from 'ws';
import { findSystem, withVersion } from './live-lib';

const snapshotBytes = Number(process.argv[2]);
const templateFile = process.argv[3];
if (!(snapshotBytes > 0)) throw new Error('usage: bare-ws.ts <snapshot-bytes> [templates.json]');
const templates: unknown[] = templateFile ? (JSON.parse(readFileSync(templateFile, 'utf8')) as string[]).map((t) => JSON.parse(t)) : [];
if (!templates.every(findSystem)) throw new Error('a template is not a state message');

// One message of exactly `snapshotBytes` bytes; it names neither `state` nor `teams`.
const head = '{"id":1,"result":{"type":"data","data":"';
const tail = '"}}';
const snapshot = Buffer.from(head + 'x'.repeat(Math.max(0, snapshotBytes - head.length - tail.length)) + tail);

const server = http.createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://x');
  if (req.method !== 'POST' || url.pathname !== '/broadcast' || !templates.length) {
    res.writeHead(404).end();
    return;
  }
  req.resume();
  const version = Number(url.searchParams.get('version'));
  const template = templates[Number(url.searchParams.get('round')) % templates.length];
  withVersion(template, version);
  const message = Buffer.from(JSON.stringify(template));
  for (const client of wss.clients) client.send(message, { binary: false });
  res.writeHead(200, { 'content-type': 'text/plain' }).end(String(wss.clients.size));
});

const wss = new WebSocketServer({ server, path: '/trpc', maxPayload: 64 * 1024 });
wss.on('connection', (socket) => socket.once('message', () => socket.send(snapshot, { binary: false })));

server.listen(0, '127.0.0.1', () => {
  console.log(`listening http://127.0.0.1:${(server.address() as AddressInfo).port}`);
});
