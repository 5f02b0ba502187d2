#!/usr/bin/env node
/**
 * Builds what `npm start` serves: the server bundle (esbuild) and the client (Vite), with Brotli and
 * gzip copies of the client's text files. `npm run build` runs it. `--if-stale` (as `npm start` and
 * `npm test` run it) skips a part whose sources are older than its output, so a second start takes seconds.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Brotli and gzip copies of every text file of the client, made once here so the server only picks
 * one by Accept-Encoding (a copy that would not be smaller is not written).
 */
function precompress(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      precompress(file);
      continue;
    }
    if (!/\.(js|css|html|svg|json|txt|webmanifest)$/.test(entry.name)) continue;
    const data = fs.readFileSync(file);
    const brotli = zlib.brotliCompressSync(data, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length },
    });
    const gzip = zlib.gzipSync(data, { level: 9 });
    if (brotli.length < data.length) fs.writeFileSync(`${file}.br`, brotli);
    if (gzip.length < data.length) fs.writeFileSync(`${file}.gz`, gzip);
  }
}
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

function run(cmd, args, env = process.env) {
  const result = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const shared = ['src', 'package-lock.json'];

/**
 * The packages the server needs to start, bundled into its one file: Node then reads and compiles
 * one script instead of many small modules (Kysely alone is ~0.12 s of a start loaded as
 * modules). The rest stay where npm put them: PGlite (its WebAssembly and data files sit beside its
 * code), native addons (argon2, sharp, resvg), and what only an export or an import loads, later.
 */
const BUNDLED = new Set(['kysely', 'zod', 'hono', '@hono/node-server', '@trpc/server', 'ws', 'csv-parse', 'iconv-lite', 'uqr']);
const external = Object.keys(JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).dependencies).filter(
  (name) => !BUNDLED.has(name),
);
// The bundled CommonJS packages (ws, iconv-lite) call `require` for Node's own modules; a module's own
// top-level `require` (certificates/pdf.ts) is renamed by esbuild, so the two do not clash.
const REQUIRE_BANNER = "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);";

const serverSources = newestMtime([...shared, 'src-server', 'db', 'scripts/build.mjs']);
if (!ifStale || serverSources > outputMtime('dist/server/index.js')) {
  console.log('[build] máy chủ…');
  run(bin('esbuild'), [
    'src-server/index.ts',
    '--bundle',
    '--platform=node',
    '--format=esm',
    '--target=node20',
    ...external.map((name) => `--external:${name}`),
    `--banner:js=${REQUIRE_BANNER}`,
    '--sourcemap',
    '--outfile=dist/server/index.js',
    '--log-level=warning',
  ]);
}

/**
 * A PGlite cluster with the migrations applied, made once here (PostgreSQL's initdb takes 2–3 s, the
 * migrations 1–2 s more) by the server's own bundle, and copied by the server into a new data folder
 * (src-server/db/connection.ts): a first start waits for neither. Made again when the installed
 * PGlite changes (its version in one stamp) or a migration does (their hash in the other); a server
 * whose migrations are newer than the copy's still applies the rest as it opens it.
 */
const pgliteVersion = JSON.parse(fs.readFileSync(path.join(root, 'node_modules/@electric-sql/pglite/package.json'), 'utf8')).version;
const migrationsDir = path.join(root, 'db/migrations');
const migrationsHash = createHash('sha256').update(fs.readFileSync(path.join(root, 'db/migrations.ts')));
for (const name of fs.readdirSync(migrationsDir).sort()) {
  migrationsHash.update(`${name}\n`);
  migrationsHash.update(fs.readFileSync(path.join(migrationsDir, name)));
}
const migrationsStamp = migrationsHash.digest('hex');
const template = path.join(root, 'dist/pgdata-template');
const readStamp = (name, dir = template) => {
  try {
    return fs.readFileSync(path.join(dir, name), 'utf8');
  } catch {
    return null;
  }
};
if (readStamp('PGLITE_VERSION') !== pgliteVersion || readStamp('MIGRATIONS') !== migrationsStamp) {
  console.log('[build] cơ sở dữ liệu mẫu…');
  const making = `${template}.making`;
  fs.rmSync(making, { recursive: true, force: true });
  run(process.execPath, [
    '--input-type=module',
    '-e',
    'const { PGlite } = await import("@electric-sql/pglite"); await (await PGlite.create({ dataDir: process.argv[1] })).close();',
    making,
  ]);
  const env = { ...process.env, HOITHI_PREPARE_ONLY: 'template', DATA_DIR: making };
  delete env.DATABASE_URL;
  run(process.execPath, [path.join(root, 'dist/server/index.js')], env);
  fs.writeFileSync(path.join(making, 'PGLITE_VERSION'), pgliteVersion);
  fs.writeFileSync(path.join(making, 'MIGRATIONS'), migrationsStamp);
  fs.rmSync(template, { recursive: true, force: true });
  fs.renameSync(making, template);
}

/**
 * The demo's folder: a copy of that cluster with the demo event loaded (its picture drawn, its
 * accounts without passwords), which a first start under SEED_DEMO copies instead and finishes in
 * seconds (src-server/first-start.ts). The demo is the server's code, so this is made again when the
 * server's bundle changes (its hash in a third stamp) as well as with the cluster.
 */
const serverStamp = createHash('sha256')
  .update(fs.readFileSync(path.join(root, 'dist/server/index.js')))
  .digest('hex');
const demoTemplate = path.join(root, 'dist/pgdata-template-demo');
if (
  readStamp('PGLITE_VERSION', demoTemplate) !== pgliteVersion ||
  readStamp('MIGRATIONS', demoTemplate) !== migrationsStamp ||
  readStamp('SERVER', demoTemplate) !== serverStamp
) {
  console.log('[build] cơ sở dữ liệu mẫu có sẵn cuộc thi mẫu…');
  const making = `${demoTemplate}.making`;
  fs.rmSync(making, { recursive: true, force: true });
  fs.cpSync(template, making, { recursive: true });
  const env = { ...process.env, HOITHI_PREPARE_ONLY: 'template-demo', DATA_DIR: making };
  delete env.DATABASE_URL;
  run(process.execPath, [path.join(root, 'dist/server/index.js')], env);
  fs.writeFileSync(path.join(making, 'SERVER'), serverStamp);
  fs.rmSync(demoTemplate, { recursive: true, force: true });
  fs.renameSync(making, demoTemplate);
}

const clientSources = newestMtime([
  ...shared,
  'src-client',
  'index.html',
  'screen.html',
  'ballot.html',
  'vite.config.ts',
  'postcss.config.cjs',
  'public',
]);
if (!ifStale || clientSources > outputMtime('dist/client/index.html')) {
  console.log('[build] giao diện…');
  // Always the production client: a build started from a test (vitest sets NODE_ENV=test) or from a
  // shell with NODE_ENV=development would otherwise get React's development build, four times larger.
  run(bin('vite'), ['build', '--logLevel', 'warn'], { ...process.env, NODE_ENV: 'production' });
  precompress(path.join(root, 'dist/client'));
}
