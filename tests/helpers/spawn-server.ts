/** Starts the built server (dist/server/index.js) as a real process under Node or Bun. */
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '../..');
export const BUN = path.join(ROOT, 'node_modules/.bin/bun');
export const SERVER_FILE = path.join(ROOT, 'dist/server/index.js');

export interface SpawnedServer {
  child: ChildProcess;
  url: string;
  output(): string;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

export function runServerProcess(
  runtime: 'node' | 'bun',
  env: Record<string, string>,
): { child: ChildProcess; output(): string; exited: Promise<number | null> } {
  const command = runtime === 'bun' ? BUN : process.execPath;
  const child = spawn(command, [SERVER_FILE], {
    cwd: ROOT,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', NODE_ENV: 'production', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

export async function startServerProcess(runtime: 'node' | 'bun', env: Record<string, string>): Promise<SpawnedServer> {
  const { child, output, exited } = runServerProcess(runtime, env);
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output()}`)), 60_000);
    const check = () => {
      const match = /đang chạy tại (http:\/\/\S+)/.exec(output());
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!.replace('localhost', '127.0.0.1'));
      }
    };
    child.stdout!.on('data', check);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output()}`));
    });
  });
  return {
    child,
    url,
    output,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode !== null) return child.exitCode;
      child.kill(signal);
      return exited;
    },
  };
}
