/**
 * Certificates on paper: refused with the reason until the whole event is locked; then the admin sets the prizes and the signer on /user/certificates, sees the
 * prized teams, and prints the certificates from the browser (Chromium's PDF of the print view) and
 * downloads the server's PDF. Both are read back with pdftotext (poppler-utils): one A4 landscape
 * page per prized team and per member, the prize in large type, names with their diacritics, the
 * date line and the signer. Both are also rendered to PNG (pdftoppm) in the temp folder
 * (hoithi-certificates/) to be looked at.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Resvg } from '@resvg/resvg-js';
import { beforeAll, expect, it } from 'vitest';
import { certificatesText } from '../../src/messages/certificates';
import { describeInBrowser, pageAs, toast, trpcMutation, waitForApp } from './harness';

const t = certificatesText;
const SHOTS = path.join(os.tmpdir(), 'hoithi-certificates');

function popplerAvailable(): boolean {
  if (spawnSync('pdftotext', ['-v']).error === undefined) return true;
  const reason = 'pdftotext not found (apt-get install poppler-utils)';
  if (process.env.E2E_REQUIRED === '1') throw new Error(`E2E_REQUIRED=1 but ${reason}`);
  console.warn(`[e2e] certificates test skipped: ${reason}`);
  return false;
}

const TEAMS = [
  { name: 'Đội Sông Hồng', unit: 'Trường THPT Việt Đức', members: ['Nguyễn Thị Ánh Tuyết', 'Trần Đức Hữu'], point: 9.5 },
  { name: 'Đội Trường Sơn', unit: 'Trường THPT Chu Văn An', members: ['Lê Thị Ngọc Diệp'], point: 8 },
  {
    name: 'Đội Những Người Con Của Biển Cả Và Những Cánh Đồng Lúa Chín Vàng Quê Hương',
    unit: 'Trường THCS Nguyễn Trãi',
    members: ['Phạm Quốc Việt'],
    point: 8,
  },
  { name: 'Đội Hạ Long', unit: 'Trường THCS Ngô Quyền', members: ['Đỗ Thị Hường'], point: 5 },
];
/** The pages, in order: each team then its members (all four teams are prized below). */
const PAGES = TEAMS.flatMap((team) => [team.name, ...team.members]);

/** Text per page, whitespace squashed. */
function pdfPages(file: string): string[] {
  return execFileSync('pdftotext', ['-raw', file, '-'], { encoding: 'utf8' })
    .split('\f')
    .slice(0, -1)
    .map((page) => page.replace(/\s+/g, ' ').trim());
}

function pageSizes(file: string): string[] {
  const info = execFileSync('pdfinfo', ['-f', '1', '-l', '999', file], { encoding: 'utf8' });
  return [...info.matchAll(/Page\s+\d+ size:\s+([\d.]+) x ([\d.]+)/g)].map(
    (m) => `${Math.round(Number(m[1]))}x${Math.round(Number(m[2]))}`,
  );
}

