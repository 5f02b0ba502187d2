/**
 * The race the client's live store guards against (`liveWins`, src-client/hooks/liveEvents.ts): a
 * query's answer read before an event but delivered after that event's live message. Each test holds
 * the screen's tRPC read once the server has answered it, makes newer data arrive live, waits until
 * the screen shows it, then lets the older answer through: the screen keeps the newer data, since
 * event order decides and not the order of arrival.
 */
import { type APIRequestContext, type APIResponse, type Request, type Route, request } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import type { Role } from '../../src/constants';
import { projectorText } from '../../src/messages/projector';
import type { TQuestionSet } from '../../src/schemas/questionSet';
import type { TTeamListItem } from '../../src/schemas/system';
import { loadDemoEvent } from '../../src-server/demo/load';
import {
  ACCOUNTS,
  describeInBrowser,
  expectOk,
  type Harness,
  nextFrame,
  pageAs,
  putShow,
  requestAs,
  trpcMutation,
  waitForApp,
} from './harness';

const TEAM_NAME = 'THPT Chu Văn An';
const ANSWER = 'Hồ Hoàn Kiếm';

/** The procedures a tRPC address names: `/trpc/a,b?batch=1…` names a and b. */
function proceduresOf(url: URL): string[] {
  return url.pathname.startsWith('/trpc/') ? decodeURIComponent(url.pathname.slice('/trpc/'.length)).split(',') : [];
}

type Answer = { result: { data: unknown } };

/**
 * A page whose tRPC reads of `procedure` are held: each reaches the server, which answers it then,
 * but the page gets the answers only at `release`. The page counts the reads it sends (its own
 * `fetch`), so `answered` knows it holds them all: a screen may send one read twice, cancelling the
 * first (a query enabled and refetched at once), and the one it keeps must be held too.
 */
async function openHoldingReads(
  h: Harness,
  route: string,
  who: Role | null,
  viewport: { width: number; height: number },
  procedure: string,
) {
  const { context, page, errors } = who ? await pageAs(h, who, viewport) : await h.newPage(viewport);
  await page.addInitScript((name) => {
    const counted = window as unknown as { __readsSent: number };
    counted.__readsSent = 0;
    const original = window.fetch.bind(window);
    window.fetch = (input, init) => {
      const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, window.location.href);
      if (url.pathname.startsWith('/trpc/') && decodeURIComponent(url.pathname.slice(6)).split(',').includes(name)) counted.__readsSent++;
      return original(input, init);
    };
  }, procedure);
  const held: { route: Route; response: APIResponse; data: unknown }[] = [];
  let released = false;
  await page.route(
    (url) => proceduresOf(url).includes(procedure),
    async (intercepted) => {
      if (released) return intercepted.continue();
      const response = await intercepted.fetch();
      // One procedure's answer, or a batch's list of them in the address's order.
      const body = (await response.json()) as Answer | Answer[];
      const answer = Array.isArray(body) ? body[proceduresOf(new URL(intercepted.request().url())).indexOf(procedure)] : body;
      held.push({ route: intercepted, response, data: answer?.result.data });
    },
  );
  await page.goto(route);
  await waitForApp(page);

  const reads = {
    /** Once the page has sent a read and the server has answered every read it sent: their data. */
    // biome-ignore lint/suspicious/noExplicitAny: the tests read the answers field by field
    async answered(): Promise<any[]> {
      await expect.poll(() => held.length).toBeGreaterThan(0);
      await nextFrame(page);
      const sent = await page.evaluate(() => (window as unknown as { __readsSent: number }).__readsSent);
      await expect.poll(() => held.length).toBe(sent);
      return held.map((read) => read.data);
    },
    /** Gives the page the held answers (as the server answered them); resolves once it has them all and has painted twice more. */
    async release(): Promise<void> {
      released = true;
      const requests = new Set<Request>(held.map((read) => read.route.request()));
      const done = new Promise<void>((resolve) => {
        const settle = (request: Request) => {
          requests.delete(request);
          if (!requests.size) resolve();
        };
        page.on('requestfinished', settle);
        page.on('requestfailed', settle);
      });
      for (const read of held) await read.route.fulfill({ response: read.response });
      await done;
      await nextFrame(page);
    },
  };
  return { context, page, errors, reads };
}

