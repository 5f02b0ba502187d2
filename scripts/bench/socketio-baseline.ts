/**
 * Second baseline for the fan-out figures of live.ts: what a team that picked socket.io would write,
 * persist-then-emit. `POST /broadcast?version=V&round=R` stores the state message (the app's own
 * bytes recorded in the same run, with version V) in an embedded PGlite on disk, then emits it to
 * every socket (`io.emit`, which encodes the packet once), and answers after the emit. Each new
 * socket is sent one message of the app's snapshot size. Started by live.ts in its own process:
 *
 *   node --expose-gc --import tsx --import …/gc-preload.mjs scripts/bench/socketio-baseline.ts <snapshot-bytes> <templates.json> <data-dir>
 *
 * Prints `listening http://127.0.0.1:<port>` once it listens; sockets connect to
 * /socket.io/?EIO=4&transport=websocket.
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { PGlite } from '@electric-sql/pglite';
import { Server } from 'socket.io';
import { findSystem, withVersion } from './live-lib';

const snapshotBytes = Number(process.argv[2]);
const templateFile = process.argv[3];
const dataDir = process.argv[4];
if (!(snapshotBytes > 0) || !templateFile || !dataDir)
  throw new Error('usage: socketio-baseline.ts <snapshot-bytes> <templates.json> <data-dir>');
const templates: unknown[] = (JSON.parse(readFileSync(templateFile, 'utf8')) as string[]).map((t) => JSON.parse(t));
if (!templates.every(findSystem)) throw new Error('a template is not a state message');

const db = await PGlite.create(dataDir);
await db.exec('create table if not exists changes (id bigserial primary key, body jsonb not null)');
const snapshot = 'x'.repeat(snapshotBytes);

const server = http.createServer(async (req, res) => {
  const url = new URL(req.url ?? '/', 'http://x');
  if (req.method !== 'POST' || url.pathname !== '/broadcast') return;
  req.resume();
  const version = Number(url.searchParams.get('version'));
  const template = templates[Number(url.searchParams.get('round')) % templates.length];
  withVersion(template, version);
  await db.query('insert into changes (body) values ($1)', [JSON.stringify(template)]);
  io.emit('state', template);
  res.writeHead(200, { 'content-type': 'text/plain' }).end(String(io.engine.clientsCount));
});

const io = new Server(server, { transports: ['websocket'], serveClient: false, perMessageDeflate: false, maxHttpBufferSize: 64 * 1024 });
io.on('connection', (socket) => socket.emit('snapshot', snapshot));

server.listen(0, '127.0.0.1', () => {
  console.log(`listening http://127.0.0.1:${(server.address() as AddressInfo).port}`);
});
