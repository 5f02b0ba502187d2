/**
 * The embedded data folder's lock: a lock whose PID now belongs to another process (another start
 * time) or to a zombie is stale and taken over; two processes taking over one stale lock cannot both
 * win; a live holder still refuses everyone else.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError, LOCK_FILE, procStat } from '../../src-server/db/lock';
import { ROOT } from '../helpers/spawn-server';

const dirs: string[] = [];
const children: ChildProcess[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hoithi-lock-'));
  dirs.push(dir);
  return dir;
};
const writeLock = (dir: string, pid: number, procStart: string | null) =>
  fs.writeFileSync(
    path.join(dir, LOCK_FILE),
    JSON.stringify({ pid, hostname: os.hostname(), startedAt: new Date().toISOString(), procStart }),
  );

afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe('the data folder lock', () => {
  it('is refused while its holder lives, with the same start time', () => {
    const dir = tempDir();
    const holder = spawn('sleep', ['30']);
    children.push(holder);
    writeLock(dir, holder.pid!, procStat(holder.pid!)!.start);
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
  });

  it('is taken over when its PID belongs to another process now (another start time)', () => {
    const dir = tempDir();
    writeLock(dir, 1, '1'); // PID 1 is alive, but it did not start at tick 1 after boot
    expect(procStat(1)?.start).not.toBe('1');
    const release = acquireDataDirLock(dir);
    expect(JSON.parse(fs.readFileSync(path.join(dir, LOCK_FILE), 'utf8')).pid).toBe(process.pid);
    release();
  });

  it("is taken over when it names the starting process's own PID with another start time, or none", () => {
    // A container restarted as PID 1 finds the lock its previous life wrote, naming PID 1 too.
    for (const procStart of ['1', null]) {
      const dir = tempDir();
      writeLock(dir, process.pid, procStart);
      const release = acquireDataDirLock(dir);
      const lock = JSON.parse(fs.readFileSync(path.join(dir, LOCK_FILE), 'utf8'));
      expect(lock.procStart).toBe(procStat(process.pid)!.start);
      release();
    }
  });

  it('is refused to a second taker in the same process (its own PID and start time)', () => {
    const dir = tempDir();
    const release = acquireDataDirLock(dir);
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
    release();
  });

  it('is taken over when its process is a zombie not yet reaped', async () => {
    const dir = tempDir();
    // The shell's background child waits until its parent has exec'd `sleep` (which never reaps a
    // child), then exits: exiting any earlier could let the shell reap it before the exec.
    const child = 'while [ "$(cat /proc/$PPID/comm)" != sleep ]; do sleep 0.01; done';
    const parent = spawn('sh', ['-c', `sh -c '${child}' & echo $!; exec sleep 30`]);
    children.push(parent);
    const pid = Number(await new Promise<string>((resolve) => parent.stdout!.once('data', (d) => resolve(String(d).trim()))));
    await expect.poll(() => procStat(pid)?.state, { timeout: 5000 }).toBe('Z');
    writeLock(dir, pid, procStat(pid)!.start);
    const release = acquireDataDirLock(dir);
    release();
  });

  it('lets exactly one of two processes take over the same stale lock', async () => {
    const tsx = path.join(ROOT, 'node_modules/.bin/tsx');
    // The winner holds the lock until its input ends: the test ends it once both have tried.
    const script = `
      import { acquireDataDirLock, DataDirLockedError } from ${JSON.stringify(path.join(ROOT, 'src-server/db/lock.ts'))};
      try { acquireDataDirLock(process.argv[2]); console.log('won'); process.stdin.on('end', () => process.exit(0)).resume(); }
      catch (error) { console.log(error instanceof DataDirLockedError ? 'lost' : 'error ' + error.message); }`;
    const file = path.join(tempDir(), 'contender.mts');
    fs.writeFileSync(file, script);
    for (let round = 0; round < 5; round++) {
      const dir = tempDir();
      writeLock(dir, 999_999, null); // no such process
      const run = () => spawn(tsx, [file, dir], { stdio: ['pipe', 'pipe', 'inherit'] });
      const contenders = [run(), run()];
      const exited = contenders.map((child) => new Promise<void>((resolve) => child.once('close', () => resolve())));
      const outcomes = await Promise.all(
        contenders.map(
          (child, i) =>
            new Promise<string>((resolve) => {
              let out = '';
              child.stdout!.on('data', (d) => {
                out += d;
                if (out.includes('\n')) resolve(out.trim());
              });
              void exited[i]!.then(() => resolve(out.trim()));
            }),
        ),
      );
      for (const child of contenders) child.stdin!.end();
      await Promise.all(exited);
      expect(outcomes.sort(), `round ${round}`).toEqual(['lost', 'won']);
    }
  }, 60_000);
});
