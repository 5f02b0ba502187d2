/**
 * A first start on a new PGlite folder, with the built server: the folder is a copy of the build's
 * template (dist/pgdata-template, scripts/build.mjs), whose migrations are already applied, so the
 * start runs none of them again, and the first event dates from this start, not from the build.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT, startServerProcess } from '../helpers/spawn-server';

const TEMPLATE = path.join(ROOT, 'dist/pgdata-template');
const MIGRATIONS = fs
  .readdirSync(path.join(ROOT, 'db/migrations'))
  .map((file) => file.replace(/\.ts$/, ''))
  .sort();

const tempDirs: string[] = [];
afterAll(() => {
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** What a folder holds: its applied migrations (in order of application) and its events' dates. */
async function readFolder(dataDir: string): Promise<{ migrations: string[]; contestsCreated: Date[] }> {
  const pglite = await PGlite.create({ dataDir });
  try {
    const migrations = await pglite.query<{ name: string }>('select name from kysely_migration order by timestamp, name');
    const contests = await pglite.query<{ created_at: Date }>('select created_at from contests');
    return { migrations: migrations.rows.map((r) => r.name), contestsCreated: contests.rows.map((r) => r.created_at) };
  } finally {
    await pglite.close();
  }
}

describe('a first start from the build’s template', () => {
  it('has every migration applied by the build, copies no stamp, and dates the first event from the start', async () => {
    expect(fs.readFileSync(path.join(TEMPLATE, 'PGLITE_VERSION'), 'utf8')).toMatch(/^\d+\.\d+/);
    // The template itself: every migration the code has, applied.
    const copy = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'hoithi-template-')), 'copy');
    tempDirs.push(path.dirname(copy));
    fs.cpSync(TEMPLATE, copy, { recursive: true });
    expect((await readFolder(copy)).migrations).toEqual(MIGRATIONS);

    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hoithi-first-start-'));
    tempDirs.push(dataDir);
    fs.rmSync(dataDir, { recursive: true });
    const startedAt = Date.now();
    const server = await startServerProcess('node', { DATA_DIR: dataDir, ADMIN_PASSWORD: 'mat-khau-admin-1', SEED_DEMO: '1' });
    const state = await (await fetch(`${server.url}/api/state`)).json();
    expect(state.system.title).toBe('NGƯỜI HÀ NỘI');
    expect(await server.stop()).toBe(0);

    expect(fs.existsSync(path.join(dataDir, 'PGLITE_VERSION'))).toBe(false);
    expect(fs.existsSync(path.join(dataDir, 'MIGRATIONS'))).toBe(false);
    const folder = await readFolder(dataDir);
    expect(folder.migrations).toEqual(MIGRATIONS);
    expect(folder.contestsCreated.length).toBeGreaterThan(0);
    for (const created of folder.contestsCreated) expect(created.getTime()).toBeGreaterThanOrEqual(startedAt - 1000);
  });
});
