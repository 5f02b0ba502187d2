/**
 * The event settings: an event uses rounds 1..N (a round with an empty title is not used) and has a
 * slogan, maybe empty; a refusal answers 400 naming its field and stores nothing; settings stored
 * before the slogan existed read as they did.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/messages';
import { createLiveHub } from '../../src-server/picture/hub';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
let admin = '';

beforeAll(async () => {
  t = await createTestApp();
  ({ admin } = await t.staff(['admin']));
});
afterAll(() => t.close());

const TAGLINE = 'Sân chơi trí tuệ, đoàn kết và sáng tạo';

async function storedSettings(): Promise<unknown> {
  const { rows } = await sql<{ data: unknown }>`select data from settings where id = 1`.execute(t.deps.db);
  return rows[0]?.data;
}

async function update(input: unknown): Promise<{ status: number; body: { error?: { message: string; data?: { field?: string } } } }> {
  const res = await t.request('POST', '/trpc/settings.update', { cookie: admin, body: input });
  return { status: res.status, body: await res.json() };
}

/** The settings a new instance reads from the database. */
async function settingsReadAfresh() {
  const fresh = createLiveHub(t.deps.db, t.deps.notices);
  await fresh.start();
  try {
    return fresh.live.stage.eventSettings();
  } finally {
    await fresh.stop();
  }
}

describe('event settings', () => {
  it('reads settings stored before the slogan as they were: the old tagline and all six rounds', async () => {
    const before = {
      name: 'Hội thi "Em yêu Hà Nội" 2026',
      date: '2026-11-22',
      venue: 'Cung Văn hoá',
      logoUrl: '',
      roundTitles: {
        1: 'NGƯỜI HÀ NỘI',
        2: 'TIẾN VỀ HÀ NỘI',
        3: 'TÌNH YÊU HÀ NỘI',
        4: 'HÀ NỘI - NIỀM TIN VÀ HY VỌNG',
        5: 'TĂNG TỐC',
        6: 'CÂU HỎI PHỤ',
      },
    };
    await t.deps.db
      .insertInto('settings')
      .values({ id: 1, data: JSON.stringify(before) })
      .onConflict((oc) => oc.column('contest_id').doUpdateSet({ data: JSON.stringify(before) }))
      .execute();
    const read = await settingsReadAfresh();
    expect(read).toMatchObject({ ...before, slogan: TAGLINE });
    // A change of something else keeps them, and stores the slogan as read.
    const { settings } = await (await t.caller(admin)).settings.update({ venue: 'Nhà hát Lớn' });
    expect(settings).toMatchObject({ ...before, venue: 'Nhà hát Lớn', slogan: TAGLINE });
    expect(await storedSettings()).toMatchObject({ slogan: TAGLINE, roundTitles: before.roundTitles });
  });

  it('saves three rounds and a slogan; the others are not used, and an empty slogan stays empty', async () => {
    const caller = await t.caller(admin);
    const { settings } = await caller.settings.update({
      slogan: '  Tuổi trẻ Thủ đô  ',
      roundTitles: { 1: 'KHỞI ĐỘNG', 2: 'VƯỢT CHƯỚNG NGẠI VẬT', 3: 'VỀ ĐÍCH', 4: '', 5: ' ', 6: '' },
    });
    expect(settings.slogan).toBe('Tuổi trẻ Thủ đô');
    expect(settings.roundTitles).toEqual({ 1: 'KHỞI ĐỘNG', 2: 'VƯỢT CHƯỚNG NGẠI VẬT', 3: 'VỀ ĐÍCH', 4: '', 5: '', 6: '' });
    expect((await caller.settings.get()).settings).toMatchObject({ slogan: 'Tuổi trẻ Thủ đô', roundTitles: settings.roundTitles });
    expect(await settingsReadAfresh()).toMatchObject({ slogan: 'Tuổi trẻ Thủ đô', roundTitles: settings.roundTitles });

    await caller.settings.update({ slogan: '' });
    expect((await caller.settings.get()).settings.slogan).toBe('');
    expect((await settingsReadAfresh()).slogan).toBe('');
    expect(await storedSettings()).toMatchObject({ slogan: '' });
    await caller.settings.update({ slogan: 'Tuổi trẻ Thủ đô' });
  });

  it('refuses an event without round 1, a gap in the rounds and a slogan too long: 400 naming the field, nothing stored', async () => {
    const stored = await storedSettings();
    const refusals: [unknown, string, string][] = [
      [{ roundTitles: { 1: '', 2: '', 3: '', 4: '', 5: '', 6: '' } }, 'roundTitles.1', `${messages.firstRoundTitleRequired} (phần 1)`],
      [{ roundTitles: { 1: 'A', 2: '', 3: 'C', 4: '', 5: '', 6: '' } }, 'roundTitles.2', `${messages.roundTitleGap} (phần 2)`],
      // A change of one round is judged with the rounds it leaves as they are (4 and 5 are empty).
      [{ roundTitles: { 6: 'CÂU HỎI PHỤ' } }, 'roundTitles.4', `${messages.roundTitleGap} (phần 4)`],
      [{ roundTitles: { 1: '' } }, 'roundTitles.1', `${messages.firstRoundTitleRequired} (phần 1)`],
      [{ name: 'Đổi tên', slogan: 'x'.repeat(301) }, 'slogan', 'Khẩu hiệu chỉ được dài tối đa 300 ký tự'],
    ];
    for (const [input, field, message] of refusals) {
      const { status, body } = await update(input);
      expect(status, JSON.stringify(input)).toBe(400);
      expect(body.error).toMatchObject({ message, data: { code: 'BAD_REQUEST', field } });
    }
    expect(messages.firstRoundTitleRequired).toBe('Vui lòng nhập tên phần thi 1: cuộc thi cần ít nhất một phần thi');
    expect(await storedSettings()).toEqual(stored);
    expect((await (await t.caller(admin)).settings.get()).settings).toMatchObject({ name: (stored as { name: string }).name });
  });

  it('uses one round only, or all six again', async () => {
    const caller = await t.caller(admin);
    const one = await caller.settings.update({ roundTitles: { 2: '', 3: '' } });
    expect(one.settings.roundTitles).toEqual({ 1: 'KHỞI ĐỘNG', 2: '', 3: '', 4: '', 5: '', 6: '' });
    const six = await caller.settings.update({ roundTitles: { 2: 'B', 3: 'C', 4: 'D', 5: 'E', 6: 'F' } });
    expect(six.settings.roundTitles).toEqual({ 1: 'KHỞI ĐỘNG', 2: 'B', 3: 'C', 4: 'D', 5: 'E', 6: 'F' });
  });
});
