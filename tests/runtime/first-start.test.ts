/**
 * A first start on a new PGlite folder, with the built server: the folder is a copy of one of the
 * build's templates (dist/pgdata-template, and dist/pgdata-template-demo with the demo event:
 * scripts/build.mjs), whose migrations are already applied, so the start runs none of them again,
 * and what they hold dates from this start, not from the build. The demo's accounts come without
 * passwords and each start from it gives them new ones.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT, startServerProcess } from '../helpers/spawn-server';

const TEMPLATE = path.join(ROOT, 'dist/pgdata-template');
const DEMO_TEMPLATE = path.join(ROOT, 'dist/pgdata-template-demo');
const MIGRATIONS = fs
  .readdirSync(path.join(ROOT, 'db/migrations'))
  .map((file) => file.replace(/\.ts$/, ''))
  .sort();

const tempDirs: string[] = [];
afterAll(() => {
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
});

interface Folder {
  migrations: string[];
  contestsCreated: Date[];
  /** Every row's date the schema defaults to now(), across the tables. */
  dates: Date[];
  users: { username: string; password_hash: string }[];
  teams: number;
  media: number;
  secrets: number;
}

/** What a folder holds: its applied migrations (in order of application), its dates, accounts and rows. */
async function readFolder(dataDir: string): Promise<Folder> {
  const pglite = await PGlite.create({ dataDir });
  try {
    const migrations = await pglite.query<{ name: string }>('select name from kysely_migration order by timestamp, name');
    const contests = await pglite.query<{ created_at: Date }>('select created_at from contests');
    const columns = await pglite.query<{ table_name: string; column_name: string }>(
      "select table_name, column_name from information_schema.columns where table_schema = 'public' and column_default = 'now()'",
    );
    const dates: Date[] = [];
    for (const c of columns.rows) {
      const rows = await pglite.query<{ d: Date }>(`select "${c.column_name}" as d from "${c.table_name}"`);
      dates.push(...rows.rows.map((r) => r.d));
    }
    const users = await pglite.query<{ username: string; password_hash: string }>(
      'select username, password_hash from users order by username',
    );
    const count = async (table: string) =>
      Number((await pglite.query<{ n: number }>(`select count(*)::int as n from ${table}`)).rows[0]!.n);
    return {
      migrations: migrations.rows.map((r) => r.name),
      contestsCreated: contests.rows.map((r) => r.created_at),
      dates,
      users: users.rows,
      teams: await count('teams'),
      media: await count('media'),
      secrets: await count('server_secrets'),
    };
  } finally {
    await pglite.close();
  }
}

function newFolder(): string {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hoithi-first-start-'));
  tempDirs.push(dataDir);
  fs.rmSync(dataDir, { recursive: true });
  return dataDir;
}

const login = (url: string, username: string, password: string) =>
  fetch(`${url}/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password }) });

describe('a first start from the build’s template', () => {
  it('has every migration applied by the build, copies no stamp, and dates the first event from the start', async () => {
    expect(fs.readFileSync(path.join(TEMPLATE, 'PGLITE_VERSION'), 'utf8')).toMatch(/^\d+\.\d+/);
    // The template itself: every migration the code has, applied.
    const copy = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'hoithi-template-')), 'copy');
    tempDirs.push(path.dirname(copy));
    fs.cpSync(TEMPLATE, copy, { recursive: true });
    expect((await readFolder(copy)).migrations).toEqual(MIGRATIONS);

    const dataDir = newFolder();
    const startedAt = Date.now();
    const server = await startServerProcess('node', { DATA_DIR: dataDir, ADMIN_PASSWORD: 'mat-khau-admin-1', SEED_DEMO: '0' });
    expect((await login(server.url, 'admin', 'mat-khau-admin-1')).status).toBe(200);
    expect(await server.stop()).toBe(0);

    for (const stamp of ['PGLITE_VERSION', 'MIGRATIONS', 'SERVER']) expect(fs.existsSync(path.join(dataDir, stamp))).toBe(false);
    const folder = await readFolder(dataDir);
    expect(folder.migrations).toEqual(MIGRATIONS);
    expect(folder.contestsCreated.length).toBeGreaterThan(0);
    for (const created of folder.dates) expect(created.getTime()).toBeGreaterThanOrEqual(startedAt - 1000);
    // No demo asked: the admin alone, no demo team.
    expect(folder.users.map((u) => u.username)).toEqual(['admin']);
    expect(folder.teams).toBe(0);
  });

  it('holds the demo with its picture and no password or secret, and each start from it gives the accounts their own passwords', async () => {
    const copy = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'hoithi-template-')), 'copy');
    tempDirs.push(path.dirname(copy));
    fs.cpSync(DEMO_TEMPLATE, copy, { recursive: true });
    const template = await readFolder(copy);
    expect(template.migrations).toEqual(MIGRATIONS);
    expect(template.teams).toBe(8);
    expect(template.media).toBe(1);
    // Nothing one install would share with every other: no password hash, no server secret, no admin.
    expect(template.users.length).toBeGreaterThan(0);
    for (const user of template.users) expect(user.password_hash).not.toMatch(/^\$argon2/);
    expect(template.users.map((u) => u.username)).not.toContain('admin');
    expect(template.secrets).toBe(0);

    const passwords: Map<string, string>[] = [];
    for (const _ of [1, 2]) {
      const dataDir = newFolder();
      const startedAt = Date.now();
      const server = await startServerProcess('node', { DATA_DIR: dataDir, ADMIN_PASSWORD: 'mat-khau-admin-1', SEED_DEMO: '1' });
      const state = await (await fetch(`${server.url}/api/state`)).json();
      expect(state.system.title).toBe('NGƯỜI HÀ NỘI');
      // The logins printed once: each one signs in, and the stored mark is no password.
      const printed = new Map([...server.output().matchAll(/^ {2}(\S+)\s+(\S+-\d{4})\s/gm)].map((m) => [m[1]!, m[2]!]));
      expect([...printed.keys()].sort()).toEqual(template.users.map((u) => u.username));
      for (const [username, password] of printed) expect((await login(server.url, username, password)).status, username).toBe(200);
      expect((await login(server.url, 'gk1', template.users.find((u) => u.username === 'gk1')!.password_hash)).status).toBe(401);
      expect(await server.stop()).toBe(0);
      passwords.push(printed);

      const folder = await readFolder(dataDir);
      for (const user of folder.users) expect(user.password_hash, user.username).toMatch(/^\$argon2id\$/);
      for (const created of folder.dates) expect(created.getTime()).toBeGreaterThanOrEqual(startedAt - 1000);
      expect(folder.teams).toBe(8);

      // A restart prints no logins again and keeps the passwords.
      const again = await startServerProcess('node', { DATA_DIR: dataDir, SEED_DEMO: '1' });
      expect(again.output()).not.toMatch(/-\d{4}\s+master/);
      expect((await login(again.url, 'dieukhien', printed.get('dieukhien')!)).status).toBe(200);
      expect(await again.stop()).toBe(0);
    }
    // Two installs from the same build share no password.
    for (const [username, password] of passwords[0]!) expect(passwords[1]!.get(username)).not.toBe(password);
  });
});
