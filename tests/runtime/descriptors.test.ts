/**
 * Slow connections cannot starve the console of file descriptors. Before: with the usual soft limit
 * of 1,024, 1,124 connections that never finish their headers left the console and login without an
 * answer. `npm start` raises the soft limit to the hard one, and the server accepts no more
 * connections than its descriptors allow less a reserve for the database. It also starts the server's
 * process with what scripts/lib/server-process.mjs names (malloc's fixed mmap threshold), which the
 * cluster, the systemd unit and the benchmarks use too.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SERVER_PROCESS_ENV } from '../../scripts/lib/server-process.mjs';
import { openFilesLimit } from '../../src-server/connections';
import { LOCK_FILE } from '../../src-server/db/lock';
import { ROOT } from '../helpers/spawn-server';

const SLOW_CONNECTIONS = 1124;
const hardLimit = Number(fs.readFileSync('/proc/self/limits', 'utf8').match(/^Max open files\s+\d+\s+(\d+)/m)?.[1] ?? 0);
const dirs: string[] = [];
const sockets: net.Socket[] = [];
const stops: (() => void)[] = [];

afterAll(() => {
  for (const socket of sockets) socket.destroy();
  for (const stop of stops) stop();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** `npm start` as a person runs it, from a shell whose soft descriptor limit is 1,024 and with none of `SERVER_PROCESS_ENV` set. */
async function npmStart(): Promise<{ url: string; pid: number }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hoithi-fd-'));
  dirs.push(dataDir);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    ADMIN_PASSWORD: 'mat-khau-admin-1',
    SEED_DEMO: '0',
  };
  for (const name of Object.keys(SERVER_PROCESS_ENV)) delete env[name];
  const child = spawn('sh', ['-c', 'ulimit -Sn 1024 && exec npm start'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  stops.push(() => {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // gone already
    }
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', () => {
      const match = /đang chạy tại (http:\/\/\S+)/.exec(output);
      if (match) resolve(match[1]!.replace('localhost', '127.0.0.1'));
    });
    child.once('exit', (code) => reject(new Error(`npm start exited with ${code}:\n${output}`)));
  });
  const pid = JSON.parse(fs.readFileSync(path.join(dataDir, LOCK_FILE), 'utf8')).pid as number;
  return { url, pid };
}

/** A connection that sends half a request line and then nothing. */
function slowConnection(port: number): Promise<void> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.write('GET / HTTP/1.1\r\nHost: x\r\n');
      resolve();
    });
    socket.on('error', () => resolve());
    sockets.push(socket);
  });
}

describe.skipIf(hardLimit < 4096)('file descriptors', () => {
  it('npm start raises the soft limit to the hard one, and 1,124 slow connections leave the console and login working', async () => {
    const { url, pid } = await npmStart();
    expect(openFilesLimit(fs.readFileSync(`/proc/${pid}/limits`, 'utf8'))).toBe(hardLimit);
    // The server's own process (the one holding the folder) has the environment the benchmarks measure.
    const environ = new Map(
      fs
        .readFileSync(`/proc/${pid}/environ`, 'utf8')
        .split('\0')
        .map((entry) => [entry.slice(0, entry.indexOf('=')), entry.slice(entry.indexOf('=') + 1)]),
    );
    for (const [name, value] of Object.entries(SERVER_PROCESS_ENV)) expect(environ.get(name), name).toBe(value);

    const port = Number(new URL(url).port);
    for (let i = 0; i < SLOW_CONNECTIONS; i += 100) {
      await Promise.all(Array.from({ length: Math.min(100, SLOW_CONNECTIONS - i) }, () => slowConnection(port)));
    }
    // A new connection, as the console's next call makes, is answered, and so is a login.
    const login = await fetch(`${url}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', connection: 'close' },
      body: JSON.stringify({ username: 'admin', password: 'mat-khau-admin-1' }),
      signal: AbortSignal.timeout(10_000),
    });
    expect(login.status).toBe(200);
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
    const state = await fetch(`${url}/api/state`, { headers: { cookie, connection: 'close' }, signal: AbortSignal.timeout(10_000) });
    expect(state.status).toBe(200);
    expect((await state.json()).user?.username).toBe('admin');
  });
});
