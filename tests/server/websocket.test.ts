import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { readConfig } from '../../src-server/config';
import { hashPassword } from '../../src-server/features/auth/password';
import { type RunningServer, startServer } from '../../src-server/server';
import { insertAccounts } from '../helpers/accounts';
import { loginAt } from '../helpers/http';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db';

let database: TestDatabase;
let server: RunningServer;
let wsUrl: string;

beforeAll(async () => {
  database = await createTestDatabase();
  const config = { ...readConfig({}), port: 0, host: '127.0.0.1', adminPassword: 'mat-khau-admin-1', clientDir: process.cwd() };
  server = await startServer(config, { database: database.handle, log: () => {} });
  wsUrl = `ws://127.0.0.1:${server.port}/trpc`;
  await insertAccounts(database.handle.db, [{ username: 'gk', role: 'judge', password_hash: await hashPassword('mat-khau-gk-1') }]);
});
afterAll(async () => {
  await server.close();
  await database.drop();
});

function open(headers: Record<string, string> = {}): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(wsUrl, { headers });
    socket.once('open', () => resolve(socket));
    socket.once('error', reject);
    socket.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
  });
}

/** Speaks tRPC's websocket protocol by hand: start system.join and collect messages. */
function join(socket: WebSocket): Promise<{ type: string }[]> {
  const received: { type: string }[] = [];
  return new Promise((resolve) => {
    socket.on('message', (raw) => {
      const message = JSON.parse(String(raw));
      if (message.result?.type === 'data') received.push(message.result.data.data);
      if (received.length === 2) resolve(received);
    });
    socket.send(JSON.stringify({ id: 1, method: 'subscription', params: { path: 'system.join', input: {} } }));
  });
}

function closed(socket: WebSocket): Promise<number> {
  return new Promise((resolve) => socket.once('close', (code) => resolve(code)));
}

describe('the websocket at /trpc', () => {
  it('lets an anonymous screen join and receive the state and the teams', async () => {
    const socket = await open();
    const events = await join(socket);
    expect(events.map((e) => e.type)).toEqual(['state', 'teams']);
    socket.close();
  });

  it('closes the sockets of a session when it logs out', async () => {
    const cookie = await loginAt(`http://127.0.0.1:${server.port}`, 'gk', 'mat-khau-gk-1');
    const socket = await open({ cookie });
    await join(socket);
    const code = closed(socket);
    const res = await fetch(`http://127.0.0.1:${server.port}/logout`, { method: 'POST', headers: { cookie } });
    expect(res.status).toBe(200);
    expect(await code).toBe(4001);
  });

  it('turns away a browser page from another site', async () => {
    await expect(open({ origin: 'http://evil.example' })).rejects.toThrow('HTTP 403');
  });

  it('accepts its own origin', async () => {
    const socket = await open({ origin: `http://127.0.0.1:${server.port}` });
    socket.close();
  });

  it('closes a socket that sends an oversized message', async () => {
    const socket = await open();
    const code = closed(socket);
    socket.send('x'.repeat(70 * 1024));
    expect(await code).toBe(1009);
  });

  it('keeps serving after garbage on the socket', async () => {
    const socket = await open();
    socket.send('{not json');
    socket.send(JSON.stringify({ id: 'x', method: 'nope' }));
    const events = await join(socket);
    expect(events).toHaveLength(2);
    socket.close();
  });
});
