/** The stage: the projector screens, /preview, and a whole question seen from the console and a team's phone. */
import type { APIRequestContext, Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import type { TQuestionSet } from '../../src/schemas/questionSet';
import type { TShowChanges } from '../../src/schemas/show';
import { loadDemoEvent } from '../../src-server/demo/load';
import { loadDemoWithTeam, useDemoStage } from '../e2e/demo';
import { describeInBrowser, openAs, pageAs, putShow, requestAs, trpcMutation } from '../e2e/harness';
import { addFourTeams, HD, openScreen } from '../e2e/screens';
import { shoot } from './shots';

const phase = (page: Page, name: string) => page.locator(`[data-testid="projector"][data-phase="${name}"]`).waitFor();

describeInBrowser('screenshots: the projector screens', (h) => {
  let team: APIRequestContext;
  const stage = useDemoStage(h);
  const { show } = stage;

  beforeAll(async () => {
    team = await requestAs(h, { username: 'doi2', password: stage.logins.find((l) => l.username === 'doi2')!.password });
  });

  it('screen-round, screen-question, screen-answer, screen-question-720p, screen-countdown-warning', async () => {
    const { page } = await openScreen(h, '/screen');
    await show({ fw: 1, setId: stage.round1._id, phase: 'round' });
    await phase(page, 'round');
    await page.getByTestId('round-card').getByText('PHẦN THI 1').waitFor();
    await shoot(page, 'screen-round');

    const question = stage.round1.items[3]!;
    await show({ questionId: question.id, phase: 'question', activeTeamId: stage.teams[1]!._id, timer: { action: 'start' } });
    await phase(page, 'question');
    await page.locator('[data-testid="countdown"][data-running]').waitFor();
    await shoot(page, 'screen-question');
    await show({ phase: 'answer' });
    await page.getByText(question.explanation).waitFor();
    await shoot(page, 'screen-answer');

    const { page: hd } = await openScreen(h, '/screen', HD);
    await show({ phase: 'question', timer: { action: 'start', durationMs: 15_000 } });
    await phase(hd, 'question');
    await shoot(hd, 'screen-question-720p');

    await show({ questionId: stage.round1.items[0]!.id, phase: 'question' });
    await show({ timer: { action: 'start', durationMs: 6_000 } });
    await page.locator('[data-testid="countdown"][data-warning]').waitFor();
    await shoot(page, 'screen-countdown-warning');
    await show({ timer: { action: 'reset' } });
  });

  it('screen-scoreboard, screen-rules, screen2-judges, preview', async () => {
    const { page } = await openScreen(h, '/screen');
    // The demo's second team answers a question right: it leads with 10 points.
    const question = stage.round1.items[0]!;
    await show({
      fw: 1,
      setId: stage.round1._id,
      questionId: question.id,
      phase: 'question',
      answersOpen: true,
      timer: { action: 'start', durationMs: 60_000 },
    });
    await trpcMutation(team, 'show.submitAnswer', { questionId: question.id, answer: question.answer });
    await trpcMutation(stage.master, 'show.verdict', { questionId: question.id, teamId: stage.teams[1]!._id, verdict: 'right' });
    await show({ phase: 'scoreboard', answersOpen: false, timer: { action: 'reset' } });
    await phase(page, 'scoreboard');
    await expect
      .poll(() => page.locator('[data-testid="scoreboard-row"][data-position="1"]').textContent())
      .toContain(stage.teams[1]!.name);
    await shoot(page, 'screen-scoreboard');

    await show({ phase: 'rules' });
    await page.getByTestId('rules').getByText('Điều 4. Trả lời và bấm chuông').waitFor();
    await shoot(page, 'screen-rules');

    const { page: screen2 } = await openScreen(h, '/screen2');
    await show({ screen2: 'judges', activeField: 'phan-2', scoringOpen: true });
    for (const [username, teamIndex, point] of [
      ['gk1', 0, 8.5],
      ['gk1', 1, 9],
      ['gk2', 0, 7.5],
    ] as const) {
      const judge = await requestAs(h, { username, password: stage.logins.find((l) => l.username === username)!.password });
      await trpcMutation(judge, 'scoring.submit', { teamId: stage.teams[teamIndex]!._id, point, fieldName: 'phan-2' });
    }
    const grid = screen2.getByTestId('judges-progress');
    await expect.poll(() => grid.locator('[data-testid="judge-cell"][data-done]').count()).toBe(3);
    await shoot(screen2, 'screen2-judges');

    const preview = await pageAs(h, 'master', { width: 1440, height: 900 });
    await show({ questionId: stage.round1.items[2]!.id, phase: 'question', screen2: 'scoreboard', activeTeamId: stage.teams[0]!._id });
    await show({ timer: { action: 'start', durationMs: 20_000 } });
    await preview.page.goto('/preview');
    const main = preview.page.frameLocator('[data-testid="preview-screen"]');
    await main.getByTestId('question-content').waitFor();
    await preview.page
      .frameLocator('[data-testid="preview-screen2"]')
      .locator('[data-testid="projector"][data-mode="scoreboard"]')
      .waitFor();
    await show({ phase: 'answer' });
    await main.getByTestId('revealed-answer').waitFor();
    await shoot(preview.page, 'preview');
  });
});

describeInBrowser('screenshots: a question from the console', (h) => {
  const TEAM_NAME = 'THPT Chu Văn An';
  const QUESTION = 'Hồ Gươm còn có tên gọi nào khác?';
  const ANSWER = 'Hồ Hoàn Kiếm';

  beforeAll(async () => {
    await loadDemoWithTeam(h, TEAM_NAME);
  });

  it('team, master, team-scoreboard', async () => {
    const { page: m } = await openAs(h, '/master', 'master', { width: 1440, height: 900 });
    const { page: screen } = await openScreen(h, '/screen', HD);
    const { page: team } = await openAs(h, '/team', 'team', { width: 390, height: 844 });
    const button = (name: string) => m.getByRole('button', { name, exact: true });
    await team.getByTestId('team-name').filter({ hasText: TEAM_NAME }).waitFor();

    // Round 1, its main set, the first question, a minute on the clock, answers open.
    await m.getByText('Phần 1', { exact: true }).click();
    await m.getByRole('combobox', { name: 'Bộ câu hỏi' }).click();
    await m.getByRole('option', { name: 'Người Hà Nội — bộ đề chính' }).click();
    await m.getByTestId('master-question').filter({ hasText: QUESTION }).click();
    await m.getByTestId('master-question').filter({ hasText: QUESTION }).and(m.locator('[data-selected="true"]')).waitFor();
    await button('Hiện câu hỏi').click();
    await team.getByTestId('team-question-content').filter({ hasText: QUESTION }).waitFor();
    await m.getByText('60s', { exact: true }).click();
    await button('Bắt đầu').click();
    await team.getByTestId('team-countdown').waitFor();
    await button('Mở trả lời').click();
    await button('Đóng trả lời').waitFor();

    // The team picks its answer: the phone before it is sent.
    await team.getByTestId('team-answer-input').waitFor();
    await team.getByRole('button', { name: `A. ${ANSWER}` }).click();
    await expect.poll(() => team.getByTestId('team-answer-input').inputValue()).toBe(ANSWER);
    await shoot(team, 'team');
    await team.getByRole('button', { name: 'Gửi câu trả lời' }).click();
    const incoming = m.getByTestId('incoming-answer').filter({ hasText: TEAM_NAME });
    await incoming.filter({ hasText: ANSWER }).waitFor();
    await shoot(m, 'master');

    // Right, the answer revealed, then the scoreboard: the team's total and rank on its phone.
    await incoming.getByRole('button', { name: 'Đúng' }).click();
    await team.getByTestId('team-verdict').filter({ hasText: 'Đúng' }).waitFor();
    await button('Hiện đáp án').click();
    await m.getByRole('dialog').getByRole('button', { name: 'Hiện đáp án' }).click();
    await team.getByTestId('team-revealed-answer').filter({ hasText: ANSWER }).waitFor();
    await button('Bảng điểm').click();
    await screen.locator('[data-testid="projector"][data-phase="scoreboard"]').waitFor();
    await team.getByTestId('team-total').filter({ hasText: 'Hạng 1 · 10,0 điểm' }).waitFor();
    await shoot(team, 'team-scoreboard');
  });
});

describeInBrowser('screenshots: the stage on projectors of three shapes', (h) => {
  const SIZES = [
    { width: 1920, height: 1080 },
    { width: 1280, height: 1024 },
    { width: 1024, height: 768 },
  ];
  const LONG_QUESTION =
    'Năm 1010, vua Lý Thái Tổ ban Chiếu dời đô từ Hoa Lư ra thành Đại La và đổi tên thành Thăng Long. ' +
    'Theo Chiếu dời đô, vùng đất này ở vào nơi trung tâm trời đất, được thế rồng cuộn hổ ngồi, đúng ngôi nam bắc đông tây, ' +
    'tiện hướng nhìn sông dựa núi, địa thế rộng mà bằng, đất đai cao mà thoáng. ' +
    'Hỏi: mùa thu năm ấy, khi thuyền ngự tạm đỗ dưới thành, vua thấy điềm lành gì mà đặt tên cho kinh đô mới?';
  const OPTIONS = [
    'Rồng vàng bay lên từ thành Đại La',
    'Phượng hoàng múa trên sông Tô Lịch',
    'Mây ngũ sắc bao phủ núi Nùng',
    'Rùa vàng nổi lên giữa hồ Lục Thủy',
  ];
  let master: APIRequestContext;
  let setId: string;
  let questionId: string;

  const show = (changes: TShowChanges) => putShow(master, changes);

  beforeAll(async () => {
    await loadDemoEvent(h.server.deps.db, h.server.deps.hub);
    master = await requestAs(h, 'master');
    const admin = await requestAs(h, 'admin');
    const created = await admin.post('/trpc/questionSet.create', {
      data: {
        set: 1,
        data: {
          title: 'Thăng Long nghìn năm',
          items: [{ content: LONG_QUESTION, options: OPTIONS, answer: OPTIONS[0], explanation: 'Tương truyền rồng vàng bay lên.' }],
        },
      },
    });
    expect(created.status(), await created.text()).toBe(200);
    const { item } = ((await created.json()) as { result: { data: { item: TQuestionSet } } }).result.data;
    setId = item._id;
    questionId = item.items[0]!.id;
    await addFourTeams(admin); // twelve teams on the board: the demo's eight and four more
  });

  it('screen-long-question-*, screen-scoreboard-12-* at 1920×1080, 1280×1024 and 1024×768', async () => {
    await show({ fw: 1, setId, questionId, phase: 'question', activeTeamId: null, timer: { action: 'reset' } });
    // Opened mid-question, as after a reload: the question at once, the start hint in its corner.
    const pages: [string, Page][] = [];
    for (const size of SIZES) {
      const { page } = await openAs(h, '/screen', null, size);
      pages.push([`${size.width}x${size.height}`, page]);
      await phase(page, 'question');
      await page.getByTestId('question-content').waitFor();
      await page.getByTestId('start-hint').waitFor();
      await shoot(page, `screen-long-question-${pages.at(-1)![0]}`);
    }
    for (const [, page] of pages) {
      await page.keyboard.press('Enter');
      await page.getByTestId('start-hint').waitFor({ state: 'detached' });
    }
    await show({ phase: 'scoreboard' });
    for (const [name, page] of pages) {
      await phase(page, 'scoreboard');
      await expect.poll(() => page.getByTestId('scoreboard-row').count()).toBe(12);
      await shoot(page, `screen-scoreboard-12-${name}`);
    }
  });
  it('screen-diacritics: every Vietnamese vowel with every tone, and Đ, in Be Vietnam Pro on the stage', async () => {
    const admin = await requestAs(h, 'admin');
    const vowels = ['a', 'ă', 'â', 'e', 'ê', 'i', 'o', 'ô', 'ơ', 'u', 'ư', 'y'];
    // No tone, then sắc, huyền, hỏi, ngã, nặng (combining marks, composed to the precomposed letters).
    const tones = ['', '\u0301', '\u0300', '\u0309', '\u0303', '\u0323'];
    const line = (upper: boolean) =>
      vowels
        .map((vowel) => tones.map((tone) => (vowel + tone).normalize('NFC')).join(''))
        .map((group) => (upper ? group.toUpperCase() : group))
        .join(' ');
    for (const [order, upper] of [
      [1, true],
      [2, false],
    ] as const) {
      const added = await admin.post('/api/the-le', {
        data: { data: { title: upper ? 'CHỮ HOA · ĐẤT NƯỚC' : 'chữ thường · đất nước', content: line(upper), order } },
      });
      expect(added.status(), await added.text()).toBe(200);
    }
    const { page } = await openScreen(h, '/screen');
    await show({ phase: 'rules' });
    await phase(page, 'rules');
    await page.getByTestId('rules').getByText('CHỮ HOA · ĐẤT NƯỚC').waitFor();
    // Both subsets of the face are in use, not a system fallback.
    const faces = await page.evaluate(() =>
      [...document.fonts]
        .filter((face) => face.family.includes('Be Vietnam Pro') && face.status === 'loaded')
        .map((face) => face.unicodeRange),
    );
    expect(faces.some((range) => range.includes('U+1EA0-1EF9'))).toBe(true);
    expect(faces.some((range) => range.includes('U+0-FF'))).toBe(true);
    await shoot(page, 'screen-diacritics');
  });
});
