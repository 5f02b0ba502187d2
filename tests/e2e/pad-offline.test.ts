/**
 * A judge's pad losing the network, in a real browser against the real server: the outbox does not
 * hammer the server (at most one request in flight, backoff from 1 s to 30 s, nothing at all while
 * the browser is offline), the point still lands exactly once, and every connection sign changes
 * within 2 s, from the browser's online state and from the heartbeat when the socket goes silent.
 * Prints the measured request counts and sign times.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import { describeInBrowser, expectOk, loginThroughForm, waitForApp, watchRequests } from './harness';
import { addTeams, PHONE, scoreTeam, usePadNight } from './pad';

const TEAM_NAMES = ['Tia Chớp', 'Hoa Sen', 'Sông Hồng'];
const SIGN_LIMIT_MS = 2000;
const WINDOW_MS = 30_000;
/** How far the pads' clocks move at a time through the window. */
const STEP_MS = 250;

const isSubmit = (url: string) => url.includes('/trpc/scoring.submit');

/**
 * Prepares a page to be driven by the test's clock: the clock installed, and the page's own time of
 * every scoring.submit it starts kept in `window.submitStamps`.
 */
async function onTestClock(page: Page): Promise<void> {
  await page.clock.install();
  await page.addInitScript(() => {
    const stamps: number[] = [];
    (window as unknown as { submitStamps: number[] }).submitStamps = stamps;
    const send = window.fetch.bind(window);
    window.fetch = (input, init) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      if (url.includes('/trpc/scoring.submit')) stamps.push(Date.now());
      return send(input, init);
    };
  });
}

/** The heartbeat on the page's sockets: whether every PING sent on a socket still open has had its PONG. */
function watchHeartbeat(page: Page): { answered(): boolean } {
  const sockets: { pings: number; pongs: number; open: boolean }[] = [];
  page.on('websocket', (socket) => {
    const entry = { pings: 0, pongs: 0, open: true };
    sockets.push(entry);
    socket.on('framesent', (frame) => {
      if (frame.payload === 'PING') entry.pings++;
    });
    socket.on('framereceived', (frame) => {
      if (frame.payload === 'PONG') entry.pongs++;
    });
    socket.on('close', () => {
      entry.open = false;
    });
  });
  return { answered: () => sockets.every((s) => !s.open || s.pongs >= s.pings) };
}

