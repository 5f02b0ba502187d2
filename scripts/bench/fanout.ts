/**
 * Kept for `npm run bench:fanout`: the fan-out figure of live.ts alone (one show change to N
 * subscribers against a bare `ws` broadcast, every party in its own process). Needs a build; takes
 * live.ts's options and writes test-results/bench-fanout.md.
 *
 *   npm run bench:fanout [-- --rounds 30 --sizes 1000,3000 --runs 3 --server dist/server/index.js]
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const live = path.join(import.meta.dirname, 'live.ts');
const args = ['--import', import.meta.resolve('tsx'), live, '--only', 'fanout', '--out', 'test-results/bench-fanout.md', ...process.argv.slice(2)];
const result = spawnSync(process.execPath, args, { stdio: 'inherit' });
process.exit(result.status ?? 1);
