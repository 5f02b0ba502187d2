#!/usr/bin/env node
/**
 * `npm test`: build what is stale (the runtime and browser tests use the build), type-check, lint and
 * check the formatting (Biome), lint the stylesheets (stylelint), look for unused exports, files and
 * dependencies (knip), then run every vitest project and close with one plain summary line.
 * When the whole suite passed (no arguments for vitest), Lighthouse runs once, alone, after it
 * (scripts/lighthouse.mjs; `LIGHTHOUSE=0` skips it).
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
// The stylesheets (stylelint.config.mjs), then what nothing uses: exports, files, dependencies (knip.jsonc).
if (step(bin('stylelint'), ['src-client/**/*.css']) !== 0) process.exit(1);
if (step(bin('knip'), ['--no-progress']) !== 0) process.exit(1);

const report = path.join(root, 'test-results/vitest.json');
fs.rmSync(report, { force: true });
const vitestArgs = process.argv.slice(2);
const status = step(bin('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...vitestArgs]);

try {
  const result = JSON.parse(fs.readFileSync(report, 'utf8'));
  const skipped = (result.numPendingTests ?? 0) + (result.numTodoTests ?? 0);
  console.log(`Tests: ${result.numPassedTests} passed, ${result.numFailedTests} failed, ${skipped} skipped`);
} catch {
  console.log('Tests: 0 passed, 1 failed');
}
if (status !== 0) process.exit(status);

// Lighthouse times pages, so it runs alone on the machine: after the suite, and only on the whole one.
if (process.env.LIGHTHOUSE === '0') console.log('Lighthouse: skipped (LIGHTHOUSE=0)');
else if (vitestArgs.length > 0) console.log('Lighthouse: skipped (a part of the suite was run)');
else {
  // A median mobile performance below 80 or an accessibility score below 98 fails the suite.
  process.exit(step(process.execPath, ['scripts/lighthouse.mjs']));
}
process.exit(0);
