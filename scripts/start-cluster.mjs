#!/usr/bin/env node
/**
 * `npm run start:cluster -- --instances 3 [--port 8080] [--database-url postgres://…]`: several
 * instances of the built server on one PostgreSQL (the database is created when missing) behind nginx,
 * with deploy/nginx.conf's site, as docs/DEPLOY.md describes. Builds first when dist/ is missing.
 * Ctrl+C (or SIGTERM) stops nginx, then the instances; they also go if this process is killed.
 * `--expose-upstreams` (tests) adds the X-Upstream header and a path per instance, /__instance/N/.
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import { DEFAULT_DATABASE_URL, startCluster } from './lib/cluster.mjs';

const USAGE = `npm run start:cluster -- [--instances 3] [--port 8080] [--database-url ${DEFAULT_DATABASE_URL}] [--expose-upstreams]`;
let values;
try {
  ({ values } = parseArgs({
    options: {
      instances: { type: 'string', default: '3' },
      port: { type: 'string', default: '8080' },
      'database-url': { type: 'string', default: process.env.DATABASE_URL || DEFAULT_DATABASE_URL },
      'expose-upstreams': { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  }));
} catch (error) {
  console.error(`[cluster] ${error.message}\n${USAGE}`);
  process.exit(2);
}
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
const instances = Number(values.instances);
const port = Number(values.port);
if (!Number.isInteger(instances) || instances < 1 || instances > 32) {
  console.error('[cluster] --instances: a number from 1 to 32');
  process.exit(2);
}
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error('[cluster] --port: a port number (0 picks a free one)');
  process.exit(2);
}

let cluster = null;
let stopping = false;
const stop = async (code, why) => {
  if (stopping) return;
  stopping = true;
  if (why) console.log(`[cluster] ${why}: stopping nginx and the instances…`);
  await cluster?.stop();
  process.exit(code);
};

const dead = new Set();
try {
  cluster = await startCluster({
    instances,
    port,
    databaseUrl: values['database-url'],
    exposeUpstreams: values['expose-upstreams'],
    onUnexpectedExit(name, code) {
      if (name === 'nginx') {
        console.error(`[cluster] nginx exited (${code}); stopping`);
        void stop(1);
        return;
      }
      dead.add(name);
      console.error(`[cluster] ${name} exited (${code}); nginx sends its requests to the others`);
      if (dead.size === instances) {
        console.error('[cluster] no instance left; stopping');
        void stop(1);
      }
    },
  });
} catch (error) {
  console.error(`[cluster] could not start: ${error.message}`);
  process.exit(1);
}

for (const instance of cluster.instances) console.log(`[cluster] instance ${instance.index}: ${instance.url} (pid ${instance.pid})`);
console.log(`[cluster] nginx (pid ${cluster.nginx.pid}), Brotli ${cluster.brotli ? 'on' : 'off'}, config in ${cluster.configDir}`);
const lan = Object.values(os.networkInterfaces())
  .flat()
  .filter((a) => a && a.family === 'IPv4' && !a.internal)
  .map((a) => `http://${a.address}:${cluster.port}`);
if (lan.length) console.log(`[cluster] on the network: ${lan.join(', ')}`);
console.log(`[cluster] ready: ${cluster.url}`);

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => void stop(0, signal));
}
