/**
 * One whole contest night, from an empty event, in real Chromium pages against the built server as a
 * real process (so it can be killed with SIGKILL): the console, both projectors, four team phones, two
 * judges and the audience, each a browser context of its own. It plays a classic round with typed
 * answers and a buzzer question, Tăng tốc, an obstacle round, a finish round with the star and a
 * steal, a judged round on one sheet per team, an audience vote, a tie decided by a câu hỏi phụ, and
 * a freeze and reveal; it makes the operator's mistakes (a wrong verdict then Hoàn tác, a wrong tab
 * mid-round, a projector reload, a server killed mid-night) and after each step checks the projector,
 * the phones and the points against totals it keeps itself. The biên bản's totals must equal them.
 */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { APIRequestContext, Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatPoint } from '../../src/valueFormat';
import { type SpawnedServer, startServerProcess } from '../helpers/spawn-server';
import { findUnfitText } from '../helpers/user-text';
import { browserAvailable, expectOk, launchBrowser } from './harness';

const ADMIN = { username: 'admin', password: 'mat-khau-quan-tri-dem-thi' };
const PASSWORD = 'mat-khau-dem-thi-2026';
const TEAMS = ['Lớp 9A1', 'Lớp 9A2', 'Lớp 9A3', 'Lớp 9A4'];
const CRITERIA = ['noi-dung', 'trinh-bay', 'sang-tao'];

/** The points this test expects each team to have, kept by hand as the night goes. */
const expected = new Map<string, number>(TEAMS.map((name) => [name, 0]));
const give = (team: string, points: number) => expected.set(team, Math.round(((expected.get(team) ?? 0) + points) * 100) / 100);

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

