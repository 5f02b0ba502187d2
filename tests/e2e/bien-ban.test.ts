/**
 * The biên bản on paper: the demo event scored by its five judges (one of whom never scores the last
 * field), printed by Chromium to PDF with the print stylesheet, then read back with pdftotext
 * (poppler-utils): portrait A4 (four criteria and five judges fit it), "Trang N/M" on every page,
 * the totals of /api/results, the judge who never scored a field named under its table rather than
 * given an empty column, no corrections (points the admin typed in for the judges are not ones), and
 * the close: the place (dots when the event has none) and date, the secretary, the head judge and
 * every judge to sign.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { messages } from '../../src/messages';
import { formatPoint } from '../../src/valueFormat';
import { DEMO_JUDGES } from '../../src-server/demo/content';
import { loadDemoEvent } from '../../src-server/demo/load';
import { ACCOUNTS, describeInBrowser, pageAs, trpcMutation, waitForApp } from './harness';

const t = messages.results;

/** pdftotext and pdftoppm, from Debian's poppler-utils; required with the browser tests under E2E_REQUIRED=1. */
function popplerAvailable(): boolean {
  if (spawnSync('pdftotext', ['-v']).error === undefined) return true;
  const reason = 'pdftotext not found (apt-get install poppler-utils)';
  if (process.env.E2E_REQUIRED === '1') throw new Error(`E2E_REQUIRED=1 but ${reason}`);
  console.warn(`[e2e] biên bản PDF test skipped: ${reason}`);
  return false;
}

/** Whitespace (and the line breaks of wrapped cells) as single spaces. */
const squash = (text: string) => text.replace(/\s+/g, ' ').trim();

