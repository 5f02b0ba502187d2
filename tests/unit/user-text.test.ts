/**
 * Every message a person may read is Vietnamese and written for people: the schemas' refusals name
 * their field (never zod's generic text or a type name), and the catalogue holds no English word of
 * code and no leftover id. The check itself, `findUnfitText`, is shared with browser tests.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { fieldLabel, z } from '../../src/schemas/zod';
import { findUnfitText, looksVietnamese } from '../helpers/user-text';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

async function modulesOf(dir: string): Promise<[string, Record<string, unknown>][]> {
  const names = fs.readdirSync(path.join(root, dir)).filter((name) => name.endsWith('.ts'));
  return Promise.all(names.map(async (name) => [name, (await import(path.join(root, dir, name))) as Record<string, unknown>] as const));
}

describe('findUnfitText', () => {
  it.each([
    ['Failed to fetch', ['Failed', 'fetch']],
    ['NetworkError when attempting to fetch resource.', ['fetch']],
    ['Quá nhỏ: mong đợi string có >=1 ký tự', ['mong đợi', 'Quá nhỏ:', 'string']],
    [
      'Nguồn keyword:7b3ae5cc-1f2e-4c1a-9d3b-2a1c3e4f5a6b: right',
      ['keyword:7b3ae5cc-1f2e-4c1a-9d3b-2a1c3e4f5a6b:', '7b3ae5cc-1f2e-4c1a-9d3b-2a1c3e4f5a6b'],
    ],
    ['Lý do: star:wrong:-30', ['star:wrong:-30']],
    ['Đội 7b3ae5cc-… đã trả lời', ['7b3ae5cc-…']],
    ['Điểm phải là số, nhận NaN', ['NaN']],
    ['Mở chấm: true', ['true']],
  ])('finds what no person should read in "%s"', (text, expected) => {
    expect(findUnfitText(text)).toEqual(expect.arrayContaining(expected));
  });

  it.each([
    'Không kết nối được máy chủ. Kiểm tra Wi-Fi rồi thử lại.',
    'Điện thoại mở liên kết tại: http://192.168.1.10:3000',
    'Lưu ý: chấm lúc 10:30, Email không hợp lệ',
    'Đã hoàn tác: Đúng cho Lớp 9A2, −20 điểm',
  ])('passes "%s"', (text) => {
    expect(findUnfitText(text)).toEqual([]);
  });
});

// ----- the schemas' refusals -----

type Def = { type: string; [key: string]: unknown };
const defOf = (schema: unknown): Def | undefined => (schema as { _zod?: { def?: Def } } | null)?._zod?.def;

const LONG = 'x'.repeat(100_001);
/** The usual bad values for one field: missing, empty, blank, too long, out of range, not whole, not a number, the wrong kind. */
const BAD_VALUES: unknown[] = [
  undefined,
  null,
  '',
  '   ',
  LONG,
  -1e12,
  1e12,
  0.37,
  Number.NaN,
  true,
  'chữ',
  5,
  [],
  {},
  Array(600).fill('a'),
  [''],
];

/** A value that gets past a field's own kind check, so its siblings and its nested fields are what fail. */
function plausible(schema: unknown, depth = 0): unknown {
  const def = defOf(schema);
  if (!def || depth > 6) return undefined;
  switch (def.type) {
    case 'literal':
      return (def.values as unknown[])[0];
    case 'enum':
      return Object.values(def.entries as object)[0];
    case 'string':
      return 'a';
    case 'number':
      return 1;
    case 'boolean':
      return true;
    case 'array':
      return [];
    case 'object':
      return Object.fromEntries(Object.entries(def.shape as object).map(([key, field]) => [key, plausible(field, depth + 1)]));
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
      return plausible(def.innerType, depth + 1);
    case 'pipe':
      return plausible(def.out, depth + 1) ?? plausible(def.in, depth + 1);
    case 'union':
      return plausible((def.options as unknown[])[0], depth + 1);
    default:
      return undefined;
  }
}

/** Inputs that break a schema in every usual way, at the top and at each field, nested ones included. */
function badInputs(schema: unknown, depth = 0): unknown[] {
  const def = defOf(schema);
  if (!def || depth > 5) return BAD_VALUES;
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
      return badInputs(def.innerType, depth + 1);
    case 'pipe':
      return [...badInputs(def.in, depth + 1), ...badInputs(def.out, depth + 1)];
    case 'union':
      return [...BAD_VALUES, ...(def.options as unknown[]).flatMap((option) => badInputs(option, depth + 1))];
    case 'array':
      return [...BAD_VALUES, ...badInputs(def.element, depth + 1).map((element) => [element])];
    case 'record':
      return [...BAD_VALUES, ...badInputs(def.valueType, depth + 1).map((value) => ({ 1: value, 9: value }))];
    case 'object': {
      const shape = def.shape as Record<string, unknown>;
      const base = plausible(schema) as Record<string, unknown>;
      const variants: unknown[] = [...BAD_VALUES, { ...base, champKhongCo: 1 }];
      for (const [key, field] of Object.entries(shape)) {
        for (const bad of badInputs(field, depth + 1)) variants.push({ ...base, [key]: bad });
      }
      return variants;
    }
    default:
      return BAD_VALUES;
  }
}

const schemaModules = await modulesOf('src/schemas');
const schemas = schemaModules.flatMap(([file, module]) =>
  Object.entries(module)
    .filter(([name, value]) => /^Z[A-Z]/.test(name) && value instanceof z.ZodType)
    .map(([name, value]) => [`${file.replace(/\.ts$/, '')}.${name}`, value as z.ZodType] as const),
);

