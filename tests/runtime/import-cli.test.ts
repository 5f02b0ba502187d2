/**
 * `npm run import` as a user runs it: the real command on real embedded data folders, offline, and
 * through the server that holds the folder (the built server, as the other runtime tests start it).
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src-server/db/connection';
import { loginAt } from '../helpers/http';
import { type SpawnedServer, startServerProcess } from '../helpers/spawn-server';

const root = path.resolve('.');
const folders: string[] = [];
const tempDataDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hoithi-import-'));
  folders.push(dir);
  return dir;
};
const dataDir = tempDataDir();
afterAll(() => {
  for (const dir of folders) fs.rmSync(dir, { recursive: true, force: true });
});

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function runImportIn(dir: string, ...args: string[]): Promise<Run> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dir };
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

const runImport = (...args: string[]) => runImportIn(dataDir, ...args);

/** Questions per set id, read after the command has let go of the folder. */
async function contents(dir = dataDir): Promise<Record<string, { set: number; title: string; questions: number }>> {
  const handle = await openDatabase({ dataDir: dir });
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
    ['bad-rows.csv', ['dòng 3, point', 'dòng 6, mediaUrl', 'dòng 8, content']],
    ['bad-rows.json', ['dòng 2, content', 'dòng 3, timeLimit']],
    ['bad-rows.xlsx', ['dòng 3, Point', 'dòng 4, MediaUrl', 'dòng 5, TimeLimit']],
  ])('refuses %s, listing every bad row, and writes nothing', async (name, lines) => {
    const before = await contents();
    const result = await runImport('--set', '5', '--file', fixture(name));
    expect(result.code).toBe(1);
    for (const line of lines) expect(result.stderr).toContain(line);
    expect(result.stderr).toContain('không ghi gì');
    expect(await contents()).toEqual(before);
  });

  it('ignores a column nobody maps, saying so', async () => {
    const result = await runImport('--set', '5', '--file', fixture('unknown-column.csv'), '--dry-run');
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('Bỏ qua 1 cột không dùng: «level»');
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
    [['--set', '2', '--file', 'cau-hoi.txt'], '.xlsx, .csv, .docx hoặc .json'],
    [['--set', '2', '--file', sample('cau-hoi.csv'), '--sheets', '1-2'], '--sheets có dạng'],
    [['--set', '2', '--file', sample('cau-hoi.csv'), '--append', 'a', '--replace', 'b'], 'Chỉ dùng một trong'],
    [['--set', '2', '--file', 'khong-co.csv'], 'Không tìm thấy tệp'],
  ])('refuses bad arguments %j with exit 2', async (args, text) => {
    const result = await runImport(...args);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(text);
    expect(result.stderr).toContain('npm run import -- --set');
  });
});

