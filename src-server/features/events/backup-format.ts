/**
 * The event backup file: gzip of newline-delimited JSON, read and written a line at a time so a
 * night's media (hundreds of megabytes) never has to sit in memory whole.
 *
 *   {"format":"hoithi-event-backup","version":1,"createdAt":…,"title":…,"contest":{…},"columns":{…},"counts":{…}}
 *   {"t":"teams","r":{…}}                      one line per row, in the order a restore inserts them
 *   …
 *   {"sha256":"<hex>"}                         of every byte before this line
 *
 * The file checks itself: a reader refuses, before anything is written, a file that is not one
 * (foreign), one a newer version wrote (newer), and one cut short or changed (damaged: gzip's own
 * check, the counts of the header, the sha-256 of the trailer). A plain, un-gzipped copy is read too,
 * for a browser that unpacked the download by itself.
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { messages } from '../../../src/messages';
import { z } from '../../../src/schemas/zod';
import { AppError, badRequest } from '../../errors';

const FORMAT = 'hoithi-event-backup';
export const BACKUP_VERSION = 1;
/** The longest line a reader takes: a media file's row (20 MB of bytes, as base64) with room to spare. */
const MAX_LINE_BYTES = 64 * 1024 * 1024;
const NEWLINE = Buffer.from('\n');

const ZHeader = z.object({
  format: z.literal(FORMAT),
  version: z.number().int().positive(),
  createdAt: z.string(),
  title: z.string(),
  /** The event as it was: its id (which the restored rows may name) and whether it was archived. */
  contest: z.object({ id: z.string(), archived: z.boolean(), createdAt: z.string() }),
  /** Each table's columns and their types (`information_schema.columns.data_type`) where it was written. */
  columns: z.record(z.string(), z.record(z.string(), z.string())),
  /** Rows per table. */
  counts: z.record(z.string(), z.number().int().nonnegative()),
});
export type BackupHeader = z.infer<typeof ZHeader>;

const ZRow = z.object({ t: z.string(), r: z.record(z.string(), z.unknown()) });
export type BackupRow = z.infer<typeof ZRow>;

const ZTrailer = z.object({ sha256: z.string().regex(/^[0-9a-f]{64}$/) }).strict();

const refuse = (message: string) => badRequest(message, 'file');
export const damaged = () => refuse(messages.backup.damaged);
const foreign = () => refuse(messages.backup.foreign);

/** The file's lines: the header, every row, and the trailer that seals them. */
export async function* frameBackup(header: BackupHeader, rows: AsyncIterable<BackupRow>): AsyncGenerator<Buffer> {
  const hash = createHash('sha256');
  const line = (value: unknown) => {
    const bytes = Buffer.from(`${JSON.stringify(value)}\n`);
    hash.update(bytes);
    return bytes;
  };
  yield line(header);
  const written: Record<string, number> = {};
  for await (const row of rows) {
    written[row.t] = (written[row.t] ?? 0) + 1;
    yield line(row);
  }
  // The header promised these counts; a row that went missing while writing makes no file at all.
  for (const [table, count] of Object.entries(header.counts)) {
    if ((written[table] ?? 0) !== count)
      throw new Error(`event backup: ${table} has ${written[table] ?? 0} rows, the header says ${count}`);
  }
  yield Buffer.from(`${JSON.stringify({ sha256: hash.digest('hex') })}\n`);
}

/** The whole file as a gzip stream. */
export function gzipBackup(lines: AsyncIterable<Buffer>): Readable {
  const gzip = zlib.createGzip();
  // A failure while writing destroys the stream: whoever reads it sees an error, never a short file.
  // One line ahead at most: a media row's line is tens of megabytes.
  pipeline(Readable.from(lines, { highWaterMark: 1 }), gzip).catch((error: unknown) => gzip.destroy(error as Error));
  return gzip;
}

/** A file to read, perhaps twice (once to check it, once to restore it). */
export interface BackupSource {
  /** Its first bytes (at least two when it has them), to tell gzip from plain text from anything else. */
  head(): Promise<Buffer>;
  open(): Readable;
}

export function bufferSource(data: Buffer): BackupSource {
  return { head: async () => data.subarray(0, 2), open: () => Readable.from([data]) };
}

export function fileSource(file: string): BackupSource {
  return {
    async head() {
      const handle = await fs.open(file, 'r');
      try {
        const { buffer, bytesRead } = await handle.read(Buffer.alloc(2), 0, 2, 0);
        return buffer.subarray(0, bytesRead);
      } finally {
        await handle.close();
      }
    },
    open: () => createReadStream(file),
  };
}

