#!/usr/bin/env node
/**
 * `npm test`: build what is stale (the runtime and browser tests use the build), type-check, lint and
 * check the formatting (Biome), then run every vitest project and close with one plain summary line.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const step = (cmd, args) => spawnSync(cmd, args, { cwd: root, stdio: 'inherit' }).status ?? 1;
const bin = (name) => path.join(root, 'node_modules/.bin', name);

if (step(process.execPath, ['scripts/build.mjs', '--if-stale']) !== 0) process.exit(1);
if (step(bin('tsc'), ['--noEmit', '-p', 'tsconfig.json']) !== 0) process.exit(1);
if (step(bin('biome'), ['check', '.']) !== 0) process.exit(1);

const report = path.join(root, 'test-results/vitest.json');
fs.rmSync(report, { force: true });
const status = step(bin('vitest'), [
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${report}`,
  ...process.argv.slice(2),
]);

try {
  const result = JSON.parse(fs.readFileSync(report, 'utf8'));
  const skipped = (result.numPendingTests ?? 0) + (result.numTodoTests ?? 0);
  console.log(`Tests: ${result.numPassedTests} passed, ${result.numFailedTests} failed, ${skipped} skipped`);
} catch {
  console.log('Tests: 0 passed, 1 failed');
}
process.exit(status);
