/**
 * Accessibility of every screen in a real browser against the real server: axe-core finds no serious
 * or critical violation (contrast, names, structure), and each page has one h1, one main landmark
 * and one title. Every route of src/routes.ts at desktop size, the pad and the team screen on a
 * phone too; once idle, once during a live show (a question on screen with its timer running,
 * answers and scoring open, a team's answer in, a judge's point in); the forms that matter opened.
 */
import path from 'node:path';
import type { APIRequestContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../src/constants';
import { questionSetRoutes, ROUTES } from '../../src/routes';
import type { TQuestionSet } from '../../src/schemas/questionSet';
import type { TShowChanges } from '../../src/schemas/show';
import { type AxeViolation, axeViolations, countNodes, describeViolations, pageStructure } from './axe';
import { loadDemoWithTeam } from './demo';
import { animationsDone, describeInBrowser, expectOk, pageAs, requestAs, waitForApp, watchRequests } from './harness';

const DESKTOP = { width: 1366, height: 768 };
const PHONE = { width: 390, height: 844 };
const TEAM_NAME = 'THPT Chu Văn An';

type Viewport = typeof DESKTOP;
interface Screen {
  name: string;
  route: string | (() => string);
  who: Role | null;
  viewport?: Viewport;
  /** What must be on screen before axe looks (beyond the app being rendered and its requests answered). */
  ready?: (page: Page) => Promise<unknown>;
  /** Opens something (a form) after the page is ready; its state is then checked too. */
  open?: (page: Page) => Promise<unknown>;
  /** The projectors have no working-screen frame: no main landmark or heading is required of them. */
  projector?: boolean;
}

interface Row {
  phase: 'idle' | 'live' | 'speed' | 'obstacle';
  screen: string;
  size: string;
  serious: number;
  critical: number;
}

describeInBrowser('accessibility: axe-core and the page structure on every screen', (h) => {
  const rows: Row[] = [];
  let admin: APIRequestContext;
  let master: APIRequestContext;
  let round1: TQuestionSet;

  async function show(changes: TShowChanges): Promise<void> {
    await expectOk(await master.put('/api/show', { data: { changes } }));
  }

  beforeAll(async () => {
    await loadDemoWithTeam(h, TEAM_NAME);
    admin = await requestAs(h, 'admin');
    master = await requestAs(h, 'master');
    // More users than one page holds (21), so /user shows its pagination.
    for (let i = 0; i < 20; i++) {
      await expectOk(
        await admin.post('/api/user', {
          data: { user: { username: `tnv${i}`, fullName: `Tình nguyện viên số ${i + 1}`, password: 'mat-khau-rat-dai', role: 'judge' } },
        }),
      );
    }
    round1 = ((await expectOk(await master.get('/api/fw-question/all'))).items as TQuestionSet[])[0]!;
    await show({ fw: 1, setId: round1._id, phase: 'idle' });
  }, 120_000);

  afterAll(() => {
    // The figures, for the record (the assertions are in each test).
    const table = rows.map(
      (r) => `${r.phase.padEnd(8)} ${r.size.padEnd(9)} ${r.screen.padEnd(34)} serious ${r.serious}, critical ${r.critical}`,
    );
    console.log(`axe-core, elements per impact:\n${table.join('\n')}`);
  });

  /** Opens the screen, waits until it has settled, and checks it (and what `open` opens). */
  async function check(phase: Row['phase'], screen: Screen): Promise<void> {
    const viewport = screen.viewport ?? DESKTOP;
    const opened = screen.who ? await pageAs(h, screen.who, viewport) : await h.newPage(viewport);
    const { page, errors } = opened;
    const requests = watchRequests(page, (url) => url.includes('/trpc') || url.includes('/api/'));
    await page.goto(typeof screen.route === 'string' ? screen.route : screen.route());
    await waitForApp(page);
    await screen.ready?.(page);
    await requests.settled();
    await animationsDone(page);
    const failures: string[] = [];
    const size = `${viewport.width}×${viewport.height}`;

    const look = async (label: string) => {
      await requests.settled();
      // A11Y_SHOTS=<folder>: a picture of each state checked, to look at (not part of the check).
      const shots = process.env.A11Y_SHOTS;
      if (shots) await page.screenshot({ path: path.join(shots, `${phase}-${viewport.width}-${label.replace(/[^\w-]+/g, '_')}.png`) });
      const violations = await axeViolations(page);
      const count = (impact: AxeViolation['impact']) => countNodes(violations.filter((v) => v.impact === impact));
      rows.push({ phase, screen: label, size, serious: count('serious'), critical: count('critical') });
      if (violations.length) failures.push(`${label} (${size}, ${phase}):\n${describeViolations(violations)}`);
      const structure = await pageStructure(page);
      if (structure.titles !== 1) failures.push(`${label}: ${structure.titles} <title> elements`);
      if (!structure.title) failures.push(`${label}: empty document title`);
      if (!screen.projector) {
        if (structure.h1 !== 1) failures.push(`${label}: ${structure.h1} <h1> elements`);
        if (structure.main !== 1) failures.push(`${label}: ${structure.main} main landmarks`);
      } else if (structure.h1 > 1 || structure.main > 1) {
        failures.push(`${label}: ${structure.h1} <h1>, ${structure.main} main landmarks`);
      }
    };

    await look(screen.name);
    if (screen.open) {
      await screen.open(page);
      await animationsDone(page);
      await look(`${screen.name} + form`);
    }
    expect(failures.join('\n\n')).toBe('');
    expect(errors).toEqual([]);
    await opened.context.close();
  }

  /** The projector as it first shows, with its start prompt (sound and fullscreen need a click). */
  const projectorShown = (page: Page) => page.getByTestId('projector').waitFor();
  /** The projector once someone has clicked its start prompt. */
  const pastStartPrompt = async (page: Page) => {
    await projectorShown(page);
    const start = page.getByRole('button', { name: /Bấm để bắt đầu/ });
    if (await start.isVisible()) {
      await start.click();
      await start.waitFor({ state: 'detached' });
    }
  };
  const setDetail = () => questionSetRoutes(1).detail.replace(':_id', round1._id);

  function screens(): Screen[] {
    const list: Screen[] = [
      { name: '/', route: ROUTES.home, who: null },
      { name: '/login', route: ROUTES.login, who: null },
      { name: '/master', route: ROUTES.master, who: 'master', ready: (p) => p.getByTestId('master-console').waitFor() },
      { name: '/preview', route: ROUTES.preview, who: 'master' },
      { name: '/supporter', route: ROUTES.supporter, who: 'judge', ready: (p) => p.getByTestId('judge-pad').waitFor() },
      { name: '/supporter', route: ROUTES.supporter, who: 'judge', viewport: PHONE, ready: (p) => p.getByTestId('judge-pad').waitFor() },
      { name: '/team', route: ROUTES.team, who: 'team', ready: (p) => p.getByTestId('team-screen').waitFor() },
      { name: '/team', route: ROUTES.team, who: 'team', viewport: PHONE, ready: (p) => p.getByTestId('team-screen').waitFor() },
      { name: '/screen (first view)', route: ROUTES.screen, who: null, projector: true, ready: projectorShown },
      { name: '/screen', route: ROUTES.screen, who: null, projector: true, ready: pastStartPrompt },
      { name: '/screen2', route: ROUTES.screen2, who: null, projector: true, ready: pastStartPrompt },
      {
        name: '/user',
        route: ROUTES.users,
        who: 'admin',
        ready: (p) => p.getByTestId('user-total').waitFor(),
        open: async (p) => {
          await p.getByRole('button', { name: 'Thêm người dùng' }).click();
          await p.getByRole('dialog').waitFor();
        },
      },
      { name: '/user/dashboard', route: ROUTES.dashboard, who: 'admin', ready: (p) => p.getByTestId('dashboard').waitFor() },
      {
        name: '/user/events',
        route: ROUTES.events,
        who: 'admin',
        ready: (p) => p.getByTestId('event-table').waitFor(),
        // The new event's form, copying: its list of parts and the carried teams' sentence.
        open: async (p) => {
          await p.getByRole('button', { name: 'Cuộc thi mới' }).click();
          await p.getByRole('dialog').getByRole('radio', { name: 'Sao chép từ một cuộc thi có sẵn' }).check();
          await p.getByRole('dialog').getByTestId('copy-sets').waitFor();
        },
      },
      { name: '/user/member', route: ROUTES.members, who: 'admin' },
      { name: '/user/the-le', route: ROUTES.rules, who: 'admin', ready: (p) => p.getByTestId('rule-list').waitFor() },
      ...[1, 2, 3, 4, 5, 6].map((n) => ({ name: questionSetRoutes(n).list, route: questionSetRoutes(n).list, who: 'admin' as const })),
      {
        name: '/user/fw-question/:_id',
        route: setDetail,
        who: 'admin',
        open: async (p) => {
          await p.getByRole('button', { name: 'Thêm câu hỏi' }).click();
          await p.getByRole('dialog').waitFor();
        },
      },
      { name: 'not found (/khong-co)', route: '/khong-co', who: null, ready: (p) => p.getByTestId('not-found').waitFor() },
      { name: 'not found (/user/khong-co)', route: '/user/khong-co', who: 'admin', ready: (p) => p.getByTestId('not-found').waitFor() },
    ];
    return list;
  }

  /** One test per screen (those named in `only`, or every one) checked in the show's `phase`. */
  function checkScreens(phase: Row['phase'], only?: string[]): void {
    for (const screen of screens().filter((s) => !only || only.includes(s.name))) {
      it(`${screen.name} at ${(screen.viewport ?? DESKTOP).width}px`, async () => {
        await check(phase, screen);
      });
    }
  }

  /** The id of the team the harness's team account sits in. */
  async function ourTeamId(): Promise<string> {
    const state = (await expectOk(await master.get('/api/state'))) as { listTeam: { _id: string; name: string }[] };
    return state.listTeam.find((t) => t.name === TEAM_NAME)!._id;
  }

  /**
   * Round `fw`'s set of the format `kind`, read by a fresh master client (the suite's own may hold a
   * keep-alive socket the server has since closed), which the show moves go through from then on.
   */
  async function setOfKind(fw: number, kind: string): Promise<TQuestionSet> {
    master = await requestAs(h, 'master');
    const sets = (await expectOk(await master.get(`/api/fw-question-${fw}/all`))).items as TQuestionSet[];
    return sets.find((set) => set.format.kind === kind)!;
  }

  describe('idle', () => {
    checkScreens('idle');
  });

  describe('during a live show', () => {
    beforeAll(async () => {
      const question = round1.items[0]!;
      const onStage = await ourTeamId();
      await show({
        fw: 1,
        setId: round1._id,
        questionId: question.id,
        phase: 'question',
        activeTeamId: onStage,
        activeField: 'phan-2',
        scoringOpen: true,
        answersOpen: true,
        screen2: 'scoreboard',
        timer: { action: 'start', durationMs: 600_000 },
      });
      const team = await requestAs(h, 'team');
      await expectOk(
        await team.post('/trpc/show.submitAnswer', { data: { questionId: question.id, answer: question.answer ?? 'Hồ Gươm' } }),
      );
      const judge = await requestAs(h, 'judge');
      await expectOk(await judge.put('/api/cham-thi/submit', { data: { teamId: onStage, point: 8.5 } }));
    });

    checkScreens('live', ['/master', '/preview', '/supporter', '/team', '/screen', '/screen2', '/user/dashboard']);
  });

  describe('during a speed round, its answers on screen 2', () => {
    beforeAll(async () => {
      const speed = await setOfKind(5, 'speed');
      const teamId = await ourTeamId();
      const questionId = speed.items[0]!.id;
      await show({ fw: 5, setId: speed._id, questionId, phase: 'question', answersOpen: true, timer: { action: 'reset' } });
      const team = await requestAs(h, 'team');
      await expectOk(await team.post('/trpc/show.submitAnswer', { data: { questionId, answer: 'Sông Hồng' } }));
      await expectOk(await master.post('/trpc/show.verdict', { data: { questionId, teamId, verdict: 'right' } }));
      await show({ answersOpen: false, shownAnswers: [teamId], screen2: 'answers' });
    });

    checkScreens('speed', ['/master', '/screen2']);
  });

  describe('during an obstacle round', () => {
    beforeAll(async () => {
      const obstacle = await setOfKind(2, 'obstacle');
      await show({ fw: 2, setId: obstacle._id, questionId: null, phase: 'round', shownAnswers: [], screen2: 'scoreboard' });
      await show({ obstacle: { action: 'revealRow', row: 0 } });
      // The team's keyword buzz waits for the master's verdict.
      await expectOk(await (await requestAs(h, 'team')).post('/trpc/show.keywordBuzz', { data: {} }));
    });

    checkScreens('obstacle', ['/master', '/team', '/screen']);
  });
});
