/**
 * The projector on screens of three shapes: 16:9 (1920×1080), 5:4 (1280×1024) and 4:3 (1024×768).
 * A 16:9 screen keeps the 1920×1080 stage; a taller one gets a stage of its own shape (fill mode),
 * so the picture reaches the top and bottom of the screen and a long question is set larger than in
 * a letterboxed band. Every view is checked at each size: nothing spills out of its box, nothing
 * overlaps, nothing leaves the screen, no text ends in an ellipsis. The two teams that answer have
 * long names that differ only at the end, so a cut name would show.
 */
import type { APIRequestContext, Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import type { TQuestionSet } from '../../src/schemas/questionSet';
import type { TShowChanges } from '../../src/schemas/show';
import type { TTeamListItem } from '../../src/schemas/system';
import { type DemoLogin, loadDemoEvent } from '../../src-server/demo/load';
import { ACCOUNTS, describeInBrowser, nextFrame, putShow, requestAs, trpcMutation, USER_PASSWORD } from './harness';
import { addFourTeams, LONG_NAMES, LONG_OPTIONS, openScreen } from './screens';

const SIZES = [
  { width: 1920, height: 1080 },
  { width: 1280, height: 1024 },
  { width: 1024, height: 768 },
] as const;

/** A long question: it fits a 16:9 stage even beside its answer and explanation. */
const LONG_QUESTION =
  'Năm 1010, vua Lý Thái Tổ ban Chiếu dời đô từ Hoa Lư ra thành Đại La và đổi tên thành Thăng Long. ' +
  'Theo Chiếu dời đô, vùng đất này ở vào nơi trung tâm trời đất, được thế rồng cuộn hổ ngồi, đúng ngôi nam bắc đông tây, ' +
  'tiện hướng nhìn sông dựa núi, địa thế rộng mà bằng, đất đai cao mà thoáng. ' +
  'Hỏi: mùa thu năm ấy, khi thuyền ngự tạm đỗ dưới thành, vua thấy điềm lành gì mà đặt tên cho kinh đô mới?';
/** A very long one: on a 16:9 stage it comes down to the smallest type the question allows (34 canvas pixels). */
const VERY_LONG_QUESTION =
  'Năm 1010, vua Lý Thái Tổ ban Chiếu dời đô từ Hoa Lư ra thành Đại La và đổi tên thành Thăng Long. ' +
  'Theo Chiếu dời đô, vùng đất này ở vào nơi trung tâm trời đất, được thế rồng cuộn hổ ngồi, đúng ngôi nam bắc đông tây, ' +
  'tiện hướng nhìn sông dựa núi, địa thế rộng mà bằng, đất đai cao mà thoáng, dân cư khỏi chịu cảnh khốn khổ ngập lụt, ' +
  'muôn vật cũng rất mực phong phú tốt tươi; xem khắp đất Việt ta chỉ nơi này là thắng địa, thật là chốn hội tụ trọng yếu ' +
  'của bốn phương đất nước, cũng là nơi kinh đô bậc nhất của đế vương muôn đời. Trẫm muốn dựa vào sự thuận lợi của đất ấy ' +
  'để định chỗ ở, các khanh nghĩ thế nào? Quần thần đều nói: bệ hạ vì thiên hạ mà lập kế lâu dài, trên cho nghiệp lớn được ' +
  'thịnh vượng, dưới cho dân chúng được đông vui, điều lợi như thế ai dám không theo. Vua cả mừng, bèn rời kinh đô cũ, ' +
  'thuyền ngự theo sông Hoàng Long ra sông Cái, xuôi dòng về phía thành Đại La. ' +
  'Hỏi: mùa thu năm ấy, khi thuyền ngự tạm đỗ dưới thành, vua thấy điềm lành gì mà đặt tên cho kinh đô mới là Thăng Long?';
const OPTIONS = [
  'Rồng vàng bay lên từ thành Đại La',
  'Phượng hoàng múa trên sông Tô Lịch',
  'Mây ngũ sắc bao phủ núi Nùng',
  'Rùa vàng nổi lên giữa hồ Lục Thủy',
];
const EXPLANATION =
  'Theo sử cũ, khi thuyền vua tạm đỗ dưới thành Đại La có rồng vàng hiện lên ở thuyền ngự, nhân đó vua đổi tên thành là Thăng Long, nghĩa là rồng bay lên.';

describeInBrowser('the projector on 16:9, 5:4 and 4:3 screens', (h) => {
  let master: APIRequestContext;
  let admin: APIRequestContext;
  let logins: DemoLogin[];
  let setId: string;
  let questionId: string;
  let veryLongId: string;
  let longOptionsId: string;
  let teams: TTeamListItem[];

  const show = (changes: TShowChanges) => putShow(master, changes);

  async function stateTeams(): Promise<TTeamListItem[]> {
    return ((await (await master.get('/api/state')).json()) as { listTeam: TTeamListItem[] }).listTeam;
  }

  beforeAll(async () => {
    const { db } = h.server.deps;
    logins = await loadDemoEvent(db, h.server.deps.hub);
    master = await requestAs(h, 'master');
    admin = await requestAs(h, 'admin');
    const { item } = (await trpcMutation(admin, 'questionSet.create', {
      set: 1,
      data: {
        title: 'Thăng Long nghìn năm',
        items: [
          { content: LONG_QUESTION, options: OPTIONS, answer: OPTIONS[0], explanation: EXPLANATION, timeLimit: 30 },
          { content: VERY_LONG_QUESTION, options: OPTIONS, answer: OPTIONS[0], timeLimit: 30 },
          { content: 'Điềm lành nào đã đặt tên cho kinh đô Thăng Long?', options: LONG_OPTIONS, answer: LONG_OPTIONS[0], timeLimit: 30 },
        ],
      },
    })) as { item: TQuestionSet };
    setId = item._id;
    questionId = item.items[0]!.id;
    veryLongId = item.items[1]!.id;
    longOptionsId = item.items[2]!.id;
    await addFourTeams(admin); // twelve teams: the demo's eight and four more
    const listTeam = ((await (await master.get('/api/state')).json()) as { listTeam: TTeamListItem[] }).listTeam;
    expect(listTeam.length).toBe(12);
    // The two teams that answer: the demo's first (doi1, seated below) and second (doi2).
    teams = ['THPT Chu Văn An', 'THPT chuyên Hà Nội – Amsterdam'].map((name) => listTeam.find((t) => t.name === name)!);
    // The harness made doi1 before the demo's teams existed: seat it in the demo's first team.
    const first = await db.selectFrom('teams').select('id').where('name', '=', 'THPT Chu Văn An').executeTakeFirstOrThrow();
    await db.updateTable('users').set({ team_id: first.id }).where('username', '=', ACCOUNTS.team.username).execute();
    for (const [index, team] of teams.entries()) {
      await trpcMutation(admin, 'team.update', { _id: team._id, changes: { name: LONG_NAMES[index] } });
    }
  });

  it('fills a 5:4 and a 4:3 screen from top to bottom, where a very long question is set larger than letterboxed; 16:9 is as before', async () => {
    await show({ fw: 1, setId, questionId: veryLongId, phase: 'question', activeTeamId: null, timer: { action: 'reset' } });
    const measured: Record<string, { fill: StageMeasure; letterbox: StageMeasure }> = {};
    for (const size of SIZES) {
      const fill = await openScreen(h, '/screen', size);
      const letterbox = await openScreen(h, '/screen?letterbox=1', size);
      const entry = { fill: await measureStage(fill.page), letterbox: await measureStage(letterbox.page) };
      measured[`${size.width}x${size.height}`] = entry;
      expect([...fill.errors, ...letterbox.errors]).toEqual([]);

      // The letterboxed stage is 16:9 wherever it is, centred.
      expect(entry.letterbox.canvas.width / entry.letterbox.canvas.height).toBeCloseTo(16 / 9, 2);
      if (size.width / size.height < 16 / 9) {
        // Fill mode: the stage reaches every edge of the screen (no band above or below)…
        expect(entry.fill.canvas).toEqual({ x: 0, y: 0, width: size.width, height: size.height });
        // …and the question is set clearly larger than in the letterboxed band, where it is clipped at
        // its smallest type; here it fits whole.
        expect(entry.fill.questionPx).toBeGreaterThanOrEqual(1.3 * entry.letterbox.questionPx);
        expect(await overflowingBoxes(fill.page)).toEqual([]);
      } else {
        // 16:9: the same 1920×1080 stage and the same type as before, whatever the mode.
        expect(entry.fill).toEqual(entry.letterbox);
        expect(entry.fill.canvas).toEqual({ x: 0, y: 0, width: 1920, height: 1080 });
      }
    }
    // On the 5:4 screen, where the letterboxed question comes down to 22 px, it is now over 1.3 times that.
    expect(measured['1280x1024']!.letterbox.questionPx).toBeLessThan(23);
    expect(measured['1280x1024']!.fill.questionPx).toBeGreaterThanOrEqual(1.3 * 22);
  });

  it('fits every view at 1920×1080, 1280×1024 and 1024×768: nothing spills, overlaps or leaves the screen', async () => {
    const screens: { page: Page; errors: string[] }[] = [];
    const seconds: { page: Page; errors: string[] }[] = [];
    for (const size of SIZES) {
      screens.push(await openScreen(h, '/screen', size));
      seconds.push(await openScreen(h, '/screen2', size));
    }
    const check = async (pages: { page: Page }[], view: string, ready: (page: Page) => Promise<unknown>) => {
      for (const [index, { page }] of pages.entries()) {
        await ready(page);
        await still(page);
        const where = `${view} at ${SIZES[index]!.width}×${SIZES[index]!.height}`;
        expect(await overflowingBoxes(page), where).toEqual([]);
        expect(await overlappingTexts(page), where).toEqual([]);
        expect(await textsOffScreen(page), where).toEqual([]);
      }
    };
    const phase = (name: string) => (page: Page) => page.locator(`[data-testid="projector"][data-phase="${name}"]`).waitFor();
    const mode = (name: string) => (page: Page) => page.locator(`[data-testid="projector"][data-mode="${name}"]`).waitFor();

    await show({ fw: 1, setId, questionId: null, phase: 'idle', screen2: 'logo', timer: { action: 'reset' } });
    await check(screens, 'the logo', (page) => page.getByTestId('logo-card').waitFor());
    await check(seconds, 'screen 2: the logo', (page) => page.getByTestId('logo-card').waitFor());

    await show({ phase: 'round' });
    await check(screens, 'the round card', (page) => page.getByTestId('round-title').waitFor());

    await show({ questionId, phase: 'question', activeTeamId: teams[1]!._id, answersOpen: true, timer: { action: 'start' } });
    await check(screens, 'the long question', (page) => page.locator('[data-testid="countdown"][data-running]').waitFor());

    // Two teams answer; the first is right.
    const team2 = await requestAs(h, { username: 'doi2', password: logins.find((l) => l.username === 'doi2')!.password });
    const team1 = await requestAs(h, { username: ACCOUNTS.team.username, password: USER_PASSWORD });
    await trpcMutation(team1, 'show.submitAnswer', { questionId, answer: OPTIONS[0] });
    await trpcMutation(team2, 'show.submitAnswer', { questionId, answer: `${OPTIONS[2]}, vì mây ngũ sắc là điềm lành của trời đất` });
    await trpcMutation(master, 'show.verdict', { questionId, teamId: teams[0]!._id, verdict: 'right' });
    await trpcMutation(master, 'show.verdict', { questionId, teamId: teams[1]!._id, verdict: 'wrong' });

    await show({ phase: 'answer', answersOpen: false, screen2: 'answers', shownAnswers: [teams[0]!._id, teams[1]!._id] });
    await check(screens, 'the answer', (page) => page.getByText(EXPLANATION).waitFor());
    await check(seconds, 'screen 2: the answers', async (page) => {
      await mode('answers')(page);
      await expect.poll(() => page.locator('[data-testid="shown-answer"][data-verdict]').count()).toBe(2);
    });

    await show({ phase: 'scoreboard', screen2: 'scoreboard' });
    const twelveRows = (page: Page) => expect.poll(() => page.getByTestId('scoreboard-row').count()).toBe(12);
    await check(screens, 'the scoreboard of 12 teams', async (page) => {
      await phase('scoreboard')(page);
      await twelveRows(page);
    });
    await check(seconds, 'screen 2: the scoreboard of 12 teams', async (page) => {
      await mode('scoreboard')(page);
      await twelveRows(page);
    });

    await show({ phase: 'rules', screen2: 'judges', activeField: 'phan-2', scoringOpen: true });
    await check(screens, 'the rules', (page) => page.getByTestId('rules').getByText('Điều 4. Trả lời và bấm chuông').waitFor());
    const gk1 = await requestAs(h, { username: 'gk1', password: logins.find((l) => l.username === 'gk1')!.password });
    await trpcMutation(gk1, 'scoring.submit', { teamId: teams[0]!._id, point: 8.5, fieldName: 'phan-2' });
    await check(seconds, 'screen 2: the judges', (page) =>
      expect.poll(() => page.locator('[data-testid="judge-cell"][data-done]').count()).toBe(1),
    );

    // The audience vote on both screens: twelve bars, the long names whole.
    await trpcMutation(master, 'vote.update', { open: true, teamIds: (await stateTeams()).map((t) => t._id) });
    await show({ phase: 'vote', screen2: 'vote' });
    const twelveBars = (page: Page) => expect.poll(() => page.getByTestId('vote-bar').count()).toBe(12);
    await check(screens, 'the vote', twelveBars);
    await check(seconds, 'screen 2: the vote', twelveBars);
    await trpcMutation(master, 'vote.update', { open: false });
    for (const { errors } of [...screens, ...seconds]) expect(errors).toEqual([]);
  }, 150_000);

  it('gives all options of a question one size, the smallest that fits them all, at every size', async () => {
    await show({
      fw: 1,
      setId,
      questionId: longOptionsId,
      phase: 'question',
      activeTeamId: null,
      screen2: 'logo',
      timer: { action: 'reset' },
    });
    for (const size of SIZES) {
      const { page, errors } = await openScreen(h, '/screen', size);
      await expect.poll(() => page.getByTestId('option').count()).toBe(4);
      await still(page);
      const sizes = await page
        .getByTestId('option')
        .evaluateAll((tiles) => tiles.map((tile) => getComputedStyle(tile.lastElementChild as HTMLElement).fontSize));
      const where = `${size.width}×${size.height}`;
      expect(new Set(sizes).size, `${where}: ${sizes.join(', ')}`).toBe(1);
      expect(await overflowingBoxes(page), where).toEqual([]);
      expect(await textsOffScreen(page), where).toEqual([]);
      const px = await measureOptionPx(page);
      console.log(`options at ${where}: ${px} px on screen`);
      await page.close();
      expect(errors).toEqual([]);
    }
  });

  it('shows the long names whole on the livestream overlay: the lower third, the scoreboard and the vote', async () => {
    const { page, errors } = await h.newPage({ width: 1920, height: 1080 });
    await page.goto('/screen?overlay=1');
    await page.getByTestId('overlay').waitFor();
    await show({
      fw: 1,
      setId,
      questionId: longOptionsId,
      phase: 'question',
      activeTeamId: teams[1]!._id,
      overlay: 'lowerThird',
      timer: { action: 'reset' },
    });
    const inOverlay = '[data-testid="overlay"] *';
    await page.getByTestId('overlay-team').getByText(LONG_NAMES[1]!, { exact: true }).waitFor();
    await still(page);
    expect(await overflowingBoxes(page, inOverlay), 'the lower third').toEqual([]);
    await show({ overlay: 'scoreboard' });
    await expect.poll(() => page.getByTestId('overlay-standing').count()).toBeGreaterThan(5);
    await still(page);
    expect(await overflowingBoxes(page, inOverlay), 'the scoreboard').toEqual([]);
    await trpcMutation(master, 'vote.update', { open: true, teamIds: (await stateTeams()).map((t) => t._id) });
    await show({ overlay: 'vote' });
    await expect.poll(() => page.getByTestId('vote-bar').count()).toBe(12);
    await still(page);
    expect(await overflowingBoxes(page, inOverlay), 'the vote').toEqual([]);
    await trpcMutation(master, 'vote.update', { open: false });
    await show({ overlay: 'lowerThird' });
    expect(errors).toEqual([]);
  });
});

interface StageMeasure {
  canvas: { x: number; y: number; width: number; height: number };
  /** The question's type as the audience sees it: its font size in canvas pixels times the stage's scale. */
  questionPx: number;
}

async function measureStage(page: Page): Promise<StageMeasure> {
  await page.getByTestId('question-content').waitFor();
  await still(page);
  return page.evaluate(() => {
    const canvas = document.querySelector<HTMLElement>('[data-testid="stage-canvas"]')!;
    const rect = canvas.getBoundingClientRect();
    const scale = rect.width / canvas.offsetWidth;
    const text = document.querySelector<HTMLElement>('[data-testid="question-content"]')!;
    const round = (n: number) => Math.round(n * 10) / 10 + 0; // + 0: no -0
    return {
      canvas: { x: round(rect.x), y: round(rect.y), width: round(rect.width), height: round(rect.height) },
      questionPx: round(Number.parseFloat(getComputedStyle(text).fontSize) * scale),
    };
  });
}

/** Fonts loaded, texts fitted and no finite animation running (rows gliding, cards fading in). */
async function still(page: Page): Promise<void> {
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) => animation.playState !== 'running' || animation.effect?.getComputedTiming().iterations === Number.POSITIVE_INFINITY,
      ),
  );
  await nextFrame(page);
}

