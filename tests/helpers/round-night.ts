/** A round played on the server in a test: the admin, the master and a team account per team, each signed in. */
import { createQuestionSet } from './event-setup';
import { type Caller, createTestApp, type TestApp } from './test-app';

export type { Caller };

export interface RoundNight {
  t: TestApp;
  admin: Caller;
  master: Caller;
  /** One caller per team, in the order of `teamIds`: the accounts doi1, doi2… */
  teams: Caller[];
  teamIds: string[];
}

/**
 * A fresh test app with the teams `teamNames`, the admin, the master (dieukhien, named `masterName`
 * when given) and the team accounts.
 */
export async function createRoundNight(teamNames: readonly string[], { masterName }: { masterName?: string } = {}): Promise<RoundNight> {
  const t = await createTestApp();
  await t.createUser('admin', 'admin');
  const admin = await t.caller(await t.login('admin'));
  const teamIds: string[] = [];
  for (const name of teamNames) teamIds.push((await admin.team.create({ data: { name } })).item._id);
  const masterId = await t.createUser('dieukhien', 'master');
  if (masterName) await t.deps.db.updateTable('users').set({ full_name: masterName }).where('id', '=', masterId).execute();
  const teams: Caller[] = [];
  for (const [i, teamId] of teamIds.entries()) {
    await t.createUser(`doi${i + 1}`, 'team', { teamId });
    teams.push(await t.caller(await t.login(`doi${i + 1}`)));
  }
  const master = await t.caller(await t.login('dieukhien'));
  return { t, admin, master, teams, teamIds };
}

/** A round night with one question on stage, open for the teams' answers for a minute. */
export async function createAnsweringNight(teamNames: readonly string[]): Promise<RoundNight & { questionId: string }> {
  const night = await createRoundNight(teamNames);
  const set = await createQuestionSet(night.admin, 1, {
    title: 'Khởi động',
    items: [{ content: 'Câu 1?', options: ['A', 'B'], answer: 'A', point: 10, timeLimit: 60 }],
  });
  const questionId = set.questionIds[0]!;
  await night.master.show.update({ changes: { phase: 'round', fw: 1, setId: set.id } });
  await night.master.show.update({
    changes: { questionId, phase: 'question', answersOpen: true, timer: { action: 'start', durationMs: 60_000 } },
  });
  return { ...night, questionId };
}
