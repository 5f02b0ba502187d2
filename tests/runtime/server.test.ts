import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createTRPCClient, createWSClient, wsLink } from '@trpc/client';
import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { AppRouter } from '../../src-server/router';
import { loginAt } from '../helpers/http';
import { runServerProcess, type SpawnedServer, startServerProcess } from '../helpers/spawn-server';

const tempDirs: string[] = [];
const running: SpawnedServer[] = [];

function tempDataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hoithi-runtime-'));
  tempDirs.push(dir);
  return dir;
}

afterAll(async () => {
  for (const server of running) await server.stop('SIGKILL');
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
});

async function start(runtime: 'node' | 'bun', dataDir: string): Promise<SpawnedServer> {
  const server = await startServerProcess(runtime, { DATA_DIR: dataDir, ADMIN_PASSWORD: 'mat-khau-admin-1' });
  running.push(server);
  return server;
}

const login = (url: string, password = 'mat-khau-admin-1') => loginAt(url, 'admin', password, { path: `/login?t=${Date.now()}` });

/** Opens system.join over a real websocket (with a cookie) and collects the first `count` events. */
async function collectEvents(url: string, cookie: string | undefined, count: number): Promise<{ type: string }[]> {
  class CookieWebSocket extends WebSocket {
    constructor(address: string) {
      super(address, cookie ? { headers: { cookie } } : {});
    }
  }
  const wsClient = createWSClient({ url: `${url.replace('http', 'ws')}/trpc`, WebSocket: CookieWebSocket as never });
  const client = createTRPCClient<AppRouter>({ links: [wsLink({ client: wsClient })] });
  try {
    return await new Promise((resolve, reject) => {
      const events: { type: string }[] = [];
      const timer = setTimeout(() => reject(new Error(`only ${events.length} events`)), 10_000);
      const sub = client.system.join.subscribe(
        {},
        {
          onData: (tracked) => {
            events.push(tracked.data as { type: string });
            if (events.length === count) {
              clearTimeout(timer);
              sub.unsubscribe();
              resolve(events);
            }
          },
          onError: reject,
        },
      );
    });
  } finally {
    await wsClient.close();
  }
}

describe.each(['node', 'bun'] as const)('the built server under %s', (runtime) => {
  it('serves /api/state, login and a websocket subscription, and stops cleanly', async () => {
    const dataDir = tempDataDir();
    const server = await start(runtime, dataDir);

    const state = await (await fetch(`${server.url}/api/state?t=1`)).json();
    expect(state.system.title).toBe('NGƯỜI HÀ NỘI');
    expect(state.user).toBeNull();

    const cookie = await login(server.url);
    const withUser = await (await fetch(`${server.url}/api/state`, { headers: { cookie } })).json();
    expect(withUser.user.username).toBe('admin');

    const events = await collectEvents(server.url, cookie, 2);
    expect(events.map((e) => e.type)).toEqual(['state', 'teams']);

    const page = await fetch(`${server.url}/user/dashboard`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<div id="root">');
    expect(page.headers.get('cache-control')).toBe('no-store');
    // A document carries the whole set of security headers.
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(page.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');

    // Hashed assets: precompressed copies chosen by Accept-Encoding, cached for good.
    const asset = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(asset).toBeDefined();
    const plain = await fetch(`${server.url}${asset}`, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    // …and only the security headers that act on a file that is no document.
    expect(plain.headers.get('x-content-type-options')).toBe('nosniff');
    expect(plain.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    for (const documentOnly of ['content-security-policy', 'x-frame-options', 'cross-origin-opener-policy', 'referrer-policy']) {
      expect(plain.headers.get(documentOnly), documentOnly).toBeNull();
    }
    const source = await plain.text();
    for (const encoding of ['br', 'gzip']) {
      const packed = await fetch(`${server.url}${asset}`, { headers: { 'accept-encoding': `${encoding}, deflate` } });
      expect(packed.headers.get('content-encoding')).toBe(encoding);
      expect(packed.headers.get('vary')).toContain('Accept-Encoding');
      expect(packed.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(Number(packed.headers.get('content-length'))).toBeLessThan(source.length / 2);
      expect(await packed.text()).toBe(source);
    }
    // A screen's page lists its own lazy chunks for the browser to fetch beside the entry.
    const teamPage = await (await fetch(`${server.url}/team`)).text();
    expect(teamPage).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/Team\.page-[\w-]+\.js">/);
    expect(teamPage).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/ScreenShell-[\w-]+\.js">/);
    expect(await (await fetch(`${server.url}/login`)).text()).not.toContain('Team.page-');
    const missing = await fetch(`${server.url}/assets/khong-co.js`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('cache-control')).toBe('no-store');
    expect(missing.headers.get('x-frame-options')).toBe('SAMEORIGIN');

    expect(await server.stop('SIGTERM')).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'hoithi.lock'))).toBe(false);
  });
});

describe('the embedded data folder', () => {
  it('refuses a second server on the same folder, and starts again with its data after kill -9', async () => {
    const dataDir = tempDataDir();
    const first = await start('node', dataDir);
    const cookie = await login(first.url);
    const changed = await fetch(`${first.url}/api/profile`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ changes: { fullName: 'Trưởng ban tổ chức' } }),
    });
    expect(changed.status).toBe(200);

    const second = runServerProcess('node', { DATA_DIR: dataDir });
    const code = await second.exited;
    expect(code).not.toBe(0);
    expect(second.output()).toContain('đang được máy chủ khác sử dụng');
    expect(second.output()).toContain(String(first.child.pid));
    // The refusal touched nothing: the first server still answers.
    expect((await fetch(`${first.url}/api/state`)).status).toBe(200);

    await first.stop('SIGKILL');
    const lock = JSON.parse(fs.readFileSync(path.join(dataDir, 'hoithi.lock'), 'utf8'));
    expect(lock.pid).toBe(first.child.pid);

    const third = await start('node', dataDir);
    const again = await login(third.url);
    const state = await (await fetch(`${third.url}/api/state`, { headers: { cookie: again } })).json();
    expect(state.user.fullName).toBe('Trưởng ban tổ chức');
    expect(await third.stop('SIGTERM')).toBe(0);
  });
});