describe('npm run import beside a running server', () => {
  const dir = tempDataDir();
  const PASSWORD = 'mat-khau-admin-1';
  let server: SpawnedServer | null = null;
  let cookie = '';
  afterAll(() => server?.stop('SIGKILL'));

  /** A tRPC call to the server as its admin, through its API. */
  // biome-ignore lint/suspicious/noExplicitAny: the tests read the answers field by field
  async function api(procedure: string, input?: unknown, method = 'GET'): Promise<any> {
    const query = method === 'GET' && input !== undefined ? `&input=${encodeURIComponent(JSON.stringify(input))}` : '';
    const res = await fetch(`${server!.url}/trpc/${procedure}?t=${Date.now()}${query}`, {
      method,
      headers: { cookie, 'content-type': 'application/json' },
      body: method === 'GET' ? undefined : JSON.stringify(input),
    });
    const body = await res.json();
    expect(res.status, JSON.stringify(body)).toBe(200);
    return body.result.data;
  }

  /** Holds the folder as a process that is no server does (another command, say): a lock naming this test process. */
  function holdFolder(): () => void {
    const lock = path.join(dir, 'hoithi.lock');
    fs.writeFileSync(lock, JSON.stringify({ pid: process.pid, hostname: os.hostname(), startedAt: new Date().toISOString() }));
    return () => fs.rmSync(lock, { force: true });
  }

  it('writes through the server that holds the folder, into the event on stage, as its admin', async () => {
    server = await startServerProcess('node', { DATA_DIR: dir, ADMIN_PASSWORD: PASSWORD, SEED_DEMO: '0' });
    // Only its owner may read the token.
    expect(fs.statSync(path.join(dir, 'server.json')).mode & 0o777).toBe(0o600);
    cookie = await loginAt(server.url, 'admin', PASSWORD, { path: `/login?t=${Date.now()}` });
    const onStage = (await api('events.list')).items.find((e: { state: string }) => e.state === 'onStage');

    const created = await runImportIn(dir, '--set', '2', '--file', sample('cau-hoi.csv'), '--title', 'Qua máy chủ');
    expect(created.code, created.stderr).toBe(0);
    expect(created.stdout).toContain(
      `(tiến trình ${server.child.pid}) đang chạy: nhập qua máy chủ, vào cuộc thi đang diễn ra «${onStage.title}»`,
    );
    expect(created.stdout).toContain('Đã nhập 8 câu hỏi vào bộ câu hỏi 2 «Qua máy chủ»');
    const id = /_id: ([^)]+)\)/.exec(created.stdout)![1]!;

    // --event may name the event on stage, by its name in any case.
    const appended = await runImportIn(
      dir,
      '--set',
      '2',
      '--file',
      sample('cau-hoi.json'),
      '--append',
      id,
      '--event',
      onStage.title.toUpperCase(),
    );
    expect(appended.code, appended.stderr).toBe(0);
    expect(appended.stdout).toContain(`Đã thêm 8 câu hỏi vào bộ câu hỏi 2 «Qua máy chủ» (_id: ${id})`);

    const { items } = await api('questionSet.adminList', { set: 2 });
    expect(items.map((set: { _id: string; title: string; items: unknown[] }) => [set._id, set.title, set.items.length])).toEqual([
      [id, 'Qua máy chủ', 16],
    ]);
  });

  it("puts a workbook's sheets into the rounds --sheets names, through the server", async () => {
    const workbook = new ExcelJS.Workbook();
    for (const [name, count] of [
      ['Khởi động', 3],
      ['Tăng tốc', 2],
    ] as const) {
      const sheet = workbook.addWorksheet(name);
      sheet.addRow(['STT', 'Câu hỏi', 'Phương án A', 'Phương án B', 'Đáp án']);
      for (let i = 1; i <= count; i++) sheet.addRow([i, `${name}: câu ${i}?`, 'Đúng', 'Sai', 'A']);
    }
    const file = path.join(dir, 'hai-vong.xlsx');
    await workbook.xlsx.writeFile(file);

    const result = await runImportIn(dir, '--file', file, '--sheets', '1:3,2:4');
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('«Khởi động»: bỏ qua 1 cột không dùng: «STT»');
    expect(result.stdout).toContain('Đã nhập 3 câu hỏi vào bộ câu hỏi 3 «Khởi động»');
    expect(result.stdout).toContain('Đã nhập 2 câu hỏi vào bộ câu hỏi 4 «Tăng tốc»');
    const round3 = (await api('questionSet.adminList', { set: 3 })).items;
    const round4 = (await api('questionSet.adminList', { set: 4 })).items;
    expect(round3.map((set: { title: string; items: unknown[] }) => [set.title, set.items.length])).toEqual([['Khởi động', 3]]);
    expect(round4.map((set: { title: string; items: unknown[] }) => [set.title, set.items.length])).toEqual([['Tăng tốc', 2]]);
  });

  it('lists every bad row the server finds, and writes nothing', async () => {
    const result = await runImportIn(dir, '--set', '5', '--file', fixture('bad-rows.csv'));
    expect(result.code).toBe(1);
    for (const line of ['dòng 3, point', 'dòng 6, mediaUrl', 'dòng 8, content']) expect(result.stderr).toContain(line);
    expect((await api('questionSet.adminList', { set: 5 })).items).toEqual([]);
  });

  it('refuses an --event other than the one on stage, saying which is', async () => {
    await api('events.create', { data: { title: 'Chung kết', rounds: 3 } }, 'POST');
    const other = await runImportIn(dir, '--set', '5', '--file', sample('cau-hoi.csv'), '--event', 'chung kết');
    expect(other.code).toBe(2);
    expect(other.stderr).toContain('lệnh chỉ làm việc với cuộc thi đang diễn ra, không phải «Chung kết»');
    const unknown = await runImportIn(dir, '--set', '5', '--file', sample('cau-hoi.csv'), '--event', 'khong-co');
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('Không có cuộc thi «khong-co»');
    expect((await api('questionSet.adminList', { set: 5 })).items).toEqual([]);
  });

  it('writes offline once the server has stopped', async () => {
    expect(await server!.stop('SIGTERM')).toBe(0);
    expect(fs.existsSync(path.join(dir, 'server.json'))).toBe(false);
    const result = await runImportIn(dir, '--set', '6', '--file', sample('cau-hoi.xlsx'));
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).not.toContain('qua máy chủ');
    expect(result.stdout).toContain('Đã nhập 8 câu hỏi vào bộ câu hỏi 6 «cau-hoi»');
    const stored = Object.values(await contents(dir));
    expect(stored).toContainEqual({ set: 6, title: 'cau-hoi', questions: 8 });
    expect(stored).toContainEqual({ set: 2, title: 'Qua máy chủ', questions: 16 });
  });

  it('refuses with exit 2, changing nothing, while a process that wrote no server.json holds the folder', async () => {
    const before = await contents(dir);
    const release = holdFolder();
    try {
      const result = await runImportIn(dir, '--set', '1', '--file', sample('cau-hoi.json'));
      expect(result.code).toBe(2);
      expect(result.stderr).toContain(`Tiến trình ${process.pid} đang giữ thư mục dữ liệu ${dir}`);
      expect(result.stderr).toContain('không ghi tệp server.json');
      expect(result.stderr).toContain('chưa có gì bị thay đổi');
    } finally {
      release();
    }
    expect(await contents(dir)).toEqual(before);
  });

  it('refuses with exit 2 when the server.json it finds names a server that does not answer', async () => {
    const before = await contents(dir);
    // A port nothing listens on: taken, then let go.
    const port = await new Promise<number>((resolve) => {
      const probe = net.createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as net.AddressInfo;
        probe.close(() => resolve(port));
      });
    });
    const card = path.join(dir, 'server.json');
    fs.writeFileSync(card, JSON.stringify({ pid: process.pid, url: `http://127.0.0.1:${port}`, token: 'cu' }), { mode: 0o600 });
    const release = holdFolder();
    try {
      const result = await runImportIn(dir, '--set', '1', '--file', sample('cau-hoi.json'));
      expect(result.code).toBe(2);
      expect(result.stderr).toContain(`máy chủ không trả lời tại http://127.0.0.1:${port}`);
      expect(result.stderr).toContain(dir);
    } finally {
      release();
      fs.rmSync(card, { force: true });
    }
    expect(await contents(dir)).toEqual(before);
  });
});
