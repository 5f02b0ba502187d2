/**
 * `npm run event:backup -- [--event <id or name>] [--out <file>]`: one event (the one on stage without
 * --event) in one file, from the embedded database or DATABASE_URL; written under a temporary name and
 * renamed when whole. Without --out, the file is named after the event and the day, here.
 */
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { messages } from '../src/messages';
import { contestIdOf } from '../src-server/db/scope';
import { openEventBackup } from '../src-server/features/events/backup';
import { openCliDatabase, parseArgs } from './lib/cli-db';

const args = parseArgs(process.argv.slice(2));
const out = args.get('out');
if (out === true || args.get('event') === true) {
  console.error(messages.backup.backupUsage);
  process.exit(2);
}

const database = await openCliDatabase();
try {
  const backup = await openEventBackup(database.base, contestIdOf(database.db));
  if (!backup) throw new Error(messages.backup.eventNotFound);
  const file = path.resolve(out ?? backup.fileName);
  const temporary = `${file}.tmp`;
  try {
    await pipeline(backup.stream(), createWriteStream(temporary));
    await fs.rename(temporary, file);
  } catch (error) {
    await fs.rm(temporary, { force: true });
    throw error;
  }
  console.log(messages.backup.backupDone(backup.title, file));
} finally {
  await database.close();
}
