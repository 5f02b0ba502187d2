/**
 * The audience vote from the hall's phones, in a real browser: the home page offers the ballot once a
 * vote opens; 30 phones (390×844, touch, each a device of its own) load /, tap a team and send;
 * screen 2's bars and the master's GET /api/vote end equal to the ballots the phones saw accepted. A
 * second send from a phone that already voted shows the server's 409; a closed vote says so and / is
 * the app again; a vote of two choices that allows changes takes a changed ballot; a ballot over its
 * network's rate (429) is sent again by the page itself and lands, as one whose cookie was lost does.
 */
import { type APIRequestContext, type BrowserContext, type Page, type Response, request } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import { ballotText } from '../../src/messages/ballot';
import { homePageText } from '../../src/messages/home';
import { validationText } from '../../src/messages/validation';
import type { TVoteAnswer } from '../../src/schemas/vote';
import { BallotGate } from '../../src-server/features/vote/gate';
import { axeViolations, describeViolations } from './axe';
import { animationsDone, describeInBrowser, expectOk, type Harness, openAs, requestAs, trpcMutation, waitForApp } from './harness';

const TEAMS = ['Đội Hoa Sen', 'Đội Sông Hồng', 'Đội Tháp Rùa', 'Đội Văn Miếu'] as const;
const PHONE = { width: 390, height: 844 };
const PHONES = 30;
/** Phones opened at once: a 2-core machine keeps ten pages busy without starving the server. */
const BATCH = 10;

/** A phone in the hall: touch, mobile viewport, its own cookies (so its own ballot device). */
function newPhone(h: Harness): Promise<BrowserContext> {
  return h.browser.newContext({ baseURL: h.url, viewport: PHONE, isMobile: true, hasTouch: true, locale: 'vi-VN' });
}

const card = (page: Page, teamId: string) => page.locator(`[data-testid="ballot-team"][data-team-id="${teamId}"]`);
const sendButton = (page: Page) => page.getByRole('button', { name: ballotText.send });

/** Opens / and waits for the ballot's teams. */
async function openBallot(page: Page): Promise<void> {
  await page.goto('/');
  await page.getByRole('heading', { level: 1, name: ballotText.title }).waitFor();
  await page.getByTestId('ballot-team').first().waitFor();
}

/** A new phone with the ballot open; with `errors`, the page's errors go there. */
async function phoneWithBallot(h: Harness, errors?: string[]): Promise<{ phone: BrowserContext; page: Page }> {
  const phone = await newPhone(h);
  const page = await phone.newPage();
  if (errors) page.on('pageerror', (e) => errors.push(e.message));
  await openBallot(page);
  return { phone, page };
}

const isBallotPost = (r: Response) => new URL(r.url()).pathname === '/api/vote' && r.request().method() === 'POST';

/** The statuses of the ballot POSTs the page makes from now on, in order. */
function ballotPosts(page: Page): number[] {
  const statuses: number[] = [];
  page.on('response', (r) => {
    if (isBallotPost(r)) statuses.push(r.status());
  });
  return statuses;
}

/** Taps the team and sends; resolves with the status of the POST the page made. */
async function tapAndSend(page: Page, teamId: string): Promise<number> {
  await card(page, teamId).tap();
  expect(await card(page, teamId).getAttribute('aria-pressed')).toBe('true');
  const posted = page.waitForResponse(isBallotPost);
  await sendButton(page).tap();
  return (await posted).status();
}

async function expectAccessible(page: Page) {
  await animationsDone(page);
  const violations = await axeViolations(page);
  expect(violations, describeViolations(violations)).toEqual([]);
}

