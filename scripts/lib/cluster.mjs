/**
 * Several instances of the built server on one PostgreSQL, behind nginx on one port, as
 * docs/DEPLOY.md describes: what `npm run start:cluster` runs, and what tests/runtime/cluster.test.ts
 * starts. The nginx site is deploy/nginx.conf with this cluster's values put in (`renderSite`), inside
 * a main config of its own whose pid, logs and temporary files live in a temporary folder, so nginx
 * runs as any user and /etc/nginx is never touched.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { SERVER_PROCESS_ENV } from './server-process.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const SITE_TEMPLATE = path.join(root, 'deploy/nginx.conf');
export const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/hoithi_cluster';
const SERVER_FILE = path.join(root, 'dist/server/index.js');
const CLIENT_DIR = path.join(root, 'dist/client');
const BROTLI_MODULE = 'ngx_http_brotli_static_module.so';

// ---------------------------------------------------------------------------------------------------
// nginx

/** The nginx binary: NGINX, else the one on PATH, else Debian's /usr/sbin/nginx (not on a user's PATH). */
export function findNginx() {
  const candidates = [process.env.NGINX, 'nginx', '/usr/sbin/nginx'].filter(Boolean);
  return candidates.find((command) => spawnSync(command, ['-v'], { stdio: 'ignore' }).error === undefined) ?? null;
}

/** What `nginx -V` says: the modules folder and the mime.types beside its own config. */
function nginxBuild(nginx) {
  const text = spawnSync(nginx, ['-V'], { encoding: 'utf8' }).stderr ?? '';
  const option = (name) => new RegExp(`--${name}=(\\S+)`).exec(text)?.[1];
  const modulesDir = option('modules-path') ?? '/usr/lib/nginx/modules';
  const confPath = option('conf-path') ?? '/etc/nginx/nginx.conf';
  const brotli = path.join(modulesDir, BROTLI_MODULE);
  const mimeTypes = path.join(path.dirname(confPath), 'mime.types');
  return {
    brotliModule: fs.existsSync(brotli) ? brotli : null,
    mimeTypes: fs.existsSync(mimeTypes) ? mimeTypes : null,
  };
}

/** Puts `to` where `from` is, once exactly: the sample changed under us should fail loudly. */
function replaceOnce(text, from, to) {
  const parts = text.split(from);
  if (parts.length !== 2) throw new Error(`deploy/nginx.conf: expected "${String(from).trim()}" once, found it ${parts.length - 1} times`);
  return parts.join(to);
}

/**
 * deploy/nginx.conf with this cluster's values: the instances' ports, the listen port, the build's
 * folder, and Brotli when the module is there. `exposeUpstreams` (tests) adds which instance answered
 * (`X-Upstream`) and a path per instance, `/__instance/N/…`, which reaches that instance only.
 */
export function renderSite({
  ports,
  listen,
  assetsRoot,
  brotli,
  exposeUpstreams = false,
  template = fs.readFileSync(SITE_TEMPLATE, 'utf8'),
}) {
  let site = template;
  const servers =
    /( *)server 127\.0\.0\.1:\d+ max_fails=1 fail_timeout=10s;\n(?: *server 127\.0\.0\.1:\d+ max_fails=1 fail_timeout=10s;\n)*/;
  const found = servers.exec(site);
  if (!found) throw new Error('deploy/nginx.conf: no upstream servers to replace');
  const indent = found[1];
  site = site.replace(servers, ports.map((port) => `${indent}server 127.0.0.1:${port} max_fails=1 fail_timeout=10s;\n`).join(''));
  site = replaceOnce(site, 'listen 80 default_server;', `listen ${listen};`);
  site = replaceOnce(site, 'root /srv/hoithi/dist/client;', `root ${assetsRoot};`);
  if (brotli) site = replaceOnce(site, '# brotli_static on;', 'brotli_static on;');
  if (exposeUpstreams) {
    const perInstance = ports
      .map((port, i) => `    location /__instance/${i + 1}/ {\n        proxy_pass http://127.0.0.1:${port}/;\n    }\n\n`)
      .join('');
    site = replaceOnce(
      site,
      '    location /assets/ {',
      `    # Tests only: which instance answered, and a path to each.\n    add_header X-Upstream $upstream_addr always;\n\n${perInstance}    location /assets/ {`,
    );
  }
  return site;
}

