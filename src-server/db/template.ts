/**
 * The clusters the build makes (scripts/build.mjs) beside the server's bundle, absent when run from
 * source: one with the migrations applied, and the demo's folder, which also holds the demo event
 * (its accounts without passwords yet: `activateDemoAccounts`). A new data folder starts as a copy of
 * one when it was made for the installed PGlite. Kept to Node's own modules: the entry copies it
 * before the rest of the server is loaded (`first-start.ts`).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const TEMPLATES = {
  plain: fileURLToPath(new URL('../pgdata-template/', import.meta.url)),
  demo: fileURLToPath(new URL('../pgdata-template-demo/', import.meta.url)),
};
export type TemplateKind = keyof typeof TEMPLATES;
/** The templates' stamps (the PGlite, the migrations and the server they were made with), not copied. */
const STAMPS = new Set(['PGLITE_VERSION', 'MIGRATIONS', 'SERVER']);

/** The installed PGlite's version, read once from its package (found up from its entry module). */
let pgliteVersion: string | undefined;
function installedPgliteVersion(): string {
  if (pgliteVersion) return pgliteVersion;
  let dir = path.dirname(fileURLToPath(import.meta.resolve('@electric-sql/pglite')));
  while (!fs.existsSync(path.join(dir, 'package.json')) && path.dirname(dir) !== dir) dir = path.dirname(dir);
  pgliteVersion = (JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string }).version;
  return pgliteVersion;
}

/** Whether a template of that kind, for the installed PGlite, is there to copy. */
export function templateUsable(kind: TemplateKind = 'plain'): boolean {
  const stamp = path.join(TEMPLATES[kind], 'PGLITE_VERSION');
  return fs.existsSync(stamp) && fs.readFileSync(stamp, 'utf8') === installedPgliteVersion();
}

/**
 * Copies a tree of directories and files: a directory listing, then one copy per file. The cluster
 * is some 1,100 files, and `fs.cpSync`'s own checks per file (the source and the target looked up,
 * the mode set again) took longer than the copies.
 */
function copyTree(from: string, to: string, skip: ReadonlySet<string>): void {
  fs.mkdirSync(to, { recursive: true });
  for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
    if (skip.has(entry.name)) continue;
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) copyTree(source, target, new Set());
    else if (entry.isFile()) fs.copyFileSync(source, target);
  }
}

/**
 * Copies a template into a new data folder: the demo's when asked and usable, else the plain one.
 * Returns the kind copied; null when there is no usable one or the folder is a cluster already.
 */
export function copyTemplate(dataDir: string, want: TemplateKind = 'plain'): TemplateKind | null {
  if (fs.existsSync(path.join(dataDir, 'PG_VERSION'))) return null;
  const kind = want === 'demo' && templateUsable('demo') ? 'demo' : templateUsable('plain') ? 'plain' : null;
  if (kind) copyTree(TEMPLATES[kind], dataDir, STAMPS);
  return kind;
}
