/**
 * The projector with long content (issue 25, point 8): a question whose one long option shares the
 * others' size at 1024×768, screen 2's answer cards with two long names that differ only at the end,
 * and the console's screens panel telling the crew that a projector still needs its click.
 */
import type { APIRequestContext } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import type { TQuestionSet } from '../../src/schemas/questionSet';
import { seatTeamAccount, useDemoStage } from '../e2e/demo';
import { describeInBrowser, openAs, pageAs, requestAs, trpcMutation } from '../e2e/harness';
import { LONG_NAMES, LONG_OPTIONS } from '../e2e/screens';
import { shoot } from './shots';

describeInBrowser('screenshots: long options and long names on the projector', (h) => {
  let set: TQuestionSet;
  let phones: APIRequestContext[];
  let teamIds: string[];
  const stage = useDemoStage(h);
  const { show } = stage;

  beforeAll(async () => {
    const admin = await requestAs(h, 'admin');
    ({ item: set } = (await trpcMutation(admin, 'questionSet.create', {
      set: 1,
      data: {
        title: 'Thăng Long nghìn năm',
        items: [
          { content: 'Điềm lành nào đã đặt tên cho kinh đô Thăng Long?', options: LONG_OPTIONS, answer: LONG_OPTIONS[0], timeLimit: 30 },
        ],
      },
    })) as { item: TQuestionSet });
    // The harness's team account (seated in the demo's first team) and doi2's team take the long names.
    await seatTeamAccount(h);
    phones = [
      await requestAs(h, 'team'),
      await requestAs(h, { username: 'doi2', password: stage.logins.find((l) => l.username === 'doi2')!.password }),
    ];
    teamIds = [];
    for (const [index, phone] of phones.entries()) {
      const { user } = (await (await phone.get('/api/state')).json()) as { user: { teamId: string } };
      await trpcMutation(admin, 'team.update', { _id: user.teamId, changes: { name: LONG_NAMES[index] } });
      teamIds.push(user.teamId);
    }
  });

  it('shows a long option at the others’ size on a 1024×768 projector', async () => {
    const questionId = set.items[0]!.id;
    await show({
      fw: 1,
      setId: set._id,
      questionId,
      phase: 'question',
      activeTeamId: teamIds[0]!,
      answersOpen: true,
      timer: { action: 'start' },
    });
    const { page } = await openAs(h, '/screen', null, { width: 1024, height: 768 });
    await page.mouse.click(512, 384);
    await page.getByTestId('start-hint').waitFor({ state: 'detached' });
    await page.locator('[data-testid="countdown"][data-running]').waitFor();
    await shoot(page, 'projector-long-options-1024x768');

    // Both long-named teams answer; screen 2 shows their cards.
    for (const [index, phone] of phones.entries()) {
      await trpcMutation(phone, 'show.submitAnswer', { questionId, answer: LONG_OPTIONS[index * 2]! });
    }
    await trpcMutation(stage.master, 'show.verdict', { questionId, teamId: teamIds[0]!, verdict: 'right' });
    await trpcMutation(stage.master, 'show.verdict', { questionId, teamId: teamIds[1]!, verdict: 'wrong' });
    await show({ phase: 'answer', answersOpen: false, screen2: 'answers', shownAnswers: teamIds });
    for (const size of [
      { width: 1920, height: 1080 },
      { width: 1024, height: 768 },
    ]) {
      const screen2 = await openAs(h, '/screen2', null, size);
      await screen2.page.mouse.click(size.width / 2, size.height / 2);
      await expect.poll(() => screen2.page.locator('[data-testid="shown-answer"][data-verdict]').count()).toBe(2);
      await shoot(screen2.page, `projector-screen2-long-names-${size.width}x${size.height}`);
    }
  });

  it('tells the console, not the hall, that a projector still needs its click', async () => {
    await openAs(h, '/screen2', null, { width: 1280, height: 720 });
    const { page } = await pageAs(h, 'master', { width: 1440, height: 900 });
    await page.goto('/master');
    await page.locator('[data-testid="projector-line"][data-state="click"]').first().waitFor({ timeout: 15_000 });
    await shoot(page, 'master-projectors-status');
  });
});
