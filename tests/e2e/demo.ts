/** The demo event on the browser tests' server: loading it, the team account's seat, and round 1 at rest. */
import type { APIRequestContext } from 'playwright-core';
import { beforeAll, expect } from 'vitest';
import type { TQuestionSet } from '../../src/schemas/questionSet';
import type { ShowState, TShowChanges } from '../../src/schemas/show';
import type { TTeamListItem } from '../../src/schemas/system';
import { type DemoLogin, loadDemoEvent } from '../../src-server/demo/load';
import { ACCOUNTS, type Harness, requestAs } from './harness';

/** The demo's first team. */
const FIRST_TEAM = 'THPT Chu Văn An';

/** Seats the harness's team account in the team named `teamName` (the harness made it before the demo's teams existed). */
export async function seatTeamAccount(h: Harness, teamName = FIRST_TEAM): Promise<void> {
  const { db } = h.server.deps;
  const team = await db.selectFrom('teams').select('id').where('name', '=', teamName).executeTakeFirstOrThrow();
  await db.updateTable('users').set({ team_id: team.id }).where('username', '=', ACCOUNTS.team.username).execute();
}

/** Loads the demo event and seats the harness's team account in the team named `teamName`; the demo's own logins. */
export async function loadDemoWithTeam(h: Harness, teamName = FIRST_TEAM): Promise<DemoLogin[]> {
  const logins = await loadDemoEvent(h.server.deps.db, h.server.deps.hub);
  await seatTeamAccount(h, teamName);
  return logins;
}

/** A test block's demo stage: the demo's logins, the master's session, round 1's first set and the eight teams. */
interface DemoStage {
  logins: DemoLogin[];
  master: APIRequestContext;
  round1: TQuestionSet;
  teams: TTeamListItem[];
  /** A show move as the master, expecting a 200; the show as it stands after it. */
  show(changes: TShowChanges): Promise<ShowState>;
}

/** Sets up a demo stage in beforeAll (the demo loaded); the fields are filled in once beforeAll has run. */
export function useDemoStage(h: Harness): DemoStage {
  const stage: DemoStage = {
    logins: [],
    master: undefined as unknown as APIRequestContext,
    round1: undefined as unknown as TQuestionSet,
    teams: [],
    async show(changes) {
      const response = await stage.master.put('/api/show', { data: { changes } });
      expect(response.status(), await response.text()).toBe(200);
      return ((await response.json()) as { system: ShowState }).system;
    },
  };
  beforeAll(async () => {
    stage.logins = await loadDemoEvent(h.server.deps.db, h.server.deps.hub);
    stage.master = await requestAs(h, 'master');
    stage.round1 = ((await (await stage.master.get('/api/fw-question/all')).json()) as { items: TQuestionSet[] }).items[0]!;
    stage.teams = ((await (await stage.master.get('/api/state')).json()) as { listTeam: TTeamListItem[] }).listTeam;
    expect(stage.teams).toHaveLength(8);
  });
  return stage;
}

/** Round 1's set `setId` at rest: no question, nothing on screen, screen 2 on the logo, nobody on stage, the timer reset. */
export function idleRound1(setId: string): TShowChanges {
  return { fw: 1, setId, questionId: null, phase: 'idle', screen2: 'logo', activeTeamId: null, timer: { action: 'reset' } };
}
