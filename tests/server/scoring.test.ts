import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/messages';
import { RESET_CONFIRMATION } from '../../src/schemas/scoring';
import { createTestApp, type TestApp } from '../helpers/test-app';

type Caller = Awaited<ReturnType<TestApp['caller']>>;
let t: TestApp;
let admin: Caller;
let master: Caller;
let adminCookie: string;
const judges: { id: string; cookie: string; caller: Caller }[] = [];
const teamIds: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  await t.createUser('admin', 'admin');
  await t.createUser('dieukhien', 'master');
  adminCookie = await t.login('admin');
  admin = await t.caller(adminCookie);
  master = await t.caller(await t.login('dieukhien'));
  for (let i = 1; i <= 5; i++) {
    const id = await t.createUser(`gk${i}`, 'judge');
    const cookie = await t.login(`gk${i}`);
    judges.push({ id, cookie, caller: await t.caller(cookie) });
  }
  for (const name of ['THPT Chu Văn An', 'THPT Việt Đức', 'THPT Kim Liên'])
    teamIds.push((await admin.team.create({ data: { name } })).item._id);
  await admin.scoreField.create({ data: { name: 'phan-2', label: 'Phần 2', maxPoint: 10, step: 0.5, position: 2 } });
  await admin.scoreField.create({ data: { name: 'phan-3', label: 'Phần 3', maxPoint: 20, step: 0.5, dropExtremes: true, position: 3 } });
});
afterAll(() => t.close());

const open = (field: string | null, scoringOpen = true) => master.show.update({ changes: { activeField: field, scoringOpen } });
const eventCount = async () => Number((await sql<{ n: number }>`select count(*) as n from score_events`.execute(t.deps.db)).rows[0]!.n);

describe('a judge scoring', () => {
  it('is refused with 409 while scoring is closed', async () => {
    await open('phan-2', false);
    const res = await t.request('PUT', '/api/cham-thi/submit', { cookie: judges[0]!.cookie, body: { teamId: teamIds[0], point: 8 } });
    expect(res.status).toBe(409);
    expect((await res.json()).error.message).toBe(messages.scoringClosed);
  });

  it('scores the open field and answers the score item; "7,5" is 7.5', async () => {
    await open('phan-2');
    const res = await t.request('PUT', '/api/cham-thi/submit', { cookie: judges[0]!.cookie, body: { teamId: teamIds[0], point: '7,5' } });
    expect(res.status).toBe(200);
    const { item } = await res.json();
    expect(item).toMatchObject({ teamId: teamIds[0], gkId: judges[0]!.id, fieldName: 'phan-2', point: 7.5 });
    expect(typeof item.updatedAt).toBe('number');
  });

  it('refuses a queued entry for a field that is no longer open with 409', async () => {
    const res = await t.request('PUT', '/api/cham-thi/submit', {
      cookie: judges[1]!.cookie,
      body: { teamId: teamIds[0], point: 7, fieldName: 'phan-3' },
    });
    expect(res.status).toBe(409);
    expect((await res.json()).error).toMatchObject({
      field: 'fieldName',
      message: 'Tiêu chí đang mở chấm là "Phần 2", không phải tiêu chí này',
    });
  });

  it.each([[10.5], [-1], [7.25], ['mười']])('refuses the point %j with 400 naming point', async (point) => {
    const res = await t.request('PUT', '/api/cham-thi/submit', { cookie: judges[1]!.cookie, body: { teamId: teamIds[0], point } });
    expect(res.status).toBe(400);
    expect((await res.json()).error.field).toBe('point');
  });

  it('answers 404 for an unknown team', async () => {
    const res = await t.request('PUT', '/api/cham-thi/submit', { cookie: judges[1]!.cookie, body: { teamId: 'khong-co', point: 5 } });
    expect(res.status).toBe(404);
  });

  it('can only ever write the judge’s own point: a gkId in the body is ignored, admin-submit is refused', async () => {
    const res = await t.request('PUT', '/api/cham-thi/submit', {
      cookie: judges[1]!.cookie,
      body: { teamId: teamIds[0], point: 5, gkId: judges[0]!.id },
    });
    // The schema strips unknown keys: the point lands on the sender, never on another judge.
    expect(res.status).toBe(200);
    expect((await res.json()).item.gkId).toBe(judges[1]!.id);
    const mine = await judges[0]!.caller.scoring.list();
    expect(mine.items.find((i) => i.teamId === teamIds[0])!.point).toBe(7.5);
    const res2 = await t.request('POST', '/api/cham-thi/admin-submit', {
      cookie: judges[1]!.cookie,
      body: { teamId: teamIds[0], gkId: judges[0]!.id, point: 1, fieldName: 'phan-2' },
    });
    expect(res2.status).toBe(403);
  });

  it('returns the first answer for a repeated key and writes nothing; another body with that key is a 409', async () => {
    const before = await eventCount();
    const body = { teamId: teamIds[1], point: 9, key: 'gk3-doi2-phan2-1' };
    const first = await (await t.request('PUT', '/api/cham-thi/submit', { cookie: judges[2]!.cookie, body })).json();
    const again = await (await t.request('PUT', '/api/cham-thi/submit', { cookie: judges[2]!.cookie, body })).json();
    expect(again).toEqual(first);
    expect(await eventCount()).toBe(before + 1);
    const other = await t.request('PUT', '/api/cham-thi/submit', { cookie: judges[2]!.cookie, body: { ...body, point: 8 } });
    expect(other.status).toBe(409);
    expect(await eventCount()).toBe(before + 1);
  });
});

