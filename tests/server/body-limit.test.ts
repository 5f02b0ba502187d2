/**
 * Bodies are limited while they stream, before anything parses them: 1 MB by default, more only for
 * a logged-in caller on the paths that need it; an oversized body gets a 413 in Vietnamese and the
 * server's memory stays flat.
 */
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/messages';
import { type RunningServer, startServer } from '../../src-server/server';
import { serverConfig } from '../helpers/test-app';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db';

let database: TestDatabase;
let server: RunningServer;
let admin = '';

/** Sends headers announcing `declared` bytes (or chunked when null), then `sent` bytes, and reads the answer. */
function post(
  path: string,
  declared: number | null,
  sent: number,
  cookie = '',
): Promise<{ status: number; body: string; connection: string | undefined }> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | number> = { 'content-type': 'application/json', cookie };
    if (declared !== null) headers['content-length'] = declared;
    const req = http.request({ host: '127.0.0.1', port: server.port, path, method: 'POST', headers }, (res) => {
      let body = '';
      res.on('data', (d) => (body += d));
      res.on('end', () => {
        req.destroy();
        resolve({ status: res.statusCode ?? 0, body, connection: res.headers.connection });
      });
    });
    req.on('error', (error) => (String(error).includes('EPIPE') || String(error).includes('ECONNRESET') ? undefined : reject(error)));
    const chunk = Buffer.alloc(64 * 1024, 'a');
    let written = 0;
    const pump = () => {
      while (written < sent) {
        written += chunk.length;
        if (!req.write(chunk)) return void req.once('drain', pump);
      }
      if (declared === null) req.end();
    };
    pump();
  });
}

const used = () => {
  const m = process.memoryUsage();
  return m.heapUsed + m.external + m.arrayBuffers;
};

beforeAll(async () => {
  database = await createTestDatabase();
  const config = serverConfig();
  server = await startServer(config, { database: database.handle, log: () => {} });
  const res = await fetch(`http://127.0.0.1:${server.port}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: 'mat-khau-admin-1' }),
  });
  admin = (res.headers.get('set-cookie') ?? '').split(';')[0]!;
});

afterAll(async () => {
  await server.close();
  await database.drop();
});

describe('request bodies', () => {
  it('refuses 20 anonymous 150 MB bodies at their headers with a 413, and memory stays flat', async () => {
    const before = used();
    for (let i = 0; i < 20; i++) {
      const res = await post('/api/the-le', 150 * 1024 * 1024, 256 * 1024);
      expect(res.status).toBe(413);
      expect(JSON.parse(res.body).error.message).toBe(messages.bodyTooLarge(1));
    }
    const grown = used() - before;
    console.log(`[body-limit] heap + external + array buffers after 20 × 150 MB refused: ${(grown / 2 ** 20).toFixed(1)} MiB`);
    expect(grown).toBeLessThan(64 * 1024 * 1024);
  });

  it('refuses a body without a length once it streams past 1 MB', async () => {
    const res = await post('/api/the-le', null, 2 * 1024 * 1024);
    expect(res.status).toBe(413);
    // The rest of the body is never read, so the connection ends with the answer, and says so: a
    // proxy that keeps connections open must not send its next request down this one.
    expect(res.connection).toBe('close');
  });

  it('lets a logged-in admin send a 5 MB media upload, and holds an anonymous one to 1 MB', async () => {
    // 5 MB of base64 that is no image: past the size limit, the upload is judged on its bytes.
    const body = JSON.stringify({ fileName: 'anh.png', contentType: 'image/png', dataBase64: 'A'.repeat(5 * 1024 * 1024) });
    const send = (cookie: string) =>
      fetch(`http://127.0.0.1:${server.port}/trpc/media.upload`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body,
      });
    const asAdmin = await send(admin);
    expect(asAdmin.status).toBe(400);
    expect((await asAdmin.json()).error.data.field).toBe('dataBase64');
    expect((await send('')).status).toBe(413);
  });
});
