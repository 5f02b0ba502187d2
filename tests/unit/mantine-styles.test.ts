import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The first-load screens carry only the Mantine styles they use (src-client/mantine.css). A component
 * added to one of them without its stylesheet would render unstyled on a phone and nowhere else, so
 * this walks their imports, as the bundler does, and asks that every Mantine component they use has
 * its file either in mantine.css or imported by one of the modules on the way.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const client = path.join(root, 'src-client');
const stylesDir = path.join(root, 'node_modules/@mantine/core/styles');

/** The screens a phone or the login loads with the app's entry; the admin frame and the console bring all of Mantine's styles. */
const FIRST_LOAD = [
  'main.tsx',
  'components/ScreenShell.tsx',
  'pages/Home.page.tsx',
  'pages/Login.page.tsx',
  'pages/Team.page.tsx',
  'pages/JudgePad.page.tsx',
  'pages/NotFound.page.tsx',
].map((file) => path.join(client, file));

/** Components built on another's styles, with no file of their own. */
const STYLES_OF: Record<string, string> = { TextInput: 'Input', PasswordInput: 'PasswordInput', Textarea: 'Input' };

function resolveImport(from: string, spec: string): string | null {
  const base = path.resolve(path.dirname(from), spec);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** Every module statically reachable from `entries`, with what each imports. */
function walk(entries: string[]) {
  const components = new Map<string, string>(); // component → a file that uses it
  const styleFiles = new Set<string>(); // '@mantine/core/styles/X.layer.css' as imported
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const source = fs.readFileSync(file, 'utf8');
    if (file.endsWith('.css')) {
      for (const match of source.matchAll(/@import '(@mantine\/core\/styles\/[\w-]+\.layer\.css)'/g)) styleFiles.add(match[1] ?? '');
      return;
    }
    for (const match of source.matchAll(/import\s+\{([^}]*)\}\s+from\s+'@mantine\/core'/g)) {
      for (const name of (match[1] ?? '').split(',').map((part) => part.trim())) {
        if (name && !name.startsWith('type ') && /^[A-Z]/.test(name)) components.set(name, path.relative(root, file));
      }
    }
    for (const match of source.matchAll(/import\s+'(@mantine\/core\/styles\/[\w-]+\.layer\.css)'/g)) styleFiles.add(match[1] ?? '');
    // Static imports of our own modules and stylesheets (type-only imports bring nothing).
    for (const match of source.matchAll(/^import\s+(?!type\s)(?:[^'";]*?\s+from\s+)?'(\.{1,2}\/[^']+)'/gm)) {
      const target = resolveImport(file, match[1] ?? '');
      if (target) visit(target);
    }
  };
  for (const entry of entries) visit(entry);
  return { components, styleFiles, modules: seen };
}

describe("the first-load screens' Mantine styles", () => {
  const { components, styleFiles, modules } = walk(FIRST_LOAD);

  it('reads the screens it is meant to check', () => {
    expect(modules.has(path.join(client, 'mantine.css'))).toBe(true);
    expect(modules.has(path.join(client, 'components/pad/PointKeypad.tsx'))).toBe(true);
    expect(components.has('PasswordInput')).toBe(true);
    expect(components.has('AppShell')).toBe(true);
  });

  it('has the stylesheet of every Mantine component they use', () => {
    const missing: string[] = [];
    for (const [name, usedIn] of components) {
      const styles = STYLES_OF[name] ?? name;
      if (!fs.existsSync(path.join(stylesDir, `${styles}.layer.css`))) continue; // no styles of its own (Box, Stack's parts, providers)
      if (!styleFiles.has(`@mantine/core/styles/${styles}.layer.css`))
        missing.push(`${name} (${usedIn}) needs @mantine/core/styles/${styles}.layer.css`);
    }
    expect(missing).toEqual([]);
  });

  it('leaves the whole of Mantine to the screens that load it themselves', () => {
    expect([...modules].some((file) => fs.readFileSync(file, 'utf8').includes("'@mantine/core/styles.layer.css'"))).toBe(false);
    expect([...modules].some((file) => fs.readFileSync(file, 'utf8').includes("'@mantine/core/styles.css'"))).toBe(false);
  });
});
