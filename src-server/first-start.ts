/**
 * How a new PGlite folder is made ready before the server opens it. With the build's templates
 * (`db/template.ts`) it is a copy: of the demo's folder under SEED_DEMO (the demo event already in
 * it), else of the migrated one; the server then only makes the first admin and gives the demo's
 * accounts their passwords as it opens the folder, in this process. Without them (run from source)
 * it is prepared (migrations, first admin, demo: `prepareDatabase`) by a child process running this
 * same server entry, which exits: what PGlite and the demo's loading grow to then is given back, and
 * the server opens the folder like any restart (BENCHMARKS.md, "Memory and start-up"). The entry
 * starts the child before it loads the server's own modules, so the two overlap; the child loads
 * only the preparation's. Its lines (the admin's password, the demo logins) go to the same output.
 * Kept to Node's own modules: it runs before the rest is loaded.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from './config';
import { copyTemplate, type TemplateKind } from './db/template';

/** Set in the child that prepares a new data folder: it prepares, then exits. */
export const PREPARE_ONLY_ENV = 'HOITHI_PREPARE_ONLY';

/**
 * What a new folder started as: a copy of a template (its kind), or prepared by the child apart
 * (`apart`, resolved once the child has). Null when the folder is not new, on PostgreSQL, or when the
 * child failed (the server then prepares the folder itself, as before).
 */
export type NewFolder = TemplateKind | 'apart' | null;

/** Makes a new folder ready as above. Call with the data folder's lock held. */
export function prepareNewFolder(
  config: Pick<Config, 'databaseUrl' | 'dataDir' | 'seedDemo'>,
  entry: string | undefined,
): Promise<NewFolder> {
  if (config.databaseUrl || !entry || fs.existsSync(path.join(config.dataDir, 'PG_VERSION'))) return Promise.resolve(null);
  // Copied here, before the server's modules load: in a child the copy came after its own modules
  // had loaded, and shared the cores with its password hashes.
  const copied = copyTemplate(config.dataDir, config.seedDemo ? 'demo' : 'plain');
  // The demo's folder, or no demo asked: nothing is left that a child would need to do apart.
  if (copied === 'demo' || (copied && !config.seedDemo)) return Promise.resolve(copied);
  // Not the parent's IPC channel (a supervisor's): the child has no such descriptor.
  const { NODE_CHANNEL_FD: _fd, NODE_CHANNEL_SERIALIZATION_MODE: _mode, ...env } = process.env;
  const child = spawn(process.execPath, [...process.execArgv, entry], {
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...env, [PREPARE_ONLY_ENV]: '1' },
  });
  return new Promise((resolve) => {
    child.once('error', () => resolve(null));
    child.once('exit', (code) => resolve(code === 0 ? 'apart' : null));
  });
}
