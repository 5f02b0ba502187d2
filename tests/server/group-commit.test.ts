/**
 * Group commit (src-server/features/live/batch.ts): writes arriving together share one transaction
 * and one commit, each in its own savepoint. A write that fails takes back only its own changes and
 * its caller gets its own error; the others commit, and every screen follows their events in id order
 * with nothing skipped (the replay a reconnecting screen gets lists exactly the stored events).
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { messages } from '../../src/messages';
import { AppError } from '../../src-server/errors';
import { liveTransaction } from '../../src-server/features/live/record';
import { readSettings } from '../../src-server/features/settings/data';
import { type Caller, createAnsweringNight } from '../helpers/round-night';
import type { TestApp } from '../helpers/test-app';

let t: TestApp;
let teams: Caller[];
let teamIds: string[];
let questionId: string;

beforeAll(async () => {
  ({ t, teams, teamIds, questionId } = await createAnsweringNight(['Đội An', 'Đội Bình', 'Đội Chi', 'Đội Dũng', 'Đội Em']));
});
afterAll(() => t.close());

async function lastEventId(): Promise<number> {
  const row = await t.deps.db
    .selectFrom('events')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  return Number(row?.id ?? 0);
}

/** The stored events after `from`, and what a screen reconnecting at `from` is replayed: the same ids. */
async function storedAndReplayed(from: number): Promise<{ stored: number[]; replayed: number[] }> {
  const rows = await t.deps.db.selectFrom('events').select('id').where('id', '>', from).orderBy('id').execute();
  const replayed = t.deps.hub.changesSince(from)!.map((entry) => entry.id);
  return { stored: rows.map((r) => Number(r.id)), replayed };
}

it('commits the writes waiting together in one transaction; the one that fails takes back only its own, with its own error', async () => {
  const from = await lastEventId();
  // A write holds the batch open; the four that arrive meanwhile wait and run together in the next.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let started!: () => void;
  const running = new Promise<void>((resolve) => (started = resolve));
  const first = liveTransaction(t.deps, async (recorder) => {
    started();
    await held;
    await recorder.settings(await readSettings(recorder.trx));
  });
  await running;
  const txid = async (trx: typeof t.deps.db) => Number((await sql<{ id: string }>`select txid_current() as id`.execute(trx)).rows[0]!.id);
  const write = (fail: boolean) =>
    liveTransaction(t.deps, async (recorder) => {
      const settings = await readSettings(recorder.trx);
      await recorder.trx
        .updateTable('settings')
        .set({ data: JSON.stringify({ ...settings, name: fail ? 'Không được lưu' : settings.name }) })
        .execute();
      await recorder.settings(await readSettings(recorder.trx));
      if (fail) throw new AppError('CONFLICT', messages.alreadyAnswered);
      return txid(recorder.trx);
    });
  const batch = [write(false), write(true), write(false), write(false)];
  release();
  await first;
  const outcomes = await Promise.allSettled(batch);
  expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
  const failed = (outcomes[1] as PromiseRejectedResult).reason as AppError;
  expect(failed).toBeInstanceOf(AppError);
  expect(failed.message).toBe(messages.alreadyAnswered);
  // The three that committed shared one transaction.
  const txids = outcomes.flatMap((o) => (o.status === 'fulfilled' ? [o.value] : []));
  expect(new Set(txids).size).toBe(1);
  // The failed write's change and event were taken back; the others' are there, and followed.
  expect((await readSettings(t.deps.db)).name).not.toBe('Không được lưu');
  const { stored, replayed } = await storedAndReplayed(from);
  expect(stored).toHaveLength(4);
  expect(replayed).toEqual(stored);
  expect(t.deps.hub.live.eventId).toBe(stored[stored.length - 1]);
});

it('answers a team that sends its answer twice at once with the 409 of a second answer, and keeps the others', async () => {
  const from = await lastEventId();
  const calls = [
    ...teams.map((team, i) => team.show.submitAnswer({ questionId, answer: i % 2 ? 'B' : 'A' })),
    teams[0]!.show.submitAnswer({ questionId, answer: 'B' }),
  ];
  const outcomes = await Promise.allSettled(calls);
  const refused = outcomes.filter((o) => o.status === 'rejected');
  expect(refused).toHaveLength(1);
  const error = (refused[0] as PromiseRejectedResult).reason as { code: string; message: string };
  expect(error.code).toBe('CONFLICT');
  expect(error.message).toBe(messages.alreadyAnswered);
  const rows = await t.deps.db.selectFrom('team_answers').select(['team_id', 'answer']).where('question_id', '=', questionId).execute();
  expect(rows.map((r) => r.team_id).sort()).toEqual([...teamIds].sort());
  // Every screen follows the five answers, in id order, nothing skipped; the picture equals the tables.
  const { stored, replayed } = await storedAndReplayed(from);
  expect(stored).toHaveLength(5);
  expect(replayed).toEqual(stored);
  const list = t.deps.hub.live.answers.answersTo(questionId);
  expect(list.map((a) => a.teamId).sort()).toEqual([...teamIds].sort());
  expect(list.find((a) => a.teamId === teamIds[0])!.answer).toBe(rows.find((r) => r.team_id === teamIds[0])!.answer);
});