describe('an admin correcting', () => {
  it('needs a reason to overwrite a point, and logs it', async () => {
    const body = { teamId: teamIds[0], gkId: judges[0]!.id, point: 8, fieldName: 'phan-2' };
    const without = await t.request('POST', '/api/cham-thi/admin-submit', { cookie: adminCookie, body });
    expect(without.status).toBe(400);
    expect((await without.json()).error).toMatchObject({ field: 'reason', message: messages.reasonRequired });
    const withReason = await t.request('POST', '/api/cham-thi/admin-submit', {
      cookie: adminCookie,
      body: { ...body, reason: 'Gõ nhầm 7,5' },
    });
    expect(withReason.status).toBe(200);
    const [entry] = (await admin.scoring.log({ teamId: teamIds[0], gkId: judges[0]!.id, limit: 1 })).items;
    expect(entry).toMatchObject({ oldPoint: 7.5, newPoint: 8, source: 'admin', reason: 'Gõ nhầm 7,5' });
  });

  it('answers 404 for an unknown judge or field', async () => {
    expect(
      (
        await t.request('POST', '/api/cham-thi/admin-submit', {
          cookie: adminCookie,
          body: { teamId: teamIds[0], gkId: 'khong-co', point: 5, fieldName: 'phan-2' },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await t.request('POST', '/api/cham-thi/admin-submit', {
          cookie: adminCookie,
          body: { teamId: teamIds[0], gkId: judges[0]!.id, point: 5, fieldName: 'khong-co' },
        })
      ).status,
    ).toBe(404);
  });

  it('gives every judge a point in one call', async () => {
    const res = await t.request('POST', '/api/cham-thi/admin-submit-all', {
      cookie: adminCookie,
      body: { teamId: teamIds[2], point: 6, fieldName: 'phan-3' },
    });
    expect(res.status).toBe(200);
    const { items } = await res.json();
    expect(items).toHaveLength(5);
    expect(new Set(items.map((i: { gkId: string }) => i.gkId))).toEqual(new Set(judges.map((j) => j.id)));
  });

  it('undoes a change as a new event', async () => {
    const [last] = (await admin.scoring.log({ teamId: teamIds[0], gkId: judges[0]!.id, limit: 1 })).items;
    await admin.scoring.undo({ eventId: last!.id, reason: 'Hoàn tác' });
    const point = (await admin.scoring.list()).items.find((i) => i.teamId === teamIds[0] && i.gkId === judges[0]!.id)!.point;
    expect(point).toBe(7.5);
    const [undo] = (await admin.scoring.log({ limit: 1 })).items;
    expect(undo).toMatchObject({ source: 'undo', undoes: last!.id, oldPoint: 8, newPoint: 7.5 });
  });
});

describe('the audit log', () => {
  it('cannot be changed, deleted or truncated, even with SQL', async () => {
    await expect(sql`update score_events set new_point = 0`.execute(t.deps.db)).rejects.toThrow(/append-only/);
    await expect(sql`delete from score_events`.execute(t.deps.db)).rejects.toThrow(/append-only/);
    await expect(sql`truncate score_events`.execute(t.deps.db)).rejects.toThrow(/append-only/);
    expect(await eventCount()).toBeGreaterThan(0);
    expect(await eventCount()).toBeGreaterThan(0);
  });
});

describe('aggregation', () => {
  it('puts the mean of the judges who scored, dropping extremes from five, into listTeam', async () => {
    await open('phan-3');
    for (const [i, point] of [10, 12, 14, 16, 20].entries()) {
      await judges[i]!.caller.scoring.submit({ teamId: teamIds[1]!, point });
    }
    const { listTeam } = await admin.system.state();
    const team = listTeam.find((x) => x._id === teamIds[1])!;
    // phan-2: only gk3 scored 9; phan-3: drop 10 and 20 → mean(12,14,16) = 14.
    expect(team.fieldScores).toEqual({ 'phan-2': 9, 'phan-3': 14 });
    expect(team.total).toBe(23);
    expect(team.rank).toBe(1);
  });

  it('exports XLSX and CSV that match /api/results', async () => {
    const results = await (await t.request('GET', '/api/results', { cookie: adminCookie })).json();
    const xlsx = await t.request('GET', '/api/results.xlsx', { cookie: adminCookie });
    expect(xlsx.headers.get('content-type')).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(await xlsx.arrayBuffer()) as never);
    const sheet = workbook.worksheets[0]!;
    const header = (sheet.getRow(2).values as unknown[]).slice(1);
    expect(header[0]).toBe('Hạng');
    expect(header.at(-1)).toBe('Tổng điểm');
    results.items.forEach((item: { rank: number; name: string; total: number }, index: number) => {
      const row = (sheet.getRow(3 + index).values as unknown[]).slice(1);
      expect([row[0], row[1], row.at(-1)]).toEqual([item.rank, item.name, item.total]);
    });
    // Print-ready: landscape A4 fitted to one page wide, title and header rows on every page and
    // frozen with the team column, "Trang N/M" in the footer; points as numbers with one decimal.
    expect(workbook.worksheets.map((ws) => ws.name)).toEqual([messages.results.sheetResults, 'Phần 2', 'Phần 3']);
    for (const ws of workbook.worksheets) {
      expect(ws.pageSetup).toMatchObject({
        orientation: 'landscape',
        paperSize: 9,
        fitToPage: true,
        fitToWidth: 1,
        fitToHeight: 0,
        printTitlesRow: '1:2',
      });
      expect(ws.views[0]).toMatchObject({ state: 'frozen', xSplit: 2, ySplit: 2 });
      expect(ws.headerFooter.oddFooter).toBe('&CTrang &P/&N');
      const headers = (ws.getRow(2).values as string[]).slice(1);
      headers.forEach((text, i) => {
        // Every header fits its column on at most three lines; a judge's name on one.
        expect(ws.getColumn(i + 1).width! * 3, text).toBeGreaterThanOrEqual(text.length);
        if (!text.includes(' ') || text.startsWith('Người dùng'))
          expect(ws.getColumn(i + 1).width!, text).toBeGreaterThanOrEqual(text.length);
      });
      const last = ws.getRow(3).getCell(headers.length);
      expect(typeof last.value).toBe('number');
      expect(last.numFmt).toBe('0.0');
    }
    // A field's sheet has a column for each judge who scored it, named as on the biên bản.
    for (const [index, fieldName] of ['phan-2', 'phan-3'].entries()) {
      const judgeIds = new Set(
        results.items.flatMap((item: { fields: { fieldName: string; judges: { gkId: string; point: number | null }[] }[] }) =>
          item.fields
            .find((f) => f.fieldName === fieldName)!
            .judges.filter((j) => j.point !== null)
            .map((j) => j.gkId),
        ),
      );
      const names = judges.filter((j) => judgeIds.has(j.id)).map((j) => `Người dùng gk${judges.indexOf(j) + 1}`);
      expect((workbook.worksheets[index + 1]!.getRow(2).values as string[]).slice(1)).toEqual([
        'Hạng',
        'Đội thi',
        ...names,
        'Điểm tiêu chí',
      ]);
    }

    const csv = await t.request('GET', '/api/results.csv', { cookie: adminCookie });
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await csv.arrayBuffer());
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const lines = text.slice(1).trim().split('\r\n');
    expect(lines[0]!.split(';')[0]).toBe('Hạng');
    // The official total with one decimal and a comma, as the XLSX shows it.
    expect(lines[1]!.split(';')).toContain('23,0');
    expect(lines).toHaveLength(results.items.length + 1);
  });
});

