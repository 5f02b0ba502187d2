/**
 * Certificates: the prize rules saved with the event, the prized teams listed from the results' own
 * ranking (ties share a prize), and the single PDF (one A4 landscape page per certificate, its text
 * in Vietnamese read back by pdftotext, so the font is embedded with every letter).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { testAppForFile } from '../helpers/app-for-file';
import { createJudges, createScoreFields } from '../helpers/event-setup';
import type { Caller } from '../helpers/test-app';

const t = testAppForFile({ staff: ['admin', 'master'] });
const TEAMS = [
  { name: 'Đội Sông Hồng', unit: 'THPT Việt Đức', members: ['Nguyễn Thị Ánh Tuyết', 'Trần Đức Hữu'], point: 9 },
  { name: 'Đội Trường Sơn', unit: 'THPT Chu Văn An', members: ['Lê Thị Ngọc Diệp'], point: 9 },
  { name: 'Đội Cửu Long', unit: '', members: ['Phạm Quốc Việt'], point: 7.5 },
  { name: 'Đội Hạ Long', unit: 'THCS Ngô Quyền', members: [], point: 6 },
  { name: 'Đội Tây Nguyên', unit: '', members: ['Đỗ Thị Hường'], point: 4 },
];

let admin: Caller;
let master: Caller;

beforeAll(async () => {
  ({ admin, master } = t.callers);
  const [judge] = await createJudges(t, ['gk-1']);
  await createScoreFields(admin, [{ name: 'noi-dung', label: 'Nội dung', maxPoint: 10, step: 0.5, position: 1 }]);
  for (const team of TEAMS) {
    const { item } = await admin.team.create({
      data: { name: team.name, unit: team.unit, members: team.members.map((fullName) => ({ fullName, note: '' })) },
    });
    await admin.scoring.adminSubmit({ teamId: item._id, gkId: judge!.id, fieldName: 'noi-dung', point: team.point });
  }
});

const rules = (counts: { nhat: number; nhi: number; ba: number }, restKhuyenKhich: boolean) => ({
  rules: { mode: 'counts' as const, counts, restKhuyenKhich },
  signerTitle: 'Trưởng ban tổ chức',
  signerName: 'Nguyễn Văn Thắng',
  place: 'Hà Nội',
  showTotal: true,
});

describe('prize rules', () => {
  it('start as 1 Nhất, 2 Nhì, 3 Ba and the rest Khuyến khích, and keep what the admin saves', async () => {
    expect((await master.certificates.prizeRules()).settings.rules).toEqual({
      mode: 'counts',
      counts: { nhat: 1, nhi: 2, ba: 3 },
      restKhuyenKhich: true,
    });
    await admin.certificates.setPrizeRules(rules({ nhat: 1, nhi: 1, ba: 1 }, false));
    const { settings } = await master.certificates.prizeRules();
    expect(settings.signerName).toBe('Nguyễn Văn Thắng');
    expect(settings.rules).toEqual({ mode: 'counts', counts: { nhat: 1, nhi: 1, ba: 1 }, restKhuyenKhich: false });
    // The event's other settings stay as they were.
    expect((await admin.settings.get()).settings.roundTitles['1']).toBeTruthy();
  });

  it('refuses bands where a lower prize needs more points, saying why in Vietnamese', async () => {
    const bad = {
      ...rules({ nhat: 1, nhi: 1, ba: 1 }, false),
      rules: {
        mode: 'bands',
        bands: [
          { prize: 'nhat', minTotal: 5 },
          { prize: 'nhi', minTotal: 8 },
        ],
      },
    };
    await expect(admin.certificates.setPrizeRules(bad as never)).rejects.toThrow(
      'Mức điểm của giải cao hơn phải lớn hơn mức của giải thấp hơn',
    );
  });
});

describe('the prized teams', () => {
  it('are refused, saying why, until the whole event’s results are locked (a round’s lock is not enough)', async () => {
    await expect(master.certificates.list()).rejects.toThrow('Cần chốt kết quả toàn cuộc thi trước khi in giấy chứng nhận');
    await admin.results.lock({ round: 1 });
    await expect(admin.certificates.list()).rejects.toThrow('Cần chốt kết quả toàn cuộc thi trước khi in giấy chứng nhận');
    const refused = await t.request('GET', '/api/certificates.pdf', { cookie: t.cookies.admin });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(
      'Cần chốt kết quả toàn cuộc thi trước khi in giấy chứng nhận',
    );
    await admin.results.lock({});
    expect((await master.certificates.list()).teams).toHaveLength(TEAMS.length);
  });

  it('follow the results’ ranking: the two teams tied first both get the one Nhất and the next, 3rd, gets Ba', async () => {
    await admin.certificates.setPrizeRules(rules({ nhat: 1, nhi: 1, ba: 1 }, false));
    const { teams } = await master.certificates.list();
    const ranking = (await admin.results.list()).items;
    expect(teams.map((team) => [team.name, team.rank, team.total])).toEqual(ranking.map((item) => [item.name, item.rank, item.total]));
    expect(Object.fromEntries(teams.map((team) => [team.name, team.prize]))).toEqual({
      'Đội Sông Hồng': 'nhat',
      'Đội Trường Sơn': 'nhat',
      'Đội Cửu Long': 'ba',
      'Đội Hạ Long': null,
      'Đội Tây Nguyên': null,
    });
    expect(teams.find((team) => team.name === 'Đội Sông Hồng')?.members).toEqual(['Nguyễn Thị Ánh Tuyết', 'Trần Đức Hữu']);
  });

  it('by score bands, give the highest prize each official total reaches', async () => {
    await admin.certificates.setPrizeRules({
      ...rules({ nhat: 0, nhi: 0, ba: 0 }, false),
      rules: {
        mode: 'bands',
        bands: [
          { prize: 'nhi', minTotal: 7 },
          { prize: 'khuyenKhich', minTotal: 5 },
        ],
      },
    });
    const { teams } = await admin.certificates.list();
    expect(teams.map((team) => team.prize)).toEqual(['nhi', 'nhi', 'nhi', 'khuyenKhich', null]);
  });
});

describe('the PDF', () => {
  it('has one A4 landscape page per prized team and per member, with the prize and every name in Vietnamese', async () => {
    await admin.certificates.setPrizeRules(rules({ nhat: 1, nhi: 1, ba: 1 }, false));
    const res = await t.request('GET', '/api/certificates.pdf', { cookie: t.cookies.master });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toContain('giay-chung-nhan.pdf');
    const dir = mkdtempSync(path.join(tmpdir(), 'certificates-'));
    const file = path.join(dir, 'giay-chung-nhan.pdf');
    writeFileSync(file, Buffer.from(await res.arrayBuffer()));
    const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
    // Sông Hồng and its 2 members, Trường Sơn and its 1, Cửu Long and its 1.
    expect(info).toMatch(/Pages:\s+7\n/);
    expect(info).toMatch(/Page size:\s+841\.89 x 595\.276 pts \(A4\)/);
    const pages = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).split('\f');
    expect(pages[0]).toContain('GIẤY CHỨNG NHẬN');
    expect(pages[0]).toContain('Đội Sông Hồng');
    expect(pages[0]).toContain('GIẢI NHẤT');
    expect(pages[0]).toContain('Tổng điểm: 9,0');
    expect(pages[0]).toContain('TRƯỞNG BAN TỔ CHỨC');
    expect(pages[0]).toContain('Nguyễn Văn Thắng');
    expect(pages[0]).toMatch(/Hà Nội, ngày \d\d tháng \d\d năm \d{4}/);
    expect(pages[1]).toContain('Nguyễn Thị Ánh Tuyết');
    expect(pages[1]).toContain('Thành viên Đội Sông Hồng – THPT Việt Đức');
    expect(pages[5]).toContain('Đội Cửu Long');
    expect(pages[5]).toContain('GIẢI BA');
    expect(pages[6]).toContain('Phạm Quốc Việt');
    expect(pages.join('')).not.toContain('Đội Hạ Long');
  });

  it('is refused to the audience', async () => {
    const anonymous = await t.request('GET', '/api/certificates.pdf');
    expect(anonymous.status).toBe(401);
  });
});
