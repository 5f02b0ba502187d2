#!/usr/bin/env node
/**
 * `npm run screenshots`: builds what is stale, then takes the pictures of the screens (the vitest
 * project `screenshots`, tests/screenshots) into docs/screenshots. `SCREENSHOTS=try npm run
 * screenshots` (any value but `docs`) writes them to test-results/screenshots instead; further
 * arguments go to vitest (a file name, say).
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const step = (cmd, args, env = process.env) => spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env }).status ?? 1;

if (step(process.execPath, ['scripts/build.mjs', '--if-stale']) !== 0) process.exit(1);
const env = { ...process.env, SCREENSHOTS: process.env.SCREENSHOTS || 'docs' };
process.exit(step(path.join(root, 'node_modules/.bin/vitest'), ['run', '--project', 'screenshots', ...process.argv.slice(2)], env));