describe.skipIf(!browserAvailable())('a whole contest night', () => {
  let dataDir: string;
  let port: number;
  let server: SpawnedServer;
  let browser: Browser;
  let url: string;
  const contexts: BrowserContext[] = [];
  const pageErrors: string[] = [];
  const ids = { teams: new Map<string, string>(), sets: new Map<number, string>(), questions: new Map<string, string>() };

  let admin: APIRequestContext;
  let masterApi: APIRequestContext;
  const teamApi: APIRequestContext[] = [];
  const judgeApi: APIRequestContext[] = [];
  const judgeContexts: BrowserContext[] = [];
  let m: Page; // the console
  let screen: Page; // projector 1
  let screen2: Page; // projector 2
  let phone: Page; // Lớp 9A1's phone

  const env = () => ({
    DATA_DIR: dataDir,
    PORT: String(port),
    SEED_DEMO: '0',
    ADMIN_PASSWORD: ADMIN.password,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
  });

  async function context(viewport = { width: 1280, height: 800 }): Promise<BrowserContext> {
    const created = await browser.newContext({ baseURL: url, viewport, locale: 'vi-VN' });
    contexts.push(created);
    return created;
  }
  async function signedIn(who: { username: string; password: string }, viewport?: { width: number; height: number }) {
    const created = await context(viewport);
    const res = await created.request.post('/login', { data: who });
    expect(res.status(), await res.text()).toBe(200);
    return created;
  }
  async function open(created: BrowserContext, route: string): Promise<Page> {
    const page = await created.newPage();
    page.on('pageerror', (error) => pageErrors.push(`${route}: ${error.message}`));
    await page.goto(route);
    return page;
  }
  const trpc = async (api: APIRequestContext, procedure: string, input: unknown = {}) =>
    (await expectOk(await api.post(`/trpc/${procedure}`, { data: input }))).result as { data: Record<string, unknown> };
  const query = async (api: APIRequestContext, procedure: string, input: unknown) =>
    (await expectOk(await api.get(`/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify(input))}`))).result as {
      data: Record<string, unknown>;
    };
  const show = (changes: Record<string, unknown>) => trpc(masterApi, 'show.update', { changes });
  const teamIdOf = (name: string) => ids.teams.get(name)!;
  const nameOf = (id: string) => [...ids.teams].find(([, v]) => v === id)![0];
  const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });

  /** The totals as the server ranks them, by team name. */
  async function totals(): Promise<Map<string, number>> {
    const state = (await (await admin.get('/api/state')).json()) as { listTeam: { _id: string; total: number }[] };
    return new Map(state.listTeam.map((t) => [nameOf(t._id), t.total]));
  }
  async function expectTotals(step: string) {
    await expect.poll(async () => Object.fromEntries(await totals()), { message: step }).toEqual(Object.fromEntries(expected));
  }
  /** Nothing a person reads on these pages is English, a type name, a raw id or a rule code. */
  async function expectFitText(step: string, pages: Page[]) {
    for (const page of pages) {
      const text = await page.locator('body').innerText();
      expect(findUnfitText(text), `${step}: ${page.url()}`).toEqual([]);
    }
  }

  async function pickRound(round: number, title: string) {
    await m.locator('[aria-label="Phần thi"]').getByText(`Phần ${round}`, { exact: true }).click();
    await m.getByRole('combobox', { name: 'Bộ câu hỏi' }).click();
    await m.getByRole('option', { name: title }).click();
    await m.getByTestId('master-question').first().waitFor();
  }
  async function pickQuestion(text: string) {
    const question = m.getByTestId('master-question').filter({ hasText: text });
    await question.click();
    await question.and(m.locator('[data-selected="true"]')).waitFor();
  }
  /** Picks the round's set and the question on the console, shows and starts it, and opens answers. */
  async function openAnswersTo(round: number, title: string, question: string) {
    await pickRound(round, title);
    await pickQuestion(question);
    await button(m, 'Hiện câu hỏi').click();
    await button(m, 'Bắt đầu').click();
    await button(m, 'Mở trả lời').click();
  }
  async function answerFrom(team: number, answer: string) {
    const state = (await (await teamApi[team]!.get('/api/state')).json()) as { system: { questionId: string } };
    await trpc(teamApi[team]!, 'show.submitAnswer', { questionId: state.system.questionId, answer });
  }
  const answerRow = (team: string) => m.getByTestId('incoming-answer').filter({ hasText: team });

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hoithi-night-'));
    port = await freePort();
    server = await startServerProcess('node', env());
    url = `http://127.0.0.1:${port}`;
    browser = await launchBrowser();
    admin = (await signedIn(ADMIN)).request;

    // The organiser prepares the event: teams and their accounts, the crew, the sheet, six sets.
    for (const [index, name] of TEAMS.entries()) {
      const body = await expectOk(await admin.post('/api/team', { data: { data: { name, unit: 'THCS Nguyễn Du', priority: index } } }));
      const teamId = (body.item as { _id: string })._id;
      ids.teams.set(name, teamId);
      await expectOk(
        await admin.post('/api/user', {
          data: { user: { username: `doi${index + 1}`, password: PASSWORD, fullName: name, role: 'team', teamId } },
        }),
      );
    }
    await expectOk(
      await admin.post('/api/user', { data: { user: { username: 'dieukhien', password: PASSWORD, fullName: 'Cô Hạnh', role: 'master' } } }),
    );
    for (const n of [1, 2])
      await expectOk(
        await admin.post('/api/user', {
          data: { user: { username: `gk${n}`, password: PASSWORD, fullName: `Giám khảo ${n}`, role: 'judge' } },
        }),
      );
    for (const round of [1, 2, 3, 4])
      await expectOk(
        await admin.post('/api/score-field', {
          data: {
            data: { name: `phan-${round}`, label: `Phần ${round}`, kind: 'answers', maxPoint: 500, step: 5, round, position: round },
          },
        }),
      );
    for (const [i, name] of CRITERIA.entries())
      await expectOk(
        await admin.post('/api/score-field', {
          data: {
            data: {
              name,
              label: ['Nội dung', 'Trình bày', 'Sáng tạo'][i],
              kind: 'judges',
              maxPoint: 10,
              step: 0.5,
              round: 5,
              position: 10 + i,
            },
          },
        }),
      );
    await expectOk(
      await admin.post('/api/score-field', {
        data: { data: { name: 'binh-chon', label: 'Bình chọn', kind: 'answers', maxPoint: 10, step: 10, position: 20 } },
      }),
    );
    const createSet = async (
      set: number,
      title: string,
      format: Record<string, unknown>,
      items: { content: string; answer: string; point: number; options?: string[] }[],
    ) => {
      const body = await trpc(admin, 'questionSet.create', {
        set,
        data: { title, format, items: items.map((q) => ({ timeLimit: 30, ...q })) },
      });
      const item = body.data.item as { _id: string; items: { id: string; content: string }[] };
      ids.sets.set(set, item._id);
      for (const q of item.items) ids.questions.set(q.content, q.id);
    };
    await createSet(1, 'Khởi động', { kind: 'classic' }, [
      { content: 'Hồ nào ở trung tâm Hà Nội gắn với truyền thuyết trả gươm?', answer: 'Hồ Gươm', point: 10 },
      { content: 'Câu hỏi bấm chuông: Văn Miếu được xây năm nào?', answer: '1070', point: 20 },
    ]);
    await createSet(2, 'Vượt chướng ngại vật', { kind: 'obstacle', keyword: 'Thăng Long', tiles: 4 }, [
      { content: 'Hàng 1: dòng sông chảy qua Hà Nội', answer: 'Sông Hồng', point: 10 },
      { content: 'Hàng 2: cây cầu sắt trăm tuổi', answer: 'Long Biên', point: 10 },
      { content: 'Hàng 3: hồ giữa phố cổ', answer: 'Hoàn Kiếm', point: 10 },
      { content: 'Hàng 4: trường đại học đầu tiên', answer: 'Quốc Tử Giám', point: 10 },
    ]);
    await createSet(3, 'Tăng tốc', { kind: 'speed', placePoints: [40, 30, 20, 10] }, [
      { content: 'Tăng tốc: Bác Hồ đọc Tuyên ngôn Độc lập năm nào?', answer: '1945', point: 10 },
    ]);
    await createSet(4, 'Về đích', { kind: 'finish' }, [
      { content: 'Về đích 20 điểm: thủ đô của Lào?', answer: 'Viêng Chăn', point: 20 },
      { content: 'Về đích 20 điểm (2): 7 × 8?', answer: '56', point: 20 },
      { content: 'Về đích 20 điểm (3): sông dài nhất thế giới?', answer: 'Sông Nin', point: 20 },
    ]);
    await createSet(5, 'Thuyết trình', { kind: 'judged', timeLimit: 180 }, [{ content: 'Chủ đề: Hà Nội của em', answer: '—', point: 0 }]);
    await createSet(6, 'Câu hỏi phụ', { kind: 'classic', tieBreak: true }, [
      { content: 'Câu hỏi phụ: Hồ Gươm còn có tên nào khác?', answer: 'Hồ Hoàn Kiếm', point: 10 },
    ]);
    await expectOk(await admin.post('/trpc/ranking.setTieBreak', { data: { rules: [{ kind: 'suddenDeath' }, { kind: 'shared' }] } }));

    // The night's devices, each its own browser context.
    const masterContext = await signedIn({ username: 'dieukhien', password: PASSWORD }, { width: 1440, height: 900 });
    masterApi = masterContext.request;
    m = await open(masterContext, '/master');
    screen = await open(await context({ width: 1280, height: 720 }), '/screen');
    screen2 = await open(await context({ width: 1280, height: 720 }), '/screen2');
    const teamContexts: BrowserContext[] = [];
    for (const n of [1, 2, 3, 4]) {
      const team = await signedIn({ username: `doi${n}`, password: PASSWORD }, { width: 390, height: 844 });
      teamContexts.push(team);
      teamApi.push(team.request);
    }
    phone = await open(teamContexts[0]!, '/team');
    for (const n of [1, 2]) {
      const judge = await signedIn({ username: `gk${n}`, password: PASSWORD }, { width: 360, height: 640 });
      judgeContexts.push(judge);
      judgeApi.push(judge.request);
    }
    // The console is live before the night starts.
    await m.locator('[data-testid="master-connection"][data-connected="true"]').waitFor({ timeout: 30_000 });
  }, 180_000);

  afterAll(async () => {
    for (const created of contexts) await created.close().catch(() => {});
    await browser?.close().catch(() => {});
    await server?.stop('SIGTERM');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('plays a classic round: typed answers judged on the console, a wrong "Đúng" taken back with Hoàn tác', async () => {
    await pickRound(1, 'Khởi động');
    await pickQuestion('trả gươm');
    await button(m, 'Hiện câu hỏi').click();
    await screen.getByTestId('question-content').filter({ hasText: 'trả gươm' }).waitFor();
    await button(m, 'Bắt đầu').click();
    await button(m, 'Mở trả lời').click();
    // Lớp 9A1 types on its phone; the others send theirs from their own phones' sessions.
    const box = phone.getByRole('textbox');
    await box.fill('Hồ Gươm');
    await phone.getByRole('button', { name: 'Gửi câu trả lời' }).click();
    await phone.getByTestId('team-sent').waitFor();
    await answerFrom(1, 'Hồ Tây');
    await answerFrom(2, 'Hồ Gươm');
    await answerRow('Lớp 9A3').waitFor();
    await button(m, 'Đóng trả lời').click();

    await answerRow('Lớp 9A1').getByRole('button', { name: 'Đúng' }).click();
    give('Lớp 9A1', 10);
    // The operator's mistake: Đúng for Lớp 9A2, who answered Hồ Tây.
    await answerRow('Lớp 9A2').getByRole('button', { name: 'Đúng' }).click();
    await expect.poll(async () => (await totals()).get('Lớp 9A2')).toBe(10);
    await button(m, 'Hoàn tác').click();
    await m.locator('.mantine-Notification-root', { hasText: 'Đã hoàn tác: Đúng cho Lớp 9A2, +10 điểm' }).waitFor();
    await expectTotals('after the undo of the wrong verdict');
    await answerRow('Lớp 9A2').getByRole('button', { name: 'Sai' }).click();
    await answerRow('Lớp 9A3').getByRole('button', { name: 'Đúng' }).click();
    give('Lớp 9A3', 10);
    await expectTotals('after the typed-answer question');
    await expectFitText('classic round', [m, screen, phone]);
  });

  it('plays a buzzer question: the turn is announced everywhere, Sai passes it on, Đúng scores', async () => {
    await pickQuestion('bấm chuông');
    await button(m, 'Hiện câu hỏi').click();
    await screen.getByTestId('question-content').filter({ hasText: 'Văn Miếu' }).waitFor();
    await button(m, 'Bắt đầu').click();
    await button(m, 'Mở chuông').click();
    const state = (await (await teamApi[2]!.get('/api/state')).json()) as { system: { questionId: string } };
    await trpc(teamApi[2]!, 'show.buzz', { questionId: state.system.questionId });
    await phone.getByRole('button', { name: 'Bấm chuông', exact: true }).click();
    await expect.poll(() => screen.locator('body').innerText()).toContain('Lớp 9A3 giành quyền trả lời');
    await expect.poll(() => phone.locator('body').innerText()).toContain('Lớp 9A3 giành quyền trả lời');
    // The console: Đúng / Sai on the team whose turn it is, and only there.
    const turn = m.locator('[data-testid="buzz-row"][data-turn]');
    await turn.filter({ hasText: 'Lớp 9A3' }).getByRole('button', { name: 'Sai' }).click();
    await expect.poll(() => screen.locator('body').innerText()).toContain('Lớp 9A1 giành quyền trả lời');
    await m.locator('[data-testid="buzz-row"][data-verdict="wrong"]').filter({ hasText: 'Lớp 9A3' }).waitFor();
    await turn.filter({ hasText: 'Lớp 9A1' }).getByRole('button', { name: 'Đúng' }).click();
    give('Lớp 9A1', 20);
    await expectTotals('after the buzzer question');
    await expect.poll(() => screen.locator('body').innerText()).not.toContain('giành quyền trả lời');
    await expectFitText('buzzer question', [m, screen, phone]);
  });

  it('plays Tăng tốc: places by the server’s order of right answers', async () => {
    await openAnswersTo(3, 'Tăng tốc', 'Tuyên ngôn');
    await answerFrom(1, '1945');
    await answerFrom(3, '1954');
    await answerFrom(0, '1945');
    await answerRow('Lớp 9A1').waitFor();
    for (const [team, verdict] of [
      ['Lớp 9A2', 'Đúng'],
      ['Lớp 9A4', 'Sai'],
      ['Lớp 9A1', 'Đúng'],
    ] as const) {
      await answerRow(team).getByRole('button', { name: verdict }).click();
      await answerRow(team)
        .and(m.locator(`[data-verdict="${verdict === 'Đúng' ? 'right' : 'wrong'}"]`))
        .waitFor();
    }
    give('Lớp 9A2', 40);
    give('Lớp 9A1', 30);
    await expectTotals('after Tăng tốc');
  });

  it('plays the obstacle round through a wrong tab and a projector reload: the board is kept, the keyword solved once', async () => {
    await openAnswersTo(2, 'Vượt chướng ngại vật', 'Hàng 1');
    await answerFrom(0, 'Sông Hồng');
    await answerFrom(1, 'Sông Đà');
    await answerRow('Lớp 9A2').waitFor();
    await button(m, 'Đóng trả lời').click();
    await answerRow('Lớp 9A1').getByRole('button', { name: 'Đúng' }).click();
    await answerRow('Lớp 9A2').getByRole('button', { name: 'Sai' }).click();
    give('Lớp 9A1', 10);
    await trpc(masterApi, 'show.update', { changes: { obstacle: { action: 'revealRow', row: 0 }, phase: 'round' } });

    // The wrong tab, mid-round, and back.
    await pickRound(1, 'Khởi động');
    await pickRound(2, 'Vượt chướng ngại vật');
    const obstacle = async () =>
      ((await (await admin.get('/api/state')).json()) as { system: { obstacle: { revealed: number[]; played: number[] } } }).system
        .obstacle;
    expect(await obstacle()).toMatchObject({ revealed: [0], played: [0] });

    // The keyword: a wrong guess takes Lớp 9A3 out; Lớp 9A4 solves it after one row (80).
    await trpc(teamApi[2]!, 'show.keywordBuzz', {});
    await trpc(teamApi[3]!, 'show.keywordBuzz', {});
    const keyword = m.getByTestId('keyword-buzzes');
    await keyword.getByRole('button', { name: 'Sai' }).click();
    await expect.poll(async () => ((await obstacle()) as unknown as { eliminated: string[] }).eliminated).toEqual([teamIdOf('Lớp 9A3')]);
    await keyword.getByRole('button', { name: 'Đúng' }).click();
    give('Lớp 9A4', 80);
    await expectTotals('after the keyword');

    // A projector reload and another wrong tab: the solved board stays, and nothing can be judged again.
    await screen.reload();
    await pickRound(4, 'Về đích');
    await pickRound(2, 'Vượt chướng ngại vật');
    expect(await obstacle()).toMatchObject({ solvedBy: teamIdOf('Lớp 9A4'), ended: true, keyword: 'Thăng Long' });
    // The crossword's letters are boxes: the keyword reads across them.
    await expect.poll(async () => (await screen.locator('body').innerText()).replace(/\s+/g, '').toUpperCase()).toContain('THĂNGLONG');
    expect(await m.getByTestId('keyword-buzzes').getByRole('button', { name: 'Đúng' }).count()).toBe(0);
    const again = await masterApi.post('/trpc/show.keywordVerdict', { data: { teamId: teamIdOf('Lớp 9A4'), verdict: 'right' } });
    expect(again.status()).toBe(409);
    await expectTotals('after the round switch and back');
    await expectFitText('obstacle round', [m, screen]);
  });

  it('plays the finish round: a starred miss, then a steal', async () => {
    await pickRound(4, 'Về đích');
    const team = teamIdOf('Lớp 9A2');
    await show({ finish: { action: 'startTurn', teamId: team } });
    await show({ finish: { action: 'choosePackage', package: 0 } });
    await show({ finish: { action: 'placeStar', position: 0 } });
    await show({ questionId: ids.questions.get('Về đích 20 điểm: thủ đô của Lào?')!, phase: 'question', timer: { action: 'start' } });
    await trpc(masterApi, 'show.finishVerdict', { result: 'wrong' });
    give('Lớp 9A2', -20);
    await trpc(teamApi[2]!, 'show.stealBuzz', {});
    await screen.getByTestId('finish-steal-text').filter({ hasText: 'Lớp 9A3' }).waitFor();
    await trpc(masterApi, 'show.stealVerdict', { verdict: 'right' });
    give('Lớp 9A3', 20);
    give('Lớp 9A2', -20);
    await show({ finish: { action: 'endTurn' } });
    await expectTotals('after the finish round');
    // The teams that played are kept when the round is left and come back to.
    await pickRound(1, 'Khởi động');
    await pickRound(4, 'Về đích');
    const state = (await (await admin.get('/api/state')).json()) as { system: { finish: { done: string[] } } };
    expect(state.system.finish.done).toEqual([team]);
  });

  it('plays a judged round on one sheet per team', async () => {
    await pickRound(5, 'Thuyết trình');
    const sheets: [string, number[][]][] = [
      [
        'Lớp 9A1',
        [
          [8, 7, 9],
          [7, 8, 9],
        ],
      ],
      [
        'Lớp 9A4',
        [
          [6, 6, 6],
          [6, 7, 8],
        ],
      ],
    ];
    const pad = await open(judgeContexts[0]!, '/supporter');
    for (const [name, points] of sheets) {
      await show({ activeTeamId: teamIdOf(name), openFields: CRITERIA, scoringOpen: true });
      await expect.poll(() => pad.getByTestId('pad-criterion').count()).toBe(3);
      for (const [judge, row] of points.entries()) {
        for (const [i, point] of row.entries())
          await trpc(judgeApi[judge]!, 'scoring.submit', {
            teamId: teamIdOf(name),
            point,
            fieldName: CRITERIA[i],
            key: `${name}-${judge}-${i}`,
          });
      }
      // Each criterion is the judges' mean.
      give(
        name,
        CRITERIA.reduce((sum, _field, i) => sum + (points[0]![i]! + points[1]![i]!) / 2, 0),
      );
    }
    await show({ scoringOpen: false });
    await expectTotals('after the judged round');
    await pad.close();
  });

  it('survives the server killed mid-night: screens come back with the same points', async () => {
    const projected = await screen.locator('body').innerText();
    await server.stop('SIGKILL');
    server = await startServerProcess('node', env());
    await expectTotals('after kill -9');
    // The console and the projector reconnect by themselves.
    await expect.poll(() => m.getByTestId('master-connection').getAttribute('data-connected'), { timeout: 30_000 }).toBe('true');
    await screen.reload();
    await expect.poll(() => screen.locator('body').innerText()).toBe(projected);
  });

  it('runs an audience vote and turns it into points', async () => {
    await trpc(masterApi, 'vote.update', { open: true, teamIds: [teamIdOf('Lớp 9A2'), teamIdOf('Lớp 9A3')] });
    for (const choice of ['Lớp 9A3', 'Lớp 9A3', 'Lớp 9A2']) {
      const voter = await context({ width: 390, height: 844 });
      // The ballot page's read of the vote gives the phone its device cookie.
      await expectOk(await voter.request.get('/api/vote'));
      await expectOk(await voter.request.post('/api/vote', { data: { teamIds: [teamIdOf(choice)] } }));
    }
    await trpc(masterApi, 'vote.update', { open: false });
    await trpc(masterApi, 'vote.award', { fieldName: 'binh-chon' });
    give('Lớp 9A3', 10);
    await expectTotals('after the vote');
  });

  it('decides a tie with a câu hỏi phụ, freezes and reveals the board, and the biên bản agrees', async () => {
    // A correction by hand (phúc khảo) brings Lớp 9A1 level with Lớp 9A4.
    const gap = (expected.get('Lớp 9A4') ?? 0) - (expected.get('Lớp 9A1') ?? 0);
    expect(gap).toBeGreaterThan(0);
    await trpc(masterApi, 'show.handPoints', { teamId: teamIdOf('Lớp 9A1'), fieldName: 'phan-1', points: gap, reason: 'Phúc khảo câu 1' });
    give('Lớp 9A1', gap);
    await expectTotals('after the hand points');

    await pickRound(6, 'Câu hỏi phụ');
    const question = ids.questions.get('Câu hỏi phụ: Hồ Gươm còn có tên nào khác?')!;
    await show({ questionId: question, phase: 'question', suddenDeath: { teamIds: [teamIdOf('Lớp 9A1'), teamIdOf('Lớp 9A4')] } });
    await show({ answersOpen: true, timer: { action: 'start' } });
    await answerFrom(3, 'Hồ Hoàn Kiếm');
    await answerFrom(0, 'Hồ Tây');
    await trpc(masterApi, 'show.verdict', { questionId: question, teamId: teamIdOf('Lớp 9A1'), verdict: 'wrong' });
    await trpc(masterApi, 'show.verdict', { questionId: question, teamId: teamIdOf('Lớp 9A4'), verdict: 'right' });
    await expectTotals('the câu hỏi phụ scores nothing');
    const ranked = (await (await admin.get('/api/results')).json()) as { items: { name: string; rank: number; total: number }[] };
    const rank = (name: string) => ranked.items.find((r) => r.name === name)!.rank;
    expect(rank('Lớp 9A4')).toBeLessThan(rank('Lớp 9A1'));

    // Freeze, a late correction, reveal.
    await show({ scoreboardFrozen: true, phase: 'scoreboard' });
    // The frozen board as the hall sees it: the scoreboard phase, every team's total so far.
    await expect.poll(() => screen.getByTestId('projector').getAttribute('data-phase')).toBe('scoreboard');
    for (const name of TEAMS) {
      await expect.poll(() => screen.locator('body').innerText(), { message: name }).toContain(formatPoint(expected.get(name)!));
    }
    const before = await screen.locator('body').innerText();
    await trpc(masterApi, 'show.handPoints', { teamId: teamIdOf('Lớp 9A2'), fieldName: 'phan-4', points: 5, reason: 'Sửa lỗi nhập' });
    give('Lớp 9A2', 5);
    await expectTotals('while frozen');
    expect(await screen.locator('body').innerText()).toBe(before);
    await show({ scoreboardFrozen: false });
    await expect.poll(() => screen.locator('body').innerText()).toContain(formatPoint(expected.get('Lớp 9A2')!));

    // The biên bản's totals are the night's.
    const print = await open(await signedIn(ADMIN, { width: 1200, height: 900 }), '/user/dashboard?print=bien-ban');
    const rows = print.getByTestId('record-ranking-row');
    await expect.poll(() => rows.count()).toBe(TEAMS.length);
    for (const name of TEAMS) {
      const total = await print.locator(`[data-testid="record-ranking-row"][data-team="${name}"] [data-testid="record-total"]`).innerText();
      expect(total.trim(), name).toBe(formatPoint(expected.get(name)!));
    }
    await expectFitText('the end of the night', [m, screen, screen2, phone]);
    // The audit log and the log of actions, as the dashboard tells them.
    const audit = (await query(admin, 'scoring.log', { limit: 500 })) as unknown as { data: { items: { description: string }[] } };
    const log = (await query(admin, 'actions.log', { limit: 100 })) as unknown as { data: { items: { summary: string }[] } };
    const told = [...audit.data.items.map((e) => e.description), ...log.data.items.map((e) => e.summary)];
    expect(told.length).toBeGreaterThan(20);
    expect(told.flatMap((text) => findUnfitText(text))).toEqual([]);
    const dashboard = await open(await signedIn(ADMIN, { width: 1400, height: 900 }), '/user/dashboard');
    await dashboard.getByText('Phúc khảo câu 1').first().waitFor();
    await expectFitText('the dashboard', [dashboard]);
    expect(pageErrors).toEqual([]);
  });
});
