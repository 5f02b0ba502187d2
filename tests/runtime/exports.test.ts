/**
 * The exports read by a real spreadsheet program: the demo event grown to 60 teams and 8 judges is
 * scored, /api/results.xlsx and /api/results.csv are downloaded, and LibreOffice (Debian's
 * libreoffice-calc, headless, Vietnamese locale, a private profile) converts both to PDF once; then
 * pdftotext (poppler-utils) reads what would be printed: every team, every judge, the totals of
 * /api/results with their diacritics and decimal commas, and the XLSX's pages: landscape A4, one page
 * wide, the header row on every page. Without LibreOffice or pdftotext the tests are skipped with the
 * reason, unless E2E_REQUIRED=1 (as in CI, whose .ci/run installs them).
 */
import { execFile, execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/messages';
import { formatPoint } from '../../src/valueFormat';
import { DEMO_JUDGES, DEMO_TEAMS } from '../../src-server/demo/content';
import { loadDemoEvent } from '../../src-server/demo/load';
import { createTestApp, type TestApp } from '../helpers/test-app';

const run = promisify(execFile);
const t = messages.results;
const root = path.resolve(import.meta.dirname, '../..');
const screenshotDir = path.join(root, process.env.SCREENSHOTS === 'docs' ? 'docs/screenshots' : 'test-results/screenshots');

/** LibreOffice and poppler-utils from Debian; required under E2E_REQUIRED=1. */
function toolsAvailable(): boolean {
  const missing = [
    ['soffice', '--version', 'libreoffice-calc'],
    ['pdftotext', '-v', 'poppler-utils'],
  ].filter(([command, flag]) => spawnSync(command!, [flag!], { timeout: 60_000 }).error !== undefined);
  if (missing.length === 0) return true;
  const reason = `${missing.map(([command]) => command).join(' and ')} not found (apt-get install ${missing.map(([, , pkg]) => pkg).join(' ')})`;
  if (process.env.E2E_REQUIRED === '1') throw new Error(`E2E_REQUIRED=1 but ${reason}`);
  console.warn(`[runtime] LibreOffice export tests skipped: ${reason}`);
  return false;
}

const available = toolsAvailable();

/** Judges added to the demo's five, so the field sheets are wider than a landscape page at 100 %. */
const EXTRA_JUDGES = ['GS.TSKH Nguyễn Thị Thu Hương', 'Nhạc sĩ Trương Quý Hải', 'Hoạ sĩ Lê Thiết Cương'];
const WARDS = [
  'Đống Đa',
  'Hai Bà Trưng',
  'Thanh Xuân',
  'Hoàng Mai',
  'Tây Mỗ',
  'Nghĩa Đô',
  'Ô Chợ Dừa',
  'Giảng Võ',
  'Láng',
  'Yên Hoà',
  'Định Công',
  'Bồ Đề',
];
/** Teams added to the demo's eight, so the ranking runs over more than one page. */
const EXTRA_TEAMS = Array.from({ length: 52 }, (_, i) => ({
  name: `Đội ${String(i + 9).padStart(2, '0')} – Phường ${WARDS[i % WARDS.length]}`,
  unit: `Trường THCS ${WARDS[(i * 5) % WARDS.length]}`,
}));
/** The demo judge who never scores "Phần 4". */
const NEVER_ON_PHAN_4 = DEMO_JUDGES[4]!.fullName;

/** A LibreOffice profile of its own (parallel runs don't share one) with Vietnamese as the locale. */
function loProfile(dir: string): string {
  const user = path.join(dir, 'user');
  fs.mkdirSync(user, { recursive: true });
  fs.writeFileSync(
    path.join(user, 'registrymodifications.xcu'),
    `<?xml version="1.0" encoding="UTF-8"?>
<oor:items xmlns:oor="http://openoffice.org/2001/registry" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
<item oor:path="/org.openoffice.Setup/L10N"><prop oor:name="ooSetupSystemLocale" oor:op="fuse"><value>vi-VN</value></prop></item>
</oor:items>
`,
  );
  return `file://${dir}`;
}

async function toPdf(profile: string, file: string, outDir: string, infilter?: string): Promise<string> {
  const args = [`-env:UserInstallation=${profile}`, '--headless', '--norestore', '--nolockcheck'];
  if (infilter) args.push(`--infilter=${infilter}`);
  args.push('--convert-to', 'pdf', '--outdir', outDir, file);
  // The first start of a fresh profile is slow on a busy machine.
  await run('soffice', args, { timeout: 150_000 });
  const pdf = path.join(outDir, `${path.basename(file, path.extname(file))}.pdf`);
  if (!fs.existsSync(pdf)) throw new Error(`LibreOffice made no PDF of ${file}`);
  return pdf;
}

function pdfPages(pdf: string): string[] {
  return execFileSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8' }).split('\f').slice(0, -1);
}

function pdfInfo(pdf: string): { pages: number; width: number; height: number } {
  const info = execFileSync('pdfinfo', [pdf], { encoding: 'utf8' });
  const size = /Page size:\s+([\d.]+) x ([\d.]+) pts/.exec(info)!;
  return { pages: Number(/Pages:\s+(\d+)/.exec(info)![1]), width: Number(size[1]), height: Number(size[2]) };
}

interface ResultItem {
  rank: number;
  name: string;
  unit: string;
  total: number;
  fields: { fieldName: string; score: number | null }[];
}

describe.skipIf(!available)('the exports in LibreOffice', () => {
  let app: TestApp;
  let work: string;
  let results: ResultItem[];
  let xlsxPages: string[];
  let xlsxInfo: { pages: number; width: number; height: number };
  let xlsxRaw: string[];
  let csvPages: string[];

  beforeAll(async () => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'hoithi-exports-'));
    app = await createTestApp();
    const { db, hub } = app.deps;
    await loadDemoEvent(db, hub);
    await app.createUser('quantri', 'admin');
    const cookie = await app.login('quantri');
    const admin = await app.caller(cookie);
    for (const [i, fullName] of EXTRA_JUDGES.entries()) {
      await admin.user.create({ user: { username: `gkmoi${i + 1}`, password: 'mat-khau-123', fullName, role: 'judge' } } as never);
    }
    for (const team of EXTRA_TEAMS) await admin.team.create({ data: team } as never);
    const teams = await db.selectFrom('teams').select(['id', 'name']).orderBy('priority').execute();
    const judges = await db.selectFrom('users').select(['id', 'full_name']).where('role', '=', 'judge').orderBy('priority').execute();
    expect(judges).toHaveLength(8);
    const demoTeams = new Set(DEMO_TEAMS.map((d) => d.name));
    const plan = [
      { field: 'phan-2', max: 10, step: 0.5 },
      { field: 'phan-3', max: 20, step: 0.5 },
      { field: 'phan-4', max: 30, step: 1 },
    ];
    for (const [ti, team] of teams.entries()) {
      if (!demoTeams.has(team.name)) {
        // The added teams: one point for every judge on phan-2.
        await admin.scoring.adminSubmitAll({ teamId: team.id, fieldName: 'phan-2', point: 4 + (ti % 9) / 2 });
        continue;
      }
      for (const { field, max, step } of plan) {
        for (const [ji, judge] of judges.entries()) {
          if (field === 'phan-4' && judge.full_name === NEVER_ON_PHAN_4) continue;
          const raw = max * (0.55 + ((ti * 7 + ji * 3 + field.length) % 9) / 22);
          await admin.scoring.adminSubmit({
            teamId: team.id,
            gkId: judge.id,
            fieldName: field,
            point: Math.min(max, Math.round(raw / step) * step),
          });
        }
      }
    }

    results = ((await (await app.request('GET', '/api/results', { cookie })).json()) as { items: ResultItem[] }).items;
    const xlsx = path.join(work, 'ket-qua.xlsx');
    fs.writeFileSync(xlsx, Buffer.from(await (await app.request('GET', '/api/results.xlsx', { cookie })).arrayBuffer()));
    const csv = path.join(work, 'ket-qua-csv.csv');
    fs.writeFileSync(csv, Buffer.from(await (await app.request('GET', '/api/results.csv', { cookie })).arrayBuffer()));

    // One LibreOffice profile, two conversions; the CSV as the README says: `;`, `"`, UTF-8.
    const profile = loProfile(path.join(work, 'lo-profile'));
    const xlsxPdf = await toPdf(profile, xlsx, work);
    const csvPdf = await toPdf(profile, csv, work, 'CSV:59,34,76');
    xlsxPages = pdfPages(xlsxPdf);
    xlsxInfo = pdfInfo(xlsxPdf);
    csvPages = pdfPages(csvPdf);
    // -raw: the text in the order LibreOffice drew it, so a header wrapped on two lines reads whole.
    xlsxRaw = execFileSync('pdftotext', ['-raw', xlsxPdf, '-'], { encoding: 'utf8' })
      .split('\f')
      .slice(0, -1)
      .map((page) => page.replace(/\s+/g, ' '));
    fs.mkdirSync(screenshotDir, { recursive: true });
    execFileSync('pdftoppm', [
      '-png',
      '-r',
      '90',
      '-f',
      '1',
      '-l',
      '1',
      '-singlefile',
      xlsxPdf,
      path.join(screenshotDir, 'xlsx-libreoffice-page1'),
    ]);
  }, 330_000); // the scoring and two LibreOffice runs of up to 150 s each
  afterAll(async () => {
    await app?.close();
    if (work) fs.rmSync(work, { recursive: true, force: true });
  });

  it('prints the XLSX on landscape A4, one page wide, the header row and "Trang N/M" on every page', () => {
    expect(Math.round(xlsxInfo.width)).toBe(842);
    expect(Math.round(xlsxInfo.height)).toBe(595);
    expect(xlsxPages).toHaveLength(xlsxInfo.pages);
    // Fitted to one page wide, not one page high: the 60 teams of the ranking take two pages, and each
    // field sheet (8 judges, wider than the page at 100 %) two more; no page holds spilled-over columns.
    expect(xlsxInfo.pages).toBe(8);
    xlsxPages.forEach((text, i) => {
      expect(text, `page ${i + 1}`).toContain(`${t.page} ${i + 1}/${xlsxInfo.pages}`);
      const header = text.split('\n').find((line) => /^\s*Hạng\s/.test(line));
      expect(header, `header row on page ${i + 1}`).toBeDefined();
      expect(header).toContain(t.team);
      // The last column's header is on every page: the sheet is one page wide.
      expect(header!.trimEnd().endsWith(t.total) || header!.trimEnd().endsWith(t.fieldScore), header).toBe(true);
    });
  });

  it('lists every team on every sheet in the order of /api/results, with its total or field score and a decimal comma', () => {
    expect(results).toHaveLength(60);
    const title = (page: string) => page.trim().split('\n')[0]!.trim();
    /** The table rows of a sheet's pages (its title is repeated on each), page after page. */
    const rowsOf = (sheetTitle: string) =>
      xlsxPages
        .filter((page) => title(page) === sheetTitle)
        .flatMap((page) => page.split('\n'))
        .filter((line) => /^\s*\d+\s+\S/.test(line))
        .map((line) => line.trim().split(/\s+/));
    const ranking = rowsOf('Kết quả — Hội thi "Em yêu Hà Nội" 2026');
    expect(ranking).toHaveLength(results.length);
    results.forEach((item, i) => {
      const row = ranking[i]!.join(' ');
      expect(row, item.name).toContain(`${item.name} ${item.unit}`);
      expect(ranking[i]![0]).toBe(String(item.rank));
      expect(ranking[i]!.at(-1), item.name).toBe(formatPoint(item.total));
    });
    expect(formatPoint(results[0]!.total)).toMatch(/^\d+,\d$/);
    for (const [fieldName, label, dropExtremes] of [
      ['phan-2', 'Phần 2: Tiến về Hà Nội', false],
      ['phan-3', 'Phần 3: Tình yêu Hà Nội', true],
      ['phan-4', 'Phần 4: Hà Nội - Niềm tin và hy vọng', true],
    ] as const) {
      const rows = rowsOf(t.recordFieldNote(label, dropExtremes));
      expect(rows, label).toHaveLength(results.length);
      results.forEach((item, i) => {
        expect(rows[i]!.join(' '), label).toContain(item.name);
        const score = item.fields.find((f) => f.fieldName === fieldName)!.score;
        if (score !== null) expect(rows[i]!.at(-1), `${label}: ${item.name}`).toBe(formatPoint(score));
      });
    }
  });

  it('names every judge: a column for each who scored a field, a note for the one who never scored it', () => {
    const judgeNames = [...DEMO_JUDGES.map((j) => j.fullName), ...EXTRA_JUDGES];
    for (const name of judgeNames) expect(xlsxRaw.join(' ')).toContain(name);
    // Every page of the Phần 4 sheet (its title is repeated on each) has a column for each judge who
    // scored it; the one who never did is only named in the note under the table.
    const phan4 = xlsxRaw.filter((page) => page.includes(t.recordFieldNote('Phần 4: Hà Nội - Niềm tin và hy vọng', true)));
    expect(phan4.length).toBeGreaterThan(1);
    const note = t.notScoredBy(NEVER_ON_PHAN_4);
    expect(phan4.at(-1)).toContain(note);
    for (const page of phan4) {
      for (const name of judgeNames.filter((n) => n !== NEVER_ON_PHAN_4)) expect(page).toContain(name);
      expect(page.replace(note, '')).not.toContain(NEVER_ON_PHAN_4);
    }
  });

  it('opens the CSV with `;` and UTF-8: every team, every judge and every total, diacritics intact', () => {
    const squashed = csvPages.join('\n').replace(/\s+/g, ' ');
    for (const item of results) {
      expect(squashed).toContain(item.name);
      expect(squashed).toContain(item.unit);
    }
    for (const name of [...DEMO_JUDGES.map((j) => j.fullName), ...EXTRA_JUDGES]) {
      expect(squashed).toContain(t.judgeColumn('Phần 2: Tiến về Hà Nội', name));
    }
    // The total column, top to bottom: the exact totals, read as numbers (a comma before decimals).
    // Calc prints a wide sheet down, then over: the last column's pages are the last ones.
    const first = csvPages.findIndex((page) => page.includes(t.total));
    const totals = csvPages
      .slice(first)
      .flatMap((page) => page.split(t.total).at(-1)!.split('\n'))
      .filter((line) => /^[\s\d,]+$/.test(line) && line.trim() !== '')
      .map((line) => line.trim().split(/\s+/).at(-1));
    expect(totals).toEqual(results.map((item) => String(item.total).replace('.', ',')));
  });
});