describe('many judges at once', () => {
  it('loses nothing and doubles nothing when 20 judges submit together, each twice with the same key', async () => {
    const extra: { id: string; caller: Caller }[] = [];
    for (let i = 0; i < 20; i++) {
      const id = await t.createUser(`song${i}`, 'judge');
      extra.push({ id, caller: await t.caller(await t.login(`song${i}`)) });
    }
    await open('phan-2');
    const before = await eventCount();
    const lastEvent = t.deps.hub.live.eventId;
    await Promise.all(
      extra.flatMap((judge, i) => {
        const input = { teamId: teamIds[2]!, point: (i % 20) / 2, key: `k-${i}` };
        return [judge.caller.scoring.submit(input), judge.caller.scoring.submit(input)];
      }),
    );
    expect(await eventCount()).toBe(before + 20);
    const points = (await admin.scoring.list()).items.filter((i) => i.teamId === teamIds[2] && i.fieldName === 'phan-2');
    expect(points).toHaveLength(20);
    expect(points.map((p) => p.point).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i / 2));
    // The event stream carries one score change per judge: the retries wrote nothing.
    const stream = await t.deps.db.selectFrom('events').select(['type', 'payload']).where('id', '>', lastEvent).orderBy('id').execute();
    const changed = stream.flatMap((e) => (e.type === 'scores' ? (e.payload as { changes: { gkId: string }[] }).changes : []));
    expect(changed.map((c) => c.gkId).sort()).toEqual(extra.map((j) => j.id).sort());
  });
});

