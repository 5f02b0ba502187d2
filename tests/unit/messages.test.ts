import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { messages } from '../../src/messages';

/**
 * Every string in the catalogue is shown somewhere: a key no screen, router or command uses is dead
 * wording that drifts from what the app says. The check reads the source text (not the tests), so a
 * key kept alive by a test alone still counts as unused.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const sourceDirs = ['src', 'src-server', 'src-client', 'scripts', 'db'];
const catalogue = path.join(root, 'src', 'messages');

function sourceFiles(dir: string): string[] {
  const found: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && full !== catalogue) found.push(...sourceFiles(full));
    } else if (/\.(ts|tsx|mjs|js)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
      found.push(full);
    }
  }
  return found;
}

/** Every key path of the catalogue that holds a string, a message builder or a list: ['qs', 'notFoundHint']. */
function leafPaths(node: object, prefix: string[] = []): string[][] {
  return Object.entries(node).flatMap(([key, value]) =>
    value && typeof value === 'object' && !Array.isArray(value) ? leafPaths(value, [...prefix, key]) : [[...prefix, key]],
  );
}

/**
 * Contract wording kept although no screen shows it yet: the profile update's failure toast (there is
 * no profile form; PUT /api/profile is a REST path of the contract). Listed here by name, and checked
 * to still exist, so the exemption cannot outlive the key.
 */
const reserved = ['profileUpdateError'];

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const access = (segment: string) => new RegExp(`\\.${escapeRegExp(segment)}(?![\\w$])`);
const indexed = (segment: string) => new RegExp(`\\.${escapeRegExp(segment)}\\s*\\[`);

/** Each area file's export (`loginText`, `masterText`…) and what it holds, read from src/messages/. */
const areaExports: [string, object][] = (
  await Promise.all(
    fs
      .readdirSync(catalogue)
      .filter((name) => name.endsWith('.ts') && name !== 'index.ts')
      .map((name) => import(path.join(catalogue, name)) as Promise<Record<string, object>>),
  )
).flatMap((module) => Object.entries(module));

/**
 * How a file reaches a top-level key or section of `messages`: through the catalogue
 * (`messages.key`, `messages.section`), or through the area file that holds it (`loginText.key` for a
 * key spread into the catalogue, `masterText` for a section).
 */
function readersOf(first: string): RegExp[] {
  const readers = [new RegExp(`\\bmessages${access(first).source}`)];
  const value = (messages as Record<string, unknown>)[first];
  for (const [name, part] of areaExports) {
    if (part === value) readers.push(new RegExp(`\\b${escapeRegExp(name)}(?![\\w$])`));
    else if (first in part) readers.push(new RegExp(`\\b${escapeRegExp(name)}${access(first).source}`));
  }
  return readers;
}

/**
 * A top-level key is used where a file reaches it (see `readersOf`). A nested key `section.….key` is
 * used in a file that reaches its section (directly or through an alias such as
 * `const M = masterText`) and reads `.key` (and every segment in between); the entries of a map read
 * by index, such as `appText.roleNames[role]` or `t.sources[source]`, are all used when their map is.
 */
function isUsed(keyPath: string[], texts: string[]): boolean {
  const [section, ...rest] = keyPath;
  const readers = readersOf(section!);
  return texts.some((text) => {
    if (!readers.some((reader) => reader.test(text))) return false;
    if (rest.length === 0) return true;
    const parent = keyPath[keyPath.length - 2]!;
    const last = keyPath[keyPath.length - 1]!;
    const between = keyPath.slice(1, -1);
    return between.every((segment) => access(segment).test(text)) && (access(last).test(text) || indexed(parent).test(text));
  });
}

describe('the message catalogue', () => {
  const texts = sourceDirs.flatMap((dir) => sourceFiles(path.join(root, dir))).map((file) => fs.readFileSync(file, 'utf8'));

  it('reads the application source, not only the catalogue', () => {
    expect(texts.length).toBeGreaterThan(100);
  });

  it('keeps the reserved contract keys, unused by any screen', () => {
    const paths = leafPaths(messages).map((keyPath) => keyPath.join('.'));
    for (const key of reserved) {
      expect(paths).toContain(key);
      expect(isUsed(key.split('.'), texts), `${key} is used now: take it off the reserved list`).toBe(false);
    }
  });

  it('has no key that the application never uses', () => {
    const unused = leafPaths(messages)
      .filter((keyPath) => !reserved.includes(keyPath.join('.')) && !isUsed(keyPath, texts))
      .map((keyPath) => keyPath.join('.'));
    expect(unused).toEqual([]);
  });

  it('takes each top-level key from one file of src/messages/, so no file silently overrides another', async () => {
    const modules = await Promise.all(
      fs
        .readdirSync(catalogue)
        .filter((name) => name.endsWith('.ts') && name !== 'index.ts')
        .map((name) => import(path.join(catalogue, name)) as Promise<Record<string, object>>),
    );
    const exported = modules.flatMap((module) => Object.values(module));
    const values: unknown[] = Object.values(messages);
    const sections = new Set<unknown>(exported.filter((part) => values.includes(part)));
    const flatParts = exported.filter((part) => !sections.has(part));
    const twice = Object.entries(messages)
      .filter(([key, value]) => !sections.has(value) && flatParts.filter((part) => key in part).length !== 1)
      .map(([key]) => key);
    expect(twice).toEqual([]);
  });
});