describeInBrowser('a judge pad without a network', (h) => {
  const night = usePadNight(h, async (admin) => {
    const teamIds = await addTeams(admin, TEAM_NAMES);
    await expectOk(
      await admin.post('/api/score-field', {
        data: { data: { name: 'phan-2', label: 'Phần 2', kind: 'judges', minPoint: 0, maxPoint: 10, step: 0.5, position: 0 } },
      }),
    );
    return teamIds;
  });
  const { teamIds, show, judgeLog } = night;
  /** A pad on a phone, signed in as the judge; `before` runs on the fresh page before it loads. */
  async function openPad(before?: (page: Page, context: BrowserContext) => Promise<void>) {
    const { page, context, errors } = await h.newPage(PHONE);
    await before?.(page, context);
    await loginThroughForm(page, 'judge');
    await page.waitForURL('**/supporter');
    await waitForApp(page);
    await page.getByTestId('pad-keypad').waitFor();
    await expect.poll(() => page.getByTestId('pad-connection').textContent()).toBe('Đã kết nối');
    return { page, context, errors };
  }

  /** Every scoring.submit request the page makes, with when it went (ms, this process's clock). */
  function countSubmits(page: Page): number[] {
    const sent: number[] = [];
    page.on('request', (request) => {
      if (isSubmit(request.url())) sent.push(Date.now());
    });
    return sent;
  }

  /**
   * Times a sign in the page's own clock: from just before `cause` runs (the page's time is read
   * first, so the figure is never short) until a mutation shows the element matching `selector` (and
   * holding `text`), or its absence with `gone`. The page sees the change when it renders it, without
   * the test's polling in the figure.
   */
  async function startSignTimer(page: Page, sign: { selector: string; text?: string; gone?: boolean }): Promise<() => Promise<number>> {
    const startedAt = await page.evaluate((sign) => {
      const w = window as unknown as { signAt?: number | null };
      w.signAt = null;
      const shown = () => {
        const element = document.querySelector(sign.selector);
        const match = element !== null && (sign.text === undefined || (element.textContent ?? '').includes(sign.text));
        return sign.gone ? !match : match;
      };
      const observer = new MutationObserver(() => {
        if (!shown()) return;
        w.signAt = performance.now();
        observer.disconnect();
      });
      observer.observe(document.documentElement, { subtree: true, childList: true, characterData: true, attributes: true });
      return performance.now();
    }, sign);
    return async () => {
      await page.waitForFunction(() => typeof (window as unknown as { signAt?: number | null }).signAt === 'number', undefined, {
        timeout: SIGN_LIMIT_MS + 3000,
      });
      const signAt = await page.evaluate(() => (window as unknown as { signAt: number }).signAt);
      return Math.round(signAt - startedAt);
    };
  }
  async function timeSign(
    page: Page,
    sign: { selector: string; text?: string; gone?: boolean },
    cause: () => Promise<unknown>,
  ): Promise<number> {
    const read = await startSignTimer(page, sign);
    await cause();
    return read();
  }
  const PAD_OFFLINE = { selector: '[data-testid="pad-connection"]', text: 'Mất kết nối' };
  const PAD_ONLINE = { selector: '[data-testid="pad-connection"]', text: 'Đã kết nối' };
  const pending = (page: Page, teamId: string) => page.locator(`[data-testid="pad-pending"][data-team-id="${teamId}"]`);

  beforeAll(async () => {
    await show({ activeField: 'phan-2', scoringOpen: true, activeTeamId: teamIds[0] });
  });

  it('backs off instead of hammering, changes the sign within 2 s, and lands each point exactly once', async () => {
    // Pad A: the phone goes offline (fetches fail at once). Pad B: the phone believes it is online,
    // but every point fails at once (the wifi is up, the way to the server is not). Both run on the
    // test's clock, so the 30 s of failure pass without being waited for.
    const a = await openPad(onTestClock);
    let heartbeatB: { answered(): boolean } | undefined;
    const b = await openPad(async (page) => {
      heartbeatB = watchHeartbeat(page);
      await onTestClock(page);
    });
    const sentA = countSubmits(a.page);
    await b.page.route('**/trpc/scoring.submit**', (route) => route.abort('internetdisconnected'));

    const signOffMs = await timeSign(a.page, PAD_OFFLINE, () => a.context.setOffline(true));
    console.log(`pad sign "Mất kết nối" ${signOffMs} ms after the phone went offline`);
    expect(signOffMs).toBeLessThan(SIGN_LIMIT_MS);

    const pageTime = (page: Page) => page.evaluate(() => Date.now());
    const [windowStartA, windowStartB] = [await pageTime(a.page), await pageTime(b.page)];
    await Promise.all([scoreTeam(a.page, teamIds[0]!, '9'), scoreTeam(b.page, teamIds[1]!, '7')]);
    await expect.poll(() => pending(a.page, teamIds[0]!).getAttribute('data-status')).toBe('waiting');
    await expect.poll(() => pending(b.page, teamIds[1]!).getAttribute('data-status')).toBe('waiting');
    const storedKey = async (page: Page) =>
      (
        JSON.parse((await page.evaluate((id) => localStorage.getItem(`hoithi.padQueue.${id}`), night.judgeId)) ?? '[]') as { key: string }[]
      )[0]?.key;
    const [keyA, keyB] = [await storedKey(a.page), await storedKey(b.page)];
    // 30 s of failure on both pads, on their clocks, a step at a time; after each step the test waits
    // for what the step set off (a request's failure, the heartbeat's answer) as the seconds would.
    const requestsA = watchRequests(a.page, isSubmit);
    const requestsB = watchRequests(b.page, isSubmit);
    for (let passed = 0; passed < WINDOW_MS + STEP_MS; passed += STEP_MS) {
      await Promise.all([a.page.clock.runFor(STEP_MS), b.page.clock.runFor(STEP_MS)]);
      await expect.poll(() => requestsA.inFlight() + requestsB.inFlight() === 0 && heartbeatB!.answered(), { interval: 10 }).toBe(true);
    }
    const stamps = (page: Page) => page.evaluate(() => (window as unknown as { submitStamps: number[] }).submitStamps);
    const inWindow = (sent: number[], start: number) => sent.filter((t) => t >= start && t <= start + WINDOW_MS);
    const windowA = inWindow(await stamps(a.page), windowStartA);
    const windowB = inWindow(await stamps(b.page), windowStartB);
    const countA = windowA.length;
    const gapsB = windowB.map((t, i, all) => (i ? t - all[i - 1]! : 0)).slice(1);
    console.log(
      `scoring.submit requests in 30 s: offline pad ${countA}; failing-network pad ${windowB.length} (gaps ${gapsB.join(', ')} ms)`,
    );
    expect(countA).toBeLessThanOrEqual(10);
    expect(windowB.length).toBeLessThanOrEqual(10);
    // Pad B did keep trying, a second or more apart.
    expect(windowB.length).toBeGreaterThanOrEqual(2);
    for (const gap of gapsB) expect(gap).toBeGreaterThanOrEqual(900);
    // Both still show the point waiting, not lost.
    expect(await pending(a.page, teamIds[0]!).getAttribute('data-status')).toBe('waiting');
    expect(await pending(b.page, teamIds[1]!).getAttribute('data-status')).toBe('waiting');

    // Pad A comes back online: the sign at once, the point at once (not at the next backoff step).
    const sentBeforeA = sentA.length;
    const onAt = Date.now();
    const signOnMs = await timeSign(a.page, PAD_ONLINE, () => a.context.setOffline(false));
    await pending(a.page, teamIds[0]!).waitFor({ state: 'detached', timeout: 5000 });
    const landedAMs = Date.now() - onAt;
    console.log(`pad sign "Đã kết nối" ${signOnMs} ms after the phone came back online; the waiting point sent ${landedAMs} ms after`);
    expect(signOnMs).toBeLessThan(SIGN_LIMIT_MS);
    await expect
      .poll(() => a.page.locator(`[data-testid="pad-team"][data-team-id="${teamIds[0]}"]`).getAttribute('data-scored'))
      .toBe('true');

    // Pad B: the way to the server returns and the phone's wifi blinks (an `online` event): sent at once.
    await b.page.unroute('**/trpc/scoring.submit**');
    await b.context.setOffline(true);
    const onBAt = Date.now();
    await b.context.setOffline(false);
    await pending(b.page, teamIds[1]!).waitFor({ state: 'detached', timeout: 5000 });
    console.log(`failing-network pad: its point sent ${Date.now() - onBAt} ms after the online event`);

    // Exactly one score event each, under the key the pad made when the point was entered.
    const logA = await judgeLog(teamIds[0]!);
    const logB = await judgeLog(teamIds[1]!);
    expect(logA).toHaveLength(1);
    expect(logA[0]).toMatchObject({ newPoint: 9, fieldName: 'phan-2', key: keyA });
    expect(logB).toHaveLength(1);
    expect(logB[0]).toMatchObject({ newPoint: 7, fieldName: 'phan-2', key: keyB });
    console.log(`pad A sent ${sentA.length - sentBeforeA} request(s) after coming online; audit events: ${logA.length} + ${logB.length}`);
    // Nothing left to send, nothing more goes.
    expect(await a.page.evaluate((id) => localStorage.getItem(`hoithi.padQueue.${id}`), night.judgeId)).toBeNull();
    expect(a.errors).toEqual([]);
  });

  it('changes the sign within 2 s when the socket goes silent while the phone still thinks it is online, without dropping the socket', async () => {
    let silent = false;
    let sockets = 0;
    let pingsWhileSilent = 0;
    const { page } = await openPad(async (_page, context) => {
      await context.routeWebSocket('**/trpc', (ws) => {
        sockets++;
        const server = ws.connectToServer();
        ws.onMessage((message) => {
          if (!silent) server.send(message);
          else if (message === 'PING') pingsWhileSilent++;
        });
        server.onMessage((message) => {
          if (!silent) ws.send(message);
        });
      });
    });
    // (The login page's socket was reopened with the judge's cookie: that one is the pad's.)
    const socketsBefore = sockets;

    // Everything on the socket is lost from now on, both ways; the browser still says online.
    const silentAt = Date.now();
    const signOffMs = await timeSign(page, PAD_OFFLINE, async () => {
      silent = true;
    });
    const silentFor = Date.now() - silentAt;
    console.log(
      `heartbeat: pad sign "Mất kết nối" ${signOffMs} ms after the socket went silent (browser online: ${await page.evaluate(() => navigator.onLine)})`,
    );
    expect(signOffMs).toBeLessThan(SIGN_LIMIT_MS);
    expect(await page.evaluate(() => navigator.onLine)).toBe(true);
    // The heartbeat asks about twice a second and no more.
    expect(pingsWhileSilent).toBeLessThanOrEqual(Math.ceil(silentFor / 500) + 1);

    // The network returns before the 20 s socket time-out: the same socket, the sign back.
    const signOnMs = await timeSign(page, PAD_ONLINE, async () => {
      silent = false;
    });
    console.log(
      `heartbeat: pad sign "Đã kết nối" ${signOnMs} ms after the socket was heard again; sockets opened meanwhile: ${sockets - socketsBefore}`,
    );
    expect(signOnMs).toBeLessThan(SIGN_LIMIT_MS);
    expect(sockets).toBe(socketsBefore);
  });

  it("changes the sign on the console, the projector's link state and the team screen within 2 s of going offline", async () => {
    const console_ = await h.newPage({ width: 1440, height: 900 });
    await loginThroughForm(console_.page, 'master');
    await console_.page.waitForURL('**/master');
    const projector = await console_.context.newPage();
    await projector.goto('/screen');
    const team = await h.newPage(PHONE);
    await loginThroughForm(team.page, 'team');
    await team.page.waitForURL('**/team');
    for (const page of [console_.page, projector, team.page]) await waitForApp(page);
    await expect.poll(() => console_.page.getByTestId('master-connection').getAttribute('data-connected')).toBe('true');

    const signs = (online: boolean) => [
      {
        page: console_.page,
        sign: { selector: `[data-testid="master-connection"][data-connected="${online}"]`, text: online ? 'Đã kết nối' : 'Mất kết nối' },
      },
      // The projector knows as soon (its page's `data-link`); the hall sees a sign only once an outage lasts.
      { page: projector, sign: { selector: `[data-testid="projector"][data-link="${online ? 'live' : 'lost'}"]` } },
      { page: team.page, sign: { selector: '[data-testid="disconnected"]', text: 'Mất kết nối', gone: online } },
    ];
    const both = (offline: boolean) => Promise.all([console_.context.setOffline(offline), team.context.setOffline(offline)]);
    // Three timers, one cause: each page's clock starts before the network changes.
    const timeAll = async (online: boolean) => {
      const reads = await Promise.all(signs(online).map(({ page, sign }) => startSignTimer(page, sign)));
      await both(!online);
      return Promise.all(reads.map((read) => read()));
    };
    const [consoleMs, projectorMs, teamMs] = await timeAll(false);
    console.log(`signs after going offline: console ${consoleMs} ms, projector ${projectorMs} ms, team screen ${teamMs} ms`);
    for (const ms of [consoleMs, projectorMs, teamMs]) expect(ms).toBeLessThan(SIGN_LIMIT_MS);

    const [consoleBack, projectorBack, teamBack] = await timeAll(true);
    console.log(`signs back online: console ${consoleBack} ms, projector ${projectorBack} ms, team screen ${teamBack} ms`);
  });
});
