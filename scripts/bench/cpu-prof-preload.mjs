/**
 * Bench-only preload: a CPU profile of the whole life of a server the benchmark cannot start with
 * `--cpu-prof` (the cluster starter's instances; NODE_OPTIONS refuses that flag). Loaded as
 *   NODE_OPTIONS="--import file:///…/scripts/bench/cpu-prof-preload.mjs" with BENCH_CPU_PROF_DIR set,
 * it writes `<dir>/<pid>.cpuprofile` when the process exits (the server exits on SIGTERM).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import path from 'node:path';

const dir = process.env.BENCH_CPU_PROF_DIR;
if (dir) {
  const session = new Session();
  session.connect();
  session.post('Profiler.enable');
  session.post('Profiler.setSamplingInterval', { interval: 1000 });
  session.post('Profiler.start');
  process.on('exit', () => {
    // The in-process session answers synchronously, so this runs to the end inside 'exit'.
    session.post('Profiler.stop', (error, result) => {
      if (error) return;
      mkdirSync(dir, { recursive: true });
      writeFileSync(path.join(dir, `${process.pid}.cpuprofile`), JSON.stringify(result.profile));
    });
  });
}
