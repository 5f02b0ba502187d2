/**
 * The audience vote driven from /master in a real browser: the master opens a vote for three of four
 * teams from the console's panel, three phones (each a new device, no cookies) vote through
 * `POST /api/vote`, the console's bars follow; the panel lists the ballots by address, and a flood's
 * are discarded after a confirmation, the bars dropping them; the vote goes on screen 2, ends, and
 * becomes points on an answers field for its winner; the livestream overlay's scene follows the
 * console's selector.
 */
import { type APIRequestContext, type Page, request } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import { axeViolations, describeViolations } from './axe';
import { animationsDone, describeInBrowser, openAs, requestAs, toast, trpcMutation, trpcQuery } from './harness';

const TEAMS = ['Đội Hoa Sen', 'Đội Sông Hồng', 'Đội Tháp Rùa', 'Đội Văn Miếu'] as const;
const LEFT_OUT = 'Đội Văn Miếu';
/** A script's address, as its flood of ballots was stored. */
const FLOOD = '203.0.113.66';
const FIELD = { name: 'binh-chon', label: 'Khán giả bình chọn', kind: 'answers', maxPoint: 5, step: 0.5, position: 9 };

describeInBrowser('the audience vote on the console', (h) => {
  const ids: Record<string, string> = {};
  let master: APIRequestContext;

  beforeAll(async () => {
    const admin = await requestAs(h, 'admin');
    for (const name of TEAMS) ids[name] = (await trpcMutation(admin, 'team.create', { data: { name, unit: 'THPT' } })).item._id;
    await trpcMutation(admin, 'scoreField.create', { data: FIELD });
    master = await requestAs(h, 'master');
  }, 60_000);

  const system = async () => (await (await master.get('/api/state')).json()).system;

  /** One phone in the hall: its own request context, with no cookie, so a device of its own. */
  async function castFromNewDevice(teamName: string) {
    const phone = await request.newContext({ baseURL: h.url });
    try {
      // Its page's read of the vote gives it the ballot cookie.
      await phone.get('/api/vote');
      const response = await phone.post('/api/vote', { data: { teamIds: [ids[teamName]] } });
      expect(response.status(), await response.text()).toBe(200);
    } finally {
      await phone.dispose();
    }
  }

  /**
   * The whole console passes axe (serious and critical) as the panel stands. Toasts are closed first:
   * their close button has no name of its own (NotificationsHost's, not the panel's).
   */
  async function expectAccessible(m: Page) {
    const toasts = m.locator('.mantine-Notification-root');
    for (const close of await toasts.locator('.mantine-Notification-closeButton').all()) await close.click().catch(() => {});
    await expect.poll(() => toasts.count()).toBe(0);
    await animationsDone(m);
    const violations = await axeViolations(m);
    expect(violations, describeViolations(violations)).toEqual([]);
  }

  const bar = (m: Page, team: string) => m.getByTestId('vote-panel').locator(`[data-testid="vote-bar"][data-team="${team}"]`);

  it('opens a vote from the panel, follows its tally, shows it on screen 2, ends it and awards its winner', async () => {
    const { page: m, errors } = await openAs(h, '/master', 'master', { width: 1440, height: 900 });
    const panel = m.getByTestId('vote-panel');
    const form = panel.getByTestId('vote-form');

    // Every team is on the ballot by default; one is left out.
    for (const name of TEAMS) expect(await form.getByRole('checkbox', { name }).isChecked()).toBe(true);
    await expectAccessible(m);
    await form.getByRole('checkbox', { name: LEFT_OUT }).uncheck();
    await form.getByRole('radio', { name: /Tự kết thúc sau/ }).check();
    await form.getByRole('textbox', { name: 'Số phút' }).fill('10');
    await form.getByRole('button', { name: 'Mở bình chọn' }).click();

    await panel.getByTestId('vote-status').filter({ hasText: 'Đang mở' }).waitFor();
    expect(await panel.getByTestId('vote-bar').evaluateAll((bars) => bars.map((b) => b.getAttribute('data-team')).sort())).toEqual(
      TEAMS.filter((t) => t !== LEFT_OUT).sort(),
    );
    // Ten minutes on the server's clock, counting down.
    expect(await panel.getByTestId('vote-time-left').innerText()).toMatch(/^Còn (9:[0-5]\d|10:00)$/);
    const opened = (await (await master.get('/api/vote')).json()).vote;
    expect(opened.open).toBe(true);
    expect(opened.teamIds.sort()).toEqual([ids['Đội Hoa Sen'], ids['Đội Sông Hồng'], ids['Đội Tháp Rùa']].sort());
    expect(opened.closesAt - Date.now()).toBeGreaterThan(9 * 60_000);

    await castFromNewDevice('Đội Hoa Sen');
    await castFromNewDevice('Đội Hoa Sen');
    await castFromNewDevice('Đội Sông Hồng');
    await expect.poll(() => bar(m, 'Đội Hoa Sen').getAttribute('data-count')).toBe('2');
    await expect.poll(() => bar(m, 'Đội Sông Hồng').getAttribute('data-count')).toBe('1');
    expect(await bar(m, 'Đội Tháp Rùa').getAttribute('data-count')).toBe('0');
    expect(await bar(m, 'Đội Hoa Sen').getByTestId('vote-count').innerText()).toBe('2 · 67%');
    await panel.getByTestId('vote-ballots').filter({ hasText: 'Tổng số phiếu: 3' }).waitFor();
    expect(await bar(m, 'Đội Hoa Sen').getByRole('progressbar').getAttribute('aria-label')).toBe('Đội Hoa Sen: 2 phiếu');

    await expectAccessible(m);

    // A script's flood from one address (stored as the ballots of one network), and a blind loop of
    // POSTs without the page's cookie from the phones' own address: the panel lists both.
    const sources = panel.getByTestId('vote-sources');
    const row = (address: string) => sources.locator(`[data-testid="vote-source"][data-address="${address}"]`);
    await h.server.deps.db
      .insertInto('ballots')
      .values(
        Array.from({ length: 40 }, (_, i) => ({
          vote_id: Number(opened._id),
          device: `flood-${i}`,
          team_ids: JSON.stringify([ids['Đội Tháp Rùa']]),
          address: FLOOD,
        })),
      )
      .execute();
    const blind = await request.newContext({ baseURL: h.url });
    for (let i = 0; i < 5; i++) expect((await blind.post('/api/vote', { data: { teamIds: [ids['Đội Tháp Rùa']] } })).status()).toBe(403);
    await blind.dispose();
    await expect.poll(() => bar(m, 'Đội Tháp Rùa').getAttribute('data-count')).toBe('40');
    await expect.poll(() => row(FLOOD).getAttribute('data-ballots')).toBe('40');
    await expect.poll(() => row('127.0.0.1').getAttribute('data-refused')).toBe('5');
    expect(await sources.getByTestId('vote-source').evaluateAll((rows) => rows.map((r) => r.dataset.address))).toEqual([
      FLOOD,
      '127.0.0.1',
    ]);
    expect(await row('127.0.0.1').getAttribute('data-ballots')).toBe('3');

    // Discarding asks first, names the address and the count, and the tally drops the flood.
    await row(FLOOD)
      .getByRole('button', { name: `Loại phiếu từ ${FLOOD}` })
      .click();
    const discardDialog = m.getByRole('dialog', { name: `Loại 40 phiếu từ ${FLOOD}?` });
    await discardDialog.getByText(/không hoàn tác được/).waitFor();
    await discardDialog.getByRole('button', { name: 'Loại phiếu' }).click();
    await toast(m, `Đã loại 40 phiếu từ ${FLOOD}`).waitFor();
    await expect.poll(() => bar(m, 'Đội Tháp Rùa').getAttribute('data-count')).toBe('0');
    await panel.getByTestId('vote-ballots').filter({ hasText: 'Tổng số phiếu: 3' }).waitFor();
    await row(FLOOD).getByText('Đã loại 40 phiếu').waitFor();
    expect(await row(FLOOD).getByRole('button').count()).toBe(0);
    const log = await trpcQuery(master, 'actions.log', { limit: 5 });
    expect(log.items[0]).toMatchObject({ kind: 'vote.discard', target: { address: FLOOD, ballots: 40 } });
    await expectAccessible(m);

    await panel.getByRole('button', { name: 'Đưa lên màn hình phụ' }).click();
    await expect.poll(async () => (await system()).screen2).toBe('vote');
    await panel.getByRole('button', { name: 'Đưa lên màn hình chính' }).click();
    await expect.poll(async () => (await system()).phase).toBe('vote');

    // Ending asks first.
    await panel.getByRole('button', { name: 'Kết thúc bình chọn' }).click();
    const closeDialog = m.getByRole('dialog', { name: 'Kết thúc bình chọn?' });
    await closeDialog.getByRole('button', { name: 'Kết thúc bình chọn' }).click();
    await panel.getByTestId('vote-status').filter({ hasText: 'Đã kết thúc' }).waitFor();
    expect(await panel.locator('[data-testid="vote-bar"][data-winner]').evaluateAll((bars) => bars.map((b) => b.dataset.team))).toEqual([
      'Đội Hoa Sen',
    ]);

    await panel.getByRole('combobox', { name: 'Tiêu chí nhận điểm' }).click();
    await m.getByRole('option', { name: 'Khán giả bình chọn (tối đa 5,0)' }).click();
    await panel.getByRole('button', { name: 'Quy ra điểm' }).click();
    const awardDialog = m.getByRole('dialog', { name: 'Quy kết quả bình chọn ra điểm?' });
    await awardDialog.getByText('Đội thắng nhận điểm tối đa của tiêu chí «Khán giả bình chọn»: Đội Hoa Sen nhận 5,0 điểm.').waitFor();
    await awardDialog.getByRole('button', { name: 'Quy ra điểm' }).click();
    await panel.getByTestId('vote-awarded').filter({ hasText: 'Đội Hoa Sen đã nhận 5,0 điểm ở tiêu chí «Khán giả bình chọn».' }).waitFor();
    await panel.getByTestId('vote-status').filter({ hasText: 'Đã quy ra điểm' }).waitFor();
    await toast(m, 'Đã quy kết quả bình chọn ra điểm').waitFor();
    await expectAccessible(m);

    // The winner tops the console's ranking with the field's maximum, and the results say the same.
    const top = m.getByTestId('master-ranking-row').first();
    await expect.poll(() => top.innerText()).toMatch(/#1\s+Đội Hoa Sen\s+5,0/);
    const results = (await (await master.get('/api/results')).json()).items as {
      name: string;
      total: number;
      fields: { fieldName: string; score: number | null }[];
    }[];
    const winner = results.find((r) => r.name === 'Đội Hoa Sen');
    expect(winner?.total).toBe(5);
    expect(winner?.fields.find((f) => f.fieldName === FIELD.name)?.score).toBe(5);
    expect(results.filter((r) => r.total > 0).map((r) => r.name)).toEqual(['Đội Hoa Sen']);
    expect(errors).toEqual([]);

    // The biên bản has the vote as a section of its own: teams by votes, the winner marked, the award.
    const { page: admin, errors: adminErrors } = await openAs(h, '/user/dashboard?print=bien-ban', 'admin', { width: 1280, height: 900 });
    const record = admin.getByTestId('record-vote');
    await record.waitFor();
    await expect.poll(() => record.getByTestId('record-vote-row').first().innerText()).toMatch(/1\s+Đội Hoa Sen[\s\S]*2\s+✓/);
    await record.getByText('Đội được yêu thích nhất nhận 5,0 điểm ở tiêu chí Khán giả bình chọn.').waitFor();
    // Sections are numbered as printed: no judged field here, so the vote is II and the corrections III.
    expect(await admin.getByText('II. BÌNH CHỌN CỦA KHÁN GIẢ').count()).toBe(1);
    expect(await admin.getByText('III. ĐIỀU CHỈNH ĐIỂM').count()).toBe(1);
    expect(adminErrors).toEqual([]);
  });

  it('switches the livestream overlay scene from the console', async () => {
    const { page: m, errors } = await openAs(h, '/master', 'master', { width: 1440, height: 900 });
    const overlay = m.getByRole('radiogroup', { name: 'Lớp phủ livestream' });
    expect(await m.getByTestId('overlay-address').innerText()).toContain(`${h.url}/screen?overlay=1`);
    expect((await system()).overlay).toBe('lowerThird');
    await overlay.getByText('Bình chọn', { exact: true }).click();
    await expect.poll(async () => (await system()).overlay).toBe('vote');
    // The console hears its own move back over the subscription: wait for it rather than read at once.
    await expect.poll(() => overlay.getByRole('radio', { name: 'Bình chọn' }).isChecked()).toBe(true);
    await overlay.getByText('Ẩn', { exact: true }).click();
    await expect.poll(async () => (await system()).overlay).toBe('hidden');
    await overlay.getByText('Bảng điểm', { exact: true }).click();
    await expect.poll(async () => (await system()).overlay).toBe('scoreboard');
    expect(errors).toEqual([]);
  });
});
