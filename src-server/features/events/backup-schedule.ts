/**
 * Backups while the night goes on: with BACKUP_DIR set, the event on stage is written to a file there
 * every BACKUP_EVERY_MINUTES, and only its last BACKUP_KEEP files are kept. A file is written under a
 * temporary name and renamed when whole, so the folder never holds half a backup. A failure is logged
 * and the next round tries again: a backup never stops the show.
 *
 * Each file is named `<title>_<yyyymmdd-hhmmss>_<event id>.hoithi` (Vietnam's time): the event id
 * tells whose files to prune, whatever the title was when each was written.
 */
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
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
 * Writes one backup of the event on stage into `dir` and prunes that event's older ones beyond `keep`;
 * the file's path.
 */
export async function writeScheduledBackup(base: Kysely<Database>, dir: string, keep: number, now = new Date()): Promise<string | null> {
  const { contest } = await activeScope(base);
  const backup = await openEventBackup(base, contest, now);
  if (!backup) return null;
  await fs.mkdir(dir, { recursive: true });
  const file = path.join(dir, scheduledName(backup.title, contest, now));
  const temporary = `${file}.tmp`;
  try {
    await pipeline(backup.stream(), createWriteStream(temporary));
    await fs.rename(temporary, file);
  } catch (error) {
    await fs.rm(temporary, { force: true });
    throw error;
  }
  for (const old of (await backupsOf(dir, contest)).slice(keep)) await fs.rm(path.join(dir, old), { force: true });
  return file;
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