describe('the scoring gate', () => {
  it('moves only when scoring opens, closes, changes field or the sheet changes, not on a timer or phase move', async () => {
    await open('phan-2');
    const gate = () => t.deps.hub.live.stage.scoringVersion;
    const before = gate();
    await master.show.update({ changes: { timer: { action: 'start', durationMs: 30_000 } } });
    await master.show.update({ changes: { phase: 'scoreboard', screen2: 'judges' } });
    expect(gate()).toBe(before);
    await open('phan-2', false);
    expect(gate()).toBe(before + 1);
    const field = (await admin.scoreField.all()).items.find((f) => f.name === 'phan-2')!;
    await admin.scoreField.update({ _id: field._id, changes: { maxPoint: 10 } });
    expect(gate()).toBe(before + 2);
  });
});

describe('reset', () => {
  it('needs the typed confirmation, removes every score and logs a reset for each', async () => {
    await expect(admin.scoring.reset({ confirm: 'xoa' as never, reason: 'Tổng duyệt' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    const stored = (await admin.scoring.list()).items.length;
    const { removed } = await admin.scoring.reset({ confirm: RESET_CONFIRMATION, reason: 'Tổng duyệt xong' });
    expect(removed).toBe(stored);
    expect((await admin.scoring.list()).items).toEqual([]);
    expect((await admin.scoring.log({ source: 'reset', limit: 1000 })).items).toHaveLength(stored);
  });
});
