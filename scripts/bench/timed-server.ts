/**
 * The built server as a process of its own for the write benchmarks (scoring.ts, answers.ts): on a
 * port of its own, no demo, with HOITHI_TIMINGS=1 so it prints how long its commits took when it
 * stops; with `profile`, a CPU profile in test-results/profiles/.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { withServerProcessEnv } from './lib.mjs';

export async function startTimedServer(
  root: string,
  env: Record<string, string>,
  profile: boolean,
): Promise<{ base: string; stop(): Promise<string> }> {
  const profiling = profile ? ['--cpu-prof', `--cpu-prof-dir=${path.join(root, 'test-results/profiles')}`] : [];
  const proc = spawn(process.execPath, [...profiling, path.join(root, 'dist/server/index.js')], {
    cwd: root,
    env: {
      ...withServerProcessEnv(process.env),
      PORT: '0',
      HOST: '127.0.0.1',
      NODE_ENV: 'production',
      ADMIN_PASSWORD: 'bench-admin-1',
      SEED_DEMO: '0',
      HOITHI_TIMINGS: '1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  proc.stdout!.on('data', (d) => (output += d));
  proc.stderr!.on('data', (d) => (output += d));
  const base = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 60_000);
    proc.stdout!.on('data', () => {
      const match = /đang chạy tại (http:\/\/\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!.replace('localhost', '127.0.0.1'));
      }
    });
  });
  return {
    base,
    /** Stops it; its whole output (the timings last). */
    stop: () =>
      new Promise((resolve) => {
        proc.once('exit', () => resolve(output));
        proc.kill('SIGTERM');
      }),
  };
}
