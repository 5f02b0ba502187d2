/** The pad and the team screen on a small phone (360×640) during a live question, demo event. */
import type { APIRequestContext } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import type { TQuestionSet } from '../../src/schemas/questionSet';
import type { TShowChanges } from '../../src/schemas/show';
import type { TTeamListItem } from '../../src/schemas/system';
import { type DemoLogin, loadDemoEvent } from '../../src-server/demo/load';
import { describeInBrowser, openAs, requestAs } from '../e2e/harness';
import { shoot } from './shots';

const SMALL_PHONE = { width: 360, height: 640 };

describeInBrowser('screenshots: phones at 360×640', (h) => {
  let master: APIRequestContext;
  let logins: DemoLogin[];

  async function show(changes: TShowChanges): Promise<void> {
    const response = await master.put('/api/show', { data: { changes } });
    expect(response.status(), await response.text()).toBe(200);
  }
  const login = (role: 'judge' | 'team') => {
    const found = logins.find((l) => l.role === role)!;
    return { username: found.username, password: found.password };
  };

  beforeAll(async () => {
    logins = await loadDemoEvent(h.server.deps.db, h.server.deps.hub);
    master = await requestAs(h, 'master');
    const round2 = ((await (await master.get('/api/fw-question-2/all')).json()) as { items: TQuestionSet[] }).items[0]!;
    const teams = ((await (await master.get('/api/state')).json()) as { listTeam: TTeamListItem[] }).listTeam;
    await show({ fw: 2, setId: round2._id, questionId: round2.items[0]!.id, phase: 'question', activeTeamId: teams[1]!._id });
    await show({ activeField: 'phan-2', scoringOpen: true, answersOpen: true, timer: { action: 'start' } });
  });

  it('pad-360x640, team-360x640', async () => {
    const pad = await openAs(h, '/supporter', login('judge'), SMALL_PHONE);
    await pad.page.getByTestId('judge-pad').waitFor();
    await shoot(pad.page, 'pad-360x640');
    const team = await openAs(h, '/team', login('team'), SMALL_PHONE);
    await shoot(team.page, 'team-360x640');
  });
});
