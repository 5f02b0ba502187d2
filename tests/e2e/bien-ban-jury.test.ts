/**
 * A biên bản a jury signs: the demo event with eight judges (too many for a portrait table) and two
 * teams with long names, scored, then corrected (a point changed with its reason, points given by
 * hand, an undo), printed by Chromium to PDF and read back with pdftotext -layout: landscape A4
 * pages numbered "Trang N/M" with the time it was made; the place and date line; the corrections
 * with their reasons; no head judge's section while there are no decisions; the secretary, the head
 * judge and every judge on the signatures; each long name on at most two lines wherever it is
 * printed. Its pages are rendered to PNG (pdftoppm) in a kept temp folder, to be looked at.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { messages } from '../../src/messages';
import { DEMO_JUDGES } from '../../src-server/demo/content';
import { loadDemoEvent } from '../../src-server/demo/load';
import { ACCOUNTS, describeInBrowser, expectOk, pageAs, trpcMutation, trpcQuery, USER_PASSWORD, waitForApp } from './harness';

const t = messages.results;

function popplerAvailable(): boolean {
  if (spawnSync('pdftotext', ['-v']).error === undefined) return true;
  const reason = 'pdftotext not found (apt-get install poppler-utils)';
  if (process.env.E2E_REQUIRED === '1') throw new Error(`E2E_REQUIRED=1 but ${reason}`);
  console.warn(`[e2e] biên bản (jury) test skipped: ${reason}`);
  return false;
}

const EXTRA_JUDGES = ['GS.TSKH Nguyễn Thị Thu Hương', 'Nhạc sĩ Trương Quý Hải', 'Hoạ sĩ Lê Thiết Cương'];
const LONG_TEAMS = [
  { name: 'Đội 09 – Phường Đống Đa – Trường THCS Nguyễn Trường Tộ', unit: 'Trường THCS Nguyễn Trường Tộ, phường Đống Đa' },
  { name: 'Đội 10 – Phường Hai Bà Trưng – Liên trường THCS Ngô Gia Tự và Tô Hoàng', unit: 'Phường Hai Bà Trưng' },
];
const REASONS = {
  admin: 'Giám khảo ghi nhầm ô, đã xác nhận lại với trưởng ban',
  hand: 'Thắng câu hỏi phụ',
  undo: 'Sửa nhầm đội',
};

/** Whitespace (and the line breaks of wrapped cells) as single spaces. */
const squash = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * How many lines of `pdftotext -layout` each printing of `name` takes: from each line where it
 * starts, the cell's text (up to a gap of two spaces) and its continuation on the next lines at the
 * same column, until the whole name is read. Infinity when it cannot be read back whole.
 */
function linesOfName(layout: string, name: string): number[] {
  const lines = layout.split('\n');
  const head = name.split(' ').slice(0, 3).join(' ');
  const found: number[] = [];
  for (const [i, line] of lines.entries()) {
    let column = line.indexOf(head);
    while (column >= 0) {
      // A cell's start (not the name quoted inside a longer text): the line's start or a gap before it.
      if (column > 1 && line.slice(column - 2, column) !== '  ') {
        column = line.indexOf(head, column + 1);
        continue;
      }
      let read = '';
      let count = 0;
      for (let j = i; j < Math.min(lines.length, i + 5) && squash(read) !== name; j++) {
        const rest = lines[j]!;
        // The cell's fragment on this line: it starts near the column where the name began.
        const from = [...rest.matchAll(/\S+(?: \S+)*/g)].find((m) => Math.abs(m.index - column) <= 3);
        if (!from || !name.startsWith(squash(`${read} ${from[0]}`))) continue;
        read = `${read} ${from[0]}`;
        count++;
      }
      found.push(squash(read) === name ? count : Number.POSITIVE_INFINITY);
      column = line.indexOf(head, column + 1);
    }
  }
  return found;
}