describeInBrowser('a read overtaken by a live event', (h) => {
  let master: APIRequestContext;
  let round1: TQuestionSet;
  const teamIds: Record<string, string> = {};

  beforeAll(async () => {
    await loadDemoEvent(h.server.deps.db, h.server.deps.hub);
    master = await requestAs(h, 'master');
    for (const team of (await expectOk(await master.get('/api/state'))).listTeam as TTeamListItem[]) teamIds[team.name] = team._id;
    round1 = ((await expectOk(await master.get('/api/fw-question/all'))).items as TQuestionSet[])[0]!;
    // The harness made the team account before the demo's teams: it sits in the first one now.
    await h.server.deps.db
      .updateTable('users')
      .set({ team_id: teamIds[TEAM_NAME]! })
      .where('username', '=', ACCOUNTS.team.username)
      .execute();
  }, 60_000);

  it('the team’s phone keeps its answer and verdict when its older `show.mine` read arrives after them', async () => {
    const { page, context, errors, reads } = await openHoldingReads(h, '/team', 'team', { width: 390, height: 844 }, 'show.mine');
    await page.getByTestId('team-waiting').waitFor();

    // The question goes on air: the phone reads its own answer, and the server answers "none yet".
    const questionId = round1.items[0]!.id;
    await putShow(master, { fw: 1, setId: round1._id, questionId, phase: 'question', answersOpen: true });
    for (const stale of await reads.answered()) expect(stale).toMatchObject({ questionId, answer: null, verdict: null });

    // Meanwhile the team answers and the master judges it right: the phone hears both live.
    await trpcMutation(context.request, 'show.submitAnswer', { questionId, answer: ANSWER });
    await trpcMutation(master, 'show.verdict', { questionId, teamId: teamIds[TEAM_NAME], verdict: 'right' });
    const verdict = page.locator('[data-testid="team-verdict"][data-verdict="right"]');
    await verdict.waitFor();
    await page.getByTestId('team-sent').filter({ hasText: ANSWER }).waitFor();

    // The older reads arrive last: the phone still shows the answer and its verdict.
    await reads.release();
    expect(await verdict.count()).toBe(1);
    expect(await page.getByTestId('team-sent').innerText()).toContain(ANSWER);
    expect(await page.getByTestId('team-answer-input').count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('screen 2 keeps the newer tally when its older `vote.get` read arrives after the ballots', async () => {
    const ids = Object.values(teamIds).slice(0, 3);
    await expectOk(await master.put('/api/vote', { data: { open: true, teamIds: ids } }));
    const { page, errors, reads } = await openHoldingReads(h, '/screen2', null, { width: 1280, height: 720 }, 'vote.get');
    await page.getByTestId('projector').waitFor();

    // The vote goes on screen 2: the view reads the vote, and the server answers "no ballots yet".
    await putShow(master, { screen2: 'vote' });
    for (const stale of await reads.answered()) expect(stale.vote).toMatchObject({ open: true, ballots: 0 });

    // Meanwhile three phones vote: two for the first team, one for the second; screen 2 hears it live.
    for (const teamId of [ids[0], ids[0], ids[1]]) {
      const phone = await request.newContext({ baseURL: h.url });
      await phone.get('/api/vote');
      await expectOk(await phone.post('/api/vote', { data: { teamIds: [teamId] } }));
      await phone.dispose();
    }
    const counts = () =>
      page.getByTestId('vote-bar').evaluateAll((rows) => Object.fromEntries(rows.map((r) => [r.dataset.teamId, r.dataset.count])));
    const newer = { [ids[0]!]: '2', [ids[1]!]: '1', [ids[2]!]: '0' };
    await expect.poll(counts).toEqual(newer);
    const ballots = page.getByTestId('vote-ballots');
    await ballots.filter({ hasText: projectorText.vote.ballots(3) }).waitFor();

    // The older read arrives last: the tally stays the newer one.
    await reads.release();
    expect(await counts()).toEqual(newer);
    expect(await ballots.innerText()).toBe(projectorText.vote.ballots(3));
    expect(errors).toEqual([]);
    await expectOk(await master.put('/api/vote', { data: { open: false } }));
  });
});