describeInBrowser(
  'the biên bản printed to PDF',
  (h) => {
    let pages: string[];
    let results: { name: string; unit: string; total: number; fields: { score: number | null }[] }[];
    let pdf: Buffer;
    const neverScored = DEMO_JUDGES[4]!.fullName;

    beforeAll(async () => {
      const { db, hub } = h.server.deps;
      await loadDemoEvent(db, hub);
      const { context, page } = await pageAs(h, 'admin', { width: 1280, height: 900 });
      // No venue: the place before the date is left in dots, to be written by hand.
      await trpcMutation(context.request, 'settings.update', { date: '2026-11-20', venue: '' });
      // The harness's own judge is not on the demo's panel.
      const own = await db.selectFrom('users').select('id').where('username', '=', ACCOUNTS.judge.username).executeTakeFirstOrThrow();
      expect((await context.request.delete('/api/user', { data: { _id: own.id } })).status()).toBe(200);
      const teams = await db.selectFrom('teams').select(['id', 'priority']).orderBy('priority').execute();
      const judges = await db.selectFrom('users').select(['id', 'full_name']).where('role', '=', 'judge').orderBy('username').execute();
      expect(judges.map((j) => j.full_name)).toEqual(DEMO_JUDGES.map((j) => j.fullName));
      // Points entered by the admin on the judges' behalf; the fifth judge never scores phan-4.
      const plan = [
        { field: 'phan-2', max: 10, step: 0.5, judges: 5 },
        { field: 'phan-3', max: 20, step: 0.5, judges: 5 },
        { field: 'phan-4', max: 30, step: 1, judges: 4 },
      ];
      for (const { field, max, step, judges: n } of plan) {
        for (const [ti, team] of teams.entries()) {
          for (const [ji, judge] of judges.slice(0, n).entries()) {
            const raw = max * (0.55 + ((ti * 7 + ji * 3 + field.length) % 9) / 22);
            const point = Math.min(max, Math.round(raw / step) * step);
            await trpcMutation(context.request, 'scoring.adminSubmit', { teamId: team.id, gkId: judge.id, fieldName: field, point });
          }
        }
      }
      results = ((await (await context.request.get('/api/results')).json()) as { items: typeof results }).items;

      await page.goto('/user/dashboard?print=bien-ban');
      await waitForApp(page);
      const record = page.getByTestId('bien-ban');
      await record
        .getByTestId('record-ranking-row')
        .nth(teams.length - 1)
        .waitFor();
      // On screen: the phan-4 table has a column for each judge who scored it, and names the one who did not.
      const phan4 = record.locator('[data-testid="record-field"][data-field="phan-4"]');
      expect(await phan4.getByTestId('record-judge').allTextContents()).toEqual(DEMO_JUDGES.slice(0, 4).map((j) => j.fullName));
      expect(await record.locator('[data-testid="record-not-scored"][data-field="phan-4"]').textContent()).toBe(t.notScoredBy(neverScored));
      expect(await record.locator('[data-testid="record-field"][data-field="phan-2"]').getByTestId('record-judge').count()).toBe(5);
      expect(await record.getByTestId('record-not-scored').count()).toBe(1);
      expect(await record.getByTestId('signature-judge').count()).toBe(DEMO_JUDGES.length);

      await page.emulateMedia({ media: 'print' });
      pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
      const pdfFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'hoithi-bien-ban-')), 'bien-ban.pdf');
      fs.writeFileSync(pdfFile, pdf);
      // -raw: the text in the order Chromium drew it, so a wrapped cell's lines stay together.
      pages = execFileSync('pdftotext', ['-raw', pdfFile, '-'], { encoding: 'utf8' }).split('\f').slice(0, -1);
      // Its pages as pictures beside it, kept to be looked at.
      execFileSync('pdftoppm', ['-png', '-r', '70', pdfFile, path.join(path.dirname(pdfFile), 'page')]);
      console.info(`[bien-ban] PDF and pages: ${path.dirname(pdfFile)}`);
    });

    it('prints on A4 pages, from the print stylesheet', () => {
      const boxes = [...pdf.toString('latin1').matchAll(/\/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]/g)].map((m) => [
        Number(m[1]),
        Number(m[2]),
      ]);
      expect(boxes.length).toBeGreaterThanOrEqual(1);
      for (const [width, height] of boxes) {
        expect(Math.abs(width! - 595.28)).toBeLessThan(2);
        expect(Math.abs(height! - 841.89)).toBeLessThan(2);
      }
    });

    it('numbers every page "Trang N/M"', () => {
      expect(pages.length).toBeGreaterThan(1);
      pages.forEach((text, i) => {
        expect(text).toContain(`${t.page} ${i + 1}/${pages.length}`);
      });
    });

    it('prints the rows of /api/results in the ranking, in its order: name, unit, field scores, total', () => {
      const ranking = squash(pages.join('\n')).split(t.recordJudges)[0]!;
      expect(results).toHaveLength(8);
      let from = 0;
      for (const item of results) {
        const scores = item.fields.map((f) => (f.score === null ? t.missing : formatPoint(f.score)));
        const row = [item.name, item.unit, ...scores, formatPoint(item.total)].join(' ');
        const at = ranking.indexOf(row, from);
        expect(at, `${row}\nin\n${ranking}`).toBeGreaterThan(-1);
        from = at + row.length;
      }
    });

    it('names the judge who never scored a field under its table, and every judge on the signature lines', () => {
      const text = squash(pages.join('\n'));
      expect(text).toContain(t.notScoredBy(neverScored));
      for (const judge of DEMO_JUDGES) expect(text).toContain(judge.fullName);
    });

    it('says there was no correction, then closes with the place and date and the head judge’s and secretary’s signatures', () => {
      const text = squash(pages.join('\n'));
      expect(text).toContain(`${t.recordSection(3, t.recordCorrections)} ${t.noCorrections}`);
      expect(text).not.toContain(t.recordDecisions);
      const close = squash(pages.at(-1)!);
      expect(close).toContain(`${t.noPlace}, ngày 20 tháng 11 năm 2026`);
      for (const title of [t.secretarySign, t.headJudgeSign, t.membersSign, t.judgeSign(5)]) expect(close).toContain(title);
    });
  },
  { needs: popplerAvailable() },
);