describeInBrowser(
  'the biên bản a jury signs, printed to PDF',
  (h) => {
    let pages: string[];
    let text: string;
    let pdf: Buffer;
    const shots = fs.mkdtempSync(path.join(os.tmpdir(), 'hoithi-bien-ban-jury-'));

    beforeAll(async () => {
      const { db, hub } = h.server.deps;
      await loadDemoEvent(db, hub);
      const { context, page } = await pageAs(h, 'admin', { width: 1400, height: 900 });
      const api = context.request;
      await trpcMutation(api, 'settings.update', { date: '2026-11-20', venue: 'Hà Nội' });
      const own = await db.selectFrom('users').select('id').where('username', '=', ACCOUNTS.judge.username).executeTakeFirstOrThrow();
      await expectOk(await api.delete('/api/user', { data: { _id: own.id } }));
      for (const [i, fullName] of EXTRA_JUDGES.entries()) {
        await expectOk(
          await api.post('/api/user', { data: { user: { username: `gkmoi${i + 1}`, password: USER_PASSWORD, fullName, role: 'judge' } } }),
        );
      }
      for (const team of LONG_TEAMS) await trpcMutation(api, 'team.create', { data: team });
      const teams = await db.selectFrom('teams').select(['id', 'name']).orderBy('priority').execute();
      const judges = await db.selectFrom('users').select(['id', 'full_name']).where('role', '=', 'judge').orderBy('priority').execute();
      expect(judges).toHaveLength(8);
      for (const [fi, { field, max }] of [
        { field: 'phan-2', max: 10 },
        { field: 'phan-3', max: 20 },
        { field: 'phan-4', max: 30 },
      ].entries()) {
        for (const [ti, team] of teams.entries()) {
          for (const [ji, judge] of judges.entries()) {
            const point = Math.round(max * (0.55 + ((ti * 7 + ji * 3 + fi) % 9) / 22));
            await trpcMutation(api, 'scoring.adminSubmit', { teamId: team.id, gkId: judge.id, fieldName: field, point });
          }
        }
      }
      const long = teams.find((team) => team.name === LONG_TEAMS[0]!.name)!;
      const other = teams.find((team) => team.name === LONG_TEAMS[1]!.name)!;
      // The corrections: a point changed with its reason, points by hand, a change undone with its reason.
      await trpcMutation(api, 'scoring.adminSubmit', {
        teamId: long.id,
        gkId: judges[1]!.id,
        fieldName: 'phan-3',
        point: 19,
        reason: REASONS.admin,
      });
      await trpcMutation(api, 'show.handPoints', { teamId: long.id, fieldName: 'phan-1', points: 10, reason: REASONS.hand });
      await trpcMutation(api, 'scoring.adminSubmit', {
        teamId: other.id,
        gkId: judges[2]!.id,
        fieldName: 'phan-2',
        point: 4,
        reason: 'Chấm thử',
      });
      const [mistake] = (await trpcQuery(api, 'scoring.log', { source: 'admin', limit: 1 })).items;
      await trpcMutation(api, 'scoring.undo', { eventId: mistake.id, reason: REASONS.undo });

      await page.goto('/user/dashboard?print=bien-ban');
      await waitForApp(page);
      const record = page.getByTestId('bien-ban');
      await record.getByTestId('record-correction').nth(3).waitFor();
      expect(await record.getByTestId('record-page').getAttribute('data-orientation')).toBe('landscape');
      await page.screenshot({ path: path.join(shots, 'screen.png'), fullPage: true });

      await page.emulateMedia({ media: 'print' });
      pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
      const pdfFile = path.join(shots, 'bien-ban.pdf');
      fs.writeFileSync(pdfFile, pdf);
      text = execFileSync('pdftotext', ['-layout', pdfFile, '-'], { encoding: 'utf8' });
      pages = text.split('\f').slice(0, -1);
      execFileSync('pdftoppm', ['-png', '-r', '70', pdfFile, path.join(shots, 'page')]);
      console.info(`[bien-ban-jury] PDF and pages: ${shots}`);
    });

    it('prints landscape A4 pages, each numbered and with the time it was made', () => {
      const boxes = [...pdf.toString('latin1').matchAll(/\/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]/g)].map((m) => [
        Number(m[1]),
        Number(m[2]),
      ]);
      expect(boxes.length).toBe(pages.length);
      for (const [width, height] of boxes) {
        expect(Math.abs(width! - 841.89)).toBeLessThan(2);
        expect(Math.abs(height! - 595.28)).toBeLessThan(2);
      }
      expect(pages.length).toBeGreaterThan(1);
      pages.forEach((page, i) => {
        expect(page).toContain(`${t.page} ${i + 1}/${pages.length}`);
        expect(page).toMatch(/Lập lúc \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}/);
      });
    });

    it('lists every correction with its reason, in order, and no head judge’s section without decisions', () => {
      const flat = squash(text);
      const section = flat.slice(flat.indexOf(t.recordCorrections), flat.indexOf(t.recordClosing));
      expect(section).toContain(t.correctionsIntro);
      const at = Object.values(REASONS).map((reason) => section.indexOf(reason));
      expect(at.every((i) => i > 0)).toBe(true);
      expect(at).toEqual([...at].sort((a, b) => a - b));
      expect(section).toContain('Chấm thử');
      expect(section).toContain('Quản trị sửa điểm thay');
      expect(section).toContain('Điểm nhập tay (+10,0 điểm)');
      expect(section).toMatch(/→ 19,0/);
      expect(flat).not.toContain(t.recordDecisions);
    });

    it('closes with the place and date on the right and the secretary, the head judge and every judge to sign', () => {
      const last = pages.at(-1)!;
      const lines = last.split('\n');
      const dateLine = lines.find((line) => line.includes('Hà Nội, ngày 20 tháng 11 năm 2026'));
      expect(dateLine, last).toBeDefined();
      // Right of the middle of the page's text, as Vietnamese records write it.
      expect(dateLine!.indexOf('Hà Nội')).toBeGreaterThan(Math.max(...lines.map((line) => line.trimEnd().length)) / 2);
      const flat = squash(last);
      for (const title of [t.secretarySign, t.headJudgeSign, t.membersSign]) expect(flat).toContain(title);
      expect(flat.indexOf(t.secretarySign)).toBeLessThan(flat.indexOf(t.membersSign));
      for (const judge of [...DEMO_JUDGES.map((j) => j.fullName), ...EXTRA_JUDGES]) expect(flat).toContain(judge);
      expect(flat).toContain(t.judgeSign(8));
    });

    it('prints each long team name on at most two lines, wherever it is printed', () => {
      for (const { name } of LONG_TEAMS) {
        const lines = linesOfName(text, name);
        // The ranking, the three judged fields' tables, and the corrections for the first.
        expect(lines.length, name).toBeGreaterThanOrEqual(4);
        for (const n of lines) expect(n, `${name}: ${lines.join(', ')}`).toBeLessThanOrEqual(2);
      }
    });
  },
  { needs: popplerAvailable() },
);