/** The main config around the site: everything nginx writes goes under `dir`. */
function mainConfig({ dir, sitePath, brotliModule, mimeTypes }) {
  const lines = ['# Written by scripts/start-cluster.mjs; the site is deploy/nginx.conf with this cluster’s values.'];
  if (brotliModule) lines.push(`load_module ${brotliModule};`);
  // As root, nginx would run its workers as nobody, who may not read a checkout under /root.
  if (process.getuid?.() === 0) lines.push('user root;');
  lines.push(
    'worker_processes 1;',
    `pid ${dir}/nginx.pid;`,
    'error_log stderr warn;',
    'events {',
    // Each websocket holds two connections (the browser's and the one to the app): 1,024 would stop
    // at about 500 screens (docs/DEPLOY.md, "worker_connections").
    '    worker_connections 16384;',
    '}',
    'http {',
    mimeTypes
      ? `    include ${mimeTypes};`
      : '    types { text/html html; text/css css; application/javascript js; image/svg+xml svg; font/woff2 woff2; application/json json; }',
    '    default_type application/octet-stream;',
    '    sendfile on;',
    '    access_log off;',
    ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((name) => `    ${name}_temp_path ${dir}/${name};`),
    `    include ${sitePath};`,
    '}',
    '',
  );
  return lines.join('\n');
}

// ---------------------------------------------------------------------------------------------------
// Processes

/**
 * Spawns `command` so that it dies with this process even on a `kill -9`: util-linux's setpriv sets
 * the parent-death signal before it execs (when setpriv is there; otherwise the exit handler only).
 */
const SETPRIV = spawnSync('setpriv', ['--version'], { stdio: 'ignore' }).error === undefined;
function spawnTied(command, args, options) {
  return SETPRIV ? spawn('setpriv', ['--pdeathsig', 'TERM', '--', command, ...args], options) : spawn(command, args, options);
}

/** Each line a child prints, prefixed with its name. */
function pipeLines(stream, prefix, log) {
  let rest = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk) => {
    const lines = (rest + chunk).split('\n');
    rest = lines.pop();
    for (const line of lines) log(`${prefix} ${line}`);
  });
  stream.on('end', () => rest && log(`${prefix} ${rest}`));
}

function exitOf(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve(child.exitCode ?? child.signalCode);
    else child.once('exit', (code, signal) => resolve(code ?? signal));
  });
}

/** Sends `signal`, then SIGKILL after `graceMs`, and waits for the exit. */
async function stopChild(child, signal = 'SIGTERM', graceMs = 10_000) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill(signal);
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exitOf(child);
  clearTimeout(timer);
}

