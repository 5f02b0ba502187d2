/**
 * The audience vote on the console at 1440×900: a vote for four of the demo's teams, open with
 * minutes left, 24 phones' ballots in its bars, on screen 2; beside it, the livestream overlay's scene;
 * then the ballots by address with a script's flood among them, its discard's confirmation, and after.
 */
import { type APIRequestContext, request } from 'playwright-core';
import { beforeAll, it } from 'vitest';
import { loadDemoEvent } from '../../src-server/demo/load';
import { describeInBrowser, expectOk, openAs, requestAs, waitForApp } from '../e2e/harness';
import { votesFromPhones } from './phone-votes';
import { shoot } from './shots';

const CONSOLE = { width: 1440, height: 900 };

describeInBrowser('screenshots: the audience vote on the console', (h) => {
  let master: APIRequestContext;
  let teamIds: string[] = [];

  beforeAll(async () => {
    const { db } = h.server.deps;
    await loadDemoEvent(db, h.server.deps.hub);
    teamIds = (await db.selectFrom('teams').select('id').orderBy('priority').execute()).map((r) => r.id);
    master = await requestAs(h, 'master');
    const set = (await (await master.get('/api/fw-question/all')).json()).items[0] as { _id: string; items: { id: string }[] };
    await expectOk(await master.put('/api/show', { data: { changes: { fw: 1, setId: set._id, questionId: set.items[0]!.id } } }));
  }, 90_000);

  it('vote-console.png: an open vote with its live tally', async () => {
    const ballot = teamIds.slice(0, 4);
    await expectOk(await master.put('/api/vote', { data: { open: true, teamIds: ballot, closesAt: Date.now() + 5 * 60_000 } }));
    await votesFromPhones(h, ballot, [11, 7, 4, 2]); // 24 phones, each a device of its own
    await expectOk(await master.put('/api/show', { data: { changes: { screen2: 'vote' } } }));

    const { page } = await openAs(h, '/master', 'master', CONSOLE);
    // The faces are `font-display: optional`: a first visit whose fonts come late keeps the system
    // face. Once more, with the fonts in the cache, as the console looks on the night.
    await page.reload();
    await waitForApp(page);
    const panel = page.getByTestId('vote-panel');
    await panel.getByTestId('vote-ballots').filter({ hasText: 'Tổng số phiếu: 24' }).waitFor();
    await panel.evaluate((element) => element.scrollIntoView({ block: 'end' }));
    // The miniature of /screen is a page of its own: its scene has faded in too.
    const mini = page.frameLocator('[data-testid="mini-screen"]');
    await mini.getByTestId('stage-canvas').waitFor();
    const miniFrame = page.frames().find((frame) => frame.url().includes('/screen?preview=1'));
    await miniFrame?.waitForFunction(() =>
      document
        .getAnimations()
        .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Number.POSITIVE_INFINITY),
    );
    await shoot(page, 'vote-console');
  });

  it('vote-sources.png: a script’s flood from one address beside the hall’s phones, then discarded', async () => {
    const { db } = h.server.deps;
    const { vote } = await (await master.get('/api/vote')).json();
    // 180 ballots a script cast from one network, and a blind loop of POSTs without the page's cookie.
    await db
      .insertInto('ballots')
      .values(
        Array.from({ length: 180 }, (_, i) => ({
          vote_id: Number(vote._id),
          device: `flood-${i}`,
          team_ids: JSON.stringify([vote.teamIds[3]]),
          address: '2001:db8:4a:17::/64',
        })),
      )
      .execute();
    const blind = await request.newContext({ baseURL: h.url });
    for (let i = 0; i < 12; i++) await blind.post('/api/vote', { data: { teamIds: [vote.teamIds[3]] } });
    await blind.dispose();

    const { page } = await openAs(h, '/master', 'master', CONSOLE);
    await page.reload();
    await waitForApp(page);
    const panel = page.getByTestId('vote-panel');
    const sources = panel.getByTestId('vote-sources');
    await panel.getByTestId('vote-ballots').filter({ hasText: 'Tổng số phiếu: 204' }).waitFor();
    await sources.locator('[data-testid="vote-source"][data-refused="12"]').waitFor();
    await sources.evaluate((element) => element.scrollIntoView({ block: 'end' }));
    await shoot(page, 'vote-sources');

    await sources.getByRole('button', { name: 'Loại phiếu từ 2001:db8:4a:17::/64' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(/không hoàn tác được/).waitFor();
    await shoot(page, 'vote-sources-confirm');
    await dialog.getByRole('button', { name: 'Loại phiếu' }).click();
    await panel.getByTestId('vote-ballots').filter({ hasText: 'Tổng số phiếu: 24' }).waitFor();
    await sources.evaluate((element) => element.scrollIntoView({ block: 'end' }));
    await shoot(page, 'vote-sources-discarded', { withoutToasts: true });
  });
});
