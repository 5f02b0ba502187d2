/**
 * On PostgreSQL the app can run as a role that does not own its tables: migrations go through
 * MIGRATION_DATABASE_URL (the owner), the grants in docs/postgres-app-role.sql give the app what it
 * needs, and the app role cannot update, delete or truncate the audit logs (of scores and of actions) even with plain SQL.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../../src-server/config';
import { migrateToLatest, openDatabase } from '../../src-server/db/connection';
import { type RunningServer, startServer } from '../../src-server/server';
import { ROOT } from '../helpers/spawn-server';
import { createThrowawayPostgres } from '../helpers/test-db';

const hasPostgres = !!process.env.TEST_DATABASE_URL;
const role = `hoithi_app_${randomBytes(4).toString('hex')}`;
let drop: (() => Promise<void>) | null = null;
let ownerUrl = '';
let appUrl = '';
let server: RunningServer | null = null;

async function asOwner(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: ownerUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  if (!hasPostgres) return;
  const throwaway = await createThrowawayPostgres();
  drop = throwaway.drop;
  ownerUrl = throwaway.url;
  const url = new URL(ownerUrl);
  url.username = role;
  appUrl = url.toString();
  await asOwner(`create role ${role} login`);
  // The owner migrates; then the documented grants, with the role name filled in.
  const owner = await openDatabase({ databaseUrl: ownerUrl });
  await migrateToLatest(owner.db);
  await owner.close();
  const grants = fs
    .readFileSync(path.join(ROOT, 'docs/postgres-app-role.sql'), 'utf8')
    .split('\n')
    .filter((line) => line.trim() && !line.startsWith('--'))
    .join('\n')
    .replaceAll(':"app_role"', role);
  await asOwner(grants);
  const config = {
    ...readConfig({}),
    port: 0,
    host: '127.0.0.1',
    databaseUrl: appUrl,
    migrationDatabaseUrl: ownerUrl,
    adminPassword: 'mat-khau-admin-1',
    seedDemo: true,
    clientDir: process.cwd(),
  };
  server = await startServer(config, { log: () => {} });
});

afterAll(async () => {
  await server?.close();
  await drop?.();
  if (hasPostgres) await asOwner(`drop role if exists ${role}`).catch(() => {});
});

describe.runIf(hasPostgres)('PostgreSQL with a role that does not own the tables', () => {
  it('runs the night: login, a judge opening scoring and a score', async () => {
    const base = `http://127.0.0.1:${server!.port}`;
    const login = await fetch(`${base}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: 'mat-khau-admin-1' }),
    });
    expect(login.status).toBe(200);
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
    const state = await (await fetch(`${base}/api/state`)).json();
    const judge = (await (await fetch(`${base}/api/user/all?partial=1`, { headers: { cookie } })).json()).list.find(
      (u: { role: string }) => u.role === 'judge',
    );
    const field = (await (await fetch(`${base}/api/score-field/all`)).json()).items.find((f: { kind: string }) => f.kind === 'judges');
    const open = await fetch(`${base}/api/show`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ changes: { activeField: field.name, scoringOpen: true } }),
    });
    expect(open.status).toBe(200);
    const score = await fetch(`${base}/api/cham-thi/admin-submit`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ teamId: state.listTeam[0]._id, gkId: judge._id, point: field.minPoint, fieldName: field.name }),
    });
    expect(score.status).toBe(200);
  });

  it('cannot update, delete or truncate the audit logs as the app role', async () => {
    const client = new pg.Client({ connectionString: appUrl });
    await client.connect();
    try {
      expect((await client.query('select count(*)::int as n from score_events')).rows[0].n).toBeGreaterThan(0);
      for (const statement of ['update score_events set new_point = 0', 'delete from score_events', 'truncate score_events']) {
        await expect(client.query(statement), statement).rejects.toThrow(/permission denied/);
      }
      // The log of actions likewise: the app appends to it and reads it, nothing more.
      await client.query(`insert into action_log (kind, summary) values ('test', 'Kiểm tra quyền')`);
      for (const statement of ['update action_log set summary = $$x$$', 'delete from action_log', 'truncate action_log']) {
        await expect(client.query(statement), statement).rejects.toThrow(/permission denied/);
      }
    } finally {
      await client.end();
    }
  });
});