/** Boxes on the stage that clip their content (a text too long for its box, say), or end it in an ellipsis. */
function overflowingBoxes(page: Page, selector = '[data-testid="projector"] *'): Promise<string[]> {
  return page.evaluate((selector) => {
    const spilled: string[] = [];
    for (const element of document.querySelectorAll<HTMLElement>(selector)) {
      const style = getComputedStyle(element);
      const cut = element.scrollHeight > element.clientHeight + 2 || element.scrollWidth > element.clientWidth + 2;
      if (style.textOverflow === 'ellipsis' && element.scrollWidth > element.clientWidth) {
        spilled.push(`…${(element.textContent ?? '').slice(0, 60)}`);
      } else if (style.overflow === 'hidden' && cut) {
        spilled.push((element.textContent ?? '').slice(0, 60));
      }
    }
    return spilled;
  }, selector);
}

/** The options' type as the audience sees it: canvas pixels times the stage's scale. */
function measureOptionPx(page: Page): Promise<number> {
  return page.evaluate(() => {
    const canvas = document.querySelector<HTMLElement>('[data-testid="stage-canvas"]')!;
    const scale = canvas.getBoundingClientRect().width / canvas.offsetWidth;
    const text = document.querySelector<HTMLElement>('[data-testid="option"]')!.lastElementChild as HTMLElement;
    return Math.round(Number.parseFloat(getComputedStyle(text).fontSize) * scale * 10) / 10;
  });
}

