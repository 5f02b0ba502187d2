/**
 * Stage 3 of an import, storing the sets: the run from bytes to written sets (parse.ts, then
 * validate.ts, then, only when every sheet written is valid, one transaction that creates a set,
 * appends to one or replaces its questions, per sheet). Shared by the router and `npm run import`; it
 * never exits the process.
 */
import type { Kysely } from 'kysely';
import { messages } from '../../../../src/messages';
import type { TImportRowError, TImportSheet, TQuestionImportInput, TQuestionImportResult } from '../../../../src/schemas/questionImport';
import type { TQuestionSet } from '../../../../src/schemas/questionSet';
import { CLASSIC_FORMAT, type TFormat } from '../../../../src/schemas/roundFormat';
import type { Database } from '../../../db/types';
import { badRequest } from '../../../errors';
import { recordAction } from '../../actions/log';
import { mediaKind } from '../../media/media';
import { createQuestionSet, getQuestionSet, updateQuestionSet } from '../data';
import { rememberedColumns } from './columns';
import { storeDocxImages } from './docx';
import { type ParsedSheet, parseQuestionFile, titleFromFileName } from './parse';
import { type CheckedSheet, IMPORT_MAX_QUESTIONS, importFailure, validateImportFormat, validateSheet } from './validate';

interface ReadSheet extends TImportSheet {
  checked: CheckedSheet;
}

/** What the file holds, sheet by sheet, checked; nothing written. */
export async function readImportFile(
  db: Kysely<Database>,
  input: Pick<TQuestionImportInput, 'fileName' | 'dataBase64' | 'title'>,
  onProgress?: (done: number, total: number) => void,
): Promise<{ title: string; sheets: ReadSheet[]; fileErrors: TImportRowError[] }> {
  const parsed = await parseQuestionFile(input.fileName, Buffer.from(input.dataBase64, 'base64'), await rememberedColumns(db));
  await readUploads(db, parsed.sheets);
  const named = parsed.sheets.length > 1;
  const sheets = parsed.sheets.map((sheet, index): ReadSheet => {
    const checked = validateSheet(sheet, named, onProgress);
    const { format, errors: formatErrors } = validateImportFormat(sheet.format);
    const errors = [...formatErrors.map((e) => (named ? { ...e, sheet: sheet.name } : e)), ...checked.errors];
    return { index, name: sheet.name, columns: sheet.columns, items: checked.items, errors, rows: sheet.rows.length, format, checked };
  });
  const title = input.title ?? parsed.title ?? titleFromFileName(input.fileName);
  return { title, sheets, fileErrors: parsed.errors };
}

/** Questions naming an uploaded file ("/media/<id>") take its kind from the stored file; an id this event does not hold is an error on the row. */
async function readUploads(db: Kysely<Database>, sheets: ParsedSheet[]): Promise<void> {
  const rows = sheets.flatMap((sheet) => sheet.rows).filter((row) => row.upload);
  if (!rows.length) return;
  const ids = [...new Set(rows.map((row) => row.upload!.id))];
  const stored = await db.selectFrom('media').select(['id', 'content_type']).where('id', 'in', ids).execute();
  const kinds = new Map(stored.map((m) => [m.id, mediaKind(m.content_type)]));
  for (const row of rows) {
    const { id, field } = row.upload!;
    const kind = kinds.get(id);
    if (kind) row.question.media = { kind, url: `/media/${id}` };
    else row.errors.push({ row: row.row, field, message: messages.importUnknownUpload });
  }
}

/**
 * preview: what the file holds and what is wrong with it, writing nothing. create / append / replace:
 * each sheet named in `sheets` (without it, the first sheet, to `set`) is written, in one
 * transaction, and only when the file and every sheet written are valid; otherwise a 400 naming the
 * rows. A sheet not written may have errors: it is skipped.
 */
export async function importQuestionFile(
  db: Kysely<Database>,
  input: TQuestionImportInput,
  /** Who imports, for the action log (null: a command-line tool on the stopped data folder). */
  actorId: string | null = null,
): Promise<TQuestionImportResult> {
  const { title, sheets, fileErrors } = await readImportFile(db, input);
  const result: TQuestionImportResult = {
    title,
    items: sheets.flatMap((s) => s.checked.items),
    errors: [...fileErrors, ...sheets.flatMap((s) => s.errors)],
    sheets: sheets.map(({ checked: _checked, ...sheet }) => sheet),
    item: null,
    written: [],
  };
  if (input.mode === 'preview') return result;

  const targets = input.sheets ?? [
    { sheet: 0, set: input.set, mode: input.mode, _id: input._id, title: input.title, version: input.version },
  ];
  const blocking = [...fileErrors];
  for (const target of targets) {
    const sheet = sheets[target.sheet];
    if (!sheet) throw badRequest(messages.importNoSuchSheet(target.sheet + 1), 'sheets');
    if (target.mode !== 'create' && !target._id) throw badRequest(messages.importTargetMissing, '_id');
    blocking.push(...sheet.errors);
  }
  if (blocking.length) throw importFailure(blocking);

  // A Word file's pictures are stored first (as uploads); each becomes its question's media.
  for (const target of targets) {
    const { items, sources } = sheets[target.sheet]!.checked;
    for (const [i, source] of sources.entries()) {
      if (source.images?.length) items[i] = { ...items[i]!, media: await storeDocxImages(db, source.images, input.fileName) };
    }
  }

  result.written = await db.transaction().execute(async (trx) => {
    const written: TQuestionSet[] = [];
    for (const target of targets) {
      const sheet = sheets[target.sheet]!;
      const items = sheet.checked.items;
      if (target.mode === 'create') {
        const setTitle = target.title ?? (input.sheets ? sheet.name : title);
        written.push(await createQuestionSet(trx, target.set, { title: setTitle, items, format: sheet.format ?? CLASSIC_FORMAT }));
        continue;
      }
      const existing = await getQuestionSet(trx, target.set, target._id!);
      const next = target.mode === 'append' ? [...existing.items, ...items] : items;
      if (next.length > IMPORT_MAX_QUESTIONS) throw badRequest(messages.importTooManyQuestions(IMPORT_MAX_QUESTIONS), 'file');
      // Replacing takes the file's format when it gives one; appending keeps the set's own.
      const format: TFormat | undefined = target.mode === 'replace' ? (sheet.format ?? undefined) : undefined;
      // Without a version from the caller, the one just read: a concurrent edit still wins nothing silently.
      written.push(
        await updateQuestionSet(
          trx,
          target.set,
          target._id!,
          { items: next, ...(format ? { format } : {}) },
          target.version ?? existing.version,
        ),
      );
    }
    await recordAction(trx, {
      actorId,
      kind: 'questionSet.import',
      summary: messages.importAction(
        input.fileName,
        targets.map((target, i) =>
          messages.importActionPart(
            sheets[target.sheet]!.checked.items.length,
            messages.importActionModes[target.mode],
            written[i]!.title,
            target.set,
          ),
        ),
      ),
      target: { fileName: input.fileName, sets: written.map((set) => ({ set: set.set, _id: set._id })) },
    });
    return written;
  });
  result.item = result.written[0] ?? null;
  return result;
}
