/**
 * Bench-only preload for the server under `switch.ts`: counts the SQL statements the process sends
 * to its database, so the benchmark can say what a screen's read costs after the stage moves,
 * without touching the app. Loaded as
 *   node --import file:///…/scripts/bench/switch-preload.mjs dist/server/index.js
 * with an IPC channel. It wraps the two drivers the server may use, resolved from the server's own
 * file so they are the very modules the server imports:
 * - PGlite: every message that starts a statement (`P`arse of the extended protocol, or a simple
 *   `Q`uery, which is how BEGIN and COMMIT travel) through `execProtocolStream`;
 * - pg: every `Client#query` (pool clients and the LISTEN connection alike).
 * On `{ type: 'bench:statements', id }` it answers with the count so far. On `{ type: 'bench:profile',
 * id, file }` it starts V8's CPU profiler, and on the next one stops it and writes the profile to
 * `file` (so a profile covers the measured switches, not the set-up), answering each. It ends the
 * process when the orchestrator goes away, so a crashed benchmark leaves no server behind.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const serverFile = process.argv[1];
const require = createRequire(serverFile ?? import.meta.url);
let statements = 0;

const PARSE = 0x50; // 'P'
const QUERY = 0x51; // 'Q'

/** The file a package's `import` condition names: the ESM build the server imports, not the CommonJS one. */
function esmEntry(name) {
  // The package's folder: up from its CommonJS entry (its package.json is not among its exports).
  let dir = path.dirname(require.resolve(name));
  while (!existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
  const entry = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')).exports['.'].import;
  return pathToFileURL(path.join(dir, typeof entry === 'string' ? entry : entry.default)).href;
}

try {
  const { PGlite } = await import(esmEntry('@electric-sql/pglite'));
  const original = PGlite.prototype.execProtocolStream;
  PGlite.prototype.execProtocolStream = function counted(message, options) {
    if (message?.[0] === PARSE || message?.[0] === QUERY) statements++;
    return original.call(this, message, options);
  };
} catch (error) {
  console.error('[switch-preload] PGlite not wrapped:', error.message);
}

try {
  const pg = require('pg');
  const original = pg.Client.prototype.query;
  pg.Client.prototype.query = function counted(...args) {
    statements++;
    return original.apply(this, args);
  };
} catch (error) {
  console.error('[switch-preload] pg not wrapped:', error.message);
}

let profiler = null;

process.on('message', (message) => {
  if (message?.type === 'bench:statements') process.send?.({ type: 'bench:statements', id: message.id, statements });
  if (message?.type !== 'bench:profile') return;
  const answer = () => process.send?.({ type: 'bench:profile', id: message.id });
  if (!profiler) {
    profiler = new Session();
    profiler.connect();
    profiler.post('Profiler.enable');
    profiler.post('Profiler.setSamplingInterval', { interval: 500 });
    profiler.post('Profiler.start', answer);
    return;
  }
  profiler.post('Profiler.stop', (error, result) => {
    if (!error) {
      mkdirSync(path.dirname(message.file), { recursive: true });
      writeFileSync(message.file, JSON.stringify(result.profile));
    }
    profiler.disconnect();
    profiler = null;
    answer();
  });
});
process.on('disconnect', () => process.exit(0));