describeInBrowser(
  'certificates printed to PDF',
  (h) => {
    let browserPdf: string;
    let serverPdf: string;

    beforeAll(async () => {
      fs.mkdirSync(SHOTS, { recursive: true });
      const { context, page } = await pageAs(h, 'admin', { width: 1280, height: 900 });
      const logo = new Resvg(
        '<svg xmlns="http://www.w3.org/2000/svg" width="240" height="240"><circle cx="120" cy="120" r="110" fill="#b91c1c"/><polygon points="120,45 140,100 198,100 151,134 169,190 120,156 71,190 89,134 42,100 100,100" fill="#facc15"/></svg>',
      )
        .render()
        .asPng();
      const { media } = await trpcMutation(context.request, 'media.upload', {
        fileName: 'logo.png',
        contentType: 'image/png',
        dataBase64: Buffer.from(logo).toString('base64'),
      });
      await trpcMutation(context.request, 'settings.update', {
        name: 'Hội thi Rung chuông vàng Sở Giáo dục năm học 2026–2027',
        date: '2026-11-20',
        logoUrl: media.url,
      });
      const field = { name: 'noi-dung', label: 'Nội dung', maxPoint: 10, step: 0.5, position: 1 };
      await trpcMutation(context.request, 'scoreField.create', { data: field });
      const judge = await h.server.deps.db.selectFrom('users').select('id').where('role', '=', 'judge').executeTakeFirstOrThrow();
      for (const team of TEAMS) {
        const { item } = await trpcMutation(context.request, 'team.create', {
          data: { name: team.name, unit: team.unit, members: team.members.map((fullName) => ({ fullName, note: '' })) },
        });
        await trpcMutation(context.request, 'scoring.adminSubmit', {
          teamId: item._id,
          gkId: judge.id,
          fieldName: field.name,
          point: team.point,
        });
      }

      // Before the whole event's results are locked the list says why there is nothing to print.
      await page.goto('/user/certificates');
      await waitForApp(page);
      expect(await page.getByTestId('certificates-refused').textContent()).toBe(t.notLocked);
      await trpcMutation(context.request, 'results.lock', {});
      await page.reload();
      await waitForApp(page);
      // The prizes as the organiser sets them: 1 Nhất, 1 Nhì, 1 Ba, the rest Khuyến khích (the default shape).
      for (const [prize, count] of [
        ['nhat', 1],
        ['nhi', 1],
        ['ba', 1],
      ] as const) {
        await page.getByTestId(`prize-count-${prize}`).fill(String(count));
      }
      await page.getByTestId('signer-name').fill('Nguyễn Văn Thắng');
      await page.getByTestId('signer-place').fill('Hà Nội');
      await page.getByTestId('save-prize-rules').click();
      await toast(page, t.saved).waitFor();
      // Two teams tied 2nd share Nhì; the next, 4th, gets Khuyến khích.
      const rows = page.getByTestId('certificate-row');
      await rows.nth(TEAMS.length - 1).waitFor();
      expect(await page.getByTestId('certificate-prize').allTextContents()).toEqual(['Nhất', 'Nhì', 'Nhì', 'Khuyến khích']);
      expect(await page.getByTestId('certificate-rank').allTextContents()).toEqual(['1', 'Đồng hạng 2', 'Đồng hạng 2', '4']);
      await page.screenshot({ path: path.join(SHOTS, 'certificates-page.png'), fullPage: true });

      await page.getByTestId('print-certificates').click();
      await page
        .getByTestId('certificate')
        .nth(PAGES.length - 1)
        .waitFor();
      await page.evaluate(() => document.fonts.ready);
      await page.emulateMedia({ media: 'print' });
      browserPdf = path.join(SHOTS, 'browser.pdf');
      fs.writeFileSync(browserPdf, await page.pdf({ preferCSSPageSize: true, printBackground: true }));
      execFileSync('pdftoppm', ['-png', '-r', '60', browserPdf, path.join(SHOTS, 'browser')]);

      const response = await context.request.get('/api/certificates.pdf');
      expect(response.status()).toBe(200);
      serverPdf = path.join(SHOTS, 'server.pdf');
      fs.writeFileSync(serverPdf, await response.body());
      execFileSync('pdftoppm', ['-png', '-r', '60', serverPdf, path.join(SHOTS, 'server')]);
    });

    for (const which of ['browser', 'server'] as const) {
      it(`prints one A4 landscape page per prized team and per member (${which})`, () => {
        const file = which === 'browser' ? browserPdf : serverPdf;
        expect(pageSizes(file)).toEqual(PAGES.map(() => '842x595'));
        const pages = pdfPages(file);
        expect(pages).toHaveLength(PAGES.length);
        PAGES.forEach((name, i) => {
          expect(pages[i], `page ${i + 1}`).toContain(name);
          expect(pages[i]).toContain(t.heading);
          expect(pages[i]).toContain('Hà Nội, ngày 20 tháng 11 năm 2026');
          expect(pages[i]).toContain('TRƯỞNG BAN TỔ CHỨC');
          expect(pages[i]).toContain('Nguyễn Văn Thắng');
          expect(pages[i]).toContain('tại Hội thi Rung chuông vàng Sở Giáo dục năm học 2026–2027');
        });
        expect(pages[0]).toContain('GIẢI NHẤT');
        expect(pages[1]).toContain('Thành viên Đội Sông Hồng – Trường THPT Việt Đức');
        expect(pages[3]).toContain('GIẢI NHÌ');
        expect(pages[5]).toContain('GIẢI NHÌ');
        expect(pages[7]).toContain('GIẢI KHUYẾN KHÍCH');
      });
    }

    it('shrinks a name too long for its line instead of cutting or wrapping it', () => {
      for (const file of [browserPdf, serverPdf]) {
        const text = execFileSync('pdftotext', ['-f', '6', '-l', '6', '-layout', file, '-'], { encoding: 'utf8' });
        // The whole name on one line of the page.
        expect(text.split('\n').some((line) => line.includes(TEAMS[2]!.name))).toBe(true);
      }
    });
  },
  { needs: popplerAvailable() },
);
