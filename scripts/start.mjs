#!/usr/bin/env node
/**
 * `npm start` / `npm run start:bun`: build what is stale, then run the server. Under Node the server
 * runs in this very process, so the data folder's lock names the process a person would kill.
 */
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const build = spawnSync(process.execPath, [path.join(root, 'scripts/build.mjs'), '--if-stale'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

const serverFile = path.join(root, 'dist/server/index.js');
process.env.NODE_ENV ??= 'production';

if (process.argv.includes('--bun')) {
  const child = spawn(path.join(root, 'node_modules', '.bin', 'bun'), [serverFile], { stdio: 'inherit' });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
} else {
  process.setSourceMapsEnabled(true);
  await import(pathToFileURL(serverFile).href);
}
