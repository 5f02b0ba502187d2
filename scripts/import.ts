/**
 * npm run import -- --set <1..6> --file <path> [--title <text>] [--dry-run] [--event <id or name>]
 *                   [--append <set id> | --replace <set id> | --sheets "1:2,2:3"]
 *
 * Reads questions from a file and writes them (a new set; or appended to, or replacing the questions
 * of, an existing set; or one new set per workbook sheet) only when every row is valid, through the
 * same call as the import dialog (`questionSet.importFile`). Where: DATABASE_URL's database; else the
 * embedded data folder, directly when no one holds it, or through the server that holds it (as its
 * admin, on the event on stage). Exit codes: 0 done, 1 the file has errors or the write was refused,
 * 2 bad arguments or no way to the data.
 */
import fs from 'node:fs';
import path from 'node:path';
import { messages } from '../src/messages';
import type { TQuestionImportInput, TQuestionImportResult } from '../src/schemas/questionImport';
import { DataDirLockedError } from '../src-server/db/lock';
import { AppError } from '../src-server/errors';
import { fileExtension, formatImportError, importQuestionFile, isImportExtension } from '../src-server/features/questionSet/import';
import { openCliDatabaseUnlessHeld, parseArgs } from './lib/cli-db';
import { connectToRunningServer, unreachableReason } from './lib/cli-server';

type ImportRequest = Omit<TQuestionImportInput, 'dataBase64'>;
type SheetTarget = NonNullable<TQuestionImportInput['sheets']>[number];

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

/** "1:2,2:3": workbook sheet 1 (counted from 1) becomes a new set of round 2, sheet 2 one of round 3. */
function readSheets(text: string): SheetTarget[] {
  return text.split(',').map((pair) => {
    const match = /^\s*(\d{1,2})\s*:\s*([1-6])\s*$/.exec(pair);
    const sheet = Number(match?.[1]);
    if (!match || sheet < 1 || sheet > 51) usage(messages.importBadSheets);
    return { sheet: sheet - 1, set: Number(match[2]), mode: 'create' };
  });
}

/** The call's input from the command line (without the file's bytes); exits 2 on bad arguments. */
function readRequest(args: Map<string, string | true>): { file: string; request: ImportRequest } {
  const text = (name: string) => {
    const value = args.get(name);
    if (value === true) usage();
    return value?.trim();
  };
  const [setArg, fileArg, title, appendTo, replaceOf, sheetsArg] = ['set', 'file', 'title', 'append', 'replace', 'sheets'].map(text);
  if (!fileArg || (!setArg && !sheetsArg)) usage();
  if (setArg !== undefined && !/^[1-6]$/.test(setArg)) usage(messages.importBadSet);
  if ([appendTo, replaceOf, sheetsArg].filter((value) => value !== undefined).length > 1) usage(messages.importBadTarget);
  if (appendTo === '' || replaceOf === '') usage(messages.importBadTarget);
  if (title !== undefined && (!title || title.length > 300)) usage();
  if (!isImportExtension(fileExtension(fileArg))) usage(messages.importUnknownExtension);
  const file = path.resolve(fileArg);
  if (!fs.existsSync(file) || !fs.statSync(file).isFile()) usage(messages.importMissingFile(file));

  const sheets = sheetsArg === undefined ? undefined : readSheets(sheetsArg);
  const mode = args.has('dry-run') ? 'preview' : appendTo ? 'append' : replaceOf ? 'replace' : 'create';
  const request: ImportRequest = {
    set: setArg ? Number(setArg) : sheets![0]!.set,
    fileName: path.basename(file),
    mode,
    ...((appendTo ?? replaceOf) ? { _id: appendTo ?? replaceOf } : {}),
    ...(title ? { title } : {}),
    ...(sheets ? { sheets } : {}),
  };
  return { file, request };
}

/** A refusal the command explains and exits on: 1 for the file or the write, 2 for no way to the data. */
class ImportStop extends Error {
  constructor(
    message: string,
    readonly code: 1 | 2,
  ) {
    super(message);
  }
}

interface ImportTarget {
  run(input: TQuestionImportInput): Promise<TQuestionImportResult>;
  close(): Promise<void>;
}

