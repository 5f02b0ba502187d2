/**
 * The audience vote on the projectors and the livestream overlay: /screen's vote phase (an open vote,
 * its QR code and live tally, at 1920×1080 and 1280×720), screen 2's vote mode with the final result,
 * and the overlay's lower third, scoreboard and vote. The overlay is taken with a transparent background and
 * laid over a grey and white checkerboard (in the browser), so the picture shows what is see-through.
 */
import type { APIRequestContext, Page } from 'playwright-core';
import { beforeAll, it } from 'vitest';
import type { TQuestionSet } from '../../src/schemas/questionSet';
import type { TShowChanges } from '../../src/schemas/show';
import type { TTeamListItem } from '../../src/schemas/system';
import { loadDemoEvent } from '../../src-server/demo/load';
import { describeInBrowser, expectOk, type Harness, putShow, requestAs } from '../e2e/harness';
import { FULL_HD, HD, openScreen } from '../e2e/screens';
import { votesFromPhones } from './phone-votes';
import { settled, shoot } from './shots';

/** The overlay as OBS would take it (transparent), laid over a checkerboard and saved as `<name>.png`. */
async function shootOverChecks(h: Harness, overlay: Page, name: string): Promise<void> {
  await settled(overlay);
  const png = await overlay.screenshot({ omitBackground: true });
  const { page } = await h.newPage(FULL_HD);
  await page.setContent(
    `<!doctype html><html><body style="margin:0;background:repeating-conic-gradient(#c8c8c8 0 25%, #fff 0 50%) 0 0 / 40px 40px">` +
      `<img style="display:block;width:${FULL_HD.width}px;height:${FULL_HD.height}px" src="data:image/png;base64,${png.toString('base64')}"></body></html>`,
  );
  await shoot(page, name);
}

describeInBrowser('screenshots: the audience vote and the livestream overlay', (h) => {
  let master: APIRequestContext;
  let admin: APIRequestContext;
  let round1: TQuestionSet;
  let teams: TTeamListItem[];

  const show = (changes: TShowChanges) => putShow(master, changes);

  beforeAll(async () => {
    await loadDemoEvent(h.server.deps.db, h.server.deps.hub);
    master = await requestAs(h, 'master');
    admin = await requestAs(h, 'admin');
    round1 = ((await (await master.get('/api/fw-question/all')).json()) as { items: TQuestionSet[] }).items[0]!;
    teams = ((await (await master.get('/api/state')).json()) as { listTeam: TTeamListItem[] }).listTeam;
    // A night under way: the judges' points of round 3 for every team, so the boards have an order.
    const points = [17.5, 15, 18.5, 12, 16, 14.5, 11, 13];
    for (const [index, team] of teams.entries()) {
      await expectOk(
        await admin.post('/api/cham-thi/admin-submit-all', { data: { teamId: team._id, point: points[index], fieldName: 'phan-3' } }),
      );
    }
  }, 90_000);

  it('vote-screen.png, vote-screen-720p.png: an open vote with its QR code and live tally', async () => {
    const ballot = teams.slice(0, 4).map((t) => t._id);
    await expectOk(await master.put('/api/vote', { data: { open: true, teamIds: ballot, closesAt: Date.now() + 5 * 60_000 } }));
    await votesFromPhones(h, ballot, [11, 7, 4, 2]); // 24 phones, each a device of its own
    await show({ fw: 1, setId: round1._id, phase: 'vote' });
    for (const [viewport, name] of [
      [FULL_HD, 'vote-screen'],
      [HD, 'vote-screen-720p'],
    ] as const) {
      const { page } = await openScreen(h, '/screen', viewport);
      await page.getByTestId('vote-ballots').filter({ hasText: 'Tổng số phiếu: 24' }).waitFor();
      await page.getByTestId('vote-qr').waitFor();
      await shoot(page, name);
    }
  });

  it('vote-screen2.png: the final result on screen 2', async () => {
    await expectOk(await master.put('/api/vote', { data: { open: false } }));
    await show({ screen2: 'vote' });
    const { page } = await openScreen(h, '/screen2');
    await page.locator('[data-testid="vote-view"][data-state="closed"]').waitFor();
    await page.locator('[data-testid="vote-bar"][data-winner]').waitFor();
    await shoot(page, 'vote-screen2');
  });

  it('overlay-lower-third.png, overlay-scoreboard.png, overlay-vote.png: the livestream overlay over a checkerboard', async () => {
    const question = round1.items[3]!;
    await show({
      phase: 'question',
      questionId: question.id,
      activeTeamId: teams[2]!._id,
      overlay: 'lowerThird',
      timer: { action: 'start', durationMs: 45_000 },
    });
    const { page } = await h.newPage(FULL_HD);
    await page.goto('/screen?overlay=1');
    await page.getByTestId('overlay-question').waitFor();
    await page.locator('[data-testid="countdown"][data-running]').waitFor();
    await shootOverChecks(h, page, 'overlay-lower-third');

    await show({ overlay: 'scoreboard' });
    await page.getByTestId('overlay-scoreboard').waitFor();
    await shootOverChecks(h, page, 'overlay-scoreboard');

    // The vote's scene, with the result of the vote above.
    await show({ overlay: 'vote' });
    await page.locator('[data-testid="overlay-vote"] [data-testid="vote-bar"][data-winner]').waitFor();
    await shootOverChecks(h, page, 'overlay-vote');
    await show({ overlay: 'lowerThird', timer: { action: 'reset' } });
  });
});
