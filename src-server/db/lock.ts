/**
 * One process at a time may open an embedded data folder. The lock file names its owner; a lock
 * whose process is gone (killed with -9) is taken over.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { messages } from '../../src/messages';

export const LOCK_FILE = 'hoithi.lock';

interface LockInfo {
  pid: number;
  hostname: string;
  startedAt: string;
}

export class DataDirLockedError extends Error {
  constructor(
    readonly pid: number,
    readonly dir: string,
  ) {
    super(messages.dataDirLocked(pid, dir));
  }
}

function processAlive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readLock(file: string): LockInfo | null {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as LockInfo;
  } catch {
    return null;
  }
}

/** Who holds the folder now, if anyone alive does. */
export function lockHolder(dir: string): number | null {
  const info = readLock(path.join(dir, LOCK_FILE));
  if (!info || info.hostname !== os.hostname() || !processAlive(info.pid)) return null;
  return info.pid;
}

/** Takes the lock or throws DataDirLockedError. Returns a function that releases it. */
export function acquireDataDirLock(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, LOCK_FILE);
  const mine: LockInfo = { pid: process.pid, hostname: os.hostname(), startedAt: new Date().toISOString() };
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      fs.writeFileSync(file, JSON.stringify(mine), { flag: 'wx' });
      let released = false;
      return () => {
        if (released) return;
        released = true;
        if (readLock(file)?.pid === process.pid) fs.rmSync(file, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = lockHolder(dir);
      if (holder !== null) throw new DataDirLockedError(holder, path.resolve(dir));
      // A stale lock: its process is gone. Remove it and try again.
      fs.rmSync(file, { force: true });
    }
  }
  throw new Error(`Cannot take the lock ${file}`);
}
