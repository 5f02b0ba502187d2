/**
 * The HTTP server's connection budget. Every connection costs a file descriptor, and so does every
 * file the database opens: a flood of slow connections that used them all up would leave the
 * embedded database unable to open a file, and the console's next call without an answer. So the
 * server accepts at most the process's descriptor limit less a reserve (the database's files, the
 * log, PostgreSQL's pool), and drops a connection that has not sent its headers within 20 s.
 * `npm start` raises the soft descriptor limit to the hard one first (package.json).
 */
import fs from 'node:fs';
import type { Server } from 'node:http';

/** Descriptors kept for everything that is not a client connection. */
export const DESCRIPTOR_RESERVE = 128;
export const HEADERS_TIMEOUT_MS = 20_000;

/** The soft limit on open files (Linux's /proc/self/limits), or null where it cannot be read. */
export function openFilesLimit(limitsText?: string): number | null {
  let text = limitsText;
  if (text === undefined) {
    try {
      text = fs.readFileSync('/proc/self/limits', 'utf8');
    } catch {
      return null;
    }
  }
  const match = /^Max open files\s+(\d+|unlimited)/m.exec(text);
  if (!match || match[1] === 'unlimited') return null;
  return Number(match[1]);
}

export function limitConnections(server: Server, limit = openFilesLimit()): void {
  if (limit !== null) server.maxConnections = Math.max(16, limit - DESCRIPTOR_RESERVE);
  server.headersTimeout = HEADERS_TIMEOUT_MS;
}
