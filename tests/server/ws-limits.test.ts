/**
 * Websocket caps: at most WS_MAX_PER_ADDRESS open sockets from one (trusted) address, and at most
 * 20 subscriptions on one socket; anything beyond gets a clean close code or error, and a log line.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { type RunningServer, startServer } from '../../src-server/server';
import { MAX_SUBSCRIPTIONS_PER_SOCKET } from '../../src-server/subscriptions';
import { TOO_MANY_SOCKETS } from '../../src-server/ws';
import { serverConfig } from '../helpers/test-app';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db';

let database: TestDatabase;
let server: RunningServer;
const sockets: WebSocket[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  const config = serverConfig({ wsMaxPerAddress: 5 });
  server = await startServer(config, { database: database.handle, log: () => {} });
});

afterAll(async () => {
  for (const socket of sockets) socket.terminate();
  await server.close();
  await database.drop();
});

/**
 * Whether the server keeps a new socket: tRPC's websocket server answers "PING" with "PONG" on a
 * socket it serves, and closes one beyond the cap. The answer or the close, whichever comes first.
 */
async function accepted(): Promise<boolean> {
  const { socket, closed } = await connect();
  const pong = new Promise<boolean>((resolve) => socket.on('message', (data) => String(data) === 'PONG' && resolve(true)));
  socket.send('PING');
  const kept = await Promise.race([pong, closed.then(() => false)]);
  socket.close();
  return kept;
}

function connect(): Promise<{ socket: WebSocket; messages: string[]; closed: Promise<number> }> {
  const socket = new WebSocket(`ws://127.0.0.1:${server.port}/trpc`);
  sockets.push(socket);
  const messages: string[] = [];
  socket.on('message', (data) => messages.push(String(data)));
  const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve({ socket, messages, closed }));
    socket.once('error', reject);
  });
}

describe('websocket caps', () => {
  it('closes a socket beyond WS_MAX_PER_ADDRESS from one address with 1013, and accepts again once one closes', async () => {
    const open = [];
    for (let i = 0; i < 5; i++) open.push(await connect());
    const extra = await connect();
    expect(await extra.closed).toBe(TOO_MANY_SOCKETS);
    open[0]!.socket.close();
    await open[0]!.closed;
    await expect.poll(accepted).toBe(true);
    for (const { socket } of open) socket.close();
  });

  it('refuses one subscription past the cap on one socket with a 429 error and keeps the ones before it', async () => {
    for (const socket of sockets) socket.terminate();
    // The server has counted those sockets out once it keeps a new one.
    await expect.poll(accepted).toBe(true);
    const { socket, messages } = await connect();
    for (let id = 1; id <= MAX_SUBSCRIPTIONS_PER_SOCKET + 1; id++) {
      socket.send(JSON.stringify({ id, method: 'subscription', params: { path: 'system.join', input: {} } }));
    }
    await expect
      .poll(() => messages.some((m) => m.includes(`"id":${MAX_SUBSCRIPTIONS_PER_SOCKET + 1}`) && m.includes('"error"')))
      .toBe(true);
    const refusal = JSON.parse(messages.find((m) => m.includes(`"id":${MAX_SUBSCRIPTIONS_PER_SOCKET + 1}`) && m.includes('"error"'))!);
    expect(refusal.error.data.httpStatus).toBe(429);
    const served = new Set(messages.filter((m) => m.includes('"type":"state"')).map((m) => JSON.parse(m).id));
    expect(served.size).toBe(MAX_SUBSCRIPTIONS_PER_SOCKET);
  });
});
