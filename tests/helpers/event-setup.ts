/** An event's content made on the server in a test: score fields, question sets, points, and the audit log read back. */
import type { Kysely } from 'kysely';
import { expect } from 'vitest';
import type { Database } from '../../src-server/db/types';
import type { Caller, TestApp } from './test-app';

type ScoreFieldData = Parameters<Caller['scoreField']['create']>[0]['data'];
type QuestionSetData = Parameters<Caller['questionSet']['create']>[0]['data'];

/** The usual judged criterion: 0 to 10 in steps of 0.5. */
export const JUDGED_FIELD = { name: 'f', label: 'Tiêu chí', maxPoint: 10, step: 0.5 } satisfies ScoreFieldData;
/** The usual field of round 1's answers: 0 to 100 in steps of 5. */
export const ANSWERS_FIELD = { name: 'phan-1', label: 'Phần 1', kind: 'answers', maxPoint: 100, step: 5 } satisfies ScoreFieldData;

/** Judge accounts `usernames`, each logged in: their ids, session cookies and callers, in order. */
export async function createJudges(t: TestApp, usernames: readonly string[]): Promise<{ id: string; cookie: string; caller: Caller }[]> {
  const judges: { id: string; cookie: string; caller: Caller }[] = [];
  for (const username of usernames) {
    const id = await t.createUser(username, 'judge');
    const cookie = await t.login(username);
    judges.push({ id, cookie, caller: await t.caller(cookie) });
  }
  return judges;
}

/** Creates the teams `names`, in order, as the admin: their ids. */
export async function createTeams(admin: Caller, names: readonly string[]): Promise<string[]> {
  const ids: string[] = [];
  for (const name of names) ids.push((await admin.team.create({ data: { name } })).item._id);
  return ids;
}

/** POSTs each body to `path` in turn (a new record goes to the end of its list) as the holder of `cookie`; each answered 200. */
export async function postEach(t: TestApp, cookie: string, path: string, bodies: readonly unknown[]): Promise<void> {
  for (const body of bodies) {
    const res = await t.request('POST', path, { cookie, body });
    expect(res.status, `${path}: ${await res.clone().text()}`).toBe(200);
  }
}

/** Creates the score fields, in order, as the admin. */
export async function createScoreFields(admin: Caller, fields: readonly ScoreFieldData[]): Promise<void> {
  for (const data of fields) await admin.scoreField.create({ data });
}

/** Creates a question set of round `set` as the admin: its id and its questions' ids, in order. */
export async function createQuestionSet(admin: Caller, set: number, data: QuestionSetData): Promise<{ id: string; questionIds: string[] }> {
  const { item } = await admin.questionSet.create({ set, data });
  return { id: item._id, questionIds: item.items.map((q) => q.id) };
}

/** The admin enters, for judge `gkId`, each team's points by field name (teams by name, `ids` giving their ids). */
export async function enterPoints(
  admin: Caller,
  gkId: string,
  ids: (teamName: string) => string,
  points: Record<string, Record<string, number>>,
): Promise<void> {
  for (const [teamName, byField] of Object.entries(points)) {
    for (const [fieldName, point] of Object.entries(byField)) {
      await admin.scoring.adminSubmit({ teamId: ids(teamName), gkId, fieldName, point });
    }
  }
}

/** The scores the audit log alone rebuilds, by "team|judge|field": each entry's new point, in the log's order. */
export async function scoresFromLog(db: Kysely<Database>): Promise<Map<string, number>> {
  const entries = await db.selectFrom('score_events').select(['team_id', 'gk_id', 'field_name', 'new_point']).orderBy('id').execute();
  const scores = new Map<string, number>();
  for (const e of entries) {
    const key = `${e.team_id}|${e.gk_id}|${e.field_name}`;
    if (e.new_point === null) scores.delete(key);
    else scores.set(key, e.new_point);
  }
  return scores;
}

/** How many rows `table` holds. */
export async function countRows(db: Kysely<Database>, table: keyof Database): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
