/**
 * What a screen's socket keeps on the server while it stays open: not the HTTP request it was
 * upgraded from (its headers, cookie and buffers), which a hall of a few thousand screens would
 * otherwise hold for the whole night. Counted on the live heap with `v8.queryObjects`.
 */
import { IncomingMessage } from 'node:http';
import v8 from 'node:v8';
import { afterAll, beforeAll, expect, it } from 'vitest';
import WebSocket from 'ws';
import { type RunningServer, startServer } from '../../src-server/server';
import { serverConfig } from '../helpers/test-app';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db';

const SCREENS = 100;

let database: TestDatabase;
let server: RunningServer;
const sockets: WebSocket[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  server = await startServer({ ...serverConfig(), wsMaxPerAddress: SCREENS + 10 }, { database: database.handle, log: () => {} });
});

afterAll(async () => {
  for (const socket of sockets) socket.terminate();
  await server?.close();
  await database?.drop();
});

/** A screen following the show, once it has its first picture. */
async function openScreen(): Promise<void> {
  const socket = new WebSocket(`ws://127.0.0.1:${server.port}/trpc`, { headers: { cookie: 'hoithi_session=khong-co' } });
  sockets.push(socket);
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  const first = new Promise((resolve) => socket.once('message', resolve));
  socket.send(JSON.stringify({ id: 1, method: 'subscription', params: { path: 'system.join', input: {} } }));
  await first;
}

it('keeps no upgrade request per open screen', async () => {
  const before = v8.queryObjects(IncomingMessage, { format: 'count' }) as number;
  for (let i = 0; i < SCREENS; i++) await openScreen();
  expect(server.liveJoins()).toBe(SCREENS);
  const after = v8.queryObjects(IncomingMessage, { format: 'count' }) as number;
  expect(after - before).toBeLessThan(SCREENS / 10);
});
