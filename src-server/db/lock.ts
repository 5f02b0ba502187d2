/**
 * One process at a time may open an embedded data folder. The lock file names its owner: its PID
 * and, on Linux, the process's start time. A lock is stale when that process is gone (killed with
 * -9), when the PID now belongs to another process (a different start time: PID 1 after a container
 * restart), or when it is a zombie not yet reaped. A stale lock is taken over atomically: the lock
 * file appears whole or not at all (a hard link that fails if it exists), and a stale one is first
 * renamed aside, which only one contender can do. A lock naming the starting process's own PID is
 * its own only with its own start time: otherwise it is a previous life's, and stale.
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
  /** /proc/<pid>/stat field 22 (start time in clock ticks since boot), where there is a /proc. */
  procStart?: string | null;
}

export class DataDirLockedError extends Error {
  constructor(
    readonly pid: number,
    readonly dir: string,
  ) {
    super(messages.dataDirLocked(pid, dir));
  }
}

/** A process's state letter and start time from /proc, or null where there is no /proc entry. */
export function procStat(pid: number): { state: string; start: string } | null {
  try {
    const text = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // "pid (comm) state ppid …": comm may hold spaces and parentheses, so split after the last ')'.
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return { state: fields[0]!, start: fields[19]! };
  } catch {
    return null;
  }
}

/** Whether the process that wrote this lock is still running (not gone, not reused, not a zombie). */
function ownerAlive(info: LockInfo): boolean {
  if (info.pid === process.pid) {
    // Our own PID: ours only if it names our start time too. A container restarted as PID 1 finds
    // the lock its previous life left, naming the same PID with another start time (or none).
    const mine = procStat(process.pid)?.start ?? null;
    return mine === null || (!!info.procStart && info.procStart === mine);
  }
  try {
    process.kill(info.pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const stat = procStat(info.pid);
  if (!stat) return true; // no /proc: trust the PID alone
  if (stat.state === 'Z' || stat.state === 'X') return false;
  return !info.procStart || info.procStart === stat.start;
}

function parseLock(text: string): LockInfo | null {
  try {
    return JSON.parse(text) as LockInfo;
  } catch {
    return null;
  }
}

function readLock(file: string): LockInfo | null {
  try {
    return parseLock(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

/** The PID of the lock's owner if it is alive on this machine, else null (a stale lock). */
function holderOf(info: LockInfo | null): number | null {
  if (!info || info.hostname !== os.hostname() || !ownerAlive(info)) return null;
  return info.pid;
}

/**
 * Creates `file` with `text`, failing with EEXIST when it exists. The file appears with all of its
 * text at once (written aside, then hard-linked into place): a contender never reads a lock that is
 * still empty, which it would take for a stale one.
 */
function createWhole(file: string, text: string): void {
  const temp = `${file}.new-${process.pid}-${Math.random().toString(36).slice(2)}`;
  fs.writeFileSync(temp, text, { flag: 'wx' });
  try {
    fs.linkSync(temp, file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    // A file system without hard links: fall back to an exclusive create.
    if (code === 'EPERM' || code === 'ENOTSUP' || code === 'EOPNOTSUPP') fs.writeFileSync(file, text, { flag: 'wx' });
    else throw error;
  } finally {
    fs.rmSync(temp, { force: true });
  }
}

/** Takes the lock or throws DataDirLockedError. Returns a function that releases it. */
export function acquireDataDirLock(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, LOCK_FILE);
  const mine: LockInfo = {
    pid: process.pid,
    hostname: os.hostname(),
    startedAt: new Date().toISOString(),
    procStart: procStat(process.pid)?.start ?? null,
  };
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      createWhole(file, JSON.stringify(mine));
      let released = false;
      return () => {
        if (released) return;
        released = true;
        if (readLock(file)?.pid === process.pid) fs.rmSync(file, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      // Judge the lock by one reading of it; a lock gone meanwhile (a contender moving it) means
      // starting again.
      let stale: string;
      try {
        stale = fs.readFileSync(file, 'utf8');
      } catch (readError) {
        if ((readError as NodeJS.ErrnoException).code === 'ENOENT') continue;
        throw readError;
      }
      const holder = holderOf(parseLock(stale));
      if (holder !== null) throw new DataDirLockedError(holder, path.resolve(dir));
      // A stale lock: move it aside. A rename moves one file once, so of two contenders only one
      // moves the stale lock; the other finds it gone and starts again.
      const aside = `${file}.stale-${process.pid}-${Math.random().toString(36).slice(2)}`;
      try {
        fs.renameSync(file, aside);
      } catch (renameError) {
        if ((renameError as NodeJS.ErrnoException).code === 'ENOENT') continue;
        throw renameError;
      }
      if (fs.readFileSync(aside, 'utf8') !== stale) {
        // Between our read and our rename a contender put a fresh lock there: put it back.
        try {
          fs.linkSync(aside, file);
        } catch {
          // Another fresh lock is there already; the loop will find its holder.
        }
      }
      fs.rmSync(aside, { force: true });
    }
  }
  throw new Error(`Cannot take the lock ${file}`);
}
