import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { testAppForFile } from '../helpers/app-for-file';
import type { Caller } from '../helpers/test-app';

const t = testAppForFile({ staff: ['admin', 'judge'] });
let admin: Caller;
let judge: Caller;
beforeAll(() => {
  ({ admin, judge } = t.callers);
});

const base64 = (file: string) => fs.readFileSync(path.resolve(file)).toString('base64');
const sample = (name: string) => ({ fileName: name, dataBase64: base64(`scripts/samples/${name}`) });
const fixture = (name: string) => ({ fileName: name, dataBase64: base64(`tests/fixtures/import/${name}`) });
const textFile = (fileName: string, text: string) => ({ fileName, dataBase64: Buffer.from(text).toString('base64') });

async function setCount(set: number): Promise<number> {
  const row = await t.deps.db
    .selectFrom('question_sets')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('set_no', '=', set)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    return error as { code: string; message: string; field?: string };
  }
  throw new Error('expected a refusal');
}

describe('questionSet.importFile', () => {
  it('previews a file without writing anything', async () => {
    const result = await admin.questionSet.importFile({ set: 1, mode: 'preview', ...sample('cau-hoi.csv') });
    expect(result).toMatchObject({ title: 'cau-hoi', errors: [], item: null });
    expect(result.items).toHaveLength(8);
    expect(await setCount(1)).toBe(0);
  });

  it('previews the errors of a bad file by row', async () => {
    const result = await admin.questionSet.importFile({ set: 1, mode: 'preview', ...fixture('bad-rows.csv') });
    expect(result.errors.map((e) => e.row)).toEqual([3, 6, 8]);
    expect(await setCount(1)).toBe(0);
  });

  it('creates a set with every question, titled from the file', async () => {
    const { item } = await admin.questionSet.importFile({ set: 2, mode: 'create', ...sample('cau-hoi.json') });
    if (!item) throw new Error('expected the new set');
    expect(item).toMatchObject({ set: 2, title: 'Hà Nội nghìn năm văn hiến', version: 1 });
    expect(item.items).toHaveLength(8);
    expect(item.items[0]!.id).toMatch(/\w{8}/);
    const stored = await admin.questionSet.adminGet({ set: 2, _id: item._id });
    expect(stored.item.items.map((q) => q.content)).toEqual(item.items.map((q) => q.content));
  });

  it('prefers the given title and reads XLSX', async () => {
    const result = await admin.questionSet.importFile({ set: 3, mode: 'create', title: 'Vòng loại', ...sample('cau-hoi.xlsx') });
    expect(result.item).toMatchObject({ title: 'Vòng loại', items: expect.any(Array) });
    expect(await setCount(3)).toBe(1);
  });

  it.each([['bad-rows.csv'], ['bad-rows.json'], ['bad-rows.xlsx']])('writes nothing from %s and names the bad rows', async (name) => {
    const before = await setCount(4);
    const error = await refusal(admin.questionSet.importFile({ set: 4, mode: 'create', ...fixture(name) }));
    expect(error.code).toBe('BAD_REQUEST');
    expect(error.message).toMatch(/dòng \d+, /);
    expect(error.message).toContain('chưa ghi gì');
    expect(await setCount(4)).toBe(before);
  });

  it('answers a bad file over HTTP with 400 and field "file"', async () => {
    const cookie = await t.login('admin');
    const res = await t.request('POST', '/trpc/questionSet.importFile', {
      cookie,
      body: { set: 4, mode: 'create', ...fixture('bad-rows.json') },
      headers: { origin: 'http://localhost', host: 'localhost' },
    });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(JSON.stringify(body)).toContain('dòng 2, content');
    expect(JSON.stringify(body)).toContain('"field":"file"');
  });

  it('appends to an existing set with the version check', async () => {
    const created = (await admin.questionSet.importFile({ set: 5, mode: 'create', ...sample('cau-hoi-champhay.csv') })).item!;
    const appended = await admin.questionSet.importFile({ set: 5, mode: 'append', _id: created._id, version: 1, ...sample('cau-hoi.csv') });
    expect(appended.item).toMatchObject({ version: 2, _id: created._id });
    expect(appended.item?.items).toHaveLength(15);

    const stale = await refusal(
      admin.questionSet.importFile({ set: 5, mode: 'append', _id: created._id, version: 1, ...sample('cau-hoi.csv') }),
    );
    expect(stale.code).toBe('CONFLICT');
    const bad = await refusal(admin.questionSet.importFile({ set: 5, mode: 'append', _id: created._id, ...fixture('bad-rows.xlsx') }));
    expect(bad.code).toBe('BAD_REQUEST');
    const stored = await admin.questionSet.adminGet({ set: 5, _id: created._id });
    expect(stored.item).toMatchObject({ version: 2 });
    expect(stored.item.items).toHaveLength(15);
  });

  it('ignores an unknown column, and refuses an empty file and an unknown extension', async () => {
    const ignoring = await admin.questionSet.importFile({ set: 6, mode: 'preview', ...fixture('unknown-column.csv') });
    expect(ignoring.errors).toEqual([]);
    expect(ignoring.sheets[0]!.columns.at(-1)).toMatchObject({ header: 'level', field: null, source: 'ignored' });
    expect(await refusal(admin.questionSet.importFile({ set: 6, mode: 'create', ...fixture('empty.csv') }))).toMatchObject({
      message: expect.stringContaining('Tệp không có câu hỏi nào'),
    });
    expect(await refusal(admin.questionSet.importFile({ set: 6, mode: 'create', ...textFile('a.txt', 'x') }))).toMatchObject({
      code: 'BAD_REQUEST',
    });
    expect(await setCount(6)).toBe(0);
  });

  it('refuses a judge', async () => {
    const error = await refusal(judge.questionSet.importFile({ set: 1, mode: 'preview', ...sample('cau-hoi.csv') }));
    expect(error.code).toBe('FORBIDDEN');
  });
});