describe("the schemas' refusals", () => {
  it('finds the schemas', () => {
    expect(schemas.length).toBeGreaterThan(30);
  });

  it.each(schemas)('%s refuses bad input in Vietnamese that names the field, never a type', (_name, schema) => {
    const unfit: string[] = [];
    let refusals = 0;
    for (const input of badInputs(schema)) {
      const result = schema.safeParse(input);
      if (result.success) continue;
      for (const issue of result.error.issues) {
        refusals++;
        const problems = findUnfitText(issue.message);
        if (problems.length || !looksVietnamese(issue.message)) {
          unfit.push(`${JSON.stringify(issue.path)} ${issue.code}: "${issue.message}" ${problems.join(' | ')}`);
        }
      }
    }
    expect(refusals).toBeGreaterThan(0);
    expect([...new Set(unfit)]).toEqual([]);
  });

  it('names the field in a form field\'s message ("Vui lòng nhập tên phần thi", not "Quá nhỏ")', () => {
    const form = z.object({ title: z.string().trim().min(1).max(10), priority: z.number().int().min(0).max(5) });
    const messages = (input: unknown) => form.safeParse(input).error?.issues.map((issue) => issue.message);
    expect(messages({ title: '', priority: 1 })).toEqual(['Vui lòng nhập tiêu đề']);
    expect(messages({ title: 'x'.repeat(11), priority: 9 })).toEqual([
      'Tiêu đề chỉ được dài tối đa 10 ký tự',
      'Thứ tự ưu tiên không được lớn hơn 5',
    ]);
    expect(messages({ priority: 1.5 })).toEqual(['Vui lòng nhập tiêu đề', 'Thứ tự ưu tiên phải là số nguyên']);
    expect(messages({ title: 5, priority: 'ba' })).toEqual(['Tiêu đề không đúng dạng', 'Thứ tự ưu tiên phải là một số']);
  });

  it('reads a key in its context: a question\'s answer is its "đáp án", a round\'s title is named by its list', () => {
    expect(fieldLabel(['data', 'items', 2, 'answer'])).toBe('đáp án');
    expect(fieldLabel(['answer'])).toBe('câu trả lời');
    expect(fieldLabel(['changes', 'roundTitles', '3'])).toBe('tên các phần thi');
    expect(fieldLabel([])).toBe('dữ liệu');
  });
});

// ----- the catalogue -----

const SAMPLE_TEXT = 'Lớp 9A2';
const SAMPLE_NUMBER = 3;

/** Every string of the catalogue, message builders called with sample arguments, with its key path. */
function catalogueTexts(node: unknown, at: string): [string, string][] {
  if (typeof node === 'string') return [[at, node]];
  if (typeof node === 'function') {
    const fn = node as (...args: unknown[]) => unknown;
    const tries = [
      Array(fn.length).fill(SAMPLE_TEXT),
      Array(fn.length).fill(SAMPLE_NUMBER),
      Array.from({ length: fn.length }, (_, i) => (i % 2 ? SAMPLE_NUMBER : SAMPLE_TEXT)),
    ];
    let texts: [string, string][] = [];
    for (const args of tries) {
      try {
        texts.push(...catalogueTexts(fn(...args), `${at}(…)`));
      } catch {
        // A builder that needs other arguments (a list, an object) is read through its other calls.
      }
    }
    // A number builder given a name says NaN: that call is the test's, not the app's, when another one reads well.
    if (texts.some(([, text]) => !text.includes('NaN'))) texts = texts.filter(([, text]) => !text.includes('NaN'));
    return texts;
  }
  if (Array.isArray(node)) return node.flatMap((item, index) => catalogueTexts(item, `${at}[${index}]`));
  if (node && typeof node === 'object') return Object.entries(node).flatMap(([key, value]) => catalogueTexts(value, `${at}.${key}`));
  return [];
}

/**
 * The contract's chunk-load text ("Loading chunk … failed"), fixed to the letter by docs/ARCHITECTURE.md
 * ("The contract") and shown under a Vietnamese title and hint; and the command line's usage, which
 * names the command an admin types (`npm run user:create`, `npm run event:backup`); and the import's
 * error line, a builder of an object that sample words cannot fill (its words are read in the tests of
 * the import, tests/server/import-teacher.test.ts).
 */
const EXEMPT =
  /^contractText\.chunkLoadFailed\(|^cliText\.userCreateUsage$|^backupText\.(backupUsage|restoreUsage)$|^questionImportText\.importErrorLine\(/;

describe('the message catalogue', async () => {
  const texts = (await modulesOf('src/messages'))
    .filter(([file]) => file !== 'index.ts')
    .flatMap(([, module]) => Object.entries(module).flatMap(([name, value]) => catalogueTexts(value, name)));

  it('is read whole', () => {
    expect(texts.length).toBeGreaterThan(500);
  });

  it('holds no English word of code, no zod wording and no leftover id', () => {
    const unfit = texts
      .filter(([at]) => !EXEMPT.test(at))
      .map(([at, text]) => [at, text, findUnfitText(text)] as const)
      .filter(([, , problems]) => problems.length > 0)
      .map(([at, text, problems]) => `${at}: "${text}" → ${problems.join(' | ')}`);
    expect([...new Set(unfit)]).toEqual([]);
  });
});