/** One app instance on a free port of 127.0.0.1 (only nginx reaches it); resolves once it listens. */
function startInstance(index, env, log) {
  const child = spawnTied(process.execPath, ['--enable-source-maps', SERVER_FILE], {
    cwd: root,
    env: {
      ...SERVER_PROCESS_ENV,
      ...process.env,
      NODE_ENV: process.env.NODE_ENV ?? 'production',
      ...env,
      HOST: '127.0.0.1',
      PORT: '0',
      TRUST_PROXY: '1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const prefix = `[instance ${index}]`;
  let output = '';
  const listening = new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${prefix} did not start in 120 s`)), 120_000);
    child.stdout.on('data', (chunk) => {
      output += chunk;
      const match = /đang chạy tại http:\/\/[^:\s]+:(\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        output = '';
        resolve(Number(match[1]));
      }
    });
    void exitOf(child).then((code) => {
      clearTimeout(timer);
      reject(new Error(`${prefix} exited (${code}) before it listened`));
    });
  });
  pipeLines(child.stdout, prefix, log);
  pipeLines(child.stderr, prefix, log);
  return { child, listening };
}

/** A port nobody listens on now (nginx takes it a moment later). */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Resolves once `url` answers, or rejects after `timeoutMs`, or when `failed` does. */
async function waitForHttp(url, timeoutMs, failed) {
  const until = Date.now() + timeoutMs;
  let lastError;
  while (Date.now() < until) {
    if (failed()) throw new Error(failed());
    try {
      const res = await fetch(url);
      await res.arrayBuffer();
      if (res.ok) return;
      lastError = new Error(`${url} answered ${res.status}`);
    } catch (error) {
      lastError = error;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not answer in ${timeoutMs} ms: ${lastError?.message}`);
}

// ---------------------------------------------------------------------------------------------------
// The database and the build

/** Creates the database `url` names when it is missing (connecting to the server's `postgres` database). */
export async function ensureDatabase(url) {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  if (!name) throw new Error(`${url} names no database`);
  const maintenance = new URL(url);
  maintenance.pathname = '/postgres';
  const client = new pg.Client({ connectionString: maintenance.toString() });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (rowCount) return false;
    await client.query(`create database "${name.replaceAll('"', '""')}"`);
    return true;
  } finally {
    await client.end();
  }
}

/** Builds server and client when dist/ lacks either. */
export function buildIfMissing(log) {
  if (fs.existsSync(SERVER_FILE) && fs.existsSync(path.join(CLIENT_DIR, 'index.html'))) return;
  log('[cluster] dist/ is missing: building (node scripts/build.mjs)…');
  const build = spawnSync(process.execPath, [path.join(root, 'scripts/build.mjs')], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) throw new Error(`the build failed (${build.status})`);
}

// ---------------------------------------------------------------------------------------------------
// The cluster

/**
 * Starts `instances` app instances on `databaseUrl` (created when missing) and nginx on `port` (0: a
 * free one). Resolves once nginx answers /api/state, with the address, each instance's port and pid,
 * and `stop()`, which ends nginx first (no new requests), then the instances, and removes the
 * temporary folder. `onUnexpectedExit(name, code)` hears a child that ends before `stop()`.
 */
export async function startCluster({
  instances = 3,
  port = 8080,
  databaseUrl = DEFAULT_DATABASE_URL,
  exposeUpstreams = false,
  env = {},
  log = console.log,
  onUnexpectedExit = () => {},
} = {}) {
  const nginx = findNginx();
  if (!nginx) throw new Error('nginx not found (apt-get install -y nginx, or set NGINX to its path)');
  buildIfMissing(log);
  if (await ensureDatabase(databaseUrl)) log(`[cluster] created the database ${new URL(databaseUrl).pathname.slice(1)}`);

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hoithi-cluster-'));
  const children = [];
  let stopping = false;
  const killAll = () => {
    for (const child of children) if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  };
  // A crash or process.exit() elsewhere still takes the children along (setpriv covers kill -9).
  process.on('exit', killAll);

  const stop = async () => {
    if (stopping) return;
    stopping = true;
    const [nginxChild, ...instanceChildren] = children;
    // nginx's fast shutdown: a graceful one would wait for every screen's websocket to end.
    if (nginxChild) await stopChild(nginxChild, 'SIGTERM', 5_000);
    await Promise.all(instanceChildren.map((child) => stopChild(child)));
    process.off('exit', killAll);
    fs.rmSync(dir, { recursive: true, force: true });
  };
  const watch = (name, child) =>
    void exitOf(child).then((code) => {
      if (!stopping) onUnexpectedExit(name, code);
    });

  try {
    // nginx first in `children` (stopped first), started last.
    children.push(null);
    const appEnv = { ...env, DATABASE_URL: databaseUrl };
    // The first alone: it migrates the database and makes the first admin; the others find them.
    const started = [];
    const first = startInstance(1, appEnv, log);
    children.push(first.child);
    started.push({ index: 1, ...first, port: await first.listening });
    const rest = Array.from({ length: instances - 1 }, (_, i) => {
      const instance = startInstance(i + 2, appEnv, log);
      children.push(instance.child);
      return instance;
    });
    for (const [i, instance] of rest.entries()) started.push({ index: i + 2, ...instance, port: await instance.listening });
    for (const instance of started) watch(`instance ${instance.index}`, instance.child);

    const listenPort = port === 0 ? await freePort() : port;
    const { brotliModule, mimeTypes } = nginxBuild(nginx);
    const sitePath = path.join(dir, 'hoithi.conf');
    fs.writeFileSync(
      sitePath,
      renderSite({
        ports: started.map((s) => s.port),
        listen: listenPort,
        assetsRoot: CLIENT_DIR,
        brotli: !!brotliModule,
        exposeUpstreams,
      }),
    );
    const configPath = path.join(dir, 'nginx.conf');
    fs.writeFileSync(configPath, mainConfig({ dir, sitePath, brotliModule, mimeTypes }));
    // nginx reads NGINX from its environment itself (sockets inherited in a binary upgrade): the
    // variable that names its binary here must not reach it.
    const { NGINX: _binary, ...nginxEnv } = process.env;
    const nginxChild = spawnTied(nginx, ['-p', dir, '-c', configPath, '-g', 'daemon off;'], {
      cwd: dir,
      env: nginxEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children[0] = nginxChild;
    let nginxEnded = null;
    void exitOf(nginxChild).then((code) => (nginxEnded = `nginx exited (${code})`));
    pipeLines(nginxChild.stdout, '[nginx]', log);
    pipeLines(nginxChild.stderr, '[nginx]', log);
    const url = `http://127.0.0.1:${listenPort}`;
    await waitForHttp(`${url}/api/state`, 15_000, () => nginxEnded);
    watch('nginx', nginxChild);

    return {
      url,
      port: listenPort,
      configDir: dir,
      brotli: !!brotliModule,
      nginx: { pid: nginxChild.pid, child: nginxChild },
      instances: started.map(({ index, port: instancePort, child }) => ({
        index,
        port: instancePort,
        url: `http://127.0.0.1:${instancePort}`,
        pid: child.pid,
        child,
      })),
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
