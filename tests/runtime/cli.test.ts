/** The demo, user and export commands as an organiser runs them, on a real embedded data folder. */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve('.');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hoithi-cli-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

function run(script: string, ...args: string[]): Promise<{ code: number; out: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
  delete env.DATABASE_URL;
  return new Promise((resolve) => {
    execFile(path.join(root, 'node_modules/.bin/tsx'), [script, ...args], { cwd: root, env, timeout: 90_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : -1) : 0, out: stdout + stderr });
    });
  });
}

describe('the command line', () => {
  it('loads the demo once, printing its logins', async () => {
    const first = await run('scripts/seed-demo.ts');
    expect(first.code).toBe(0);
    expect(first.out).toMatch(/gk1\s+\w{4}-\d{4}\s+judge/);
    const second = await run('scripts/seed-demo.ts');
    expect(second.code).toBe(0);
    expect(second.out).toContain('đã có sẵn');
  });

  it('adds a user, and refuses a duplicate or a bad role', async () => {
    const created = await run('scripts/user-create.ts', '--username', 'gk6', '--role', 'judge', '--name', 'Giám khảo dự bị');
    expect(created.code).toBe(0);
    expect(created.out).toMatch(/Đã tạo người dùng gk6 \(judge\)\. Mật khẩu: \S{8,}/);
    const duplicate = await run('scripts/user-create.ts', '--username', 'GK6', '--role', 'judge', '--password', 'mat-khau-123');
    expect(duplicate.code).not.toBe(0);
    expect(duplicate.out).toContain('Tên đăng nhập đã tồn tại');
    const badRole = await run('scripts/user-create.ts', '--username', 'x9x', '--role', 'vua', '--password', 'mat-khau-123');
    expect(badRole.code).toBe(2);
  });

  it('exports the results as XLSX with every team', async () => {
    const out = path.join(dataDir, 'ket-qua.xlsx');
    const result = await run('scripts/export.ts', '--out', out);
    expect(result.code).toBe(0);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(out);
    const sheet = workbook.worksheets[0]!;
    expect((sheet.getRow(2).values as unknown[])[1]).toBe('Hạng');
    expect(sheet.rowCount).toBe(2 + 8);
  });

  it('acts on the event --event names, by id or name, and lists the events when it names none', async () => {
    const unknown = await run('scripts/export.ts', '--out', path.join(dataDir, 'x.csv'), '--event', 'khong-co');
    expect(unknown.code).toBe(2);
    expect(unknown.out).toContain('Không có cuộc thi «khong-co»');
    // The listing gives each event's id and name: the demo is the one event here.
    const listed = unknown.out.split('\n').filter((line) => /^ {2}\S+ {2}/.test(line));
    expect(listed).toHaveLength(1);
    const [id, name] = listed[0]!.trim().split(/ {2}/) as [string, string];
    for (const event of [id, name.toUpperCase()]) {
      const out = path.join(dataDir, `theo-cuoc-thi-${event.length}.csv`);
      const result = await run('scripts/export.ts', '--out', out, '--event', event);
      expect(result.code, result.out).toBe(0);
      expect(fs.readFileSync(out, 'utf8').trim().split('\n')).toHaveLength(1 + 8);
    }
  });
});
