/** The demo event on the browser tests' server, with a phone signed in for each of the first teams. */
import type { APIRequestContext } from 'playwright-core';
import { beforeAll } from 'vitest';
import { loadDemoEvent } from '../../src-server/demo/load';
import { ACCOUNTS, expectOk, type Harness, requestAs } from '../e2e/harness';

export interface DemoSet {
  _id: string;
  title: string;
  items: { id: string; content: string }[];
}

export interface DemoNight {
  master: APIRequestContext;
  /** The phones of the first `phones` teams, in the demo's order. */
  teams: APIRequestContext[];
  /** Every demo team's id, in the demo's order. */
  teamIds: string[];
  sets: DemoSet[];
}

/**
 * Loads the demo event; the harness's team account joins team number `accountTeam`; a new team
 * account (`<prefix><i>`) per team of the first `phones` signs in; the master reads the sets at `setPaths`.
 */
export async function openDemoNight(
  h: Harness,
  { phones, prefix, accountTeam, setPaths }: { phones: number; prefix: string; accountTeam: number; setPaths: string[] },
): Promise<DemoNight> {
  const { db } = h.server.deps;
  await loadDemoEvent(db, h.server.deps.hub);
  const rows = await db.selectFrom('teams').select(['id', 'name']).orderBy('priority').execute();
  const teamIds = rows.map((r) => r.id);
  await db.updateTable('users').set({ team_id: teamIds[accountTeam]! }).where('username', '=', ACCOUNTS.team.username).execute();
  const admin = await requestAs(h, 'admin');
  const teams: APIRequestContext[] = [];
  for (const [i, teamId] of teamIds.slice(0, phones).entries()) {
    const account = { username: `${prefix}${i}`, password: 'mat-khau-doi-thi' };
    await expectOk(await admin.post('/api/user', { data: { user: { ...account, fullName: rows[i]!.name, role: 'team', teamId } } }));
    teams.push(await requestAs(h, account));
  }
  const master = await requestAs(h, 'master');
  const sets: DemoSet[] = [];
  for (const path of setPaths) sets.push(...((await (await master.get(path)).json()).items as DemoSet[]));
  return { master, teams, teamIds, sets };
}

/** The screenshot tests' viewports: the console, the stage screen and a phone. */
export const CONSOLE = { width: 1440, height: 900 };
export const STAGE = { width: 1920, height: 1080 };
export const PHONE = { width: 390, height: 844 };

/**
 * openDemoNight in a beforeAll of the calling describe block. `night` forwards to the opened night
 * (inside tests and hooks only); `show` puts show changes as the master; `setOf` finds a set by title.
 */
export function demoNightForBlock(h: Harness, options: Parameters<typeof openDemoNight>[1]) {
  let current: DemoNight | undefined;
  beforeAll(async () => {
    current = await openDemoNight(h, options);
  }, 90_000);
  const night = new Proxy({} as DemoNight, {
    get(_, key) {
      if (!current) throw new Error('demoNightForBlock: the night opens in beforeAll; use it inside a test or a hook');
      return current[key as keyof DemoNight];
    },
  });
  return {
    night,
    show: async (changes: object) => expectOk(await night.master.put('/api/show', { data: { changes } })),
    setOf: (title: string) => night.sets.find((s) => s.title === title)!,
  };
}