describeInBrowser('the audience vote on the phones', (h) => {
  const ids: string[] = [];
  let master: APIRequestContext;
  /** The page that came to the ballot from the home page's link; it stays open to see the close. */
  let fromHome: Page;

  beforeAll(async () => {
    const admin = await requestAs(h, 'admin');
    for (const name of TEAMS)
      ids.push((await trpcMutation(admin, 'team.create', { data: { name, unit: `THPT ${name.slice(4)}` } })).item._id);
    master = await requestAs(h, 'master');
  }, 60_000);

  const masterVote = async () => ((await (await master.get('/api/vote')).json()) as TVoteAnswer).vote;

  it('offers the ballot on the home page once a vote opens, and / is then the ballot', async () => {
    const { page, errors } = await openAs(h, '/', null, PHONE);
    expect(await page.getByTestId('home-vote-link').count()).toBe(0);
    await expectOk(await master.put('/api/vote', { data: { open: true, teamIds: ids } }));

    const link = page.getByRole('link', { name: homePageText.voteOpen });
    await link.waitFor();
    await link.click();
    await page.getByTestId('ballot-team').first().waitFor();
    expect(await page.getByTestId('ballot-team').evaluateAll((cards) => cards.map((c) => c.dataset.teamId))).toEqual(ids);
    expect(await page.getByTestId('ballot').innerText()).toContain(ballotText.pickOne);
    // One choice: a tap moves it; nothing chosen, nothing to send.
    expect(await sendButton(page).isDisabled()).toBe(true);
    await card(page, ids[0]!).click();
    await card(page, ids[1]!).click();
    expect(await page.locator('[data-testid="ballot-team"][aria-pressed="true"]').count()).toBe(1);
    expect(await card(page, ids[1]!).getAttribute('aria-pressed')).toBe('true');
    await expectAccessible(page);
    await card(page, ids[1]!).click();
    expect(await sendButton(page).isDisabled()).toBe(true);
    expect(errors).toEqual([]);
    fromHome = page;

    // / itself is the ballot's page now, with the vote written in.
    const anonymous = await request.newContext({ baseURL: h.url });
    const html = await (await anonymous.get('/')).text();
    await anonymous.dispose();
    expect(html).toContain('<title>Bình chọn · Hội thi</title>');
    expect(html).toContain('id="hoi-thi-ballot"');
  });

  it('takes 30 phones’ ballots; screen 2 and the master count exactly the accepted ones', async () => {
    const screen2 = (await h.newPage({ width: 1280, height: 720 })).page;
    await screen2.goto('/screen2');
    await screen2.getByTestId('projector').waitFor();
    await expectOk(await master.put('/api/show', { data: { changes: { screen2: 'vote' } } }));

    // 12, 9, 6 and 3 ballots, in a mixed order.
    const plan = Array.from({ length: PHONES }, (_, i) => ids[i % 10 < 4 ? 0 : i % 10 < 7 ? 1 : i % 10 < 9 ? 2 : 3]!);
    const accepted = new Map<string, number>(ids.map((id) => [id, 0]));
    const pageErrors: string[] = [];

    // Phone 0 has the ballot open in two tabs: the first tab's vote stands, the second's is refused.
    const first = await newPhone(h);
    const [tabA, tabB] = [await first.newPage(), await first.newPage()];
    for (const tab of [tabA, tabB]) tab.on('pageerror', (e) => pageErrors.push(e.message));
    await openBallot(tabA);
    await openBallot(tabB);
    // Tab B still shows the ballot when it sends: its polls of the vote do not get through until it has
    // posted its ballot (a poll after tab A's cast would show it the thanks first, and no card to tap).
    let tabBPosted = false;
    await tabB.route(
      (url) => url.pathname === '/api/vote',
      (route) => {
        if (route.request().method() === 'POST') tabBPosted = true;
        return tabBPosted ? route.continue() : route.abort();
      },
    );
    expect(await tapAndSend(tabA, plan[0]!)).toBe(200);
    await tabA.getByTestId('ballot-thanks').waitFor();
    accepted.set(plan[0]!, accepted.get(plan[0]!)! + 1);
    expect(await tabA.getByRole('button', { name: ballotText.change }).count()).toBe(0);

    expect(await tapAndSend(tabB, ids[3]!)).toBe(409);
    await tabB.getByRole('alert').filter({ hasText: validationText.voteAlreadyCast }).waitFor();
    // The page catches up with the device's ballot: the first tab's team.
    await tabB.getByTestId('ballot-thanks').waitFor();
    expect(await tabB.getByTestId('ballot-mine').evaluateAll((rows) => rows.map((r) => r.dataset.teamId))).toEqual([plan[0]]);
    await expectAccessible(tabA);
    await expectAccessible(tabB);
    await first.close();

    const started = Date.now();
    for (let from = 1; from < PHONES; from += BATCH) {
      await Promise.all(
        plan.slice(from, from + BATCH).map(async (teamId) => {
          const phone = await newPhone(h);
          try {
            const page = await phone.newPage();
            page.on('pageerror', (e) => pageErrors.push(e.message));
            await openBallot(page);
            const status = await tapAndSend(page, teamId);
            expect(status).toBe(200);
            await page.getByTestId('ballot-thanks').waitFor();
            expect(await page.getByTestId('ballot-mine').getAttribute('data-team-id')).toBe(teamId);
            accepted.set(teamId, accepted.get(teamId)! + 1);
          } finally {
            await phone.close();
          }
        }),
      );
    }
    console.log(`[vote] ${PHONES - 1} phones voted in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    expect([...accepted.values()]).toEqual([12, 9, 6, 3]);
    expect(pageErrors).toEqual([]);

    const expected = Object.fromEntries(accepted);
    const bars = () =>
      screen2
        .locator('[data-testid="vote-bar"]')
        .evaluateAll((rows) => Object.fromEntries(rows.map((r) => [r.dataset.teamId, Number(r.dataset.count)])));
    await expect.poll(bars).toEqual(expected);
    await expect
      .poll(async () => {
        const vote = await masterVote();
        return { ballots: vote?.ballots, tally: Object.fromEntries((vote?.tally ?? []).map((c) => [c.teamId, c.count])) };
      })
      .toEqual({ ballots: PHONES, tally: expected });
  }, 120_000);

  it('says the vote is over once it closes, and / is the app again', async () => {
    await expectOk(await master.put('/api/vote', { data: { open: false } }));
    // The open page learns it at its next read (about 5 s).
    await fromHome.getByTestId('ballot-closed').waitFor({ timeout: 15_000 });
    await fromHome.getByRole('heading', { name: ballotText.closed }).waitFor();
    await expectAccessible(fromHome);
    await fromHome.getByRole('link', { name: ballotText.toEvent }).click();
    await waitForApp(fromHome);
    expect(await fromHome.getByTestId('ballot').count()).toBe(0);
    expect(await fromHome.getByTestId('home-vote-link').count()).toBe(0);

    const anonymous = await request.newContext({ baseURL: h.url });
    const html = await (await anonymous.get('/')).text();
    await anonymous.dispose();
    expect(html).not.toContain('hoi-thi-ballot');
    expect(html).toContain('<title>Hội thi</title>');
  });

  it('takes up to two choices and a changed ballot when the vote allows changes', async () => {
    await expectOk(await master.put('/api/vote', { data: { open: true, teamIds: ids, choices: 2, changeable: true } }));
    const { phone, page } = await phoneWithBallot(h);
    const ballot = page.getByTestId('ballot');
    expect(await ballot.innerText()).toContain(ballotText.pickUpTo(2));
    await card(page, ids[0]!).tap();
    await card(page, ids[1]!).tap();
    await ballot.getByText(ballotText.pickedCount(2, 2)).waitFor();
    // A third is refused on the page, with the reason (the card is aria-disabled, yet a tap says why).
    await card(page, ids[2]!).tap({ force: true });
    expect(await card(page, ids[2]!).getAttribute('aria-pressed')).toBe('false');
    await page
      .getByRole('status')
      .filter({ hasText: ballotText.full(2) })
      .waitFor();
    await expectAccessible(page);

    const posted = page.waitForResponse(isBallotPost);
    await sendButton(page).tap();
    expect((await posted).status()).toBe(200);
    const mine = () => page.getByTestId('ballot-mine').evaluateAll((rows) => rows.map((r) => r.dataset.teamId));
    await page.getByTestId('ballot-thanks').waitFor();
    expect(await mine()).toEqual([ids[0], ids[1]]);

    // Changed: the second team for the fourth.
    await page.getByRole('button', { name: ballotText.change }).tap();
    expect(await card(page, ids[0]!).getAttribute('aria-pressed')).toBe('true');
    await card(page, ids[1]!).tap();
    await card(page, ids[3]!).tap();
    await sendButton(page).tap();
    await page.getByTestId('ballot-thanks').waitFor();
    await expect.poll(mine).toEqual([ids[0], ids[3]]);
    await expect
      .poll(async () => Object.fromEntries(((await masterVote())?.tally ?? []).map((c) => [c.teamId, c.count])))
      .toEqual({ [ids[0]!]: 1, [ids[1]!]: 0, [ids[2]!]: 0, [ids[3]!]: 1 });
    await phone.close();
    await expectOk(await master.put('/api/vote', { data: { open: false } }));
  });

  it('sends again by itself when the hall’s network is over its rate (429), and after its cookie was lost', async () => {
    await expectOk(await master.put('/api/vote', { data: { open: true, teamIds: ids } }));
    const deps = h.server.deps;
    const gate = deps.ballotGate;
    try {
      // A hall's burst already spent: one ballot at once, one more every 2.5 s.
      deps.ballotGate = new BallotGate({ burst: 1, perSecond: 0.4 });
      const pageErrors: string[] = [];
      const { phone, page } = await phoneWithBallot(h, pageErrors);
      // Another phone behind the same router takes the one ballot there is.
      const neighbour = await request.newContext({ baseURL: h.url });
      await neighbour.get('/api/vote');
      expect((await neighbour.post('/api/vote', { data: { teamIds: [ids[1]] } })).status()).toBe(200);
      await neighbour.dispose();

      const statuses = ballotPosts(page);
      await card(page, ids[2]!).tap();
      await sendButton(page).tap();
      // Asked to wait: a calm note and "Đang gửi lại…", no error.
      await page.getByRole('button', { name: ballotText.resending }).waitFor();
      expect(await page.getByTestId('ballot-status').innerText()).toBe(ballotText.resendingHint);
      expect(await page.getByRole('alert').innerText()).toBe('');
      expect(statuses[0]).toBe(429);
      // It lands by itself.
      await page.getByTestId('ballot-thanks').waitFor({ timeout: 20_000 });
      expect(await page.getByTestId('ballot-mine').getAttribute('data-team-id')).toBe(ids[2]);
      expect(statuses.at(-1)).toBe(200);

      // A phone whose cookie is lost after the page loaded: its send reads the vote again and lands.
      deps.ballotGate = new BallotGate({ burst: 100, perSecond: 20 });
      const { phone: forgetful, page: second } = await phoneWithBallot(h, pageErrors);
      await forgetful.clearCookies();
      const posts = ballotPosts(second);
      await card(second, ids[3]!).tap();
      await sendButton(second).tap();
      await second.getByTestId('ballot-thanks').waitFor();
      expect(posts).toEqual([403, 200]);
      expect(pageErrors).toEqual([]);

      await expect
        .poll(async () => Object.fromEntries(((await masterVote())?.tally ?? []).map((c) => [c.teamId, c.count])))
        .toEqual({ [ids[0]!]: 0, [ids[1]!]: 1, [ids[2]!]: 1, [ids[3]!]: 1 });
      await phone.close();
      await forgetful.close();
    } finally {
      deps.ballotGate = gate;
      await expectOk(await master.put('/api/vote', { data: { open: false } }));
    }
  }, 90_000);
});
