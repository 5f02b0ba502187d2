/**
 * npm run import -- --set <1..6> --file <path> [--title <text>] [--dry-run]
 *
 * Reads a question set from JSON, CSV or XLSX, validates every row, and writes it as a new set in one
 * insert, or nothing at all. Exit codes: 0 done, 1 the file has errors, 2 bad arguments or a server
 * holds the data folder.
 */
import fs from 'node:fs';
import path from 'node:path';
import { messages } from '../src/messages';
import { AppError } from '../src-server/errors';
import { createQuestionSet } from '../src-server/features/questionSet/data';
import {
  fileExtension,
  formatImportError,
  isImportExtension,
  parseQuestionFile,
  titleFromFileName,
  validateImportFormat,
  validateQuestionRows,
} from '../src-server/features/questionSet/import';
import { openCliDatabase, parseArgs } from './lib/cli-db';

function usage(problem?: string): never {
  if (problem) console.error(problem);
  console.error(messages.importUsage);
  process.exit(2);
}

/** A bar redrawn in place on a terminal; one line at the start and the end otherwise. */
function progress(label: string) {
  const tty = Boolean(process.stdout.isTTY);
  let last = -1;
  return {
    update(done: number, total: number) {
      if (!tty) {
        if (done === 0 || done === total) console.log(`${label}: ${done}/${total}`);
        return;
      }
      const width = 30;
      const ratio = total ? done / total : 1;
      const percent = Math.floor(ratio * 100);
      if (percent === last && done !== total) return;
      last = percent;
      const filled = Math.round(ratio * width);
      process.stdout.write(
        `\r${label} [${'█'.repeat(filled)}${'░'.repeat(width - filled)}] ${String(percent).padStart(3)}% ${done}/${total}`,
      );
      if (done === total) process.stdout.write('\n');
    },
  };
}

async function main(): Promise<number> {
  const args = parseArgs(process.argv.slice(2));
  const setArg = args.get('set');
  const fileArg = args.get('file');
  const titleArg = args.get('title');
  const dryRun = args.has('dry-run');
  if (typeof setArg !== 'string' || typeof fileArg !== 'string') usage();
  if (!/^[1-6]$/.test(setArg.trim())) usage(messages.importBadSet);
  const setNo = Number(setArg);
  if (!isImportExtension(fileExtension(fileArg))) usage(messages.importUnknownExtension);
  const file = path.resolve(fileArg);
  if (!fs.existsSync(file) || !fs.statSync(file).isFile()) usage(messages.importMissingFile(file));
  if (titleArg === true || (titleArg !== undefined && titleArg.trim().length > 300)) usage();

  console.log(messages.importReading(file));
  const parsed = await parseQuestionFile(file, fs.readFileSync(file));
  const checking = progress(messages.importValidating);
  checking.update(0, parsed.rows.length);
  const rowCheck = validateQuestionRows(parsed.rows, (done, total) => checking.update(done, total));
  const { items } = rowCheck;
  const { format, errors: formatErrors } = validateImportFormat(parsed.format);
  const errors = [...formatErrors, ...rowCheck.errors];
  if (errors.length) {
    console.error(messages.importRowErrorsHeader(errors.length));
    for (const error of errors) console.error(`  ${formatImportError(error)}`);
    return 1;
  }
  if (dryRun) {
    console.log(messages.importDryRunOk(items.length));
    return 0;
  }

  const title = titleArg?.trim() || parsed.title || titleFromFileName(file);
  const { db, close } = await openCliDatabase();
  try {
    const writing = progress(messages.importWriting);
    writing.update(0, items.length);
    // One insert: the set and all its questions land together or not at all.
    const created = await createQuestionSet(db, setNo, { title, priority: 0, items, format });
    writing.update(items.length, items.length);
    console.log(messages.importDone(created.items.length, setNo, created.title, created._id));
  } finally {
    await close();
  }
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    // A problem with the whole file (an unknown column, bad JSON) is the file's fault: exit 1.
    if (error instanceof AppError) {
      console.error(error.message);
      process.exit(1);
    }
    console.error(error);
    process.exit(1);
  },
);
