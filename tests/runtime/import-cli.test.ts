/** `npm run import` as a user runs it: the real command on a real embedded data folder. */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src-server/db/connection';

const root = path.resolve('.');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hoithi-import-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function runImport(...args: string[]): Promise<Run> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
  delete env.DATABASE_URL;
  return new Promise((resolve) => {
    execFile(
      path.join(root, 'node_modules/.bin/tsx'),
      ['scripts/import.ts', ...args],
      { cwd: root, env, timeout: 60_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

/** Questions per set id, read after the command has let go of the folder. */
async function contents(): Promise<Record<string, { set: number; title: string; questions: number }>> {
  const handle = await openDatabase({ dataDir });
  try {
    const rows = await handle.db.selectFrom('question_sets').select(['id', 'set_no', 'title', 'items']).execute();
    return Object.fromEntries(rows.map((r) => [r.id, { set: r.set_no, title: r.title, questions: (r.items as unknown[]).length }]));
  } finally {
    await handle.close();
  }
}

const sample = (name: string) => `scripts/samples/${name}`;
const fixture = (name: string) => `tests/fixtures/import/${name}`;

describe('npm run import', () => {
  it('imports the JSON, CSV and XLSX samples, each as a new set', async () => {
    const runs = [
      { args: ['--set', '1', '--file', sample('cau-hoi.json')], set: 1, count: 8, title: 'Hà Nội nghìn năm văn hiến' },
      { args: ['--set', '2', '--file', sample('cau-hoi.csv'), '--title', 'Vòng khởi động'], set: 2, count: 8, title: 'Vòng khởi động' },
      { args: ['--set', '3', '--file', sample('cau-hoi-champhay.csv')], set: 3, count: 7, title: 'cau-hoi-champhay' },
      { args: ['--set', '4', '--file', sample('cau-hoi.xlsx')], set: 4, count: 8, title: 'cau-hoi' },
    ];
    const ids: string[] = [];
    for (const run of runs) {
      const result = await runImport(...run.args);
      expect(result.code, result.stderr).toBe(0);
      expect(result.stdout).toContain(`Đã nhập ${run.count} câu hỏi vào bộ câu hỏi ${run.set} «${run.title}»`);
      expect(result.stdout).not.toContain('\r'); // no terminal, so plain lines instead of a bar
      const id = /_id: ([^)]+)\)/.exec(result.stdout)?.[1];
      expect(id).toBeTruthy();
      ids.push(id!);
    }
    const stored = await contents();
    expect(Object.keys(stored).sort()).toEqual([...ids].sort());
    for (const [i, run] of runs.entries()) expect(stored[ids[i]!]).toEqual({ set: run.set, title: run.title, questions: run.count });
  });

  it.each([
    ['bad-rows.csv', ['dòng 3: point', 'dòng 6: mediaUrl', 'dòng 8: content']],
    ['bad-rows.json', ['dòng 2: content', 'dòng 3: timeLimit']],
    ['bad-rows.xlsx', ['dòng 3: point', 'dòng 4: mediaUrl', 'dòng 5: timeLimit']],
  ])('refuses %s, listing every bad row, and writes nothing', async (name, lines) => {
    const before = await contents();
    const result = await runImport('--set', '5', '--file', fixture(name));
    expect(result.code).toBe(1);
    for (const line of lines) expect(result.stderr).toContain(line);
    expect(result.stderr).toContain('không ghi gì');
    expect(await contents()).toEqual(before);
  });

  it('refuses an unknown column with exit 1', async () => {
    const result = await runImport('--set', '5', '--file', fixture('unknown-column.csv'));
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('«level»');
  });

  it('validates and writes nothing with --dry-run', async () => {
    const before = await contents();
    const result = await runImport('--set', '6', '--file', sample('cau-hoi.csv'), '--dry-run');
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('8 câu hỏi đều hợp lệ; không ghi gì');
    expect(await contents()).toEqual(before);
  });

  it.each([
    [['--file', sample('cau-hoi.csv')], 'Cách dùng'],
    [['--set', '2'], 'Cách dùng'],
    [['--set', '7', '--file', sample('cau-hoi.csv')], 'từ 1 đến 6'],
    [['--set', '2', '--file', 'cau-hoi.txt'], '.json, .csv hoặc .xlsx'],
    [['--set', '2', '--file', 'khong-co.csv'], 'Không tìm thấy tệp'],
  ])('refuses bad arguments %j with exit 2', async (args, text) => {
    const result = await runImport(...args);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(text);
    expect(result.stderr).toContain('npm run import -- --set');
  });

  it('exits 2 without touching anything while a server holds the data folder', async () => {
    const before = await contents();
    const lockFile = path.join(dataDir, 'hoithi.lock');
    const lock = JSON.stringify({ pid: process.pid, hostname: os.hostname(), startedAt: new Date().toISOString() });
    fs.writeFileSync(lockFile, lock);
    try {
      const result = await runImport('--set', '1', '--file', sample('cau-hoi.json'));
      expect(result.code).toBe(2);
      expect(result.stderr).toContain('Hãy dừng máy chủ');
      expect(result.stderr).toContain(String(process.pid));
      expect(fs.readFileSync(lockFile, 'utf8')).toBe(lock);
    } finally {
      fs.rmSync(lockFile, { force: true });
    }
    expect(await contents()).toEqual(before);
  });
});