/** The database itself when this command may open it; else the server holding the data folder. */
async function openTarget(event: string | null): Promise<ImportTarget> {
  const opened = await openCliDatabaseUnlessHeld();
  if (!(opened instanceof DataDirLockedError)) {
    return {
      run: async (input) => {
        try {
          return await importQuestionFile(opened.db, input);
        } catch (error) {
          // A problem with the whole file (an unknown column, bad JSON) is the file's fault: exit 1.
          if (error instanceof AppError) throw new ImportStop(error.message, 1);
          throw error;
        }
      },
      close: opened.close,
    };
  }
  const server = await connectToRunningServer(opened.dir, opened.pid, event);
  console.log(messages.importThroughServer(server.pid, server.onStage.title));
  return {
    run: async (input) => {
      try {
        return await server.trpc.questionSet.importFile.mutate(input);
      } catch (error) {
        const unreachable = unreachableReason(error, server.url);
        if (unreachable) throw new ImportStop(messages.cliServerUnusable(server.pid, opened.dir, unreachable), 2);
        throw new ImportStop((error as Error).message, 1);
      }
    },
    close: async () => {},
  };
}

/**
 * The sheets the command writes (those `--sheets` names, else the first): their questions, their rows,
 * their errors with the file's own, and the columns they ignore. Sheets left out may hold errors: they
 * are not written.
 */
function whatWouldBeWritten(preview: TQuestionImportResult, targets: SheetTarget[] | undefined) {
  const chosen = new Set((targets ?? [{ sheet: 0 }]).map((target) => target.sheet));
  const sheets = preview.sheets.filter((sheet) => chosen.has(sheet.index));
  // The file's own errors are those no sheet lists.
  const bySheet = new Set(preview.sheets.flatMap((sheet) => sheet.errors.map((error) => JSON.stringify(error))));
  const fileErrors = preview.errors.filter((error) => !bySheet.has(JSON.stringify(error)));
  const named = preview.sheets.length > 1;
  return {
    questions: sheets.reduce((sum, sheet) => sum + sheet.items.length, 0),
    rows: sheets.reduce((sum, sheet) => sum + sheet.rows, 0),
    errors: [...fileErrors, ...sheets.flatMap((sheet) => sheet.errors)],
    // Columns nobody maps are ignored, never an error: said, so a misspelt header does not go unseen.
    ignored: sheets
      .map((sheet) => ({ sheet, headers: sheet.columns.filter((c) => c.source === 'ignored').map((c) => c.header) }))
      .filter(({ headers }) => headers.length)
      .map(({ sheet, headers }) => messages.importIgnoredColumns(headers, named ? sheet.name : null)),
  };
}

function written(result: TQuestionImportResult, mode: ImportRequest['mode']): string[] {
  return result.written.map((set) => {
    if (mode === 'append') return messages.importAppended(result.items.length, set.set, set.title, set._id);
    if (mode === 'replace') return messages.importReplaced(set.items.length, set.set, set.title, set._id);
    return messages.importDone(set.items.length, set.set, set.title, set._id);
  });
}

async function main(): Promise<number> {
  const args = parseArgs(process.argv.slice(2));
  const { file, request } = readRequest(args);
  const event = args.get('event');
  console.log(messages.importReading(file));
  const input: TQuestionImportInput = { ...request, dataBase64: fs.readFileSync(file).toString('base64') };
  const target = await openTarget(typeof event === 'string' ? event : null);
  try {
    // A preview first: it lists every error of every row, where a refused write names only a few.
    const preview = await target.run({ ...input, mode: 'preview' });
    const { questions, rows, errors, ignored } = whatWouldBeWritten(preview, request.sheets);
    progress(messages.importValidating).update(rows, rows);
    for (const line of ignored) console.log(line);
    if (errors.length) {
      console.error(messages.importRowErrorsHeader(errors.length));
      for (const error of errors) console.error(`  ${formatImportError(error)}`);
      return 1;
    }
    if (request.mode === 'preview') {
      console.log(messages.importDryRunOk(questions));
      return 0;
    }
    const writing = progress(messages.importWriting);
    writing.update(0, questions);
    const result = await target.run(input);
    writing.update(questions, questions);
    for (const line of written(result, request.mode)) console.log(line);
    return 0;
  } finally {
    await target.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof ImportStop) {
      console.error(error.message);
      process.exit(error.code);
    }
    console.error(error);
    process.exit(1);
  },
);