/** A row's handler failed (the database): its error goes out as it is, not as a damaged file. */
class HandlerFailed extends Error {
  constructor(readonly original: unknown) {
    super('backup row handler failed');
  }
}

/** The file's lines, without their newlines; a last line without one means the file was cut short. */
async function* splitLines(chunks: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  for await (const chunk of chunks) {
    let start = 0;
    for (let end = chunk.indexOf(10, start); end !== -1; end = chunk.indexOf(10, start)) {
      pending.push(chunk.subarray(start, end));
      yield pending.length === 1 ? pending[0]! : Buffer.concat(pending);
      pending = [];
      pendingBytes = 0;
      start = end + 1;
    }
    if (start < chunk.length) {
      pending.push(chunk.subarray(start));
      pendingBytes += chunk.length - start;
      if (pendingBytes > MAX_LINE_BYTES) throw damaged();
    }
  }
  if (pendingBytes > 0) throw damaged();
}

function parseLine(line: Buffer): unknown {
  try {
    return JSON.parse(line.toString('utf8'));
  } catch {
    return undefined;
  }
}

/** The first line: another program's file is foreign, a newer version's is refused as such. */
function readHeader(line: Buffer): BackupHeader {
  const value = parseLine(line) as { format?: unknown; version?: unknown } | undefined;
  if (!value || typeof value !== 'object' || value.format !== FORMAT) throw foreign();
  if (typeof value.version !== 'number' || !Number.isInteger(value.version) || value.version < 1) throw foreign();
  if (value.version > BACKUP_VERSION) throw refuse(messages.backup.newerVersion(value.version));
  const parsed = ZHeader.safeParse(value);
  if (!parsed.success) throw damaged();
  return parsed.data;
}

export interface ReadOptions {
  /** Checks the header before any row is read (the tables and columns this installation knows). */
  checkHeader?(header: BackupHeader): void;
  /** Checks or takes each row, in the file's order. */
  onRow?(row: BackupRow): Promise<void> | void;
}

/**
 * Reads a backup through: its header checked first, each row handed on in order, and at the end the
 * counts and the sha-256. Throws the refusal (400, in Vietnamese) of a file that is not a whole backup.
 */
export async function readBackup(source: BackupSource, options: ReadOptions = {}): Promise<BackupHeader> {
  const head = await source.head();
  if (head.length === 0) throw damaged();
  const gzipped = head[0] === 0x1f && head[1] === 0x8b;
  if (!gzipped && head[0] !== 0x7b /* { */) throw foreign();
  const read: { header: BackupHeader | null; refusal?: unknown } = { header: null };
  const consume = async (chunks: AsyncIterable<Buffer>) => {
    try {
      await consumeLines(chunks);
    } catch (error) {
      // Kept: the pipeline may fail with the streams it closes rather than with what stopped it.
      read.refusal = error;
      throw error;
    }
  };
  const consumeLines = async (chunks: AsyncIterable<Buffer>) => {
    const hash = createHash('sha256');
    const counts: Record<string, number> = {};
    let sealed = false;
    for await (const line of splitLines(chunks)) {
      if (sealed) throw damaged();
      const { header } = read;
      if (!header) {
        read.header = readHeader(line);
        options.checkHeader?.(read.header);
      } else {
        const value = parseLine(line);
        const trailer = ZTrailer.safeParse(value);
        if (trailer.success) {
          if (trailer.data.sha256 !== hash.digest('hex')) throw damaged();
          sealed = true;
          continue;
        }
        const row = ZRow.safeParse(value);
        if (!row.success || !Object.hasOwn(header.counts, row.data.t)) throw damaged();
        counts[row.data.t] = (counts[row.data.t] ?? 0) + 1;
        try {
          await options.onRow?.(row.data);
        } catch (error) {
          throw error instanceof AppError ? error : new HandlerFailed(error);
        }
      }
      hash.update(line);
      hash.update(NEWLINE);
    }
    if (!read.header || !sealed) throw damaged();
    for (const [table, count] of Object.entries(read.header.counts)) if ((counts[table] ?? 0) !== count) throw damaged();
  };
  try {
    if (gzipped) await pipeline(source.open(), zlib.createGunzip(), consume);
    else await pipeline(source.open(), consume);
  } catch (caught) {
    const error = read.refusal ?? caught;
    if (error instanceof HandlerFailed) throw error.original;
    if (error instanceof AppError) throw error;
    // gzip's own checks (a cut, a changed byte), a line that is not JSON: the file is damaged.
    throw damaged();
  }
  if (!read.header) throw damaged();
  return read.header;
}
