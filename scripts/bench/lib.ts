/** Small helpers shared by the benchmarks. */
import os from 'node:os';
import { readConfig } from '../../src-server/config';
import { type DatabaseHandle, migrateToLatest, openDatabase } from '../../src-server/db/connection';
import { hashPassword } from '../../src-server/features/auth/password';
import { type RunningServer, startServer } from '../../src-server/server';

export function percentile(values: number[], p: number): number {
  if (!values.length) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index]!;
}

export const ms = (value: number) => `${value.toFixed(2)} ms`;

export function machine(): string {
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  return `${os.cpus().length} × ${cpu}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${os.platform()} ${os.release()}`;
}

export async function benchServer(databaseUrl?: string): Promise<{ server: RunningServer; database: DatabaseHandle; base: string }> {
  const database = await openDatabase(databaseUrl ? { databaseUrl } : {});
  await migrateToLatest(database.db);
  const config = { ...readConfig({}), port: 0, host: '127.0.0.1', adminPassword: 'bench-admin-1', seedDemo: false, clientDir: process.cwd() };
  const server = await startServer(config, { database, log: () => {} });
  return { server, database, base: `http://127.0.0.1:${server.port}` };
}

export async function addUser(database: DatabaseHandle, username: string, role: 'admin' | 'master' | 'judge' | 'team'): Promise<string> {
  const row = await database.db
    .insertInto('users')
    .values({ username, role, password_hash: await hashPassword('bench-pass-1') })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function login(base: string, username: string, password = 'bench-pass-1'): Promise<string> {
  const res = await fetch(`${base}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (res.status !== 200) throw new Error(`login ${username}: ${res.status}`);
  return (res.headers.get('set-cookie') ?? '').split(';')[0]!;
}
