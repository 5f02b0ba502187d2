/**
 * A new PGlite folder is prepared (migrations, first admin, demo: `prepareDatabase`) by a child
 * process running this same server entry, which exits: what PGlite and the demo's loading grow to
 * then is given back, and the server opens the folder like any restart (BENCHMARKS.md, "Memory and
 * start-up"). The entry starts the child before it loads the server's own modules, so the two
 * overlap; the child loads only the preparation's. Its lines (the admin's password, the demo
 * logins) go to the same output. Kept to Node's own modules: it runs before the rest is loaded.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from './config';
import { copyTemplate } from './db/template';

/** Set in the child that prepares a new data folder: it prepares, then exits. */
export const PREPARE_ONLY_ENV = 'HOITHI_PREPARE_ONLY';

/**
 * Starts preparing a new folder apart; resolves true once the child has, false when there is
 * nothing to do (the folder exists, PostgreSQL) or the child failed (the server then prepares the
 * folder itself, as before). Call with the data folder's lock held.
 */
export function prepareFolderApart(config: Pick<Config, 'databaseUrl' | 'dataDir'>, entry: string | undefined): Promise<boolean> {
  if (config.databaseUrl || !entry || fs.existsSync(path.join(config.dataDir, 'PG_VERSION'))) return Promise.resolve(false);
  // The build's cluster is copied here, before the child starts: in the child the copy came after
  // its own modules had loaded, and shared the cores with its password hashes.
  copyTemplate(config.dataDir);
  // Not the parent's IPC channel (a supervisor's): the child has no such descriptor.
  const { NODE_CHANNEL_FD: _fd, NODE_CHANNEL_SERIALIZATION_MODE: _mode, ...env } = process.env;
  const child = spawn(process.execPath, [...process.execArgv, entry], {
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...env, [PREPARE_ONLY_ENV]: '1' },
  });
  return new Promise((resolve) => {
    child.once('error', () => resolve(false));
    child.once('exit', (code) => resolve(code === 0));
  });
}
