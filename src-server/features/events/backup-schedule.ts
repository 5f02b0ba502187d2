/**
 * Backups while the night goes on: with BACKUP_DIR set, the event on stage is written to a file there
 * every BACKUP_EVERY_MINUTES, and only its last BACKUP_KEEP files are kept. A file is written under a
 * temporary name and renamed when whole, so the folder never holds half a backup. A failure is logged
 * and the next round tries again: a backup never stops the show.
 *
 * Each file is named `<title>_<yyyymmdd-hhmmss>_<event id>.hoithi` (Vietnam's time): the event id
 * tells whose files to prune, whatever the title was when each was written.
 */
import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Transform, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Kysely } from 'kysely';
import type { Config } from '../../config';
import type { Database } from '../../db/types';
import { activeScope } from './active';
import { openEventBackup, slugOf, vietnamStamp } from './backup';

const SUFFIX = '.hoithi';

/** The file name of a scheduled backup of `contestId`, written at `at`. */
function scheduledName(title: string, contestId: string, at: Date): string {
  const { date, time } = vietnamStamp(at);
  return `${slugOf(title)}_${date.replaceAll('-', '')}-${time}_${contestId}${SUFFIX}`;
}

/** The files of `contestId`'s scheduled backups in `dir`, newest first. */
async function backupsOf(dir: string, contestId: string): Promise<string[]> {
  const names = await fs.readdir(dir);
  const stampOf = (name: string) => /_(\d{8}-\d{6})_/.exec(name)?.[1] ?? '';
  return names
    .filter((name) => name.endsWith(`_${contestId}${SUFFIX}`))
    .sort((a, b) => stampOf(b).localeCompare(stampOf(a)) || b.localeCompare(a));
}

/**
 * Writes one backup of `contestId` into `dir` (when given; else only reads it through) and answers the
 * file's path and the sha-256 of its bytes; null when there is no such event.
 */
export async function writeBackupFile(
  base: Kysely<Database>,
  contestId: string,
  dir: string | null,
  now = new Date(),
): Promise<{ file: string | null; sha256: string } | null> {
  const backup = await openEventBackup(base, contestId, now);
  if (!backup) return null;
  const hash = createHash('sha256');
  const hashing = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      done(null, chunk);
    },
  });
  if (!dir) {
    await pipeline(backup.stream(), hashing, new Writable({ write: (_chunk, _encoding, done) => done() }));
    return { file: null, sha256: hash.digest('hex') };
  }
  await fs.mkdir(dir, { recursive: true });
  const file = path.join(dir, scheduledName(backup.title, contestId, now));
  const temporary = `${file}.tmp`;
  try {
    await pipeline(backup.stream(), hashing, createWriteStream(temporary));
    await fs.rename(temporary, file);
  } catch (error) {
    await fs.rm(temporary, { force: true });
    throw error;
  }
  return { file, sha256: hash.digest('hex') };
}

/**
 * Writes one backup of the event on stage into `dir` and prunes that event's older ones beyond `keep`;
 * the file's path.
 */
export async function writeScheduledBackup(base: Kysely<Database>, dir: string, keep: number, now = new Date()): Promise<string | null> {
  const { contest } = await activeScope(base);
  const written = await writeBackupFile(base, contest, dir, now);
  if (!written) return null;
  for (const old of (await backupsOf(dir, contest)).slice(keep)) await fs.rm(path.join(dir, old), { force: true });
  return written.file;
}

export interface BackupSchedule {
  stop(): Promise<void>;
}

/** Starts the backups BACKUP_DIR asks for; null when it is unset. */
export function startBackupSchedule(
  base: Kysely<Database>,
  config: Pick<Config, 'backupDir' | 'backupKeep' | 'backupEveryMinutes'>,
): BackupSchedule | null {
  const dir = config.backupDir;
  if (!dir) return null;
  const every = config.backupEveryMinutes * 60_000;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let stopped = false;
  const next = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      timer = null;
      running = writeScheduledBackup(base, dir, config.backupKeep)
        .then(
          () => undefined,
          (error: unknown) => {
            if (!stopped) console.error(`[backup] could not back up the event on stage into ${dir}:`, (error as Error).message);
          },
        )
        .finally(() => {
          running = null;
          next();
        });
    }, every);
    timer.unref();
  };
  next();
  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