/** Every text on the stage (its first 40 characters) with its line boxes (from a Range), and the window's size. */
function stageTexts(page: Page) {
  return page.evaluate(() => {
    const canvas = document.querySelector('[data-testid="stage-canvas"]')!;
    const texts: { text: string; rects: { left: number; top: number; right: number; bottom: number; width: number; height: number }[] }[] =
      [];
    const walker = document.createTreeWalker(canvas, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim();
      if (!text) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const rects = [...range.getClientRects()].map(({ left, top, right, bottom, width, height }) => ({
        left,
        top,
        right,
        bottom,
        width,
        height,
      }));
      texts.push({ text: text.slice(0, 40), rects });
    }
    return { texts, width: window.innerWidth, height: window.innerHeight };
  });
}

/**
 * Pairs of texts on the stage drawn over each other: each text's line boxes compared with every
 * other text's; a shared area of more than a fifth of the smaller box counts (line boxes of stacked
 * lines may touch by a few pixels without the letters meeting).
 */
async function overlappingTexts(page: Page): Promise<string[]> {
  const texts = (await stageTexts(page)).texts.map(({ text, rects }) => ({
    text,
    rects: rects.filter((r) => r.width > 0 && r.height > 0),
  }));
  const overlaps: string[] = [];
  for (const [i, a] of texts.entries()) {
    for (const b of texts.slice(i + 1)) {
      const met = a.rects.some((ra) =>
        b.rects.some((rb) => {
          const w = Math.min(ra.right, rb.right) - Math.max(ra.left, rb.left);
          const hgt = Math.min(ra.bottom, rb.bottom) - Math.max(ra.top, rb.top);
          return w > 0 && hgt > 0 && w * hgt > 0.2 * Math.min(ra.width * ra.height, rb.width * rb.height);
        }),
      );
      if (met) overlaps.push(`${a.text} × ${b.text}`);
    }
  }
  return overlaps;
}

/** Texts of the stage that reach past the edge of the screen. */
async function textsOffScreen(page: Page): Promise<string[]> {
  const { texts, width, height } = await stageTexts(page);
  return texts
    .filter(({ rects }) => rects.some((rect) => rect.left < -1 || rect.top < -1 || rect.right > width + 1 || rect.bottom > height + 1))
    .map(({ text }) => text);
}
