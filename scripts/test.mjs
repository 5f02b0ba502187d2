#!/usr/bin/env node
/** `npm test`: build what is stale (runtime and browser tests use the build), then run every test. */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const step = (cmd, args) => {
  const result = spawnSync(cmd, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
};
step(process.execPath, ['scripts/build.mjs', '--if-stale']);
step(path.join(root, 'node_modules/.bin/vitest'), ['run', ...process.argv.slice(2)]);
