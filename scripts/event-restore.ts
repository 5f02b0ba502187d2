/**
 * `npm run event:restore -- --file <file>`: a backup made into a new event, beside the others and not
 * on stage, in the embedded database or DATABASE_URL. A file that is not a whole backup is refused,
 * with its reason, and nothing is changed.
 */
import { createReadStream, existsSync } from 'node:fs';
import path from 'node:path';
import { messages } from '../src/messages';
import { AppError } from '../src-server/errors';
import { restoreEventBackup } from '../src-server/features/events/backup';
import { openCliDatabase, parseArgs } from './lib/cli-db';

const file = parseArgs(process.argv.slice(2)).get('file');
if (typeof file !== 'string') {
  console.error(messages.backup.restoreUsage);
  process.exit(2);
}
if (!existsSync(file)) {
  console.error(messages.backup.restoreMissingFile(path.resolve(file)));
  process.exit(2);
}

const database = await openCliDatabase(process.env, []);
try {
  const restored = await restoreEventBackup(database.base, createReadStream(file));
  console.log(messages.backup.restoreDone(restored.title, restored.contestId));
} catch (error) {
  if (!(error instanceof AppError)) throw error;
  console.error(messages.backup.failed(error.message));
  process.exitCode = 1;
} finally {
  await database.close();
}
