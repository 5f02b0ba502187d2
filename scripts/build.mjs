#!/usr/bin/env node
/**
 * Builds what is missing or stale: the server bundle (esbuild) and the client (Vite).
 * `--if-stale` skips a part whose sources are older than its output, so a second start takes seconds.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ifStale = process.argv.includes('--if-stale');

function newestMtime(entries) {
  let newest = 0;
  const visit = (p) => {
    let stat;
    try {
      stat = fs.statSync(p);
    } catch {
      return;
    }
    if (stat.isDirectory()) {
      for (const name of fs.readdirSync(p)) if (name !== 'node_modules') visit(path.join(p, name));
    } else newest = Math.max(newest, stat.mtimeMs);
  };
  for (const e of entries) visit(path.join(root, e));
  return newest;
}

function outputMtime(file) {
  try {
    return fs.statSync(path.join(root, file)).mtimeMs;
  } catch {
    return 0;
  }
}

function run(cmd, args) {
  const result = spawnSync(cmd, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const shared = ['src', 'package-lock.json'];

const serverSources = newestMtime([...shared, 'src-server', 'db', 'scripts/build.mjs']);
if (!ifStale || serverSources > outputMtime('dist/server/index.js')) {
  console.log('[build] máy chủ…');
  run(bin('esbuild'), [
    'src-server/index.ts',
    '--bundle',
    '--platform=node',
    '--format=esm',
    '--target=node20',
    '--packages=external',
    '--sourcemap',
    '--outfile=dist/server/index.js',
    '--log-level=warning',
  ]);
}

const clientSources = newestMtime([...shared, 'src-client', 'index.html', 'vite.config.ts', 'public']);
if (!ifStale || clientSources > outputMtime('dist/client/index.html')) {
  console.log('[build] giao diện…');
  run(bin('vite'), ['build', '--logLevel', 'warn']);
}
