/** Types of lib.mjs (plain JavaScript, so that the .mjs benchmarks import it too). */
import type { ChildProcess } from 'node:child_process';

export function percentile(values: readonly number[], p: number): number;
export function median(values: readonly number[]): number;
export function sleep(ms: number): Promise<void>;

export function machine(): string;
export function gitRevision(dir: string): string | null;

export function track<T extends ChildProcess>(child: T): T;
export function atExit(cleanup: () => void): void;
export function exited(child: ChildProcess): Promise<void>;
export function stopChild(child: ChildProcess, graceMs?: number): Promise<void>;
export function withServerProcessEnv(env: NodeJS.ProcessEnv, defaultMalloc?: boolean): NodeJS.ProcessEnv;
export function serverEnv(dataDir: string, adminPassword: string, extra?: Record<string, string>): NodeJS.ProcessEnv;

export function api(
  base: string,
  method: string,
  pathname: string,
  options?: { cookie?: string | null; body?: unknown; origin?: string },
  // biome-ignore lint/suspicious/noExplicitAny: a benchmark reads whatever JSON the server answers, field by field
): Promise<any>;
export function login(base: string, username: string, password: string, options?: { origin?: string }): Promise<string>;

export function throwawayPostgres(base: string, prefix: string): Promise<{ url: string; name: string; drop(): Promise<void> }>;
